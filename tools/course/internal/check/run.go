package check

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"gomaps/labs/courseroot"
	"gomaps/labs/kubeassets"
	"gomaps/labs/lanes"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/bench"
	"gomaps/tools/course/internal/book"
	"gomaps/tools/course/internal/install"
	roompack "gomaps/tools/course/internal/pack"
	"gomaps/tools/course/internal/plan"
	"gomaps/tools/course/internal/stepcache"
	"gomaps/tools/internal/gocmd"
)

// command is a step's command, in the course's folder on lane l (nil: the default one); it is
// interrupted with check.
func (c *checker) command(l *lanes.Lane, name string, args ...string) *exec.Cmd {
	e := c.Env
	if l != nil {
		e = c.WithGo(c.goOn(*l))
	}
	cmd := e.Command(c.ctx, name, args...)
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 10 * time.Second
	return cmd
}

// goCmd runs the go command on lane l (nil: the default one, without saying so).
func (c *checker) goCmd(l *lanes.Lane, args ...string) error {
	return c.goCmdTo(c.Stdout, c.Stderr, l, args...)
}

// goCmdTo is goCmd writing the command's line and its output to stdout and stderr.
func (c *checker) goCmdTo(stdout, stderr io.Writer, l *lanes.Lane, args ...string) error {
	if l != nil {
		fmt.Fprintf(stdout, "$ %sgo %s\n", l.Prefix(), strings.Join(args, " "))
	}
	cmd := c.command(l, "go", args...)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	return cmd.Run()
}

// goTest runs go test -vet=off on lane l (nil: the default one): the vet step, or the lane's go
// vet, vetted what a step tests; go test's vet, with other flags, would vet it and its imports again.
func (c *checker) goTest(l *lanes.Lane, args ...string) error {
	return c.goCmd(l, append([]string{"test", "-vet=off"}, args...)...)
}

// labVerify checks the contract of the labs not on every lane, then on each variant of
// labs/lanes of the labs it names (lab 03's step 11 builds only with GOEXPERIMENT=simd).
func (s *stepRun) labVerify() error {
	jobs := verifyJobs(s.pkgs.onceLabs, nil)
	for _, v := range lanes.Variants {
		jobs = append(jobs, verifyJobs(plan.LabDirs(s.Root, v.Labs), &v.Lane)...)
	}
	return s.verifyLabs(jobs)
}

// A verifyJob is one lab's verify (dir is ./labs/NN-word) on a lane (nil: the default one).
type verifyJob struct {
	dir  string
	lane *lanes.Lane
	out  bytes.Buffer
	err  error
	done chan struct{}
}

func verifyJobs(dirs []string, l *lanes.Lane) []*verifyJob {
	var jobs []*verifyJob
	for _, dir := range dirs {
		jobs = append(jobs, &verifyJob{dir: dir, lane: l, done: make(chan struct{})})
	}
	return jobs
}

// verifyLabs runs go run ./tools/lab verify of each job's lab on its lane, each a part (its record
// reads its lab's files from git), two at a time (one's tests run on a core while the other
// compiles or waits for an API server), and prints what they printed in the jobs' order. Near labs
// build the same (02 and 03 std for fuzzing, 07 and 08 go test's vet of Kubernetes' libraries), so
// each job of the first half runs beside one of the second half.
func (s *stepRun) verifyLabs(jobs []*verifyJob) error {
	var compiling sync.Mutex
	next, half := make(chan *verifyJob, len(jobs)), (len(jobs)+1)/2
	for i := range half {
		next <- jobs[i]
		if half+i < len(jobs) {
			next <- jobs[half+i]
		}
	}
	close(next)
	for range min(2, len(jobs)) {
		go func() {
			for j := range next {
				s.verifyLab(j, &compiling)
				close(j.done)
			}
		}()
	}
	var failed []string
	for _, j := range jobs {
		<-j.done
		s.Stdout.Write(j.out.Bytes())
		if j.err != nil {
			failed = append(failed, strings.TrimPrefix(j.dir, "./labs/")[:2])
		}
	}
	if len(failed) > 0 {
		return fmt.Errorf("go run ./tools/lab verify failed for lab %s", strings.Join(failed, ", "))
	}
	return nil
}

