// Course starts the course and runs the checks CI runs.
//
// Usage:
//
//	go run ./tools/course [serve] [-addr host:port]
//	go run ./tools/course check [-skip step,step] [-lane lane,lane] [-quick] [-fresh]
//	go run ./tools/course lanes [-env NAME]
//	go run ./tools/course outputs [-check] [NAME...]
//	go run ./tools/course zh [-stamp PAGE...]
//	go run ./tools/course prepare
//	go run ./tools/course doctor
//	go run ./tools/course pack [-envtest=false] [-book=false] [-debs=false] [-bundle=false] DIR
//	go run ./tools/course unpack DIR
//	go run ./tools/course layout LAB SAMPLE [text|mermaid]
//	go run ./tools/course bench [-count N] [-benchtime D] [-check]
//
// The commands are:
//
//	serve     (the default) make sure mkdocs, the Material theme and pymdown-extensions are
//	          installed, serve the book at http://127.0.0.1:8000/ and its Chinese edition at
//	          http://127.0.0.1:8000/zh/ until Ctrl-C (-addr changes the address), say when it
//	          answers, then show where the labs start (go run ./tools/lab list) once the runner
//	          has checked them
//	check     run every check CI runs, in order, going on after a failure: gofmt, zh (go run
//	          ./tools/course zh), vet, test (go test ./tools/..., ./chapters/... and the shared
//	          packages under labs/, but those whose tests start an API server), explorer, envtest
//	          (go run ./tools/envtest, which builds kube-apiserver and etcd into the per-user
//	          cache when they are not there, about 10 minutes; then the smoke test go test
//	          ./labs/kubeassets, which starts them, and the tests that start an API server; no
//	          step before it runs one), lab (go run ./tools/lab verify), then one step per lane (labs/lanes: the
//	          map runtimes the course supports), which runs what depends on the map runtime (the
//	          packages and labs marked //course:every-lane) on that lane: go vet, go test
//	          -count=1 and lab verify; claims, prepare, pack (a room pack without the book and
//	          the Debian packages, cloned from its bundle and unpacked into a new GOPATH, module
//	          cache and envtest cache in the course's cache folder, then lab checkpoint 01 and
//	          lab run 01 with GOPROXY=off), outputs (outputs -check, two outputs at a time), bench (bench -check),
//	          mkdocs (mkdocs build --strict, the English book and the Chinese edition), serve (runs serve on a free port, fetches the
//	          pages, stops it with Ctrl-C) and browser (npm ci --prefix site when needed, then
//	          node site/check/check-book.mjs, which also checks the vendored Mermaid against
//	          the one npm installs); it ends with the line "N passed, N failed". What runs once
//	          runs on the default lane. A step that passed before with the same inputs (every
//	          file of the course, the go command's environment on its lane, the envtest
//	          binaries, the Debian packages it uses) is not run again: -fresh runs it all the
//	          same. -lane NAME runs only that lane's step; -skip leaves steps out; -quick runs
//	          the contributor's check before a commit (gofmt, vet, the tools' tests, the
//	          contract of the labs whose files changed)
//	lanes     list the lanes; -env NAME prints a lane's environment for a shell:
//	          env $(go run ./tools/course lanes -env classic) go test ./labs/04-growth
//	outputs   run every chapters/out/NAME.cmd and write its output to chapters/out/NAME.txt;
//	          with NAME arguments only those; with -check compare instead of writing
//	zh        check that the Chinese edition (chapters/zh/) is in step with the English book:
//	          every English page has a Chinese twin, and no section of an English page changed
//	          since its twin translated it (each twin records the hashes of the English sections
//	          it translates); it names each page and section that changed. -stamp PAGE records,
//	          after a translation, the English page as it now is
//	prepare   ready a machine for a workshop without internet: download the dependencies and
//	          the Go 1.25 toolchain, build and vet on both runtimes, warm the race detector's
//	          cache, build delve, benchstat, envtest's kube-apiserver and etcd and the book; then
//	          run the labs, the classic toolchain, delve and envtest with GOPROXY=off to prove
//	          nothing needs the network
//	doctor    check this machine, one line per need, what a workshop instructor asks each
//	          attendee to run first: the Go version, GOTOOLCHAIN, GOPROXY, GOFLAGS, GOPRIVATE,
//	          the Go 1.25.5 toolchain (cached, or reachable through GOPROXY), a C compiler and
//	          -race, delve and benchstat built, mkdocs, the envtest binaries, free disk space,
//	          and whether everything is here to work offline; each line is "ok   need: what was
//	          found", "note need: what would help" or "FIX  need: the fix"; it ends with a
//	          summary line and exits 1 when there is a FIX line. It downloads no module or
//	          toolchain (only, when the toolchain is not cached, go list -m asks the proxy for
//	          its version) and builds only a tiny program with -race (seconds when the build
//	          cache is warm)
//	pack      write a room pack into DIR, for a workshop without internet: a GOPROXY=file://
//	          tree of the modules the course builds and of the Go 1.25.5 toolchain, with the
//	          checksum database's records that verify the toolchain (proxy/), kube-apiserver and
//	          etcd (envtest/, built first when missing), the built book (book/), the Debian
//	          packages of mkdocs on a machine that uses apt (debs/), the course's last commit
//	          (course.bundle), a README.txt and a MANIFEST with every file's SHA-256 and size;
//	          then it installs the pack's modules and toolchain into an empty module cache from
//	          the pack alone, to check it. DIR must be new, empty or an earlier pack, outside
//	          the course. The pack is for the system it is made on
//	unpack    install a room pack on a laptop with no network: check every file against
//	          MANIFEST, go mod download and the Go 1.25.5 toolchain from the pack (go.sum and
//	          the checksum database's records check them), envtest -import, mkdocs from the
//	          Debian packages when it is missing (as root; otherwise it prints the command),
//	          then go list -deps -test ./... and the toolchain with GOPROXY=off. course and
//	          envtest use only the standard library, so they build before anything is unpacked
//
//	layout    print the layout of a sample map built by a lab's solution (labs 02 and 03), as
//	          text or as a Mermaid diagram: runs the lab's TestStepNLayout with -layout=SAMPLE;
//	          the lab is named as the lab runner names it (2, 02, 02-buckets or buckets)
//	bench     run labs/internal/mapbench with the solutions of labs 02 and 03 in place (each also
//	          on its generic path, as without step 9, in the same binary), the peers
//	          github.com/cockroachdb/swiss and github.com/dolthub/swiss, and the built-in map on
//	          every runtime, 10 runs each taking turns, then benchstat; prints the tables, and with
//	          -write writes chapters/out/bench-table.txt, bench-ratios.txt (each map's time per
//	          operation over the built-in map's, against the course's targets),
//	          bench-fastpath.txt (each lab map without and with step 9), bench-hash.txt (each
//	          hash alone), bench-runtimes.txt (the built-in map on the classic lane against each
//	          Swiss lane), bench-runtimes-127.txt and bench-ratios-127.txt (the default lane's
//	          release against the one before it), bench-profile.txt, and the sentences of
//	          chapters 02 and 03 that read them (bench-reading-*.txt, and for the Chinese
//	          edition bench-reading-*-zh.txt);
//	          -check runs every benchmark once and checks that the committed tables still
//	          have the same rows
//	explorer  build the book's explorer (tools/explorer: the solutions of labs 02 and 03 compiled
//	          to WebAssembly) into build/explorer, or -o DIR, with Go's wasm_exec.js; the book's
//	          mkdocs hook runs it when its inputs changed and copies it into the built book.
//	          -test runs its tests, natively and in Node
//
// Missing tools are installed when that is possible: as root with apt-get, Debian's packages
// (mkdocs mkdocs-material python3-pymdownx, nodejs npm, chromium); otherwise mkdocs goes into a
// virtualenv in build/venv with pip. When neither works, course says what to install.
//
// # Command outputs in chapters
//
// Output shown in a chapter is generated, never pasted. chapters/out/NAME.cmd holds one command
// line, run from the repository root without a shell: it is split on spaces, double quotes group
// words (\" and \\ escape inside them), and leading VAR=value words set environment variables.
// Lines starting with # are comments, and some are directives:
//
//	# exit N        the command's expected exit status (default 0)
//	# vary REGEXP   text matching REGEXP varies from run to run (benchmark numbers, dates); ^ and $
//	                match at each line
//	# raw           write the output alone, without the "$ command" line, for a chapter to
//	                include inside a mermaid fence (a diagram generated by a command)
//	# save PATH     also write the raw output to PATH (under build/), for a later command to
//	                read, such as benchstat after go test -bench; commands run in name order
//
// outputs -check runs two commands at a time, but the commands that name a file of build/ or
// run the course's own tools (./tools/lab keeps its records in the user's cache folder) run
// one after the other, in name order.
//
// chapters/out/NAME.txt is "$ " and the command as written, then its combined stdout and stderr,
// with machine paths replaced (the repository by /path/to/gomaps, GOROOT by $GOROOT, the module
// cache by $GOMODCACHE, a path in the home folder by ~/...). A chapter includes it with
// --8<-- "chapters/out/NAME.txt". The check compares after masking what legitimately varies:
// durations, (cached), hex addresses, goroutine numbers, temporary paths and # vary patterns;
// the blanks around a masked span collapse, so a padded column cannot differ by its width.
//
// Exit status: 0 success, 1 a failure (for check: a step failed), 2 a usage error.
package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"gomaps/tools/course/internal/bench"
	"gomaps/tools/internal/cli"
)

