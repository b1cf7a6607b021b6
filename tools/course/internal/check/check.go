// Package check is the check command: every step CI runs, in order, each on the lane it needs,
// with a record of what each step read so that a step whose inputs did not change is not run
// again. It is the only command that imports other commands, through their typed functions.
package check

import (
	"bytes"
	"context"
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

	"gomaps/labs/courseroot"
	"gomaps/labs/kubeassets"
	"gomaps/labs/lanes"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/bench"
	"gomaps/tools/course/internal/book"
	"gomaps/tools/course/internal/explorer"
	"gomaps/tools/course/internal/install"
	"gomaps/tools/course/internal/outputs"
	roompack "gomaps/tools/course/internal/pack"
	"gomaps/tools/course/internal/plan"
	"gomaps/tools/course/internal/prepare"
	"gomaps/tools/course/internal/stepcache"
	"gomaps/tools/course/internal/steps"
	"gomaps/tools/course/internal/zh"
	"gomaps/tools/internal/cli"
	"gomaps/tools/internal/gocmd"
)

// checkStep is one check CI runs.
type checkStep struct {
	name  string      // for -skip, -lane and the report
	title string      // the command it amounts to
	lane  *lanes.Lane // a lane's step: what depends on the map runtime, on that lane; nil: runs once
	run   func(c *checker) error
	// tests lists the packages whose tests the step runs, as ./dir (a lab's verify runs its
	// lab's): checkOrder reads it to keep the packages that need envtest's binaries after the
	// step that builds them. nil: the step runs no package's tests.
	tests func(c *checker) ([]string, error)
	// tools names what else the step's result depends on besides the course's files and the go
	// command's environment (Debian packages it runs), for its cache key.
	tools func(c *checker) string
}

// checker runs the steps; the steps share the setup, so apt-get update runs at most once.
type checker struct {
	*install.Setup
	bookBuilt bool // the mkdocs step ran in this run and succeeded
	bookTried bool // the mkdocs step ran in this run
	lanePlan  *plan.Lanes
	debs      chan struct{} // closed when the background install of Debian's packages ended
	debsOut   bytes.Buffer  // its line, printed by the first step that waits for it
	// The records of the check, the steps' keys, and the step that runs: a step whose parts
	// have records of their own (the outputs, the labs' verify) keys them from it.
	cache *stepcache.Cache
	keys  *keys
	step  *stepcache.Step
	// The packages whose tests need envtest's binaries (envtestPackages), read once.
	needsEnvtest map[string]bool
}

// sharedPackages are the packages under labs/ that are not labs: what the labs' graders, the
// tools and the chapters' programs share.
var sharedPackages = []string{"./labs/inspect", "./labs/internal/...", "./labs/testout", "./labs/overlay", "./labs/courseroot", "./labs/lanes", "./labs/heading"}

// claimTests are chapter 09's tests: each checks one claim of the seed posts; those about the
// runtime are in packages on every lane.
const claimTests = "./chapters/code/09-claims/..."

