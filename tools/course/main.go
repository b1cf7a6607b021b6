// Course starts the course and runs the checks CI runs.
//
// Usage:
//
//	go run ./tools/course [serve] [-addr host:port]
//	go run ./tools/course check [-skip step,step]
//	go run ./tools/course outputs [-check] [NAME...]
//	go run ./tools/course prepare
//
// The commands are:
//
//	serve     (the default) make sure mkdocs, the Material theme and pymdown-extensions are
//	          installed, show where the labs start (go run ./tools/lab list) and serve the book
//	          at http://127.0.0.1:8000/ until Ctrl-C; -addr changes the address
//	check     run every check CI runs, in order, going on after a failure: gofmt, vet, test
//	          (go test ./tools/...), lab (go run ./tools/lab verify), classic (the same on Go
//	          1.25 with GOEXPERIMENT=noswissmap), prepare, outputs (outputs -check),
//	          mkdocs (mkdocs build --strict), serve (runs serve on a free port, fetches the
//	          pages, stops it with Ctrl-C) and browser (npm ci --prefix site when needed, then
//	          node site/check/check-book.mjs, which also checks the vendored Mermaid against
//	          the one npm installs); it ends with the line "N passed, N failed"
//	outputs   run every chapters/out/NAME.cmd and write its output to chapters/out/NAME.txt;
//	          with NAME arguments only those; with -check compare instead of writing
//	prepare   ready a machine for a workshop without internet: download the dependencies and
//	          the Go 1.25 toolchain, build and vet on both runtimes, warm the race detector's
//	          cache, build delve, benchstat and the book; then run the labs, the classic
//	          toolchain and delve with GOPROXY=off to prove nothing needs the network
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
//	# vary REGEXP   text matching REGEXP varies from run to run (benchmark numbers, dates)
//
// chapters/out/NAME.txt is "$ " and the command as written, then its combined stdout and stderr,
// with machine paths replaced (the repository by /path/to/gomaps, GOROOT by $GOROOT, the module
// cache by $GOMODCACHE, a path in the home folder by ~/...). A chapter includes it with
// --8<-- "chapters/out/NAME.txt". The check compares after masking what legitimately varies:
// durations, (cached), hex addresses, goroutine numbers, temporary paths and # vary patterns.
//
// Exit status: 0 success, 1 a failure (for check: a step failed), 2 a usage error.
package main

import (
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"strings"

	"gomaps/tools/internal/cli"
)

const usageLine = "usage: go run ./tools/course [serve [-addr host:port] | check [-skip step,...] | outputs [-check] [NAME...] | prepare]"

// The errors every command shares; see package cli.
var (
	usagef    = cli.Usagef
	errFailed = cli.ErrFailed
)

type usageError = cli.UsageError

func main() {
	log.SetPrefix("course: ")
	log.SetFlags(0)
	err := run(os.Args[1:], os.Stdout, os.Stderr)
	var usage *usageError
	switch {
	case err == nil:
	case errors.As(err, &usage):
		log.Printf("%s (run go doc ./tools/course)", usage.Msg)
		os.Exit(2)
	case errors.Is(err, errFailed):
		os.Exit(1)
	default:
		log.Print(err)
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	cmd := "serve"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "serve":
		return runServe(args, stdout, stderr)
	case "check":
		return runCheck(args, stdout, stderr)
	case "outputs":
		return runOutputs(args, stdout, stderr)
	case "prepare":
		return runPrepare(args, stdout, stderr)
	case "help":
		fmt.Fprintln(stdout, usageLine)
		return nil
	}
	return usagef("unknown command %q", cmd)
}