// verifyLab runs one job's verify as a part of the step, into j.out. Holding compiling, it first
// compiles what the lab's tests import with -race, and the lab runner (go list -export: no link):
// two verifies side by side would otherwise both build what both need (std, Kubernetes'
// libraries), as the go command shares its cache, not its work.
func (s *stepRun) verifyLab(j *verifyJob, compiling *sync.Mutex) {
	name := strings.TrimPrefix(j.dir, "./labs/")
	nn, part, title := name[:2], "lab-"+name[:2], "lab "+name[:2]
	if j.lane != nil {
		part, title = part+"-"+j.lane.Name, title+" on "+j.lane.Name
	}
	found := func(rec stepcache.Record) { fmt.Fprintf(&j.out, "lab %s: ok (%v)\n", nn, rec) }
	verify := func() error {
		compiling.Lock()
		for _, args := range [][]string{{"-race", "-test", j.dir}, {"./tools/lab"}} { // what fails, verify reports
			s.goCmdTo(io.Discard, io.Discard, j.lane, append([]string{"list", "-export", "-deps", "-e"}, args...)...)
		}
		compiling.Unlock()
		return s.goCmdTo(&j.out, &j.out, j.lane, "run", "./tools/lab", "verify", nn)
	}
	j.err = s.parts.Part(part, title, []string{"labs/" + name, "solutions/" + name}, found, verify)
}

// laneRun runs on lane l go vet of its packages and labs (but on the default lane, whose vet
// step vetted everything), go test -count=1 of its packages, and the contract of its labs.
func (s *stepRun) laneRun(l lanes.Lane) error {
	if !l.IsDefault() {
		if err := s.goCmd(&l, append([]string{"vet"}, s.pkgs.lanes.Vetted(s.Root)...)...); err != nil {
			return err
		}
	}
	if err := s.goTest(&l, append([]string{"-count=1"}, s.pkgs.laneTests...)...); err != nil {
		return err
	}
	return s.verifyLabs(verifyJobs(s.pkgs.laneLabs, &l))
}

// envtest builds the binaries envtest starts, unless the cache has them, then runs the smoke
// test that starts a real API server with them, then the other tests that start one.
func (c *checker) envtest() error {
	if err := c.goCmd(nil, "run", "./tools/envtest"); err != nil {
		return err
	}
	if err := c.goTest(nil, "-count=1", "-v", c.pkgs.late[0]); err != nil || len(c.pkgs.late) == 1 {
		return err
	}
	return c.goTest(nil, append([]string{testTimeout}, c.pkgs.late[1:]...)...)
}

// testTimeout replaces go test's default of 10 minutes, which tools/lab's tests (every wrong
// answer builds and runs a lab's tests) come near on a loaded machine of 2 cores: a package's
// time follows the machine's load, and only a test that hangs should meet the limit.
const testTimeout = "-timeout=40m"

