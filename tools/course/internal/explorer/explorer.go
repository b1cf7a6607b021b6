// Package explorer is the explorer command: it builds the book's explorer page's program, the
// solutions of labs 02 and 03 compiled to WebAssembly (chapters/code/explorer), into a folder, with the
// toolchain's wasm_exec.js beside it. The book's mkdocs hook (site/hooks/explorer.py) runs it
// into build/book-explorer when what the program is built from changed since the last build,
// and copies it into the built book after every build. -test runs the explorer's Go tests
// instead: natively, and the wasm against the native program in Node.
package explorer

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"gomaps/labs/overlay"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/internal/cli"
)

// Command is the explorer command.
func Command() *cli.Command {
	var out string
	var test bool
	return &cli.Command{
		Name:  "explorer",
		Usage: "[-o DIR] [-test]",
		Short: "build the book's explorer (the lab maps in WebAssembly), or test it",
		Long:  "build the book's explorer (chapters/code/explorer: the solutions of labs 02 and 03 compiled to WebAssembly) into build/explorer, or -o DIR, with Go's wasm_exec.js; the book's mkdocs hook runs it when its inputs changed and copies it into the built book. -test runs its tests, natively and in Node",
		Flags: func(fs *flag.FlagSet) {
			fs.StringVar(&out, "o", filepath.Join("build", "explorer"), "write explorer.wasm and wasm_exec.js to `dir`")
			fs.BoolVar(&test, "test", false, "go vet and go test the explorer (natively, and its wasm in Node) instead of building it")
		},
		NoArgs: true,
		Run: base.Run(func(ctx context.Context, env *base.Env, _ []string) error {
			if test {
				return Test(ctx, env)
			}
			return Build(ctx, env, out)
		}),
	}
}

var wasm = []string{"GOOS=js", "GOARCH=wasm"}

// goExplorer runs go verb args ./chapters/code/explorer, with the settings vars, the explorer's build
// tag and the overlay that puts the solutions of labs 02 and 03 in place.
func goExplorer(ctx context.Context, env *base.Env, vars []string, verb string, args ...string) error {
	replace, err := overlay.Explorer(env.Root)
	if err != nil {
		return err
	}
	ov, err := overlay.Write(replace)
	if err != nil {
		return err
	}
	defer os.Remove(ov)
	cmd := env.Command(ctx, "go", append(append([]string{verb, "-tags", "explorer", "-overlay", ov}, args...), "./chapters/code/explorer")...)
	cmd.Env = append(cmd.Env, vars...)
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%sgo %s -tags explorer ./chapters/code/explorer: %v", base.EnvPrefix(vars), verb, err)
	}
	return nil
}

// Test vets the explorer natively and for WebAssembly, then runs its tests (the wasm in Node).
func Test(ctx context.Context, env *base.Env) error {
	for _, vars := range [][]string{nil, wasm} {
		if err := goExplorer(ctx, env, vars, "vet"); err != nil {
			return err
		}
	}
	return goExplorer(ctx, env, nil, "test", "-count=1")
}

// Build writes explorer.wasm and wasm_exec.js into dir (relative to the course's root).
func Build(ctx context.Context, env *base.Env, dir string) error {
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(env.Root, dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	out := filepath.Join(dir, "explorer.wasm")
	if err := goExplorer(ctx, env, wasm, "build", "-trimpath", "-o", out); err != nil {
		return err
	}
	goroot := env.Go.Var("GOROOT")
	if goroot == "" {
		return fmt.Errorf("go env GOROOT failed: check that go on PATH is the Go command")
	}
	if _, err := base.CopyFile(filepath.Join(dir, "wasm_exec.js"), filepath.Join(goroot, "lib", "wasm", "wasm_exec.js")); err != nil {
		return fmt.Errorf("the toolchain's wasm_exec.js: %v", err)
	}
	// Its size only (the browser check prints the gzipped size): compressing 4 MB on each of
	// mkdocs serve's rebuilds that compile the program would only add to the wait.
	info, err := os.Stat(out)
	if err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "explorer: wrote %s (%.1f MB) and wasm_exec.js\n", base.RelTo(env.Root, out), float64(info.Size())/1e6)
	return nil
}
