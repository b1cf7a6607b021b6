// Package check is the check command: every step CI runs, in order, each on the lane it needs,
// with a record of what each step read (stepcache) so that a step whose inputs did not change
// is not run again. It is the only command that imports other commands.
package check

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"path"
	"slices"
	"strings"
	"time"

	"gomaps/labs/lanes"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/book"
	"gomaps/tools/course/internal/explorer"
	"gomaps/tools/course/internal/install"
	"gomaps/tools/course/internal/outputs"
	"gomaps/tools/course/internal/prepare"
	"gomaps/tools/course/internal/stepcache"
	"gomaps/tools/course/internal/steps"
	"gomaps/tools/course/internal/zh"
	"gomaps/tools/internal/cli"
	"gomaps/tools/internal/gocmd"
)

// A step is one check CI runs, as data: check's help, the steps' keys and records, and what the
// check installs ahead come from these fields.
type step struct {
	name  string      // for -skip, -lane and the report
	title string      // what it runs: its ==> line and its line in check's help
	lane  *lanes.Lane // what depends on the map runtime runs on each lane; nil: once, on the default lane
	run   func(s *stepRun) error
	tests func(p *pkgs) []string // the packages whose tests it runs: those that start an API server wait for envtest's
	// uses are the course's packages the step runs inside check: their files, with the runner's
	// (code), are in its key; what it runs with the go command is in its record.
	uses []string
	debs []string // the Debian packages it runs: their versions are in its key
	git  []string // what it reads of git (stepcache.Head, a lab's folder), besides its parts'
}

const course = "gomaps/tools/course/internal/"

// sharedPackages are the packages under labs/ that are not labs: what the labs' graders, the
// tools and the chapters' programs share.
var sharedPackages = []string{"./labs/inspect", "./labs/internal/...", "./labs/testout", "./labs/overlay", "./labs/courseroot", "./labs/lanes", "./labs/heading", "./labs/benchtables"}

// claimTests are chapter 09's tests: those about the runtime are in packages on every lane.
const claimTests = "./chapters/code/09-claims/..."