// checkSteps is the check's plan: the steps that run once, with a step per lane after the lab
// step.
func checkSteps() []checkStep {
	steps := []checkStep{
		{name: "gofmt", title: "gofmt -l . (outside build/ and site/node_modules/)", run: (*checker).gofmt},
		{name: "zh", title: "go run ./tools/course zh: every English page has a Chinese twin (chapters/zh/) in step with it, and no Chinese page has a run of English words outside code, names and quotes", run: func(c *checker) error { return zh.Check(c.Stdout, c.Root) }},
		{name: "vet", title: "go vet ./...", run: func(c *checker) error { return c.Command("go", "vet", "./...").Run() }},
		{name: "test", title: "go test ./tools/... ./chapters/... " + strings.Join(sharedPackages, " ") + ", but for the packages on every lane, chapter 09's claims and the packages that start an API server", run: (*checker).test, tests: (*checker).earlyTests},
		{name: "explorer", title: "go run ./tools/course explorer -test (go vet and go test -tags explorer ./tools/explorer, natively and its wasm in Node)", run: func(c *checker) error {
			if err := c.Node(); err != nil {
				return err
			}
			return (&explorer.Explorer{Root: c.Root, Go: c.Go, Stdout: c.Stdout, Stderr: c.Stderr}).Test()
		}, tools: debianTools("nodejs")},
		{name: "envtest", title: "go run ./tools/envtest (builds kube-apiserver and etcd once: about 10 minutes cold); go test -count=1 -v ./labs/kubeassets; go test of the chapters' packages whose tests start an API server; before the labs, whose operator tests need them", run: (*checker).envtest, tests: (*checker).envtestTests},
		{name: "lab", title: "go run ./tools/lab verify, for the labs that are not on every lane", run: (*checker).labVerify, tests: (*checker).onceLabDirs},
	}
	for _, l := range lanes.All {
		l := l
		title := "on " + l.Prefix() + "(" + l.About + "): go vet, go test -count=1 and go run ./tools/lab verify of the packages and labs marked " + lanes.Marker
		if l.IsDefault() {
			title = "on " + l.Prefix() + "(the default lane): go test -count=1 and go run ./tools/lab verify of the packages and labs marked " + lanes.Marker
		}
		steps = append(steps, checkStep{name: l.Name, title: title, lane: &l, run: func(c *checker) error { return c.laneRun(l) }, tests: (*checker).laneTests})
	}
	return append(steps,
		checkStep{name: "claims", title: "go test -count=1 " + claimTests + ", but for the packages on every lane", run: (*checker).claims, tests: func(c *checker) ([]string, error) { return c.onceOf(claimTests) }},
		checkStep{name: "prepare", title: "go run ./tools/course prepare", run: func(c *checker) error { return prepare.Prepare(c.Setup) }, tools: debianTools(book.Packages...)},
		checkStep{name: "pack", title: "go run ./tools/course pack -book=false -debs=false DIR; git clone DIR/course.bundle; in the clone, with a new GOPATH, module cache and envtest cache: go run ./tools/course unpack DIR, then with GOPROXY=off: go run ./tools/lab checkpoint 01, go run ./tools/lab run 01; all with the machine's own Go, as a room's machines run them", run: (*checker).pack},
		checkStep{name: "outputs", title: "go run ./tools/course outputs -check", run: (*checker).outputs},
		checkStep{name: "bench", title: "go run ./tools/course bench -check; go run ./tools/course bench -mine on the labs as shipped (it must measure nothing, say so, and write nothing)", run: (*checker).bench},
		checkStep{name: "mkdocs", title: "mkdocs build --strict", run: (*checker).mkdocsBuild, tools: debianTools(book.Packages...)},
		checkStep{name: "serve", title: "go run ./tools/course serve (the README's first command), fetch its pages, run an output by its run button's request, Ctrl-C", run: (*checker).serveCheck, tools: debianTools(book.Packages...)},
		checkStep{name: "browser", title: "npm ci --prefix site (when needed); node --test site/check/search.test.mjs; node site/check/check-book.mjs (the built book's pages, then the run buttons of the book served by serve -book)", run: (*checker).browser, tools: debianTools(append(slices.Clone(book.Packages), "chromium", "nodejs", install.CJKFont)...)},
	)
}

func stepNames() []string {
	var names []string
	for _, s := range checkSteps() {
		names = append(names, s.name)
	}
	return names
}

// options are check's flags.
type options struct {
	skip, lanes  string
	quick, fresh bool
}

// Command is the check command.
func Command() *cli.Command {
	var o options
	return &cli.Command{
		Name:  "check",
		Usage: "[-skip step,...] [-lane NAME,...] [-quick] [-fresh]",
		Short: "run every check CI runs, in order",
		Long:  "run every check CI runs, in order, going on after a failure: gofmt, zh (go run ./tools/course zh), vet, test (go test ./tools/..., ./chapters/... and the shared packages under labs/, but those whose tests start an API server), explorer, envtest (go run ./tools/envtest, which builds kube-apiserver and etcd into the per-user cache when they are not there, about 10 minutes; then the smoke test go test ./labs/kubeassets, which starts them, and the tests that start an API server; no step before it runs one), lab (go run ./tools/lab verify), then one step per lane (labs/lanes: the map runtimes the course supports), which runs what depends on the map runtime (the packages and labs marked //course:every-lane) on that lane: go vet, go test -count=1 and lab verify; claims, prepare, pack (a room pack without the book and the Debian packages, cloned from its bundle and unpacked into a new GOPATH, module cache and envtest cache in the course's cache folder, then lab checkpoint 01 and lab run 01 with GOPROXY=off), outputs (outputs -check, two outputs at a time), bench (bench -check), mkdocs (mkdocs build --strict, the English book and the Chinese edition), serve (runs serve on a free port, fetches the pages, runs an output as its run button asks the server to, stops it with Ctrl-C) and browser (npm ci --prefix site when needed, then node --test site/check/search.test.mjs, the search check's own tests, and node site/check/check-book.mjs, which also checks the vendored Mermaid against the one npm installs, that the built book shows no run button, and, in the book served by serve -book, the run buttons of a few outputs and the requests the server refuses); it ends with the line \"N passed, N failed\". What runs once runs on the default lane. A step that passed before with the same inputs (every file of the course, the go command's environment on its lane, the envtest binaries, the Debian packages it uses) is not run again: -fresh runs it all the same. -lane NAME runs only that lane's step; -skip leaves steps out; -quick runs the contributor's check before a commit (gofmt, vet, the tools' tests, the contract of the labs whose files changed)",
		Flags: func(fs *flag.FlagSet) {
			fs.StringVar(&o.skip, "skip", "", "comma-separated `steps` not to run (CI runs them all): "+strings.Join(stepNames(), ","))
			fs.StringVar(&o.lanes, "lane", "", "comma-separated `lanes` to run, and nothing else: "+strings.Join(lanes.Names(), ","))
			fs.BoolVar(&o.quick, "quick", false, "the contributor's check before a commit: gofmt, vet, the tools' tests and the contract of the labs whose files changed")
			fs.BoolVar(&o.fresh, "fresh", false, "run every step, even one that passed before with the same inputs")
		},
		Run: func(_ context.Context, io cli.IO, args []string) error {
			if len(args) > 0 {
				return cli.Usagef("check: unexpected argument %q", args[0])
			}
			return o.run(io.Stdout, io.Stderr)
		},
	}
}