// gofmt lists the .go files gofmt would change, outside build/, node_modules and hidden folders.
func (c *checker) gofmt() error {
	var files []string
	err := filepath.WalkDir(c.Root, func(path string, d fs.DirEntry, err error) error {
		rel := filepath.ToSlash(base.RelTo(c.Root, path))
		switch {
		case err != nil:
			return err
		case d.IsDir() && rel != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules" || rel == "build"):
			return filepath.SkipDir
		case !d.IsDir() && strings.HasSuffix(path, ".go"):
			files = append(files, rel)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("list .go files: %v", err)
	}
	var out bytes.Buffer
	for batch := range slices.Chunk(files, 200) { // far below the limit of a command line's length
		cmd := c.command(nil, "gofmt", append([]string{"-l"}, batch...)...)
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil && out.Len() == 0 {
			return fmt.Errorf("gofmt: %v", err)
		}
	}
	if listed := strings.Fields(out.String()); len(listed) > 0 {
		fmt.Fprint(c.Stdout, out.String())
		return fmt.Errorf("gofmt -l lists %d file(s): run gofmt -w on them", len(listed))
	}
	return nil
}

// browser builds the book (the step's record lists what it is built from: the check does not
// watch build/), runs the search check's own tests, then checks the book in Chromium in two
// parts keyed by the built book's sum: its pages, and the run buttons of the book served by the
// course command (which a change to the command's code runs again, and the pages not).
func (s *stepRun) browser() error {
	if err := book.Build(s.ctx, s.Env, "", nil); err != nil {
		return err
	}
	if err := install.Node(s.ctx, s.Env); err != nil {
		return err
	}
	if err := s.command(nil, "node", "--test", "site/check/search.test.mjs").Run(); err != nil {
		return fmt.Errorf("node --test site/check/search.test.mjs: %v", err)
	}
	chromium, err := install.Chromium(s.ctx, s.Env)
	if err != nil {
		return err
	}
	if err := install.ChineseFont(s.ctx, s.Env); err != nil {
		return err
	}
	if err := install.NpmCI(s.ctx, s.Env); err != nil {
		return err
	}
	sum, err := bookSum(filepath.Join(s.Root, "build", "book"))
	if err != nil {
		return fmt.Errorf("the built book: %v", err)
	}
	for _, only := range []string{"pages", "runs"} {
		found := func(rec stepcache.Record) { fmt.Fprintf(s.Stdout, "browser %s: ok (%v)\n", only, rec) }
		err := s.parts.Part("browser-"+only, "browser "+only+" of the book "+sum, nil, found, func() error {
			cmd := s.command(nil, "node", "site/check/check-book.mjs", "-only", only)
			cmd.Env = append(cmd.Env, "CHROMIUM="+chromium)
			return cmd.Run()
		})
		if err != nil {
			return fmt.Errorf("node site/check/check-book.mjs -only %s: %v", only, err)
		}
	}
	return nil
}

// bookSum is the sum of the built book's files in dir, but the gzipped sitemaps: gzip's header
// holds the time of the build.
func bookSum(dir string) (string, error) {
	h := sha256.New()
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() == "sitemap.xml.gz" {
			return err
		}
		sum, err := base.FileSum(path)
		fmt.Fprintf(h, "%s %s\n", filepath.ToSlash(base.RelTo(dir, path)), sum)
		return err
	})
	return hex.EncodeToString(h.Sum(nil)), err
}

// pack makes a room pack (without the book, which the mkdocs step builds, and the Debian
// packages: apt's mirrors are not the course's to test) and installs it as a learner's laptop
// does: a clone of its bundle, a new GOPATH, module cache, envtest cache and user cache folder,
// unpack, then with the module proxy off checkpoint 01 and run 01, which must pass. The build
// cache is kept, and the folder is the same on every run: a warm run compiles nothing new.
func (c *checker) pack() error {
	cacheDir, err := courseroot.CacheDir()
	if err != nil {
		return err
	}
	dir := filepath.Join(cacheDir, "check-pack")
	goenv, err := gocmd.Machine().GoEnvContext(c.ctx)
	if err != nil {
		return err
	}
	own := []string{"GOPATH=" + filepath.Join(dir, "gopath"), "GOMODCACHE=" + filepath.Join(dir, "gopath", "pkg", "mod"), "GOCACHE=" + goenv["GOCACHE"],
		kubeassets.CacheEnv + "=" + filepath.Join(dir, "cache"), kubeassets.AssetsEnv + "=", "XDG_CACHE_HOME=" + filepath.Join(dir, "xdg")}
	if err := install.RemoveModuleCache(c.ctx, c.Env, own); err != nil {
		return fmt.Errorf("the last check's module cache: %v", err)
	}
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	pack, clone := filepath.Join(dir, "pack"), filepath.Join(dir, "gomaps")
	if err := roompack.Make(c.ctx, c.WithGo(gocmd.Machine()), roompack.Options{Dir: pack, Envtest: true, Bundle: true}); err != nil {
		return err
	}
	if err := c.command(nil, "git", "-c", "advice.detachedHead=false", "clone", "-q", filepath.Join(pack, roompack.BundleFile), clone).Run(); err != nil {
		return fmt.Errorf("git clone %s: %v", roompack.BundleFile, err)
	}
	for _, args := range [][]string{{"course", "unpack", pack}, {"lab", "checkpoint", "01"}, {"lab", "run", "01"}} {
		cmd, prefix := c.command(nil, "go", append([]string{"run", "./tools/" + args[0]}, args[1:]...)...), ""
		cmd.Dir, cmd.Env = clone, append(os.Environ(), own...)
		if args[0] == "lab" {
			cmd.Env, prefix = append(cmd.Env, "GOPROXY=off"), "GOPROXY=off "
		}
		line := prefix + "go run ./tools/" + strings.Join(args, " ")
		fmt.Fprintf(c.Stdout, "$ %s\n", line)
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("%s in the clone of the pack: %v", line, err)
		}
	}
	return nil
}

