// Package doctor is the course's doctor command: it checks, in order, everything an attendee's
// machine needs for the course, and prints one line per need,
//
//	ok   <need>: <what was found>
//	note <need>: <what to do>      (useful, not required)
//	FIX  <need>: <the fix>         (the labs need it)
//
// then a summary line. It exits 1 when there is a FIX line. Each check asks the machine through
// [machine], so that the tests can fake a missing piece at a time.
package doctor

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"go/version"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"gomaps/labs/courseroot"
	"gomaps/labs/kubeassets"
	"gomaps/labs/lanes"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/book"
	"gomaps/tools/internal/cli"
	"gomaps/tools/internal/gocmd"
)

// How long a probe may take before the doctor gives up on it.
const (
	goEnvTimeout    = 30 * time.Second
	listTimeout     = 20 * time.Second // go list -m of the toolchain: one small request
	toolTimeout     = 10 * time.Second // go tool -n: about a second when the tool is built
	downloadTimeout = time.Minute      // go mod download with GOPROXY=off: reads the cache
	raceTimeout     = 3 * time.Minute  // a cold build cache builds the race runtime
)

// Free space thresholds, for the file systems of the module cache and the build cache: the
// build cache of the course reaches about 7 GB (both runtimes, -race, delve, envtest).
const (
	diskNoteBelow = 10e9
	diskFixBelow  = 3e9
)

var (
	errNoGo        = errors.New("no go command on PATH")             // what GoEnv returns without one
	errDiskUnknown = errors.New("free space unknown on this system") // what freeDisk returns where it cannot tell
)

// A machine is what the doctor asks of the computer it runs on.
type machine interface {
	LookPath(name string) (string, error)
	// Run runs a probe and returns its standard output and standard error. When it takes
	// longer than p.timeout, it is stopped and the error wraps context.DeadlineExceeded.
	Run(ctx context.Context, p probe) (stdout, stderr []byte, err error)
	GoEnv(ctx context.Context) (map[string]string, error) // errNoGo without a go command
	// Installed returns the installed go, whatever GOTOOLCHAIN switched go env's go to.
	Installed(ctx context.Context) (gocmd.Installed, error)
	// FreeDisk returns the bytes free for this user on the file system holding path (or its
	// nearest existing parent); errDiskUnknown where that cannot be measured.
	FreeDisk(path string) (uint64, error)
	ReadFile(path string) ([]byte, error)
	Glob(dir, pattern string) []string // the paths in dir that match pattern, as fs.Glob
	Stat(path string) (fs.FileInfo, error)
	IsRoot() bool                // who can install Debian's packages
	MkdocsPython() string        // a Python that imports everything the book needs, or ""
	EnvtestDir() (string, error) // the folder with kube-apiserver and etcd, as kubeassets.Dir
}

// A probe is a command the doctor runs, in dir, or with files in a new temporary folder.
type probe struct {
	dir     string
	files   map[string]string
	env     []string // added to the environment, after it (so they win)
	timeout time.Duration
	args    []string
}

func (p probe) String() string { return base.EnvPrefix(p.env) + strings.Join(p.args, " ") }

// realMachine is the computer the doctor runs on.
type realMachine struct{ root string }

func (realMachine) LookPath(name string) (string, error)  { return exec.LookPath(name) }
func (realMachine) ReadFile(path string) ([]byte, error)  { return os.ReadFile(path) }
func (realMachine) Stat(path string) (fs.FileInfo, error) { return os.Stat(path) }
func (realMachine) IsRoot() bool                          { return runtime.GOOS != "windows" && os.Geteuid() == 0 }
func (m realMachine) MkdocsPython() string                { return book.FindPython(m.root) }
func (realMachine) EnvtestDir() (string, error)           { return kubeassets.Dir() }

func (realMachine) Glob(dir, pattern string) []string {
	matches, _ := fs.Glob(os.DirFS(dir), pattern)
	return matches
}

func (realMachine) Run(ctx context.Context, p probe) ([]byte, []byte, error) {
	if p.files != nil {
		dir, err := os.MkdirTemp("", "gomaps-doctor-")
		if err != nil {
			return nil, nil, fmt.Errorf("cannot write a test program: %v", err)
		}
		defer os.RemoveAll(dir)
		for name, text := range p.files {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				return nil, nil, fmt.Errorf("cannot write a test program: %v", err)
			}
		}
		p.dir = dir
	}
	ctx, cancel := context.WithTimeout(ctx, p.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, p.args[0], p.args[1:]...)
	cmd.Dir = p.dir
	cmd.Env = append(os.Environ(), p.env...)
	cmd.WaitDelay = 2 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		err = fmt.Errorf("no answer in %v: %w", p.timeout, context.DeadlineExceeded)
	}
	return stdout.Bytes(), stderr.Bytes(), err
}