// allSteps is the check's plan: the steps that run once, with a step per lane after the lab step.
func allSteps() []step {
	bookDebs := book.Packages
	var variants []string // each by its name: the help names no toolchain, labs/lanes does
	for _, v := range lanes.Variants {
		variants = append(variants, v.Name+", with GOEXPERIMENT="+v.Experiment+": go run ./tools/lab verify "+strings.Join(v.Labs, " "))
	}
	all := []step{
		{name: "gofmt", title: "gofmt -l . (outside build/ and site/node_modules/)", run: (*stepRun).gofmt},
		{name: "zh", title: "go run ./tools/course zh (the Chinese edition is in step with the English book, has no run of English and quotes the seed posts only in its own words)",
			run: func(s *stepRun) error { return zh.Check(s.Stdout, s.Root) }, uses: []string{course + "zh"}},
		{name: "vet", title: "go vet ./...", run: func(s *stepRun) error { return s.goCmd(nil, "vet", "./...") }},
		{name: "test", title: "go test -vet=off " + testTimeout + " ./tools/... ./chapters/... and the shared packages of labs/, but those on every lane, chapter 09's claims and those whose tests start an API server or run a lab's tests that do (tools/lab's, marked " + envtestMarker + ")",
			run: func(s *stepRun) error { return s.goTest(nil, append([]string{testTimeout}, s.pkgs.early...)...) }, tests: func(p *pkgs) []string { return p.early }},
		{name: "explorer", title: "go run ./tools/course explorer -test (go vet and go test -tags explorer ./chapters/code/explorer, natively and its wasm in Node)",
			uses: []string{course + "explorer"}, debs: []string{"nodejs", "npm"}, run: func(s *stepRun) error {
				if err := install.Node(s.ctx, s.Env); err != nil {
					return err
				}
				return explorer.Test(s.ctx, s.Env)
			}},
		{name: "envtest", title: "go run ./tools/envtest (builds kube-apiserver and etcd when the cache lacks them: about 10 minutes); go test -vet=off -count=1 -v ./labs/kubeassets; go test -vet=off " + testTimeout + " of the packages whose tests start an API server or run a lab's tests that do (tools/lab), which no step before runs",
			run: (*stepRun).envtest, tests: func(p *pkgs) []string { return p.late }, uses: []string{"gomaps/labs/kubeassets"}},
		{name: "lab", title: "go run ./tools/lab verify (two labs at a time), for the labs that are not on every lane; then on each variant of labs/lanes, for the labs it names (" + strings.Join(variants, "; ") + ")", run: (*stepRun).labVerify,
			tests: func(p *pkgs) []string { return p.onceLabs }},
	}
	for _, l := range lanes.All {
		title := "on this lane, go vet, go test -vet=off -count=1 and go run ./tools/lab verify (two labs at a time) of the packages and labs marked " + lanes.Marker
		if l.IsDefault() {
			title = "on this lane, the default one, go test -vet=off -count=1 and go run ./tools/lab verify (two labs at a time) of the packages and labs marked " + lanes.Marker
		}
		all = append(all, step{name: l.Name, title: title, lane: &l, run: func(s *stepRun) error { return s.laneRun(l) }, tests: func(p *pkgs) []string { return append(slices.Clone(p.laneTests), p.laneLabs...) }})
	}
	return append(all,
		step{name: "claims", title: "go test -vet=off -count=1 " + claimTests + ", but the packages on every lane", run: func(s *stepRun) error { return s.goTest(nil, append([]string{"-count=1"}, s.pkgs.claims...)...) }, tests: func(p *pkgs) []string { return p.claims }},
		step{name: "prepare", title: "go run ./tools/course prepare (each of its steps a part with a record of its own)", run: func(s *stepRun) error { return prepare.Prepare(s.ctx, s.Env, s.parts) }, uses: []string{course + "prepare"}, debs: bookDebs},
		step{name: "pack", title: "go run ./tools/course pack -book=false -debs=false DIR; git clone DIR/course.bundle; then in the clone, with a new GOPATH, module cache and envtest cache in the course's cache folder and the machine's own Go, go run ./tools/course unpack DIR, then with GOPROXY=off go run ./tools/lab checkpoint 01 and run 01",
			run: (*stepRun).pack, uses: []string{course + "pack", "gomaps/labs/kubeassets"}, git: []string{stepcache.Head}},
		step{name: "outputs", title: "go run ./tools/course outputs -check (two outputs at a time)", uses: []string{course + "outputs"}, run: func(s *stepRun) error {
			return (&outputs.Run{Env: &base.Env{Root: s.Root, Go: s.Go, Stdout: s.Stdout, Stderr: s.Stdout}, Check: true, Step: s.parts}).Outputs(s.ctx, nil)
		}},
		step{name: "bench", title: "go run ./tools/course bench -check; bench -mine on the labs as shipped must measure nothing and say so", run: (*stepRun).bench, uses: []string{course + "bench"}},
		step{name: "mkdocs", title: "mkdocs build --strict (the English book, then the Chinese edition)", run: func(s *stepRun) error { return book.Build(s.ctx, s.Env, "", nil) },
			uses: []string{course + "book"}, debs: bookDebs},
		step{name: "serve", title: "go run ./tools/course serve (the README's first command) on a free port (its pages, a run button's request, a learner's edit of a lab, Ctrl-C)",
			run: (*stepRun).serveCheck, uses: []string{course + "book", course + "rerun", "gomaps/tools/internal/syncbuf"}, debs: bookDebs,
			git: []string{path.Dir(editFile)}}, // the book shows the learner's edit of it as shipped, from git
		step{name: "browser", title: "mkdocs build --strict (the book it checks); npm ci --prefix site (when needed); node --test site/check/search.test.mjs (the search check's own tests); node site/check/check-book.mjs -only pages (the vendored Mermaid against the one npm installs, the built book's pages in Chromium and no run button in them), then -only runs (in the book served by serve -book the run buttons of a few outputs and the requests the server refuses), each a part with a record of its own",
			run: (*stepRun).browser, uses: []string{course + "book"}, debs: append(slices.Clone(bookDebs), "nodejs", "npm", "chromium", install.CJKFont)},
	)
}