// skipped returns the steps the flags leave out.
func (o options) skipped(steps []checkStep) (map[string]bool, error) {
	names := stepNames()
	skip := map[string]bool{}
	for _, name := range splitList(o.skip) {
		if !slices.Contains(names, name) {
			return nil, cli.Usagef("check: -skip %s: no such step (steps: %s)", name, strings.Join(names, ","))
		}
		skip[name] = true
	}
	if o.lanes == "" {
		return skip, nil
	}
	if o.quick {
		return nil, cli.Usagef("check: -lane and -quick do not go together")
	}
	only := map[string]bool{}
	for _, name := range splitList(o.lanes) {
		if _, err := lanes.Get(name); err != nil {
			return nil, cli.Usagef("check: -lane %s: %v", name, err)
		}
		only[name] = true
	}
	for _, s := range steps {
		if !only[s.name] {
			skip[s.name] = true
		}
	}
	return skip, nil
}

// run is the check: every step in order, going on after a failure. What runs once runs on the
// default lane.
func (o options) run(stdout, stderr io.Writer) error {
	all := checkSteps()
	skip, err := o.skipped(all)
	if err != nil {
		return err
	}
	root, err := base.FindRoot()
	if err != nil {
		return err
	}
	c := &checker{Setup: &install.Setup{Root: root, Stdout: stdout, Stderr: stderr, Go: gocmd.OnLane(lanes.DefaultLane())}}
	if o.quick {
		return c.quick()
	}
	c.cache = stepcache.New(root, o.fresh)
	c.keys = &keys{noCache: stepcache.Dir() == ""}
	if err := c.cache.Snapshot(); err != nil {
		fmt.Fprintf(stdout, "check: every step runs: the course's files could not be read: %v\n", err)
	}
	prefetchToolchains(root, all, skip)
	c.prefetchDebs(all, skip)
	c.prefetchEnvtest(skip)
	r := &steps.Runner{Out: stdout, Total: len(all), GoOn: true}
	total := time.Now()
	for i, step := range all {
		if skip[step.name] {
			if o.lanes == "" {
				r.Skipped(i, step.name, "-skip")
			}
			continue
		}
		r.Begin(i, step.name, step.title)
		c.runStep(r, step)
	}
	fmt.Fprintf(stdout, "check took %s\n", time.Since(total).Round(time.Second))
	return r.Summary()
}

// runStep runs one step, unless its record says it passed with the same inputs, and records it
// when it passes.
func (c *checker) runStep(r *steps.Runner, step checkStep) {
	start := time.Now()
	key, keyErr := c.keys.key(c, step)
	if keyErr == nil {
		if at, secs, ok := c.cache.Passed(step.name, key); ok {
			r.Cached(step.name, secs, at)
			return
		}
	} else {
		fmt.Fprintf(c.Stdout, "check: %s runs without its cache: %v\n", step.name, keyErr)
	}
	if step.tools != nil {
		c.waitDebs()
	}
	c.step = c.cache.Step(key)
	err, inputs, watchErr := c.cache.WatchRun(func() error { return step.run(c) })
	carried := c.step.Carried()
	c.step = nil
	secs := time.Since(start).Seconds()
	r.End(step.name, secs, "", err)
	if err != nil {
		return
	}
	if watchErr != nil {
		fmt.Fprintf(c.Stdout, "check: what %s read is unknown (%v): its record holds every file of the course\n", step.name, watchErr)
	}
	if inputs != nil {
		inputs.Carried = carried
	}
	// The key again, now that the step installed what it needed (the envtest binaries, a
	// Debian package): the next run finds them and computes this key.
	if key, err := c.keys.key(c, step); err == nil {
		if err := c.cache.Record(step.name, key, secs, inputs); err != nil {
			fmt.Fprintf(c.Stdout, "check: could not record that %s passed: %v\n", step.name, err)
		}
	}
}