func (m realMachine) GoEnv(ctx context.Context) (map[string]string, error) {
	if _, err := exec.LookPath("go"); err != nil {
		return nil, errNoGo
	}
	ctx, cancel := context.WithTimeout(ctx, goEnvTimeout)
	defer cancel()
	env, err := gocmd.Machine().In(m.root).GoEnvContext(ctx)
	if err != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return nil, fmt.Errorf("go env fails (no answer in %v: %v): fix that first", goEnvTimeout, context.DeadlineExceeded)
	}
	return env, err
}

func (realMachine) Installed(ctx context.Context) (gocmd.Installed, error) {
	ctx, cancel := context.WithTimeout(ctx, goEnvTimeout)
	defer cancel()
	return gocmd.FindInstalled(ctx)
}

func (realMachine) FreeDisk(path string) (uint64, error) {
	if path == "" {
		return 0, errors.New("no folder")
	}
	// The cache may not exist yet: measure its nearest existing parent.
	for _, err := os.Stat(path); err != nil && filepath.Dir(path) != path; _, err = os.Stat(path) {
		path = filepath.Dir(path)
	}
	return freeDisk(path)
}

// Command is the doctor command.
func Command() *cli.Command {
	return &cli.Command{
		Name:   "doctor",
		Short:  "check this machine for the course, one line per need",
		Long:   `check this machine, one line per need, what a workshop instructor asks each attendee to run first: the Go version, GOTOOLCHAIN, GOPROXY, GOFLAGS, GOPRIVATE, the Go ` + classicVersion + ` toolchain (cached, or reachable through GOPROXY), a C compiler and -race, delve and benchstat built, mkdocs, the envtest binaries, free disk space, and whether everything is here to work offline; each line is "ok   need: what was found", "note need: what would help" or "FIX  need: the fix"; it ends with a summary line and exits 1 when there is a FIX line. It downloads no module or toolchain (only, when the toolchain is not cached, go list -m asks the proxy for its version) and builds only a tiny program with -race (seconds when the build cache is warm)`,
		NoArgs: true,
		Run: base.Run(func(ctx context.Context, env *base.Env, _ []string) error {
			fixes, err := doctor(ctx, realMachine{root: env.Root}, env.Root, env.Stdout)
			if err == nil && fixes > 0 {
				err = cli.ErrFailed
			}
			return err
		}),
	}
}

// A finding is what a check found: a verdict, and the text after the need's name.
type finding struct {
	verdict int // ok, note or FIX: an index of labels
	text    string
}

var labels = [...]string{"ok", "note", "FIX"}

func ok(format string, args ...any) finding   { return finding{0, fmt.Sprintf(format, args...)} }
func note(format string, args ...any) finding { return finding{1, fmt.Sprintf(format, args...)} }
func fix(format string, args ...any) finding  { return finding{2, fmt.Sprintf(format, args...)} }

const (
	prepareCommand = "go run ./tools/course prepare"
	doctorCommand  = "go run ./tools/course doctor"
)

var (
	classicVersion = lanes.Classic().Release()
	classicRunHint = "GOTOOLCHAIN=" + lanes.Classic().Toolchain + " go version"
)

// checks are the doctor's checks, in the order of its report: one line each, for its need.
var checks = []struct {
	need string
	run  func(*doc, context.Context) finding
}{
	{"Go version", (*doc).checkGo},
	{"GOTOOLCHAIN", (*doc).checkToolchainSetting},
	{"GOPROXY", (*doc).checkProxy},
	{"GOFLAGS", (*doc).checkFlags},
	{"GOPRIVATE/GONOPROXY/GONOSUMDB", (*doc).checkPrivate},
	{"Go " + classicVersion + " toolchain (classic map)", (*doc).checkClassic},
	{"lanes (map runtimes)", (*doc).checkLanes},
	{"C compiler", (*doc).checkCC},
	{"race detector", (*doc).checkRace},
	{"delve", func(d *doc, ctx context.Context) finding { return d.checkTool(ctx, "dlv") }},
	{"benchstat", func(d *doc, ctx context.Context) finding { return d.checkTool(ctx, "benchstat") }},
	{"mkdocs (the book)", (*doc).checkMkdocs},
	{"envtest binaries (labs 07, 08)", (*doc).checkEnvtest},
	{"disk space", (*doc).checkDisk},
	{"offline", (*doc).checkOffline},
}