func names(all []step) []string {
	var names []string
	for _, s := range all {
		names = append(names, s.name)
	}
	return names
}

// help is check's manual, from the plan.
func help() string {
	var b strings.Builder
	b.WriteString("run every check CI runs, in order, going on after a failure, then print \"N passed, N failed\". What runs once runs on the default lane; a lane's step runs what depends on the map runtime (labs/lanes). The steps:\n")
	for _, s := range allSteps() {
		fmt.Fprintf(&b, "%s: %s\n", s.name, s.title)
	}
	b.WriteString("A step that passed before with the same inputs (the files it read, the code it runs inside check, the go command's environment on its lane, the envtest binaries, the Debian packages it runs) is not run again: -fresh runs it all the same. go test runs with -vet=off: the vet step, or the lane's go vet, vetted its packages before. -lane NAME runs only that lane's step; -skip leaves steps out; -quick runs the contributor's check before a commit (gofmt, vet, the tools' tests but those that need envtest's binaries on a machine without them, the contract of the labs whose files changed)")
	return b.String()
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
		Long:  help(),
		Flags: func(fs *flag.FlagSet) {
			fs.StringVar(&o.skip, "skip", "", "comma-separated `steps` not to run (CI runs them all): "+strings.Join(names(allSteps()), ","))
			fs.StringVar(&o.lanes, "lane", "", "comma-separated `lanes` to run, and nothing else: "+strings.Join(lanes.Names(), ","))
			fs.BoolVar(&o.quick, "quick", false, "the contributor's check before a commit: gofmt, vet, the tools' tests and the contract of the labs whose files changed")
			fs.BoolVar(&o.fresh, "fresh", false, "run every step, even one that passed before with the same inputs")
		},
		NoArgs: true,
		Run:    func(ctx context.Context, io cli.IO, _ []string) error { return o.run(ctx, io.Stdout, io.Stderr) },
	}
}

// skipped returns the steps the flags leave out.
func (o options) skipped(all []step) (map[string]bool, error) {
	skip := map[string]bool{}
	for _, name := range splitList(o.skip) {
		if !slices.Contains(names(all), name) {
			return nil, cli.Usagef("check: -skip %s: no such step (steps: %s)", name, strings.Join(names(all), ","))
		}
		skip[name] = true
	}
	if o.lanes != "" && o.quick {
		return nil, cli.Usagef("check: -lane and -quick do not go together")
	}
	for _, name := range splitList(o.lanes) {
		if _, err := lanes.Get(name); err != nil {
			return nil, cli.Usagef("check: -lane %s: %v", name, err)
		}
	}
	for _, s := range all {
		skip[s.name] = skip[s.name] || o.lanes != "" && !slices.Contains(splitList(o.lanes), s.name)
	}
	return skip, nil
}

func splitList(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' })
}

// checker runs the steps, and ends them when ctx ends (Ctrl-C): the running step's commands
// are interrupted, and no step starts after it.
type checker struct {
	*base.Env
	ctx     context.Context
	noVCS   string           // the GOFLAGS setting of its go commands (noVCS)
	cache   *stepcache.Cache // nil: no records (-quick, or no cache folder)
	pkgs    *pkgs            // the course's packages (nil: -quick, or listErr)
	listErr error
	debs    chan struct{} // closed when the background install of Debian's packages ended
	debsOut bytes.Buffer  // its line, printed by the first step that waits for it
}

// noVCS is the GOFLAGS setting of the check's go commands: the machine's GOFLAGS, and
// -buildvcs=false. A build (or a go list) of a main package in a git checkout stamps it with
// the last commit and whether the work tree is clean: git's own files would be inputs of every
// step that builds one, and of the outputs run beside it, and no step or output shows that stamp.
func noVCS(ctx context.Context, root string) (string, error) {
	env, err := gocmd.Machine().In(root).GoEnvContext(ctx)
	if err != nil {
		return "", err
	}
	return "GOFLAGS=" + strings.TrimSpace(env["GOFLAGS"]+" -buildvcs=false"), nil
}