// bench checks the benchmark tables' shape, then bench -mine on the labs as shipped: their maps
// pass no test, so it must measure nothing and say so.
func (c *checker) bench() error {
	if err := bench.Check(c.ctx, c.Root, c.Go, c.Stdout); err != nil {
		return err
	}
	err := bench.Mine(c.ctx, c.Root, c.Go, bench.MineRun{}, c.Stdout)
	if !errors.Is(err, bench.ErrNothingToMeasure) {
		return fmt.Errorf("bench -mine on the labs as shipped: got %v; want bench.ErrNothingToMeasure: %v", err, bench.ErrNothingToMeasure)
	}
	fmt.Fprintf(c.Stdout, "bench -mine on the labs as shipped: %v\n", err)
	return nil
}

// quickTests are the packages check -quick tests: the tools' own, but those that need
// envtest's binaries on a machine without them (quickPackages).
var quickTests = []string{"./tools/...", "./labs/lanes"}

// quickPackages are the packages of quickTests that this machine can test.
func (c *checker) quickPackages() ([]string, error) {
	if _, err := kubeassets.Dir(); err == nil || os.Getenv(kubeassets.AssetsEnv) != "" {
		return quickTests, nil
	}
	p, err := list(c.Root, c.Go.In(c.Root).Command(c.ctx, listArgs...))
	if err != nil {
		return nil, err
	}
	var pkgs []string
	for _, pkg := range p.all {
		switch {
		case !slices.ContainsFunc(quickTests, func(pat string) bool { return base.Within(pkg, pat) }):
		case p.envtest[pkg]:
			fmt.Fprintf(c.Stdout, "check -quick: no envtest binaries here, so %s is not tested: go run ./tools/envtest builds them\n", pkg)
		default:
			pkgs = append(pkgs, pkg)
		}
	}
	return pkgs, nil
}

// quickSteps are the contributor's check before a commit: gofmt, vet, the tools' tests and the
// contract of the labs whose files changed since the last commit, without fuzzing.
func (c *checker) quickSteps() ([]step, error) {
	labs, err := c.changedLabs()
	if err != nil {
		return nil, err
	}
	quick := []step{
		{name: "gofmt", run: (*stepRun).gofmt},
		{name: "vet", run: func(s *stepRun) error { return s.goCmd(nil, "vet", "./...") }},
		{name: "test", run: func(s *stepRun) error {
			pkgs, err := s.quickPackages()
			if err != nil {
				return err
			}
			return s.goTest(nil, append([]string{testTimeout}, pkgs...)...)
		}},
	}
	if len(labs) > 0 {
		quick = append(quick, step{name: "lab", run: func(s *stepRun) error {
			return s.goCmd(nil, append([]string{"run", "./tools/lab", "verify", "-fuzztime=0"}, labs...)...)
		}})
	}
	return quick, nil
}