// A doc is one run of the doctor: the machine, what go env and go.mod say, and the facts that
// several checks share, each found once before the checks.
type doc struct {
	m       machine
	root    string
	env     map[string]string
	inst    gocmd.Installed // the installed go, which GOTOOLCHAIN may have switched from
	instErr error
	need    string   // the Go the course's go.mod asks for, as go1.N.0
	install string   // the advice to install the Go the course needs
	modules []string // the modules go.mod requires

	have          string   // the Go the go command on PATH runs, as go1.N.P
	tooOld        bool     // older than need
	proxyOff      bool     // GOPROXY starts with off
	proxyNone     bool     // GOPROXY names no proxy at all: only direct (and off)
	cc, ccPath    string   // the C compiler go env CC names, and its path if it is on PATH
	missing       []string // modules the course builds that are not in the module cache
	missingErr    error
	countMods     int
	classicCached bool            // the module cache holds the classic toolchain, unpacked
	exes          map[string]bool // executables found in the build cache, by name
	envtestDir    string          // where kube-apiserver and etcd are, as kubeassets.Dir finds them
	envtestErr    error
	offlineGaps   []string // what the course needs and this machine lacks for working offline
}

// doctor prints the report to w and returns the number of FIX lines. An error means the report
// could not be made at all.
func doctor(ctx context.Context, m machine, root string, w io.Writer) (fixes int, err error) {
	d := &doc{m: m, root: root}
	gomod, err := m.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return 0, fmt.Errorf("doctor: %v", err)
	}
	f := courseroot.ParseGoMod(gomod)
	if f.Go == "" {
		return 0, errors.New("doctor: the course's go.mod has no go line")
	}
	d.need = "go" + f.Go
	d.install = "install Go " + strings.TrimPrefix(version.Lang(lanes.DefaultLane().Toolchain), "go") + " (any Go from " + strings.TrimPrefix(version.Lang(d.need), "go") + " on builds the course)"
	for _, r := range f.Require {
		d.modules = append(d.modules, r.Path)
	}
	counts := [3]int{}
	report := func(need string, f finding) {
		counts[f.verdict]++
		fmt.Fprintf(w, "%-4s %s: %s\n", labels[f.verdict], need, f.text)
	}
	d.env, err = m.GoEnv(ctx)
	switch {
	case errors.Is(err, errNoGo):
		report(checks[0].need, fix("no go command on PATH: %s, and put its bin folder on PATH", d.install))
	case err != nil:
		report(checks[0].need, fix("%v", err))
	default:
		d.learn(ctx)
		for _, c := range checks {
			if ctx.Err() != nil {
				return counts[2], fmt.Errorf("doctor: %v", ctx.Err())
			}
			report(c.need, c.run(d, ctx))
		}
	}
	advice := "ready for the labs, online or offline"
	if counts[2] > 0 {
		advice = "fix the FIX lines, then run " + doctorCommand + " again"
	} else if counts[1] > 0 {
		advice = "ready for the labs; the notes are worth doing before a workshop"
	}
	fmt.Fprintf(w, "summary: %d ok, %s, %d FIX: %s\n", counts[0], plural(counts[1], "note"), counts[2], advice)
	return counts[2], nil
}

