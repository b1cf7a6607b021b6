package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"gomaps/labs/kubeassets"
	"gomaps/tools/internal/cli"
)

// checkStep is one check CI runs.
type checkStep struct {
	name  string // for -skip and the report
	title string // the command it amounts to
	run   func(c *checker) error
}

// checker runs the steps; the steps share the setup, so apt-get update runs at most once.
type checker struct {
	*setup
	bookBuilt bool // the mkdocs step ran in this run and succeeded
	bookTried bool // the mkdocs step ran in this run
}

// sharedPackages are the packages under labs/ that are not labs: what the labs' graders, the
// tools and the chapters' programs share.
var sharedPackages = []string{"./labs/inspect", "./labs/internal/...", "./labs/testout", "./labs/overlay", "./labs/courseroot"}

var checkSteps = []checkStep{
	{"gofmt", "gofmt -l . (outside build/ and site/node_modules/)", (*checker).gofmt},
	{"vet", "go vet ./...", func(c *checker) error { return c.command("go", "vet", "./...").Run() }},
	{"test", "go test ./tools/... " + strings.Join(sharedPackages, " "), func(c *checker) error {
		return c.command("go", append([]string{"test", "./tools/..."}, sharedPackages...)...).Run()
	}},
	{"explorer", "go run ./tools/course explorer -test (go vet and go test -tags explorer ./tools/explorer, natively and its wasm in Node)", func(c *checker) error {
		if err := c.node(); err != nil {
			return err
		}
		return runExplorer([]string{"-test"}, c.stdout, c.stderr)
	}},
	{"envtest", "go run ./tools/envtest (builds kube-apiserver and etcd once: about 10 minutes cold); go test -count=1 -v ./labs/kubeassets; before the labs, whose operator tests need them", (*checker).envtest},
	{"lab", "go run ./tools/lab verify", (*checker).labVerify},
	{"classic", strings.Join(classicEnv, " ") + " go test " + strings.Join(runtimeTests, " ") + "; the same go run ./tools/lab verify", (*checker).labVerifyClassic},
	{"claims", "go test ./chapters/code/09-claims/...; the same on the classic map (" + strings.Join(classicEnv, " ") + ")", (*checker).claims},
	{"prepare", "go run ./tools/course prepare", func(c *checker) error { return runPrepare(nil, c.stdout, c.stderr) }},
	{"pack", "go run ./tools/course pack -book=false -debs=false DIR; git clone DIR/course.bundle; in the clone, with a new GOPATH, module cache and envtest cache: go run ./tools/course unpack DIR, then with GOPROXY=off: go run ./tools/lab checkpoint 01, go run ./tools/lab run 01", (*checker).pack},
	{"outputs", "go run ./tools/course outputs -check", (*checker).outputs},
	{"bench", "go run ./tools/course bench -check", func(c *checker) error { return runBench([]string{"-check"}, c.stdout, c.stderr) }},
	{"mkdocs", "mkdocs build --strict", (*checker).mkdocsBuild},
	{"serve", "go run ./tools/course serve (the README's first command), fetch its pages, Ctrl-C", (*checker).serveCheck},
	{"browser", "npm ci --prefix site (when needed); node site/check/check-book.mjs", (*checker).browser},
}

func stepNames() []string {
	var names []string
	for _, s := range checkSteps {
		names = append(names, s.name)
	}
	return names
}