// goOn is the check's go command on lane l.
func (c *checker) goOn(l lanes.Lane) gocmd.Go { return gocmd.OnLane(l).With(c.noVCS) }

// stepRun is a step's run: the checker, and the step's records for its parts (the outputs,
// the labs' verify).
type stepRun struct {
	*checker
	parts *stepcache.Step
}

// run is the check: every step in order, going on after a failure.
func (o options) run(ctx context.Context, stdout, stderr io.Writer) error {
	all := allSteps()
	skip, err := o.skipped(all)
	if err != nil {
		return err
	}
	root, err := base.FindRoot()
	if err != nil {
		return err
	}
	c := &checker{Env: &base.Env{Root: root, Stdout: stdout, Stderr: stderr}, ctx: ctx}
	if c.noVCS, err = noVCS(ctx, root); err != nil {
		return err
	}
	c.Go = c.goOn(lanes.DefaultLane()).In(root)
	start, r := time.Now(), &steps.Runner{Out: stdout, Total: len(all)}
	if o.quick {
		if all, err = c.quickSteps(); err != nil {
			return err
		}
		skip, r.Total = nil, 0
	} else {
		c.pkgs, c.listErr = list(root, c.Go.In(root).Command(ctx, listArgs...))
		if dir := stepcache.Dir(); dir == "" {
			fmt.Fprintln(stdout, "check: every step runs: there is no cache folder for its records")
		} else if c.cache, err = stepcache.New(dir, root, o.fresh); err != nil {
			c.cache = nil
			fmt.Fprintf(stdout, "check: every step runs: the course's files could not be read: %v\n", err)
		}
		c.prefetch(all, skip)
	}
	for i, s := range all {
		switch {
		case ctx.Err() != nil:
			r.Summary()
			return fmt.Errorf("check: interrupted (%v): the steps from %s on did not run", context.Cause(ctx), s.name)
		case skip[s.name] && o.lanes == "":
			r.Begin(i, s.name, "skipped (-skip)")
		case !skip[s.name]:
			r.Begin(i, s.name, s.title)
			c.runStep(r, s)
		}
	}
	took := time.Since(start).Round(time.Second)
	switch {
	case !o.quick:
		fmt.Fprintf(stdout, "check took %s\n", took)
	case !slices.ContainsFunc(all, func(s step) bool { return s.name == "lab" }):
		fmt.Fprintln(stdout, "check -quick: no lab's files changed since the last commit, so no lab's contract was checked")
		fallthrough
	default:
		fmt.Fprintf(stdout, "check -quick took %s; before you push, run go run ./tools/course check (every step, on every lane)\n", took)
	}
	return r.Summary()
}

// runStep runs one step, unless its record says it passed with the same inputs, and records it
// when it passes.
func (c *checker) runStep(r *steps.Runner, s step) {
	start := time.Now()
	var parts *stepcache.Step
	if c.cache != nil {
		key, err := c.key(s)
		if err != nil {
			fmt.Fprintf(c.Stdout, "check: %s runs without its record: %v\n", s.name, err)
		} else if rec, ok := c.cache.Passed(s.name, key); ok {
			r.Cached(s.name, rec)
			return
		} else {
			parts = c.cache.Step(key)
		}
	}
	if s.debs != nil {
		c.waitDebs()
	}
	in, err := parts.Run(func() error {
		if c.listErr != nil && s.tests != nil {
			return c.listErr
		}
		return s.run(&stepRun{checker: c, parts: parts})
	})
	secs := time.Since(start).Seconds()
	r.End(s.name, secs, "", err)
	if err != nil || parts == nil {
		return
	}
	if in.Unknown != nil {
		fmt.Fprintf(c.Stdout, "check: what %s read is unknown (%v): its record holds every file of the course\n", s.name, in.Unknown)
	}
	in.GitReads = append(in.GitReads, s.git...)
	// The key again, now that the step installed what it needed (the envtest binaries, a
	// Debian package): the next run finds them and computes this key.
	key, err := c.key(s)
	if err == nil {
		err = parts.Record(s.name, key, secs, in)
	}
	if err != nil {
		fmt.Fprintf(c.Stdout, "check: could not record that %s passed: %v\n", s.name, err)
	}
}