// learn finds the facts several checks share: the installed go, the modules missing from the
// module cache (as go mod download with the module proxy off finds them), whether the classic
// toolchain is there, the executables in the build cache, and the envtest binaries.
func (d *doc) learn(ctx context.Context) {
	d.inst, d.instErr = d.m.Installed(ctx)
	d.have, _, _ = strings.Cut(strings.TrimSpace(d.env["GOVERSION"]), " ")
	d.tooOld = version.IsValid(d.have) && version.Compare(d.have, d.need) < 0
	proxies := strings.FieldsFunc(d.env["GOPROXY"], func(r rune) bool { return r == ',' || r == '|' || r == ' ' })
	d.proxyOff = len(proxies) > 0 && proxies[0] == "off"
	d.proxyNone = !slices.ContainsFunc(proxies, func(e string) bool { return e != "direct" && e != "off" })
	d.cc = "gcc"
	if f := strings.Fields(d.env["CC"]); len(f) > 0 {
		d.cc = f[0]
	}
	d.ccPath, _ = d.m.LookPath(d.cc)
	// -mod=readonly keeps the go command from writing go.sum (-mod=mod would add the go.mod
	// sums of the whole module graph).
	p := probe{dir: d.root, timeout: downloadTimeout, args: []string{"go", "mod", "download", "-json"},
		env: []string{"GOFLAGS=-mod=readonly", "GOPROXY=off", "GOTOOLCHAIN=local"}}
	stdout, stderr, err := d.m.Run(ctx, p)
	mods, _ := gocmd.DecodeModules(stdout) // what it reported before anything else is still news
	d.countMods = len(mods)
	for _, m := range mods {
		if m.Error != "" {
			d.missing = append(d.missing, m.Path+"@"+m.Version)
		}
	}
	if err != nil && (d.countMods == 0 || errors.Is(err, context.DeadlineExceeded)) {
		d.missingErr = fmt.Errorf("%s fails (%s)", p, firstLine(nil, stderr, err))
	}
	fi, err := d.m.Stat(lanes.ToolchainGo(lanes.Classic().Toolchain, d.env["GOMODCACHE"], d.env["GOHOSTOS"], d.env["GOHOSTARCH"]))
	d.classicCached = err == nil && fi.Mode().IsRegular()
	// go run and go tool keep what they build in GOCACHE/xx/<id>-d/<name>.
	d.exes = map[string]bool{}
	for _, f := range d.m.Glob(d.env["GOCACHE"], "??/*-d/*") {
		d.exes[strings.TrimSuffix(path.Base(f), ".exe")] = true
	}
	d.envtestDir, d.envtestErr = d.m.EnvtestDir()
	switch {
	case d.missingErr != nil:
		d.offlineGaps = append(d.offlineGaps, "the course's modules (the check failed)")
	case len(d.missing) > 0:
		d.offlineGaps = append(d.offlineGaps, fmt.Sprintf("%s (%s)", plural(len(d.missing), "module"), listSome(d.missing)))
	}
	if !d.classicCached {
		d.offlineGaps = append(d.offlineGaps, "the Go "+classicVersion+" toolchain")
	}
	if d.envtestErr != nil {
		d.offlineGaps = append(d.offlineGaps, "the envtest binaries")
	}
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func (d *doc) checkGo(context.Context) finding {
	have := d.have
	goos, goarch := d.env["GOOS"], d.env["GOARCH"]
	switch {
	case !version.IsValid(have):
		return note("cannot tell which release %q is: the course needs %s or newer", d.env["GOVERSION"], d.need)
	case d.tooOld:
		return fix("%s is older than the %s the course's go.mod asks for: %s, or let the go command fetch it (GOTOOLCHAIN=auto)", have, d.need, d.install)
	case goos != d.env["GOHOSTOS"] || goarch != d.env["GOHOSTARCH"]:
		return fix("GOOS=%s GOARCH=%s builds for another system than this %s/%s, so go test cannot run the labs: unset GOOS and GOARCH", goos, goarch, d.env["GOHOSTOS"], d.env["GOHOSTARCH"])
	}
	def, fetched := lanes.DefaultLane().Toolchain, ""
	if version.Lang(have) != version.Lang(def) {
		fetched = ", and the course's check fetches it"
	}
	if d.inst.Version != "" && d.inst.Version != have {
		fetched += "; GOTOOLCHAIN=" + d.env["GOTOOLCHAIN"] + " switches the installed " + d.inst.Version + " to it"
	}
	return ok("%s %s/%s (the course's go.mod asks for %s or newer; the book's outputs come from %s%s)", have, goos, goarch, d.need, def, fetched)
}

// checkToolchainSetting checks GOTOOLCHAIN. The course's classic runs set GOTOOLCHAIN on the
// command itself, which overrides any setting (go env -w, go.env or the shell's), so only a
// setting that keeps the go command below go.mod's version breaks.
func (d *doc) checkToolchainSetting(context.Context) finding {
	v := d.env["GOTOOLCHAIN"]
	name, _, _ := strings.Cut(v, "+")
	classic := lanes.Classic().Toolchain
	switch {
	case v == "" || name == "auto":
		return ok("%s: the go command fetches the toolchain a module asks for", cmp.Or(v, "auto"))
	case (name == "local" || name == "path") && d.tooOld:
		return fix("%s keeps the go command on the installed %s, older than the %s the course's go.mod asks for: set GOTOOLCHAIN=auto (go env -w GOTOOLCHAIN=auto, or in your shell if it is set there), or %s", v, d.have, d.need, d.install)
	case name == "local" || name == "path":
		return ok("%s: the go command runs the installed %s and fetches no other toolchain on its own; the classic map still works, because each classic command names its toolchain (GOTOOLCHAIN=%s), which overrides this setting", v, d.have, classic)
	case version.IsValid(name) && version.Compare(name, d.need) < 0:
		return fix("%s runs every go command on %s, older than the %s the course's go.mod asks for: unset it (go env -u GOTOOLCHAIN, or unset GOTOOLCHAIN in your shell)", v, name, d.need)
	case version.IsValid(name):
		return ok("%s: the go command runs %s or newer; the classic commands name %s themselves", v, name, classic)
	}
	return note("%s is not a setting the course knows: unset it (go env -u GOTOOLCHAIN) if the go command misbehaves", v)
}

func (d *doc) checkProxy(context.Context) finding {
	v := d.env["GOPROXY"]
	gaps := d.offlineGaps
	_, noGit := d.m.LookPath("git")
	switch {
	case d.proxyOff && len(gaps) == 0:
		return ok("%s: the go command downloads nothing, and everything the course needs is already on this machine", v)
	case d.proxyOff:
		return fix("%s stops the go command from fetching %s, which this machine does not have yet: unset GOPROXY (go env -u GOPROXY, or in your shell) while you have the network, then run %s", v, strings.Join(gaps, " and "), prepareCommand)
	case !d.proxyNone:
		return ok("%s", v)
	case len(gaps) == 0:
		return ok("%s: no module proxy, but everything the course needs is already on this machine", v)
	case noGit != nil:
		return fix("%s fetches every module from its source repository with git, and git is not on PATH: unset GOPROXY (go env -u GOPROXY) to use the default module proxy, or install git", v)
	}
	return note("%s fetches every module from its source repository with git, which is slower and needs access to each repository's host: unset GOPROXY (go env -u GOPROXY) to use the default module proxy", v)
}

// harmlessFlags are GOFLAGS that change nothing the course relies on; badFlags those that break
// every go command of the course, and how.
var (
	harmlessFlags = map[string]bool{
		"buildvcs": true, "modcacherw": true, "trimpath": true, "p": true, "v": true, "x": true,
		"mod=mod": true, "mod=readonly": true,
	}
	badFlags = map[string]string{
		"mod=vendor": "makes every go command build from a vendor folder, which the course does not have, so each one fails with \"inconsistent vendoring\"",
		"modfile":    "makes every go command read another go.mod than the course's",
	}
)

func (d *doc) checkFlags(context.Context) finding {
	v := d.env["GOFLAGS"]
	var odd []string
	for _, f := range strings.Fields(v) {
		name, val, _ := strings.Cut(strings.TrimLeft(f, "-"), "=")
		if bad := badFlags[name] + badFlags[name+"="+val]; bad != "" {
			return fix("%s %s: remove it (go env -u GOFLAGS, or unset GOFLAGS in your shell)", f, bad)
		}
		if !harmlessFlags[name] && !harmlessFlags[name+"="+val] {
			odd = append(odd, f)
		}
	}
	switch {
	case len(odd) == 1:
		return note("%s changes how every package of the course is built, and the labs are graded without it: remove it (go env -u GOFLAGS) if a lab fails in a way its chapter does not explain", odd[0])
	case len(odd) > 1:
		return note("%s change how every package of the course is built, and the labs are graded without them: remove them (go env -u GOFLAGS) if a lab fails in a way its chapter does not explain", strings.Join(odd, " "))
	case v == "":
		return ok("not set")
	}
	return ok("%s (harmless)", v)
}

// checkPrivate checks the settings that take modules away from the module proxy or the
// checksum database. go.sum pins every module the course needs, so the checksum database only
// matters for the toolchain, which go.sum does not list.
func (d *doc) checkPrivate(context.Context) finding {
	var direct []string
	missing := 0
	for _, p := range d.modules {
		if matchPrefixPatterns(d.env["GONOPROXY"], p) {
			direct = append(direct, p)
			for _, m := range d.missing {
				if strings.HasPrefix(m, p+"@") {
					missing++
				}
			}
		}
	}
	what := fmt.Sprintf("GONOPROXY=%s (from GOPRIVATE when unset) matches %s of the course's public modules", d.env["GONOPROXY"], listSome(direct))
	_, noGit := d.m.LookPath("git")
	switch {
	case len(direct) > 0 && missing == 0:
		return ok("%s, but they are all in the module cache already", what)
	case len(direct) > 0 && noGit != nil:
		return fix("%s, which the go command then fetches with git from their source repositories, and git is not on PATH: narrow GOPRIVATE or GONOPROXY to your own modules (go env -w GOPRIVATE=...)", what)
	case len(direct) > 0:
		return note("%s, so the go command fetches them with git from their source repositories instead of the module proxy: narrow GOPRIVATE or GONOPROXY to your own modules (go env -w GOPRIVATE=...)", what)
	case (d.env["GOSUMDB"] == "off" || matchPrefixPatterns(d.env["GONOSUMDB"], lanes.ToolchainModule)) && !d.classicCached:
		return note("%s: go.sum still checks the course's modules, but the Go %s toolchain would be downloaded without the checksum database's check: go env -u GOSUMDB GONOSUMDB GOPRIVATE, unless your network requires them", d.setVars("GOSUMDB", "GONOSUMDB"), classicVersion)
	case d.setVars("GOPRIVATE", "GONOPROXY", "GONOSUMDB") == "":
		return ok("not set")
	}
	return ok("%s, which matches none of the course's modules", d.setVars("GOPRIVATE", "GONOPROXY", "GONOSUMDB"))
}

// matchPrefixPatterns reports whether a module path matches a list of patterns in the syntax
// of GOPRIVATE, GONOPROXY and GONOSUMDB: comma-separated globs, each matched with path.Match
// against as many leading elements of the path as the glob has ("*.corp.example.com" matches
// "git.corp.example.com/team/mod"), as golang.org/x/mod's module.MatchPrefixPatterns does (the
// course's commands use only the standard library, so that they build offline).
func matchPrefixPatterns(patterns, modPath string) bool {
	elems := strings.Split(modPath, "/")
	for _, glob := range strings.Split(patterns, ",") {
		glob = strings.TrimSuffix(glob, "/")
		n := strings.Count(glob, "/") + 1
		if glob == "" || n > len(elems) {
			continue
		}
		if ok, _ := path.Match(glob, strings.Join(elems[:n], "/")); ok {
			return true
		}
	}
	return false
}

// setVars lists the go env variables that are set, as VAR=value.
func (d *doc) setVars(names ...string) string {
	var set []string
	for _, name := range names {
		if v := d.env[name]; v != "" {
			set = append(set, name+"="+v)
		}
	}
	return strings.Join(set, " ")
}

// listSome names up to three items and counts the rest.
func listSome(items []string) string {
	if len(items) <= 3 {
		return strings.Join(items, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(items[:3], ", "), len(items)-3)
}

func (d *doc) checkClassic(ctx context.Context) finding {
	mod := lanes.Classic().Module(d.env["GOHOSTOS"], d.env["GOHOSTARCH"])
	tc, proxy := lanes.Classic().Toolchain, d.env["GOPROXY"]
	if d.classicCached {
		p := probe{dir: d.root, timeout: listTimeout, args: []string{"go", "version"},
			env: []string{"GOTOOLCHAIN=" + tc, "GOPROXY=off", "GOFLAGS=-mod=readonly"}}
		stdout, stderr, err := d.m.Run(ctx, p)
		if err == nil && strings.Contains(string(stdout), tc+" ") {
			return ok("%s is in the module cache, and %s runs it with GOPROXY=off", mod, classicRunHint)
		}
		return fix("%s is in the module cache, but %s fails (%s): fix that, and with the network on run %s", mod, classicRunHint, firstLine(stdout, stderr, err), prepareCommand)
	}
	if d.proxyOff {
		return fix("%s is not in the module cache, and GOPROXY=%s stops the go command from fetching it: with the network on and GOPROXY unset, run %s", mod, proxy, prepareCommand)
	}
	// Ask for the version's .info only: a few hundred bytes, not the toolchain.
	p := probe{dir: d.root, timeout: listTimeout, args: []string{"go", "list", "-m", mod},
		env: []string{"GOFLAGS=-mod=readonly", "GOTOOLCHAIN=local"}}
	if stdout, stderr, err := d.m.Run(ctx, p); err != nil {
		return fix("%s is not in the module cache, and go list -m cannot find it through GOPROXY=%s (%s): check the network and GOPROXY, then run %s", mod, proxy, firstLine(stdout, stderr, err), prepareCommand)
	}
	return ok("not downloaded yet, but GOPROXY=%s has it (go list -m %s): the first classic command, or %s, downloads it (about 65 MB)", proxy, mod, prepareCommand)
}

// firstLine sums up a failed probe in one line: its first line of output that is not a
// package header ("# runtime/cgo").
func firstLine(stdout, stderr []byte, err error) string {
	if errors.Is(err, context.DeadlineExceeded) {
		return err.Error()
	}
	for _, line := range strings.Split(string(stderr)+"\n"+string(stdout), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "# ") {
			return line
		}
	}
	if err != nil {
		return err.Error()
	}
	return "no output"
}

// checkLanes says which of the course's lanes this machine runs now: on the installed go,
// from the module cache, or after the go command downloads the lane's toolchain on its first
// use (the installed go is the one GOTOOLCHAIN switches from, as gocmd finds it for the lanes'
// runs). It downloads nothing.
func (d *doc) checkLanes(context.Context) finding {
	if d.instErr != nil {
		return note("cannot tell which lanes run here: %v", d.instErr)
	}
	var here, later []string
	for _, l := range lanes.All {
		t, ok := d.inst.Toolchain(l.Toolchain, d.m.Stat)
		switch {
		case ok && !t.Cached:
			here = append(here, l.Name+" (the installed "+l.Toolchain+")")
		case ok:
			here = append(here, l.Name+" ("+l.Toolchain+", in the module cache)")
		default:
			later = append(later, l.Name+" ("+l.Toolchain+")")
		}
	}
	msg := "runs " + strings.Join(here, ", ")
	if len(here) == 0 {
		msg = "runs none yet"
	}
	switch {
	case len(later) == 0:
		return ok("%s; go run ./tools/course check -lane NAME checks one", msg)
	case d.proxyOff:
		return note("%s; not %s, whose toolchains GOPROXY=off keeps the go command from fetching: with the network on, run GOTOOLCHAIN=<toolchain> go version once for each", msg, strings.Join(later, ", "))
	}
	return ok("%s; the go command downloads the toolchain of %s on its first use (about 70 MB each)", msg, strings.Join(later, ", "))
}

// checkCC checks for a C compiler and cgo, which -race needs everywhere but macOS, whose race
// detector does without cgo since Go 1.20.
func (d *doc) checkCC(context.Context) finding {
	cc, path := d.cc, d.ccPath
	cgo, goos := d.env["CGO_ENABLED"], d.env["GOOS"]
	switch {
	case goos == "darwin" && path == "":
		return note("%s is not on PATH, which -race does not need on macOS; cgo programs do (xcode-select --install)", cc)
	case goos == "darwin":
		return ok("%s (%s), CGO_ENABLED=%s", cc, path, cgo)
	case path == "":
		for _, other := range []string{"gcc", "clang"} {
			if p, err := d.m.LookPath(other); err == nil && other != cc {
				return fix("CC=%s is not on PATH, but %s is (%s), and -race on %s needs cgo and a C compiler: go env -w CC=%s", cc, other, p, goos, other)
			}
		}
		return fix("no C compiler (CC=%s is not on PATH), and -race on %s needs cgo and a C compiler: install gcc (Debian: apt-get install gcc) or clang", cc, goos)
	case cgo != "1":
		return fix("%s is on PATH, but CGO_ENABLED=%s switches cgo off, and -race on %s needs it: go env -u CGO_ENABLED (or unset it in your shell)", cc, cgo, goos)
	}
	return ok("%s (%s), CGO_ENABLED=1", cc, path)
}

// raceProgram is built and run with -race, in a module of its own.
var raceProgram = map[string]string{
	"go.mod":  "module racecheck\n\ngo 1.21\n",
	"main.go": "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tdone := make(chan int)\n\tgo func() { done <- 4 }()\n\tfmt.Println(\"race detector ok:\", <-done)\n}\n",
}

func (d *doc) checkRace(ctx context.Context) finding {
	if d.env["GOOS"] != "darwin" && (d.ccPath == "" || d.env["CGO_ENABLED"] != "1") {
		return fix("-race needs cgo and a C compiler on %s: fix the C compiler line first", d.env["GOOS"])
	}
	// The program's module needs nothing: no proxy, no toolchain switch, no GOFLAGS of the course.
	p := probe{files: raceProgram, timeout: raceTimeout, args: []string{"go", "run", "-race", "."},
		env: []string{"GOFLAGS=", "GOTOOLCHAIN=local", "GOPROXY=off", "GOWORK=off"}}
	start := time.Now()
	stdout, stderr, err := d.m.Run(ctx, p)
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return note("go run -race of a test program did not finish in %v (a cold build cache on a slow machine?): check with go test -race ./labs/06-races", raceTimeout)
	case err != nil || !strings.Contains(string(stdout), "race detector ok"):
		return fix("go run -race of a test program fails (%s): fix that error; on Linux -race needs gcc or clang on PATH and CGO_ENABLED=1", firstLine(stdout, stderr, err))
	}
	return ok("go run -race built and ran a test program (%v)", time.Since(start).Round(100*time.Millisecond))
}