const usageLine = "usage: go run ./tools/course [serve [-addr host:port] | check [-skip step,...] [-lane NAME,...] [-quick] [-fresh] | lanes [-env NAME] | outputs [-check] [NAME...] | prepare | doctor | pack DIR | unpack DIR | layout LAB SAMPLE [FORMAT] | bench [-check] | explorer [-o DIR] [-test]]"

func main() {
	p := &cli.Program{Name: "course", Path: "go run ./tools/course", Commands: []*cli.Command{{
		Usage: strings.TrimPrefix(usageLine, "usage: go run ./tools/course "),
		Run: func(ctx context.Context, io cli.IO, args []string) error {
			return runIn(ctx, args, io)
		},
	}}}
	p.Main()
}

// program is the course command's table of commands. Each call makes a new one, so that a
// run's flags are its own.
func program() *cli.Program {
	return &cli.Program{
		Name:     "course",
		Path:     "go run ./tools/course",
		Default:  "serve",
		Commands: []*cli.Command{bench.Command()},
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	return runIn(context.Background(), args, cli.IO{Stdout: stdout, Stderr: stderr})
}

func runIn(ctx context.Context, args []string, io cli.IO) error {
	stdout, stderr := io.Stdout, io.Stderr
	cmd := "serve"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		cmd = args[0]
	}
	if p := program(); p.Lookup(cmd) != nil {
		return p.Run(ctx, args, io)
	}
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		args = args[1:]
	}
	switch cmd {
	case "serve":
		return runServe(args, stdout, stderr)
	case "check":
		return runCheck(args, stdout, stderr)
	case "outputs":
		return runOutputs(args, stdout, stderr)
	case "zh":
		return runZh(args, stdout, stderr)
	case "prepare":
		return runPrepare(args, stdout, stderr)
	case "doctor":
		return runDoctor(args, stdout, stderr)
	case "pack":
		return runPack(args, stdout, stderr)
	case "unpack":
		return runUnpack(args, stdout, stderr)
	case "layout":
		return runLayout(args, stdout, stderr)
	case "explorer":
		return runExplorer(args, stdout, stderr)
	case "lanes":
		return runLanes(args, stdout, stderr)
	case "help":
		fmt.Fprintln(stdout, usageLine)
		return nil
	}
	return cli.Usagef("unknown command %q", cmd)
}