// runCheck is the check command: every step in order, going on after a failure.
func runCheck(args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("check", flag.ContinueOnError)
	skipList := flags.String("skip", "", "comma-separated `steps` not to run (CI runs them all): "+strings.Join(stepNames(), ","))
	if help, err := parseFlags(flags, args, stdout); help || err != nil {
		return err
	}
	if flags.NArg() > 0 {
		return cli.Usagef("check: unexpected argument %q", flags.Arg(0))
	}
	skip := map[string]bool{}
	for _, name := range strings.Split(*skipList, ",") {
		if name = strings.TrimSpace(name); name == "" {
			continue
		}
		if !slices.Contains(stepNames(), name) {
			return cli.Usagef("check: -skip %s: no such step (steps: %s)", name, strings.Join(stepNames(), ","))
		}
		skip[name] = true
	}
	root, err := findRoot()
	if err != nil {
		return err
	}
	c := &checker{setup: &setup{root: root, stdout: stdout, stderr: stderr}}

	passed, failed := 0, 0
	var failures []string
	for i, step := range checkSteps {
		if skip[step.name] {
			fmt.Fprintf(stdout, "==> [%d/%d] %s: skipped (-skip)\n", i+1, len(checkSteps), step.name)
			continue
		}
		fmt.Fprintf(stdout, "==> [%d/%d] %s: %s\n", i+1, len(checkSteps), step.name, step.title)
		start := time.Now()
		err := step.run(c)
		secs := time.Since(start).Seconds()
		if err != nil {
			failed++
			failures = append(failures, step.name)
			if errors.Is(err, cli.ErrFailed) {
				fmt.Fprintf(stdout, "--- FAIL %s (%.1fs)\n", step.name, secs)
			} else {
				fmt.Fprintf(stdout, "--- FAIL %s (%.1fs): %v\n", step.name, secs, err)
			}
			continue
		}
		passed++
		fmt.Fprintf(stdout, "--- ok %s (%.1fs)\n", step.name, secs)
	}
	if failed > 0 {
		fmt.Fprintf(stdout, "failed: %s\n", strings.Join(failures, ", "))
	}
	fmt.Fprintf(stdout, "%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return cli.ErrFailed
	}
	return nil
}

// gofmt lists the .go files gofmt would change, outside build output and node_modules.
func (c *checker) gofmt() error {
	var files []string
	err := filepath.WalkDir(c.root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(relTo(c.root, path))
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules" || rel == "build") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(path, ".go") {
			files = append(files, rel)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("list .go files: %v", err)
	}
	var out bytes.Buffer
	// In batches, to stay far below the limit on the length of a command line.
	for len(files) > 0 {
		n := min(len(files), 200)
		cmd := c.command("gofmt", append([]string{"-l"}, files[:n]...)...)
		cmd.Stdout = &out
		cmd.Stderr = &out
		if err := cmd.Run(); err != nil && out.Len() == 0 {
			return fmt.Errorf("gofmt: %v", err)
		}
		files = files[n:]
	}
	if listed := strings.Fields(out.String()); len(listed) > 0 {
		fmt.Fprint(c.stdout, out.String())
		return fmt.Errorf("gofmt -l lists %d file(s): run gofmt -w on them", len(listed))
	}
	return nil
}

func (c *checker) labVerify() error {
	if !isFile(filepath.Join(c.root, "tools", "lab", "main.go")) {
		return errors.New("tools/lab is missing: the lab runner is not there yet")
	}
	return c.command("go", "run", "./tools/lab", "verify").Run()
}

// labVerifyClassic checks the lab contract on the classic map runtime.
// runtimeTests are the tests that look at the runtime itself: they run on
// both runtimes.
var runtimeTests = []string{"./labs/inspect", "./tools/inspect", "./labs/internal/..."}

func (c *checker) labVerifyClassic() error {
	cmd := c.command("go", append([]string{"test"}, runtimeTests...)...)
	cmd.Env = append(os.Environ(), classicEnv...)
	if err := cmd.Run(); err != nil {
		return err
	}
	cmd = c.command("go", "run", "./tools/lab", "verify")
	cmd.Env = append(os.Environ(), classicEnv...)
	return cmd.Run()
}

// claimTests are chapter 09's tests: each checks one claim of the seed posts, and those about
// the runtime must hold on both map runtimes.
const claimTests = "./chapters/code/09-claims/..."

func (c *checker) claims() error {
	if err := c.command("go", "test", "-count=1", claimTests).Run(); err != nil {
		return err
	}
	cmd := c.command("go", "test", "-count=1", claimTests)
	cmd.Env = append(os.Environ(), classicEnv...)
	return cmd.Run()
}

// envtest builds the binaries envtest starts, unless the per-user cache has them, and runs
// the smoke test that starts a real API server with them.
func (c *checker) envtest() error {
	if err := c.command("go", "run", "./tools/envtest").Run(); err != nil {
		return err
	}
	return c.command("go", "test", "-count=1", "-v", "./labs/kubeassets").Run()
}