// checkTool checks that a tool dependency is built, without building it: when no build of it
// is in the build cache it says so; when one is, go tool -n finds the current one at once. (go
// tool -n builds the tool when it is not cached: the timeout stops that early, and what it
// compiled stays in the build cache for prepare.)
func (d *doc) checkTool(ctx context.Context, tool string) finding {
	if !d.exes[tool] {
		return note("not built yet: %s builds it (otherwise the first go tool %s does, which takes a while)", prepareCommand, tool)
	}
	p := probe{dir: d.root, timeout: toolTimeout, args: []string{"go", "tool", "-n", tool},
		env: []string{"GOTOOLCHAIN=local", "GOPROXY=off"}}
	stdout, stderr, err := d.m.Run(ctx, p)
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return note("a build of %s is in the build cache, but not one for this version and these settings (go tool -n %s did not find it in %v): %s builds it", tool, tool, toolTimeout, prepareCommand)
	case err != nil:
		return note("go tool -n %s fails (%s): run %s with the network on", tool, firstLine(stdout, stderr, err), prepareCommand)
	}
	return ok("built (go tool -n %s finds it in the build cache)", tool)
}

func (d *doc) checkMkdocs(context.Context) finding {
	const missing = "mkdocs, its Material theme or pymdown-extensions is missing: go run ./tools/course installs "
	_, apt := d.m.LookPath("apt-get")
	_, python := d.m.LookPath("python3")
	switch py := d.m.MkdocsPython(); {
	case py != "":
		return ok("%s imports mkdocs, the Material theme and pymdown-extensions", py)
	case apt == nil && d.m.IsRoot():
		return note(missing + "Debian's mkdocs, mkdocs-material and python3-pymdownx with apt-get, then serves the book")
	case python == nil:
		return note(missing + "them with pip into build/venv (it needs PyPI), then serves the book")
	}
	return note("no Python 3 with mkdocs: install Python 3, then pip install mkdocs mkdocs-material pymdown-extensions (Debian: apt-get install mkdocs mkdocs-material python3-pymdownx)")
}