// prefetchToolchains downloads the toolchains of the lanes that will run, in the background,
// while the first steps compile: the go command fetches each through the module proxy (some 70
// MB), and it locks the module cache, so a lane's step that starts before its download ended
// waits for it. A failed download is left for the lane's step to report.
func prefetchToolchains(root string, steps []checkStep, skip map[string]bool) {
	for _, s := range steps {
		if s.lane == nil || skip[s.name] || s.lane.IsDefault() {
			continue
		}
		cmd := gocmd.OnLane(*s.lane).In(root).Command(context.Background(), "env", "GOVERSION")
		if cmd.Start() == nil {
			go cmd.Wait()
		}
	}
}

// prefetchEnvtest starts building kube-apiserver and etcd in the background when the envtest
// step will need them and the course's cache lacks them (a cold machine): their downloads and
// the single-threaded parts of their build then overlap the first steps. The envtest step's go
// run ./tools/envtest waits for this build on the cache folder's lock, then builds, with its
// output, whatever this build did not leave there.
func (c *checker) prefetchEnvtest(skip map[string]bool) {
	if skip["envtest"] || os.Getenv(kubeassets.AssetsEnv) != "" {
		return
	}
	if _, err := kubeassets.Dir(); !errors.Is(err, kubeassets.ErrMissing) {
		return
	}
	f, err := install.CreateLog("envtest-build")
	if err != nil {
		return
	}
	fmt.Fprintf(c.Stdout, "envtest: building kube-apiserver and etcd in the background while the first steps run; log: %s\n", f.Name())
	go func() {
		defer f.Close()
		kubeassets.Build(context.Background(), f)
	}()
}

// prefetchDebs installs, in the background, the Debian packages that later steps need and this
// machine lacks (mkdocs, the Material theme and pymdown-extensions; Node.js and npm; Chromium),
// in one apt-get install while the first steps compile: the downloads cost no step's time. The
// steps that use them wait for it (waitDebs). Without apt-get, or as another user than root, it
// does nothing and each step installs or explains as before.
func (c *checker) prefetchDebs(steps []checkStep, skip map[string]bool) {
	wants := map[string]bool{}
	for _, s := range steps {
		if s.tools != nil && !skip[s.name] {
			wants[s.name] = true
		}
	}
	var pkgs []string
	if (wants["mkdocs"] || wants["serve"] || wants["browser"] || wants["prepare"]) && book.FindPython(c.Setup) == "" {
		pkgs = append(pkgs, book.Packages...)
	}
	if wants["explorer"] || wants["browser"] {
		pkgs = append(pkgs, install.MissingNode()...)
	}
	if wants["browser"] && os.Getenv("CHROMIUM") == "" && !base.IsFile("/usr/bin/chromium") {
		pkgs = append(pkgs, "chromium")
	}
	if wants["browser"] && !install.HasChineseFont() {
		pkgs = append(pkgs, install.CJKFont)
	}
	if len(pkgs) == 0 || !c.CanApt() {
		return
	}
	c.debs = make(chan struct{})
	bg := &install.Setup{Root: c.Root, Stdout: &c.debsOut, Stderr: &c.debsOut, Go: gocmd.Machine()}
	go func() {
		defer close(c.debs)
		// A failure is left to the step that needs the package: it tries again and explains.
		bg.AptInstall("check-apt", "what the book's steps need ("+strings.Join(pkgs, " ")+"), in the background",
			"the steps that need them install them one by one", pkgs...)
	}()
}

// waitDebs waits for the background install of Debian's packages, if one runs, and prints its
// line once.
func (c *checker) waitDebs() {
	if c.debs == nil {
		return
	}
	<-c.debs
	io.Copy(c.Stdout, &c.debsOut)
}

func splitList(s string) []string {
	var out []string
	for _, name := range strings.Split(s, ",") {
		if name = strings.TrimSpace(name); name != "" {
			out = append(out, name)
		}
	}
	return out
}

func (c *checker) lanes() (*plan.Lanes, error) {
	if c.lanePlan != nil {
		return c.lanePlan, nil
	}
	p, err := plan.Read(c.Root, c.Go)
	if err != nil {
		return nil, err
	}
	c.lanePlan = p
	return p, nil
}

// onceOf expands patterns into their packages and drops those on every lane: what the
// once steps run, so that nothing runs twice on the default lane.
func (c *checker) onceOf(patterns ...string) ([]string, error) {
	lp, err := c.lanes()
	if err != nil {
		return nil, err
	}
	cmd := c.Go.In(c.Root).Command(context.Background(), append([]string{"list", "-e", "-f", "{{.Dir}}"}, patterns...)...)
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list %s: %v", strings.Join(patterns, " "), err)
	}
	var once []string
	for _, dir := range strings.Fields(string(out)) {
		pkg := "./" + filepath.ToSlash(base.RelTo(c.Root, dir))
		if !slices.Contains(lp.Packages, pkg) {
			once = append(once, pkg)
		}
	}
	return once, nil
}