// changedLabs lists the numbers of the labs whose files, solution or chapter (its hints)
// changed since the last commit.
func (c *checker) changedLabs() ([]string, error) {
	cmd := exec.CommandContext(c.ctx, "git", "status", "--porcelain", "-z", "--untracked-files=all")
	cmd.Dir = c.Root
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git status: %v: check -quick needs the course's git work tree", err)
	}
	var nns []string
	for _, entry := range strings.Split(string(out), "\x00") {
		if m := labFile.FindStringSubmatch(entry); m != nil && slices.Contains(courseroot.Labs(c.Root), m[1]+m[2]) {
			nns = append(nns, (m[1] + m[2])[:2])
		}
	}
	return slices.Compact(slices.Sorted(slices.Values(nns))), nil
}

// labFile is a line of git status --porcelain about a lab's file, its solution's or its chapter.
var labFile = regexp.MustCompile(`^.. (?:(?:labs|solutions)/([^/]+)/|chapters/([^/]+)\.md$)`)

// prefetch starts in the background what the steps need and the machine lacks, while the first
// steps compile; a failure is left to the step, which tries again and explains. The lanes'
// toolchains: the go command fetches each (some 70 MB) and locks the module cache, so a lane's
// step waits for its download. Envtest's binaries: the envtest step's go run ./tools/envtest
// waits for this build on the cache's lock, then builds what it did not leave. The Debian
// packages, in one apt-get install, as root: the steps that run them wait for it (waitDebs).
func (c *checker) prefetch(all []step, skip map[string]bool) {
	var debs []string
	for _, s := range all {
		if skip[s.name] {
			continue
		}
		if s.lane != nil && !s.lane.IsDefault() {
			cmd := gocmd.OnLane(*s.lane).In(c.Root).Command(c.ctx, "env", "GOVERSION")
			if cmd.Start() == nil {
				go cmd.Wait() // a failed download is left to the lane's step to report
			}
		}
		debs = append(debs, s.debs...)
	}
	if _, err := kubeassets.Dir(); !skip["envtest"] && os.Getenv(kubeassets.AssetsEnv) == "" && errors.Is(err, kubeassets.ErrMissing) {
		if f, err := install.CreateLog("envtest-build"); err == nil {
			fmt.Fprintf(c.Stdout, "envtest: building kube-apiserver and etcd in the background while the first steps run; log: %s\n", f.Name())
			go func() {
				defer f.Close()
				kubeassets.Build(c.ctx, f)
			}()
		}
	}
	if debs = c.missingDebs(debs); len(debs) > 0 && install.CanApt() {
		c.debs = make(chan struct{})
		bg := &base.Env{Root: c.Root, Stdout: &c.debsOut, Stderr: &c.debsOut, Go: gocmd.Machine().In(c.Root)}
		go func() {
			defer close(c.debs)
			install.Apt(c.ctx, bg, "check-apt", "what the book's steps need ("+strings.Join(debs, " ")+"), in the background", "the steps that need them install them one by one", debs...)
		}()
	}
}

// missingDebs are the Debian packages among debs whose programs the machine lacks.
func (c *checker) missingDebs(debs []string) []string {
	if len(debs) == 0 {
		return nil
	}
	node, hasBook := install.MissingNode(), book.FindPython(c.Root) != ""
	has := map[string]bool{"nodejs": !slices.Contains(node, "nodejs"), "npm": !slices.Contains(node, "npm"), install.CJKFont: install.HasChineseFont(),
		"chromium": os.Getenv("CHROMIUM") != "" || base.IsFile("/usr/bin/chromium")}
	for _, p := range book.Packages {
		has[p] = hasBook
	}
	return slices.DeleteFunc(slices.Compact(slices.Sorted(slices.Values(debs))), func(deb string) bool { return has[deb] })
}

// waitDebs waits for the background install of Debian's packages, and prints its line once.
func (c *checker) waitDebs() {
	if c.debs != nil {
		<-c.debs
		io.Copy(c.Stdout, &c.debsOut)
	}
}
