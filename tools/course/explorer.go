package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"gomaps/labs/overlay"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/internal/cli"
)

// runExplorer is the explorer command: it builds the book's explorer page's program, the
// solutions of labs 02 and 03 compiled to WebAssembly (tools/explorer), into a folder, with
// the toolchain's wasm_exec.js beside it. The book's mkdocs hook (site/hooks/explorer.py) runs
// it into build/book-explorer when what the program is built from changed since the last build,
// and copies it into the built book after every build. -test runs the explorer's Go tests instead:
// natively, and the wasm against the native program in Node.
func runExplorer(args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("explorer", flag.ContinueOnError)
	out := flags.String("o", filepath.Join("build", "explorer"), "write explorer.wasm and wasm_exec.js to `dir`")
	test := flags.Bool("test", false, "go vet and go test the explorer (natively, and its wasm in Node) instead of building it")
	if help, err := parseFlags(flags, args, stdout); help || err != nil {
		return err
	}
	if flags.NArg() > 0 {
		return cli.Usagef("explorer: unexpected argument %q", flags.Arg(0))
	}
	root, err := base.FindRoot()
	if err != nil {
		return err
	}
	replace, err := overlay.Explorer(root)
	if err != nil {
		return err
	}
	ov, err := overlay.Write(replace)
	if err != nil {
		return err
	}
	defer os.Remove(ov)
	goCmd := func(env []string, args ...string) *exec.Cmd {
		cmd := exec.Command("go", args...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), env...)
		cmd.Stdout, cmd.Stderr = stdout, stderr
		return cmd
	}
	if *test {
		for _, env := range [][]string{nil, {"GOOS=js", "GOARCH=wasm"}} {
			if err := goCmd(env, "vet", "-tags", "explorer", "-overlay", ov, "./tools/explorer").Run(); err != nil {
				return fmt.Errorf("%s go vet -tags explorer ./tools/explorer: %v", strings.Join(env, " "), err)
			}
		}
		if err := goCmd(nil, "test", "-count=1", "-tags", "explorer", "-overlay", ov, "./tools/explorer").Run(); err != nil {
			return fmt.Errorf("go test -tags explorer ./tools/explorer: %v", err)
		}
		return nil
	}
	dir := *out
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(root, dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	wasm := filepath.Join(dir, "explorer.wasm")
	build := goCmd([]string{"GOOS=js", "GOARCH=wasm"}, "build", "-trimpath", "-tags", "explorer", "-overlay", ov, "-o", wasm, "./tools/explorer")
	if err := build.Run(); err != nil {
		return fmt.Errorf("GOOS=js GOARCH=wasm go build ./tools/explorer: %v", err)
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %v", err)
	}
	if _, err := base.CopyFile(filepath.Join(dir, "wasm_exec.js"), filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js")); err != nil {
		return fmt.Errorf("the toolchain's wasm_exec.js: %v", err)
	}
	// Its size only: the book's browser check prints the gzipped size too. This runs whenever a
	// rebuild of mkdocs serve compiles the program, where compressing 4 MB would only add to the
	// wait.
	info, err := os.Stat(wasm)
	if err != nil {
		return err
	}
	rel, _ := filepath.Rel(root, wasm)
	if strings.HasPrefix(rel, "..") {
		rel = wasm
	}
	fmt.Fprintf(stdout, "explorer: wrote %s (%.1f MB) and wasm_exec.js\n", rel, float64(info.Size())/1e6)
	return nil
}