// envtestImport is the package that starts kube-apiserver and etcd: a package whose test binary
// imports it, directly or not, needs the binaries that the envtest step builds.
const envtestImport = "sigs.k8s.io/controller-runtime/pkg/envtest"

// envtestPackages lists, as ./dir, the course's packages whose tests need envtest's binaries:
// those whose test binary imports envtestImport. The set comes from the imports, not from a
// list, so a new package that starts an API server in its tests joins it by itself.
func (c *checker) envtestPackages() (map[string]bool, error) {
	if c.needsEnvtest != nil {
		return c.needsEnvtest, nil
	}
	cmd := c.Go.In(c.Root).Command(context.Background(), "list", "-e", "-test", "-f", "{{.ImportPath}}\t{{.Dir}}\t{{join .Deps \" \"}}", "./...")
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list -test ./...: %v", err)
	}
	needs := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.SplitN(line, "\t", 3)
		// The test binary of package p is p.test: its Deps hold what p's tests import.
		if len(f) == 3 && strings.HasSuffix(f[0], ".test") && slices.Contains(strings.Fields(f[2]), envtestImport) {
			needs["./"+filepath.ToSlash(base.RelTo(c.Root, f[1]))] = true
		}
	}
	c.needsEnvtest = needs
	return needs, nil
}

// checkOrder checks the rule that keeps a cold machine's check green: no step before the one
// named envtest (which builds kube-apiserver and etcd) runs the tests of a package that needs
// them. It names each such package and its step.
func checkOrder(c *checker, steps []checkStep) error {
	needs, err := c.envtestPackages()
	if err != nil {
		return err
	}
	var errs []error
	for _, s := range steps {
		if s.name == "envtest" {
			return errors.Join(errs...)
		}
		if s.tests == nil {
			continue
		}
		pkgs, err := s.tests(c)
		if err != nil {
			return fmt.Errorf("%s: %v", s.name, err)
		}
		for _, p := range pkgs {
			if needs[p] {
				errs = append(errs, fmt.Errorf("step %s runs the tests of %s, which start an API server (they import %s), before the envtest step builds its binaries: leave it to a step after envtest", s.name, p, envtestImport))
			}
		}
	}
	return errors.New("no step named envtest: the packages that start an API server have no step to wait for")
}

// onceTests are the packages the test and envtest steps run once: the tools, the shared
// packages and the chapters' programs (such as the tests that check a chapter's figures against
// its committed runs), but for those on every lane and chapter 09's claims, which have steps of
// their own.
func (c *checker) onceTests() ([]string, error) {
	pkgs, err := c.onceOf(append([]string{"./tools/...", "./chapters/..."}, sharedPackages...)...)
	if err != nil {
		return nil, err
	}
	claims := strings.TrimSuffix(claimTests, "/...")
	return slices.DeleteFunc(pkgs, func(p string) bool { return p == claims || strings.HasPrefix(p, claims+"/") }), nil
}

// splitOnceTests splits onceTests between the test step and the envtest step: early are the
// packages whose tests start no API server; late are kubeassets, whose test starts a real API
// server with the binaries the envtest step built, and the packages whose tests start one,
// which wait for that step (checkOrder).
func (c *checker) splitOnceTests() (early, late []string, err error) {
	pkgs, err := c.onceTests()
	if err != nil {
		return nil, nil, err
	}
	needs, err := c.envtestPackages()
	if err != nil {
		return nil, nil, err
	}
	late = []string{"./labs/kubeassets"}
	for _, p := range pkgs {
		switch {
		case !needs[p]:
			early = append(early, p)
		case !slices.Contains(late, p):
			late = append(late, p)
		}
	}
	return early, late, nil
}

// earlyTests are the test step's packages (splitOnceTests).
func (c *checker) earlyTests() ([]string, error) {
	early, _, err := c.splitOnceTests()
	return early, err
}

// envtestTests are the envtest step's packages (splitOnceTests).
func (c *checker) envtestTests() ([]string, error) {
	_, late, err := c.splitOnceTests()
	return late, err
}

// test runs once the tests of earlyTests.
func (c *checker) test() error {
	pkgs, err := c.earlyTests()
	if err != nil {
		return err
	}
	return c.Command("go", append([]string{"test"}, pkgs...)...).Run()
}

// claims runs chapter 09's tests that do not depend on the runtime.
func (c *checker) claims() error {
	pkgs, err := c.onceOf(claimTests)
	if err != nil {
		return err
	}
	return c.Command("go", append([]string{"test", "-count=1"}, pkgs...)...).Run()
}

