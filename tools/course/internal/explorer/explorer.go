// Package explorer is the explorer command: it builds the book's explorer page's program, the
// solutions of labs 02 and 03 compiled to WebAssembly (tools/explorer), into a folder, with the
// toolchain's wasm_exec.js beside it. The book's mkdocs hook (site/hooks/explorer.py) runs it
// into build/book-explorer when what the program is built from changed since the last build,
// and copies it into the built book after every build. -test runs the explorer's Go tests
// instead: natively, and the wasm against the native program in Node.
package explorer

import (
	"context"
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
	"gomaps/tools/internal/gocmd"
)

// Command is the explorer command.
func Command() *cli.Command {
	var out string
	var test bool
	return &cli.Command{
		Name:  "explorer",
		Usage: "[-o DIR] [-test]",
		Short: "build the book's explorer (the lab maps in WebAssembly), or test it",
		Long:  "build the book's explorer (tools/explorer: the solutions of labs 02 and 03 compiled to WebAssembly) into build/explorer, or -o DIR, with Go's wasm_exec.js; the book's mkdocs hook runs it when its inputs changed and copies it into the built book. -test runs its tests, natively and in Node",
		Flags: func(fs *flag.FlagSet) {
			fs.StringVar(&out, "o", filepath.Join("build", "explorer"), "write explorer.wasm and wasm_exec.js to `dir`")
			fs.BoolVar(&test, "test", false, "go vet and go test the explorer (natively, and its wasm in Node) instead of building it")
		},
		Run: func(_ context.Context, io cli.IO, args []string) error {
			if len(args) > 0 {
				return cli.Usagef("explorer: unexpected argument %q", args[0])
			}
			root, err := base.FindRoot()
			if err != nil {
				return err
			}
			e := &Explorer{Root: root, Go: gocmd.Machine(), Stdout: io.Stdout, Stderr: io.Stderr}
			if test {
				return e.Test()
			}
			return e.Build(out)
		},
	}
}

// Explorer builds or tests the explorer with the go command Go.
type Explorer struct {
	Root           string
	Go             gocmd.Go
	Stdout, Stderr io.Writer
}

// withOverlay runs f with the overlay that puts the solutions of labs 02 and 03 in place.
func (e *Explorer) withOverlay(f func(ov string) error) error {
	replace, err := overlay.Explorer(e.Root)
	if err != nil {
		return err
	}
	ov, err := overlay.Write(replace)
	if err != nil {
		return err
	}
	defer os.Remove(ov)
	return f(ov)
}

func (e *Explorer) goCmd(env []string, args ...string) *exec.Cmd {
	cmd := e.Go.With(env...).In(e.Root).Command(context.Background(), args...)
	cmd.Stdout, cmd.Stderr = e.Stdout, e.Stderr
	return cmd
}

// Test vets the explorer natively and for WebAssembly, then runs its tests (the wasm in Node).
func (e *Explorer) Test() error {
	return e.withOverlay(func(ov string) error {
		for _, env := range [][]string{nil, {"GOOS=js", "GOARCH=wasm"}} {
			if err := e.goCmd(env, "vet", "-tags", "explorer", "-overlay", ov, "./tools/explorer").Run(); err != nil {
				return fmt.Errorf("%s go vet -tags explorer ./tools/explorer: %v", strings.Join(env, " "), err)
			}
		}
		if err := e.goCmd(nil, "test", "-count=1", "-tags", "explorer", "-overlay", ov, "./tools/explorer").Run(); err != nil {
			return fmt.Errorf("go test -tags explorer ./tools/explorer: %v", err)
		}
		return nil
	})
}

// Build writes explorer.wasm and wasm_exec.js into dir (relative to the course's root).
func (e *Explorer) Build(dir string) error {
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(e.Root, dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	wasm := filepath.Join(dir, "explorer.wasm")
	err := e.withOverlay(func(ov string) error {
		build := e.goCmd([]string{"GOOS=js", "GOARCH=wasm"}, "build", "-trimpath", "-tags", "explorer", "-overlay", ov, "-o", wasm, "./tools/explorer")
		if err := build.Run(); err != nil {
			return fmt.Errorf("GOOS=js GOARCH=wasm go build ./tools/explorer: %v", err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	goroot := e.Go.In(e.Root).Var("GOROOT")
	if goroot == "" {
		return fmt.Errorf("go env GOROOT failed: check that go on PATH is the Go command")
	}
	if _, err := base.CopyFile(filepath.Join(dir, "wasm_exec.js"), filepath.Join(goroot, "lib", "wasm", "wasm_exec.js")); err != nil {
		return fmt.Errorf("the toolchain's wasm_exec.js: %v", err)
	}
	// Its size only: the book's browser check prints the gzipped size too. This runs whenever a
	// rebuild of mkdocs serve compiles the program, where compressing 4 MB would only add to the
	// wait.
	info, err := os.Stat(wasm)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.Stdout, "explorer: wrote %s (%.1f MB) and wasm_exec.js\n", base.RelTo(e.Root, wasm), float64(info.Size())/1e6)
	return nil
}