func (d *doc) checkEnvtest(context.Context) finding {
	switch err := d.envtestErr; {
	case errors.Is(err, kubeassets.ErrMissing):
		return fix("kube-apiserver and etcd are not built yet: run %s once (about 10 minutes the first time on two cores)", kubeassets.BuildCommand)
	case err != nil:
		return fix("%v", err)
	}
	return ok("kube-apiserver and etcd are in %s", d.envtestDir)
}

func (d *doc) checkDisk(context.Context) finding {
	var free [2]uint64
	for i, cache := range [][2]string{{"module cache", "GOMODCACHE"}, {"build cache", "GOCACHE"}} {
		var err error
		if free[i], err = d.m.FreeDisk(d.env[cache[1]]); err != nil {
			return note("free space unknown for the %s (%v): keep 10 GB free for the module cache and the build cache, which reaches about 7 GB", cache[0], err)
		}
	}
	gb := func(n uint64) string { return fmt.Sprintf("%.1f GB", float64(n)/1e9) }
	found := gb(free[0]) + " free for the module cache and the build cache"
	if gb(free[0]) != gb(free[1]) {
		found = fmt.Sprintf("%s free for the module cache, %s for the build cache", gb(free[0]), gb(free[1]))
	}
	switch least := min(free[0], free[1]); {
	case least < diskFixBelow:
		return fix("only %s, and the build cache alone reaches about 7 GB: free at least 10 GB there (go clean -cache empties the build cache, which refills as you work)", found)
	case least < diskNoteBelow:
		return note("%s; the build cache reaches about 7 GB, so 10 GB or more is safer", found)
	}
	return ok("%s", found)
}

func (d *doc) checkOffline(context.Context) finding {
	if d.missingErr != nil {
		return note("cannot tell whether the modules are all here: %v: run %s while you have the network", d.missingErr, prepareCommand)
	}
	if len(d.offlineGaps) > 0 {
		return note("missing for working without the network: %s: run %s while you have the network", strings.Join(d.offlineGaps, "; "), prepareCommand)
	}
	return ok("every module the course builds (%d), the Go %s toolchain and the envtest binaries are on this machine", d.countMods, classicVersion)
}