// onceLabs are the numbers of the labs that are not on every lane: the lab step verifies them.
func (c *checker) onceLabs() ([]string, error) {
	lp, err := c.lanes()
	if err != nil {
		return nil, err
	}
	var once []string
	for _, name := range courseroot.Labs(c.Root) {
		if nn, _ := plan.LabNumber("./labs/" + name); !slices.Contains(lp.Labs, nn) {
			once = append(once, nn)
		}
	}
	return once, nil
}

// onceLabDirs are onceLabs as ./labs/NN-word.
func (c *checker) onceLabDirs() ([]string, error) {
	once, err := c.onceLabs()
	if err != nil {
		return nil, err
	}
	return plan.LabDirs(c.Root, once), nil
}

// laneTests are the packages a lane's step tests: those of its go test and its labs'.
func (c *checker) laneTests() ([]string, error) {
	tests, err := c.laneTestPackages()
	if err != nil {
		return nil, err
	}
	lp, err := c.lanes()
	if err != nil {
		return nil, err
	}
	return append(tests, plan.LabDirs(c.Root, lp.Labs)...), nil
}

// laneTestPackages are the packages on every lane whose tests a lane's go test runs: the
// chapters' programs are vetted on every lane, but the tests among them (chapters/code/06-races/
// fatal, for instance) run through chapters/out's commands, on the lanes the book shows.
func (c *checker) laneTestPackages() ([]string, error) {
	lp, err := c.lanes()
	if err != nil {
		return nil, err
	}
	var tests []string
	for _, p := range lp.Packages {
		if !strings.HasPrefix(p, "./chapters/code/") || base.Within(p, claimTests) {
			tests = append(tests, p)
		}
	}
	return tests, nil
}

// labVerify checks the lab contract of the labs that are not on every lane.
func (c *checker) labVerify() error {
	if !base.IsFile(filepath.Join(c.Root, "tools", "lab", "main.go")) {
		return errors.New("tools/lab is missing: the lab runner is not there yet")
	}
	once, err := c.onceLabs()
	if err != nil {
		return err
	}
	return c.verifyLabs(once, nil)
}

// verifyLabs runs go run ./tools/lab verify for each lab, on a lane (nil: the default one). Each
// lab has its own record under the step's key: a lab none of whose inputs changed since it
// passed is not verified again.
func (c *checker) verifyLabs(labs []string, l *lanes.Lane) error {
	// The lab runner reads from git the shipped files of the lab it verifies, and only those
	// (tools/lab/internal/course: ShippedFiles, git show of the lab's files).
	gitFolders := map[string][]string{}
	for _, name := range courseroot.Labs(c.Root) {
		nn, _, _ := strings.Cut(name, "-")
		gitFolders[nn] = []string{"labs/" + name, "solutions/" + name}
	}
	var failed []string
	for _, nn := range labs {
		verify := func() error {
			cmd := c.Command("go", "run", "./tools/lab", "verify", nn)
			if l != nil {
				cmd.Env = l.Environ()
				fmt.Fprintf(c.Stdout, "$ %sgo run ./tools/lab verify %s\n", l.Prefix(), nn)
			}
			return cmd.Run()
		}
		found := func(at time.Time, secs float64) {
			fmt.Fprintf(c.Stdout, "lab %s: ok (cached: it passed in %.1fs at %s with the same inputs)\n", nn, secs, at.Format("2006-01-02 15:04"))
		}
		if err := c.step.Part("lab-"+nn, "lab "+nn, gitFolders[nn], found, verify); err != nil {
			failed = append(failed, nn)
		}
	}
	if len(failed) > 0 {
		return fmt.Errorf("go run ./tools/lab verify failed for lab %s", strings.Join(failed, ", "))
	}
	return nil
}

// laneRun runs what depends on the map runtime on lane l: go vet of its packages and labs (but
// on the default lane, whose vet step vetted everything), go test -count=1 of its packages,
// and the lab contract of its labs.
func (c *checker) laneRun(l lanes.Lane) error {
	lp, err := c.lanes()
	if err != nil {
		return err
	}
	run := func(args ...string) error {
		cmd := c.Command("go", args...)
		cmd.Env = l.Environ()
		fmt.Fprintf(c.Stdout, "$ %sgo %s\n", l.Prefix(), strings.Join(args, " "))
		return cmd.Run()
	}
	labs := plan.LabDirs(c.Root, lp.Labs)
	if !l.IsDefault() {
		if err := run(append([]string{"vet"}, append(lp.Packages, labs...)...)...); err != nil {
			return err
		}
	}
	tests, err := c.laneTestPackages()
	if err != nil {
		return err
	}
	if err := run(append([]string{"test", "-count=1"}, tests...)...); err != nil {
		return err
	}
	return c.verifyLabs(lp.Labs, &l)
}