func (c *checker) outputs() error {
	return outputs(c.root, true, nil, c.stdout, c.stdout)
}

func (c *checker) mkdocsBuild() error {
	c.bookTried = true
	cmd, err := c.mkdocs("build", "--strict")
	if err != nil {
		return err
	}
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("mkdocs build --strict: %v", err)
	}
	c.bookBuilt = true
	return nil
}

func (c *checker) browser() error {
	if c.bookTried && !c.bookBuilt {
		return errors.New("the book did not build: see the mkdocs step")
	}
	if !isFile(filepath.Join(c.root, "build", "book", "index.html")) {
		return errors.New("build/book/index.html is missing: run mkdocs build --strict first")
	}
	if err := c.node(); err != nil {
		return err
	}
	chromium, err := c.chromium()
	if err != nil {
		return err
	}
	if err := c.npmCI(); err != nil {
		return err
	}
	cmd := c.command("node", "site/check/check-book.mjs")
	cmd.Env = append(os.Environ(), "CHROMIUM="+chromium)
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("node site/check/check-book.mjs: %v", err)
	}
	return nil
}

// pack makes a room pack and installs it the way a learner's laptop does: a clone of the pack's
// bundle, a new GOPATH, module cache, envtest cache and user cache folder, unpack, then with the
// module proxy off the first passing lab run (checkpoint 01 puts lab 01's solution in place;
// run 01 must say it passes). The book and the Debian packages stay out: the mkdocs step
// builds the book, and apt's mirrors are not the course's to test. The build cache is kept,
// and the folder is the same on every run (in the course's cache folder), so that a warm run
// compiles nothing new.
func (c *checker) pack() error {
	envtestDir, err := kubeassets.CacheDir()
	if err != nil {
		return err
	}
	base := filepath.Join(filepath.Dir(filepath.Dir(envtestDir)), "check-pack")
	gocache, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		return fmt.Errorf("go env GOCACHE: %v", err)
	}
	own := []string{
		"GOPATH=" + filepath.Join(base, "gopath"),
		"GOMODCACHE=" + filepath.Join(base, "gopath", "pkg", "mod"),
		"GOCACHE=" + strings.TrimSpace(string(gocache)),
		kubeassets.CacheEnv + "=" + filepath.Join(base, "cache"),
		kubeassets.AssetsEnv + "=",
		"XDG_CACHE_HOME=" + filepath.Join(base, "xdg"),
	}
	env := append(os.Environ(), own...)
	if err := c.removeModuleCache(own); err != nil {
		return fmt.Errorf("the last check's module cache: %v", err)
	}
	if err := os.RemoveAll(base); err != nil {
		return err
	}
	pack := filepath.Join(base, "pack")
	if err := runPack([]string{"-book=false", "-debs=false", pack}, c.stdout, c.stderr); err != nil {
		return err
	}
	clone := filepath.Join(base, "gomaps")
	if err := c.command("git", "-c", "advice.detachedHead=false", "clone", "-q", filepath.Join(pack, packBundle), clone).Run(); err != nil {
		return fmt.Errorf("git clone %s: %v", packBundle, err)
	}
	for _, step := range []struct {
		offline bool
		args    []string
	}{
		{false, []string{"go", "run", "./tools/course", "unpack", pack}},
		{true, []string{"go", "run", "./tools/lab", "checkpoint", "01"}},
		{true, []string{"go", "run", "./tools/lab", "run", "01"}},
	} {
		cmd := c.command(step.args[0], step.args[1:]...)
		cmd.Dir, cmd.Env = clone, env
		prefix := ""
		if step.offline {
			cmd.Env = append(env[:len(env):len(env)], "GOPROXY=off")
			prefix = "GOPROXY=off "
		}
		fmt.Fprintf(c.stdout, "$ %s%s\n", prefix, strings.Join(step.args, " "))
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("%s in the clone of the pack: %v", strings.Join(step.args, " "), err)
		}
	}
	return nil
}