// gofmt lists the .go files gofmt would change, outside build output and node_modules.
func (c *checker) gofmt() error {
	var files []string
	err := filepath.WalkDir(c.Root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(base.RelTo(c.Root, path))
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
		cmd := c.Command("gofmt", append([]string{"-l"}, files[:n]...)...)
		cmd.Stdout = &out
		cmd.Stderr = &out
		if err := cmd.Run(); err != nil && out.Len() == 0 {
			return fmt.Errorf("gofmt: %v", err)
		}
		files = files[n:]
	}
	if listed := strings.Fields(out.String()); len(listed) > 0 {
		fmt.Fprint(c.Stdout, out.String())
		return fmt.Errorf("gofmt -l lists %d file(s): run gofmt -w on them", len(listed))
	}
	return nil
}

// envtest builds the binaries envtest starts, unless the per-user cache has them, and runs
// the smoke test that starts a real API server with them, then the other tests that start one.
func (c *checker) envtest() error {
	if err := c.Command("go", "run", "./tools/envtest").Run(); err != nil {
		return err
	}
	pkgs, err := c.envtestTests()
	if err != nil {
		return err
	}
	if err := c.Command("go", "test", "-count=1", "-v", pkgs[0]).Run(); err != nil {
		return err
	}
	if len(pkgs) == 1 {
		return nil
	}
	return c.Command("go", append([]string{"test"}, pkgs[1:]...)...).Run()
}

func (c *checker) outputs() error {
	r := &outputs.Run{Root: c.Root, Go: c.Go, Check: true, Step: c.step, Stdout: c.Stdout, Stderr: c.Stdout}
	return r.Outputs(nil)
}

func (c *checker) mkdocsBuild() error {
	c.bookTried = true
	if err := book.Build(c.Setup, "", nil); err != nil {
		return err
	}
	c.bookBuilt = true
	return nil
}

func (c *checker) browser() error {
	if c.bookTried && !c.bookBuilt {
		return errors.New("the book did not build: see the mkdocs step")
	}
	// The book this step checks is built in this step, even right after the mkdocs step built
	// it: the check does not watch build/, so the step's record lists the chapters, the theme
	// and the hooks only when their files are opened while it runs.
	if err := c.mkdocsBuild(); err != nil {
		return err
	}
	if !base.IsFile(filepath.Join(c.Root, "build", "book", "index.html")) {
		return errors.New("build/book/index.html is missing: run mkdocs build --strict first")
	}
	if err := c.Node(); err != nil {
		return err
	}
	// The search check's own tests: that it fails when the search misses a page containing its
	// query, and that the index of every Chinese page has the words of each query it contains.
	if err := c.Command("node", "--test", "site/check/search.test.mjs").Run(); err != nil {
		return fmt.Errorf("node --test site/check/search.test.mjs: %v", err)
	}
	chromium, err := c.Chromium()
	if err != nil {
		return err
	}
	if err := c.ChineseFont(); err != nil {
		return err
	}
	if err := c.NpmCI(); err != nil {
		return err
	}
	cmd := c.Command("node", "site/check/check-book.mjs")
	cmd.Env = append(cmd.Env, "CHROMIUM="+chromium)
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
	cacheDir, err := courseroot.CacheDir()
	if err != nil {
		return err
	}
	base := filepath.Join(cacheDir, "check-pack")
	goenv, err := gocmd.Machine().GoEnv()
	if err != nil {
		return err
	}
	own := []string{
		"GOPATH=" + filepath.Join(base, "gopath"),
		"GOMODCACHE=" + filepath.Join(base, "gopath", "pkg", "mod"),
		"GOCACHE=" + goenv["GOCACHE"],
		kubeassets.CacheEnv + "=" + filepath.Join(base, "cache"),
		kubeassets.AssetsEnv + "=",
		"XDG_CACHE_HOME=" + filepath.Join(base, "xdg"),
	}
	env := append(os.Environ(), own...)
	if err := c.RemoveModuleCache(own); err != nil {
		return fmt.Errorf("the last check's module cache: %v", err)
	}
	if err := os.RemoveAll(base); err != nil {
		return err
	}
	pack := filepath.Join(base, "pack")
	if err := roompack.Make(context.Background(), roompack.Options{Root: c.Root, Dir: pack, Envtest: true, Bundle: true, Stdout: c.Stdout, Stderr: c.Stderr}); err != nil {
		return err
	}
	clone := filepath.Join(base, "gomaps")
	if err := c.Command("git", "-c", "advice.detachedHead=false", "clone", "-q", filepath.Join(pack, roompack.BundleFile), clone).Run(); err != nil {
		return fmt.Errorf("git clone %s: %v", roompack.BundleFile, err)
	}
	for _, step := range []struct {
		offline bool
		args    []string
	}{
		{false, []string{"go", "run", "./tools/course", "unpack", pack}},
		{true, []string{"go", "run", "./tools/lab", "checkpoint", "01"}},
		{true, []string{"go", "run", "./tools/lab", "run", "01"}},
	} {
		cmd := c.Command(step.args[0], step.args[1:]...)
		cmd.Dir, cmd.Env = clone, env
		prefix := ""
		if step.offline {
			cmd.Env = append(env[:len(env):len(env)], "GOPROXY=off")
			prefix = "GOPROXY=off "
		}
		fmt.Fprintf(c.Stdout, "$ %s%s\n", prefix, strings.Join(step.args, " "))
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("%s in the clone of the pack: %v", strings.Join(step.args, " "), err)
		}
	}
	return nil
}

// quickTests are the packages check -quick tests: the tools' own, which start no API server
// (TestEnvtestPackagesWaitForEnvtest), so that -quick passes on a machine without envtest's
// binaries.
var quickTests = []string{"./tools/...", "./labs/lanes"}

// quick is the contributor's check before a commit: gofmt, vet, the tools' tests (go test's
// cache keeps them fast) and the contract of the labs whose files changed since the last commit
// (the lab, its solution or its chapter), without fuzzing. It is no substitute for check.
func (c *checker) quick() error {
	start := time.Now()
	labs, err := c.changedLabs()
	if err != nil {
		return err
	}
	all := []steps.Step{
		{Name: "gofmt", Run: steps.Quiet(c.gofmt)},
		{Name: "vet", Run: steps.Quiet(func() error { return c.Command("go", "vet", "./...").Run() })},
		{Name: "test", Run: steps.Quiet(func() error { return c.Command("go", append([]string{"test"}, quickTests...)...).Run() })},
	}
	if len(labs) > 0 {
		all = append(all, steps.Step{Name: "lab", Run: steps.Quiet(func() error {
			return c.Command("go", append([]string{"run", "./tools/lab", "verify", "-fuzztime=0"}, labs...)...).Run()
		})})
	}
	r := &steps.Runner{Out: c.Stdout, GoOn: true}
	r.Run(all)
	if len(labs) == 0 {
		fmt.Fprintln(c.Stdout, "check -quick: no lab's files changed since the last commit, so no lab's contract was checked")
	}
	fmt.Fprintf(c.Stdout, "check -quick took %s; before you push, run go run ./tools/course check (every step, on every lane)\n", time.Since(start).Round(time.Second))
	return r.Summary()
}

// changedLabs lists the numbers of the labs whose files changed since the last commit: a file
// under labs/NN-word/ or solutions/NN-word/, or the chapter chapters/NN-word.md (its hints).
func (c *checker) changedLabs() ([]string, error) {
	cmd := exec.Command("git", "status", "--porcelain", "-z", "--untracked-files=all")
	cmd.Dir = c.Root
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git status: %v: check -quick needs the course's git work tree", err)
	}
	var nns []string
	for _, entry := range strings.Split(string(out), "\x00") {
		if len(entry) < 4 {
			continue
		}
		path := entry[3:]
		for _, prefix := range []string{"labs/", "solutions/", "chapters/"} {
			rest, ok := strings.CutPrefix(path, prefix)
			if !ok {
				continue
			}
			name, _, _ := strings.Cut(rest, "/")
			name = strings.TrimSuffix(name, ".md")
			for _, lab := range courseroot.Labs(c.Root) {
				if lab == name && !slices.Contains(nns, lab[:2]) {
					nns = append(nns, lab[:2])
				}
			}
		}
	}
	slices.Sort(nns)
	return nns, nil
}

// bench checks the benchmark tables' shape, then bench -mine on the labs as shipped: their maps
// pass no test, so it must measure nothing and say what to do, in one sentence.
func (c *checker) bench() error {
	ctx, g := context.Background(), gocmd.OnLane(lanes.DefaultLane())
	if err := bench.Check(ctx, c.Root, g, c.Stdout); err != nil {
		return err
	}
	var out bytes.Buffer
	err := bench.Mine(ctx, c.Root, g, bench.MineRun{}, &out)
	io.Copy(c.Stdout, &out)
	if !errors.Is(err, bench.ErrNothingToMeasure) {
		return fmt.Errorf("bench -mine on the labs as shipped: got %v; want bench.ErrNothingToMeasure: %v", err, bench.ErrNothingToMeasure)
	}
	fmt.Fprintf(c.Stdout, "bench -mine on the labs as shipped: %v\n", err)
	return nil
}
