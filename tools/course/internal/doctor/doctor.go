// Package doctor is the course's doctor command: it checks, in order, everything an
// attendee's machine needs for the course, one line per need.
package doctor

import (
	"bytes"
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
	"strings"
	"time"

	"gomaps/labs/courseroot"
	"gomaps/labs/kubeassets"
	"gomaps/labs/lanes"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/book"
	"gomaps/tools/course/internal/install"
	"gomaps/tools/internal/cli"
	"gomaps/tools/internal/gocmd"
)

// The doctor checks, in order, everything an attendee's machine needs for the course, and
// prints one line per need:
//
//	ok   <need>: <what was found>
//	note <need>: <what to do>      (useful, not required)
//	FIX  <need>: <the fix>         (the labs need it)
//
// then a summary line. It exits 1 when there is a FIX line. Each check asks the machine through
// [machine], so that the tests can fake a missing piece at a time.

// How long a probe may take before the doctor gives up on it.
const (
	doctorGoEnvTimeout    = 30 * time.Second
	doctorListTimeout     = 20 * time.Second // go list -m of the toolchain: one small request
	doctorToolTimeout     = 10 * time.Second // go tool -n: about a second when the tool is built
	doctorDownloadTimeout = time.Minute      // go mod download with GOPROXY=off: reads the cache
	doctorRaceTimeout     = 3 * time.Minute  // a cold build cache builds the race runtime
)

// Free space thresholds, for the file systems of the module cache and the build cache: the
// build cache of the course reaches about 7 GB (both runtimes, -race, delve, envtest).
const (
	diskNoteBelow = 10e9
	diskFixBelow  = 3e9
)

// errNoGo is what GoEnv returns when there is no go command on PATH.
var errNoGo = errors.New("no go command on PATH")

// errDiskUnknown is what freeDisk returns where the doctor cannot measure free space.
var errDiskUnknown = errors.New("free space unknown on this system")

// A machine is what the doctor asks of the computer it runs on.
type machine interface {
	// LookPath finds a program on PATH, like exec.LookPath.
	LookPath(name string) (string, error)
	// Run runs a command and returns its standard output and standard error. When it takes
	// longer than c.timeout, it is stopped and the error wraps context.DeadlineExceeded.
	Run(ctx context.Context, c probe) (stdout, stderr []byte, err error)
	// GoEnv returns `go env` as a map.
	GoEnv(ctx context.Context) (map[string]string, error)
	// FreeDisk returns the bytes free for this user on the file system holding path (or its
	// nearest existing parent); errDiskUnknown where that cannot be measured.
	FreeDisk(path string) (uint64, error)
	ReadFile(path string) ([]byte, error)
	ReadDir(path string) ([]fs.DirEntry, error)
	Stat(path string) (fs.FileInfo, error)
	// IsRoot reports whether the doctor runs as root (who can install Debian's packages).
	IsRoot() bool
	// TempDir writes files into a new temporary folder; remove deletes it.
	TempDir(files map[string]string) (dir string, remove func(), err error)
	// MkdocsPython returns a Python that imports everything the book needs, or "".
	MkdocsPython() string
	// EnvtestDir returns the folder with kube-apiserver and etcd, as kubeassets.Dir does.
	EnvtestDir() (string, error)
}

// A probe is a command the doctor runs.
type probe struct {
	dir     string
	env     []string // added to the environment, after it (so they win)
	timeout time.Duration
	args    []string
}

func (p probe) String() string { return base.EnvPrefix(p.env) + strings.Join(p.args, " ") }

// Command is the doctor command.
func Command() *cli.Command {
	return &cli.Command{
		Name:  "doctor",
		Short: "check this machine for the course, one line per need",
		Long: `check this machine, one line per need, what a workshop instructor asks each attendee ` +
			`to run first: the Go version, GOTOOLCHAIN, GOPROXY, GOFLAGS, GOPRIVATE, the Go ` + classicVersion + ` ` +
			`toolchain (cached, or reachable through GOPROXY), a C compiler and -race, delve and ` +
			`benchstat built, mkdocs, the envtest binaries, free disk space, and whether everything ` +
			`is here to work offline; each line is "ok   need: what was found", "note need: what ` +
			`would help" or "FIX  need: the fix"; it ends with a summary line and exits 1 when there ` +
			`is a FIX line. It downloads no module or toolchain (only, when the toolchain is not ` +
			`cached, go list -m asks the proxy for its version) and builds only a tiny program with ` +
			`-race (seconds when the build cache is warm)`,
		Run: run,
	}
}

func run(ctx context.Context, io cli.IO, args []string) error {
	if len(args) > 0 {
		return cli.Usagef("doctor: unexpected argument %q", args[0])
	}
	root, err := base.FindRoot()
	if err != nil {
		return err
	}
	fixes, err := doctor(ctx, realMachine{root: root}, root, io.Stdout)
	if err != nil {
		return err
	}
	if fixes > 0 {
		return cli.ErrFailed
	}
	return nil
}

type verdict int

const (
	verdictOK verdict = iota
	verdictNote
	verdictFix
)

// A finding is one line of the doctor's report.
type finding struct {
	verdict verdict
	need    string
	text    string
}

func (f finding) String() string {
	label := [...]string{"ok", "note", "FIX"}[f.verdict]
	return fmt.Sprintf("%-4s %s: %s", label, f.need, f.text)
}

func okf(need, format string, args ...any) finding {
	return finding{verdictOK, need, fmt.Sprintf(format, args...)}
}

func notef(need, format string, args ...any) finding {
	return finding{verdictNote, need, fmt.Sprintf(format, args...)}
}

func fixf(need, format string, args ...any) finding {
	return finding{verdictFix, need, fmt.Sprintf(format, args...)}
}

// The needs, as the report names them.
const (
	needGo         = "Go version"
	needToolchain  = "GOTOOLCHAIN"
	needProxy      = "GOPROXY"
	needFlags      = "GOFLAGS"
	needPrivate    = "GOPRIVATE/GONOPROXY/GONOSUMDB"
	needCC         = "C compiler"
	needRace       = "race detector"
	needDelve      = "delve"
	needBenchstat  = "benchstat"
	needMkdocs     = "mkdocs (the book)"
	needEnvtest    = "envtest binaries (labs 07, 08)"
	needDisk       = "disk space"
	needOffline    = "offline"
	needLanes      = "lanes (map runtimes)"
	prepareCommand = "go run ./tools/course prepare"
	doctorCommand  = "go run ./tools/course doctor"
)

var (
	classicRunHint = "GOTOOLCHAIN=" + lanes.Classic().Toolchain + " go version"
	classicVersion = lanes.Classic().Release()
	needClassic    = "Go " + classicVersion + " toolchain (classic map)"
)

// A doc is one run of the doctor: the machine, what go env and go.mod say, and the facts that
// several checks share, each found once.
type doc struct {
	m       machine
	root    string
	env     map[string]string
	need    string   // the Go the course's go.mod asks for, as go1.N.0
	modules []string // the modules go.mod requires

	missingDone bool
	missing     []string // modules the course builds that are not in the module cache
	missingErr  error
	countMods   int

	toolchainDone   bool
	toolchainCached bool

	exesDone bool
	exes     map[string]bool // executables found in the build cache, by name
}

// doctor prints the report to w and returns the number of FIX lines. An error means the report
// could not be made at all.
func doctor(ctx context.Context, m machine, root string, w io.Writer) (fixes int, err error) {
	d, err := newDoc(m, root)
	if err != nil {
		return 0, err
	}
	counts := [3]int{}
	report := func(f finding) {
		counts[f.verdict]++
		fmt.Fprintln(w, f)
	}
	d.env, err = m.GoEnv(ctx)
	switch {
	case errors.Is(err, errNoGo):
		report(fixf(needGo, "no go command on PATH: %s, and put its bin folder on PATH", d.installGo()))
	case err != nil:
		report(fixf(needGo, "%v", err))
	default:
		for _, check := range d.checks() {
			if ctx.Err() != nil {
				return counts[verdictFix], fmt.Errorf("doctor: %v", ctx.Err())
			}
			report(check(ctx))
		}
	}
	fmt.Fprintf(w, "summary: %d ok, %s, %d FIX: %s\n", counts[verdictOK], plural(counts[verdictNote], "note"), counts[verdictFix],
		summaryAdvice(counts[verdictFix], counts[verdictNote]))
	return counts[verdictFix], nil
}

// newDoc starts a run of the doctor: what the course's go.mod asks for.
func newDoc(m machine, root string) (*doc, error) {
	d := &doc{m: m, root: root}
	gomod, err := m.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return nil, fmt.Errorf("doctor: %v", err)
	}
	f := courseroot.ParseGoMod(gomod)
	if f.Go == "" {
		return nil, errors.New("doctor: the course's go.mod has no go line")
	}
	d.need = "go" + f.Go
	for _, r := range f.Require {
		d.modules = append(d.modules, r.Path)
	}
	return d, nil
}

// checks are the doctor's checks, in the order of its report: one line each.
func (d *doc) checks() []func(context.Context) finding {
	return []func(context.Context) finding{
		d.checkGo, d.checkToolchainSetting, d.checkProxy, d.checkFlags, d.checkPrivate,
		d.checkClassic, d.checkLanes, d.checkCC, d.checkRace,
		func(ctx context.Context) finding { return d.checkTool(ctx, needDelve, "dlv") },
		func(ctx context.Context) finding { return d.checkTool(ctx, needBenchstat, "benchstat") },
		d.checkMkdocs, d.checkEnvtest, d.checkDisk, d.checkOffline,
	}
}

func summaryAdvice(fixes, notes int) string {
	switch {
	case fixes > 0:
		return "fix the FIX lines, then run " + doctorCommand + " again"
	case notes > 0:
		return "ready for the labs; the notes are worth doing before a workshop"
	}
	return "ready for the labs, online or offline"
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// installGo is the advice to install the Go the course needs.
func (d *doc) installGo() string {
	return "install Go " + strings.TrimPrefix(version.Lang(lanes.DefaultLane().Toolchain), "go") + " (any Go from " + strings.TrimPrefix(version.Lang(d.need), "go") + " on builds the course)"
}

// haveGo returns the Go the go command on PATH runs, as go1.N.P.
func (d *doc) haveGo() string {
	if f := strings.Fields(d.env["GOVERSION"]); len(f) > 0 {
		return f[0]
	}
	return ""
}

// goTooOld reports whether the go command runs a Go older than the course needs.
func (d *doc) goTooOld() bool {
	have := d.haveGo()
	return version.IsValid(have) && version.Compare(have, d.need) < 0
}

func (d *doc) checkGo(context.Context) finding {
	have := d.haveGo()
	goos, goarch := d.env["GOOS"], d.env["GOARCH"]
	switch {
	case !version.IsValid(have):
		return notef(needGo, "cannot tell which release %q is: the course needs %s or newer", d.env["GOVERSION"], d.need)
	case d.goTooOld():
		return fixf(needGo, "%s is older than the %s the course's go.mod asks for: %s, or let the go command fetch it (GOTOOLCHAIN=auto)", have, d.need, d.installGo())
	case goos != d.env["GOHOSTOS"] || goarch != d.env["GOHOSTARCH"]:
		return fixf(needGo, "GOOS=%s GOARCH=%s builds for another system than this %s/%s, so go test cannot run the labs: unset GOOS and GOARCH", goos, goarch, d.env["GOHOSTOS"], d.env["GOHOSTARCH"])
	}
	def, fetched := lanes.DefaultLane().Toolchain, ""
	if version.Lang(have) != version.Lang(def) {
		fetched = ", and the course's check fetches it"
	}
	return okf(needGo, "%s %s/%s (the course's go.mod asks for %s or newer; the book's outputs come from %s%s)", have, goos, goarch, d.need, def, fetched)
}

// checkToolchainSetting checks GOTOOLCHAIN. The course's classic runs set
// GOTOOLCHAIN=<the classic lane's toolchain> on the command itself, which overrides any setting (go env -w, go.env
// or the shell's), so only a setting that keeps the go command below go.mod's version breaks.
func (d *doc) checkToolchainSetting(context.Context) finding {
	v := d.env["GOTOOLCHAIN"]
	name, _, _ := strings.Cut(v, "+")
	have := d.haveGo()
	switch {
	case v == "" || name == "auto":
		return okf(needToolchain, "%s: the go command fetches the toolchain a module asks for", orDefault(v, "auto"))
	case name == "local" || name == "path":
		if d.goTooOld() {
			return fixf(needToolchain, "%s keeps the go command on the installed %s, older than the %s the course's go.mod asks for: set GOTOOLCHAIN=auto (go env -w GOTOOLCHAIN=auto, or in your shell if it is set there), or %s", v, have, d.need, d.installGo())
		}
		return okf(needToolchain, "%s: the go command runs the installed %s and fetches no other toolchain on its own; the classic map still works, because each classic command names its toolchain (GOTOOLCHAIN=%s), which overrides this setting", v, have, lanes.Classic().Toolchain)
	case version.IsValid(name):
		if version.Compare(name, d.need) < 0 {
			return fixf(needToolchain, "%s runs every go command on %s, older than the %s the course's go.mod asks for: unset it (go env -u GOTOOLCHAIN, or unset GOTOOLCHAIN in your shell)", v, name, d.need)
		}
		return okf(needToolchain, "%s: the go command runs %s or newer; the classic commands name %s themselves", v, name, lanes.Classic().Toolchain)
	}
	return notef(needToolchain, "%s is not a setting the course knows: unset it (go env -u GOTOOLCHAIN) if the go command misbehaves", v)
}

func orDefault(v, otherwise string) string {
	if v == "" {
		return otherwise
	}
	return v
}

// proxyList splits GOPROXY into its entries.
func proxyList(v string) []string {
	return strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == '|' })
}

func (d *doc) proxyOff() bool {
	list := proxyList(d.env["GOPROXY"])
	return len(list) > 0 && strings.TrimSpace(list[0]) == "off"
}

// proxyNone reports whether GOPROXY names no proxy at all: only direct (and off).
func (d *doc) proxyNone() bool {
	for _, e := range proxyList(d.env["GOPROXY"]) {
		if e = strings.TrimSpace(e); e != "direct" && e != "off" {
			return false
		}
	}
	return true
}

func (d *doc) checkProxy(ctx context.Context) finding {
	v := d.env["GOPROXY"]
	gaps := d.offlineGaps(ctx)
	switch {
	case d.proxyOff():
		if len(gaps) == 0 {
			return okf(needProxy, "%s: the go command downloads nothing, and everything the course needs is already on this machine", v)
		}
		return fixf(needProxy, "%s stops the go command from fetching %s, which this machine does not have yet: unset GOPROXY (go env -u GOPROXY, or in your shell) while you have the network, then run %s", v, strings.Join(gaps, " and "), prepareCommand)
	case d.proxyNone():
		if len(gaps) == 0 {
			return okf(needProxy, "%s: no module proxy, but everything the course needs is already on this machine", v)
		}
		if _, err := d.m.LookPath("git"); err != nil {
			return fixf(needProxy, "%s fetches every module from its source repository with git, and git is not on PATH: unset GOPROXY (go env -u GOPROXY) to use the default module proxy, or install git", v)
		}
		return notef(needProxy, "%s fetches every module from its source repository with git, which is slower and needs access to each repository's host: unset GOPROXY (go env -u GOPROXY) to use the default module proxy", v)
	}
	return okf(needProxy, "%s", v)
}

// harmlessFlags are GOFLAGS that change nothing the course relies on.
var harmlessFlags = map[string]bool{
	"buildvcs": true, "modcacherw": true, "trimpath": true, "p": true, "v": true, "x": true,
	"mod=mod": true, "mod=readonly": true,
}

func (d *doc) checkFlags(context.Context) finding {
	v := d.env["GOFLAGS"]
	var odd []string
	for _, f := range strings.Fields(v) {
		name, val, _ := strings.Cut(strings.TrimLeft(f, "-"), "=")
		switch {
		case name == "mod" && val == "vendor":
			return fixf(needFlags, "%s makes every go command build from a vendor folder, which the course does not have, so each one fails with \"inconsistent vendoring\": remove it (go env -u GOFLAGS, or unset GOFLAGS in your shell)", f)
		case name == "modfile":
			return fixf(needFlags, "%s makes every go command read another go.mod than the course's: remove it (go env -u GOFLAGS, or unset GOFLAGS in your shell)", f)
		case harmlessFlags[name] || harmlessFlags[name+"="+val]:
		default:
			odd = append(odd, f)
		}
	}
	switch {
	case len(odd) > 0:
		verb, it := "changes", "it"
		if len(odd) > 1 {
			verb, it = "change", "them"
		}
		return notef(needFlags, "%s %s how every package of the course is built, and the labs are graded without %s: remove %s (go env -u GOFLAGS) if a lab fails in a way its chapter does not explain", strings.Join(odd, " "), verb, it, it)
	case v == "":
		return okf(needFlags, "not set")
	}
	return okf(needFlags, "%s (harmless)", v)
}

// checkPrivate checks the settings that take modules away from the module proxy or the
// checksum database. go.sum pins every module the course needs, so the checksum database only
// matters for the toolchain, which go.sum does not list.
func (d *doc) checkPrivate(ctx context.Context) finding {
	var direct []string
	for _, path := range d.modules {
		if matchPrefixPatterns(d.env["GONOPROXY"], path) {
			direct = append(direct, path)
		}
	}
	if len(direct) > 0 {
		missing := 0
		gaps, _ := d.missingModules(ctx)
		for _, g := range gaps {
			for _, p := range direct {
				if strings.HasPrefix(g, p+"@") {
					missing++
				}
			}
		}
		what := fmt.Sprintf("GONOPROXY=%s (from GOPRIVATE when unset) matches %s of the course's public modules", d.env["GONOPROXY"], listSome(direct))
		if missing == 0 {
			return okf(needPrivate, "%s, but they are all in the module cache already", what)
		}
		if _, err := d.m.LookPath("git"); err != nil {
			return fixf(needPrivate, "%s, which the go command then fetches with git from their source repositories, and git is not on PATH: narrow GOPRIVATE or GONOPROXY to your own modules (go env -w GOPRIVATE=...)", what)
		}
		return notef(needPrivate, "%s, so the go command fetches them with git from their source repositories instead of the module proxy: narrow GOPRIVATE or GONOPROXY to your own modules (go env -w GOPRIVATE=...)", what)
	}
	toolchainUnchecked := d.env["GOSUMDB"] == "off" || matchPrefixPatterns(d.env["GONOSUMDB"], lanes.ToolchainModule)
	if toolchainUnchecked && !d.classicCached() {
		return notef(needPrivate, "%s: go.sum still checks the course's modules, but the Go %s toolchain would be downloaded without the checksum database's check: go env -u GOSUMDB GONOSUMDB GOPRIVATE, unless your network requires them", d.setVars("GOSUMDB", "GONOSUMDB"), classicVersion)
	}
	set := d.setVars("GOPRIVATE", "GONOPROXY", "GONOSUMDB")
	if set == "" {
		return okf(needPrivate, "not set")
	}
	return okf(needPrivate, "%s, which matches none of the course's modules", set)
}

// matchPrefixPatterns reports whether a module path matches a list of patterns in the syntax
// of GOPRIVATE, GONOPROXY and GONOSUMDB: comma-separated globs, each matched with path.Match
// against as many leading elements of the path as the glob has ("*.corp.example.com" matches
// "git.corp.example.com/team/mod"). The course's commands use only the standard library, so
// that they build with an empty module cache and no network.
func matchPrefixPatterns(patterns, modPath string) bool {
	elems := strings.Split(modPath, "/")
	for _, glob := range strings.Split(patterns, ",") {
		glob = strings.TrimSuffix(glob, "/")
		if glob == "" {
			continue
		}
		n := strings.Count(glob, "/") + 1
		if n > len(elems) {
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

// toolchainModule is the module (golang.org/toolchain@version) that holds lane l's toolchain
// for this machine.
func (d *doc) toolchainModule(l lanes.Lane) string {
	return l.Module(d.env["GOHOSTOS"], d.env["GOHOSTARCH"])
}

// classicCached reports whether the module cache holds the classic toolchain, unpacked.
func (d *doc) classicCached() bool {
	if !d.toolchainDone {
		d.toolchainDone = true
		d.toolchainCached = d.toolchainCachedFor(lanes.Classic())
	}
	return d.toolchainCached
}

// toolchainCachedFor reports whether the module cache holds lane l's toolchain, unpacked.
func (d *doc) toolchainCachedFor(l lanes.Lane) bool {
	fi, err := d.m.Stat(lanes.ToolchainGo(l.Toolchain, d.env["GOMODCACHE"], d.env["GOHOSTOS"], d.env["GOHOSTARCH"]))
	return err == nil && fi.Mode().IsRegular()
}

// checkLanes says which of the course's lanes (labs/lanes: the map runtimes it checks) this
// machine runs now: on the installed go, from the module cache, or after the go command
// downloads the lane's toolchain on its first use. It downloads nothing.
func (d *doc) checkLanes(context.Context) finding {
	var here, later []string
	for _, l := range lanes.All {
		switch {
		case d.env["GOVERSION"] == l.Toolchain:
			here = append(here, l.Name+" (the installed "+l.Toolchain+")")
		case d.toolchainCachedFor(l):
			here = append(here, l.Name+" ("+l.Toolchain+", in the module cache)")
		default:
			later = append(later, l.Name+" ("+l.Toolchain+")")
		}
	}
	msg := "runs " + strings.Join(here, ", ")
	if len(here) == 0 {
		msg = "runs none yet"
	}
	if len(later) == 0 {
		return okf(needLanes, "%s; go run ./tools/course check -lane NAME checks one", msg)
	}
	if d.proxyOff() {
		return notef(needLanes, "%s; not %s, whose toolchains GOPROXY=off keeps the go command from fetching: with the network on, run GOTOOLCHAIN=<toolchain> go version once for each", msg, strings.Join(later, ", "))
	}
	return okf(needLanes, "%s; the go command downloads the toolchain of %s on its first use (about 70 MB each)", msg, strings.Join(later, ", "))
}

func (d *doc) checkClassic(ctx context.Context) finding {
	mod := d.toolchainModule(lanes.Classic())
	if d.classicCached() {
		p := probe{dir: d.root, timeout: doctorListTimeout, args: []string{"go", "version"},
			env: []string{"GOTOOLCHAIN=" + lanes.Classic().Toolchain, "GOPROXY=off", "GOFLAGS=-mod=readonly"}}
		stdout, stderr, err := d.m.Run(ctx, p)
		if err == nil && strings.Contains(string(stdout), lanes.Classic().Toolchain+" ") {
			return okf(needClassic, "%s is in the module cache, and %s runs it with GOPROXY=off", mod, classicRunHint)
		}
		return fixf(needClassic, "%s is in the module cache, but %s fails (%s): fix that, and with the network on run %s", mod, classicRunHint, firstLine(stdout, stderr, err), prepareCommand)
	}
	if d.proxyOff() {
		return fixf(needClassic, "%s is not in the module cache, and GOPROXY=%s stops the go command from fetching it: with the network on and GOPROXY unset, run %s", mod, d.env["GOPROXY"], prepareCommand)
	}
	// Ask for the version's .info only: a few hundred bytes, not the toolchain.
	p := probe{dir: d.root, timeout: doctorListTimeout, args: []string{"go", "list", "-m", mod},
		env: []string{"GOFLAGS=-mod=readonly", "GOTOOLCHAIN=local"}}
	stdout, stderr, err := d.m.Run(ctx, p)
	if err != nil {
		return fixf(needClassic, "%s is not in the module cache, and go list -m cannot find it through GOPROXY=%s (%s): check the network and GOPROXY, then run %s", mod, d.env["GOPROXY"], firstLine(stdout, stderr, err), prepareCommand)
	}
	return okf(needClassic, "not downloaded yet, but GOPROXY=%s has it (go list -m %s): the first classic command, or %s, downloads it (about 65 MB)", d.env["GOPROXY"], mod, prepareCommand)
}

// firstLine sums up a failed probe in one line: its first line of output that is not a
// package header ("# runtime/cgo").
func firstLine(stdout, stderr []byte, err error) string {
	if errors.Is(err, context.DeadlineExceeded) {
		return err.Error()
	}
	for _, out := range [][]byte{stderr, stdout} {
		for _, line := range strings.Split(string(out), "\n") {
			if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "# ") {
				return line
			}
		}
	}
	if err != nil {
		return err.Error()
	}
	return "no output"
}

// raceNeedsCgo reports whether -race needs cgo and a C compiler on this system: everywhere
// but macOS, whose race detector does without cgo since Go 1.20.
func (d *doc) raceNeedsCgo() bool { return d.env["GOOS"] != "darwin" }

// compiler returns the C compiler go env CC names, and its path if it is on PATH.
func (d *doc) compiler() (cc, path string) {
	f := strings.Fields(d.env["CC"])
	cc = "gcc"
	if len(f) > 0 {
		cc = f[0]
	}
	path, _ = d.m.LookPath(cc)
	return cc, path
}

func (d *doc) checkCC(context.Context) finding {
	cc, path := d.compiler()
	cgo := d.env["CGO_ENABLED"]
	if !d.raceNeedsCgo() {
		if path == "" {
			return notef(needCC, "%s is not on PATH, which -race does not need on macOS; cgo programs do (xcode-select --install)", cc)
		}
		return okf(needCC, "%s (%s), CGO_ENABLED=%s", cc, path, cgo)
	}
	if path == "" {
		for _, other := range []string{"gcc", "clang"} {
			if p, err := d.m.LookPath(other); err == nil && other != cc {
				return fixf(needCC, "CC=%s is not on PATH, but %s is (%s), and -race on %s needs cgo and a C compiler: go env -w CC=%s", cc, other, p, d.env["GOOS"], other)
			}
		}
		return fixf(needCC, "no C compiler (CC=%s is not on PATH), and -race on %s needs cgo and a C compiler: install gcc (Debian: apt-get install gcc) or clang", cc, d.env["GOOS"])
	}
	if cgo != "1" {
		return fixf(needCC, "%s is on PATH, but CGO_ENABLED=%s switches cgo off, and -race on %s needs it: go env -u CGO_ENABLED (or unset it in your shell)", cc, cgo, d.env["GOOS"])
	}
	return okf(needCC, "%s (%s), CGO_ENABLED=1", cc, path)
}

// raceProgram is built and run with -race, in a module of its own.
var raceProgram = map[string]string{
	"go.mod": "module racecheck\n\ngo 1.21\n",
	"main.go": `package main

import (
	"fmt"
	"sync"
)

func main() {
	var mu sync.Mutex
	var wg sync.WaitGroup
	m := map[int]int{}
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			mu.Lock()
			m[i] = i
			mu.Unlock()
		}(i)
	}
	wg.Wait()
	fmt.Println("race detector ok:", len(m))
}
`,
}

func (d *doc) checkRace(ctx context.Context) finding {
	if d.raceNeedsCgo() {
		if _, path := d.compiler(); path == "" || d.env["CGO_ENABLED"] != "1" {
			return fixf(needRace, "-race needs cgo and a C compiler on %s: fix the %s line first", d.env["GOOS"], needCC)
		}
	}
	dir, remove, err := d.m.TempDir(raceProgram)
	if err != nil {
		return notef(needRace, "cannot write a test program (%v): check with go test -race ./labs/06-races", err)
	}
	defer remove()
	// The program's module needs nothing: no proxy, no toolchain switch, no GOFLAGS of the course.
	p := probe{dir: dir, timeout: doctorRaceTimeout, args: []string{"go", "run", "-race", "."},
		env: []string{"GOFLAGS=", "GOTOOLCHAIN=local", "GOPROXY=off", "GOWORK=off"}}
	start := time.Now()
	stdout, stderr, err := d.m.Run(ctx, p)
	took := time.Since(start).Round(100 * time.Millisecond)
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return notef(needRace, "go run -race of a test program did not finish in %v (a cold build cache on a slow machine?): check with go test -race ./labs/06-races", doctorRaceTimeout)
	case err != nil || !strings.Contains(string(stdout), "race detector ok"):
		return fixf(needRace, "go run -race of a test program fails (%s): fix that error; on Linux -race needs gcc or clang on PATH and CGO_ENABLED=1", firstLine(stdout, stderr, err))
	}
	return okf(needRace, "go run -race built and ran a test program (%v)", took)
}

// builtExecutables returns the names of the executables in the build cache, where go run and
// go tool keep what they build (GOCACHE/xx/<id>-d/<name>).
func (d *doc) builtExecutables() map[string]bool {
	if d.exesDone {
		return d.exes
	}
	d.exesDone = true
	d.exes = map[string]bool{}
	cache := d.env["GOCACHE"]
	subs, _ := d.m.ReadDir(cache)
	for _, sub := range subs {
		if !sub.IsDir() || len(sub.Name()) != 2 {
			continue
		}
		entries, _ := d.m.ReadDir(filepath.Join(cache, sub.Name()))
		for _, e := range entries {
			if !e.IsDir() || !strings.HasSuffix(e.Name(), "-d") {
				continue
			}
			files, _ := d.m.ReadDir(filepath.Join(cache, sub.Name(), e.Name()))
			for _, f := range files {
				d.exes[strings.TrimSuffix(f.Name(), ".exe")] = true
			}
		}
	}
	return d.exes
}

// checkTool checks that a tool dependency is built, without building it: when no build of it
// is in the build cache it says so; when one is, go tool -n finds the current one at once. (go
// tool -n builds the tool when it is not cached: the timeout stops that early, and what it
// compiled stays in the build cache for prepare.)
func (d *doc) checkTool(ctx context.Context, need, tool string) finding {
	if !d.builtExecutables()[tool] {
		return notef(need, "not built yet: %s builds it (otherwise the first go tool %s does, which takes a while)", prepareCommand, tool)
	}
	p := probe{dir: d.root, timeout: doctorToolTimeout, args: []string{"go", "tool", "-n", tool},
		env: []string{"GOTOOLCHAIN=local", "GOPROXY=off"}}
	stdout, stderr, err := d.m.Run(ctx, p)
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return notef(need, "a build of %s is in the build cache, but not one for this version and these settings (go tool -n %s did not find it in %v): %s builds it", tool, tool, doctorToolTimeout, prepareCommand)
	case err != nil:
		return notef(need, "go tool -n %s fails (%s): run %s with the network on", tool, firstLine(stdout, stderr, err), prepareCommand)
	}
	return okf(need, "built (go tool -n %s finds it in the build cache)", tool)
}

func (d *doc) checkMkdocs(context.Context) finding {
	if py := d.m.MkdocsPython(); py != "" {
		return okf(needMkdocs, "%s imports mkdocs, the Material theme and pymdown-extensions", py)
	}
	if _, err := d.m.LookPath("apt-get"); err == nil && d.m.IsRoot() {
		return notef(needMkdocs, "mkdocs, its Material theme or pymdown-extensions is missing: go run ./tools/course installs Debian's mkdocs, mkdocs-material and python3-pymdownx with apt-get, then serves the book")
	}
	if _, err := d.m.LookPath("python3"); err == nil {
		return notef(needMkdocs, "mkdocs, its Material theme or pymdown-extensions is missing: go run ./tools/course installs them with pip into build/venv (it needs PyPI), then serves the book")
	}
	return notef(needMkdocs, "no Python 3 with mkdocs: install Python 3, then pip install mkdocs mkdocs-material pymdown-extensions (Debian: apt-get install mkdocs mkdocs-material python3-pymdownx)")
}

func (d *doc) envtest() (string, error) { return d.m.EnvtestDir() }

func (d *doc) checkEnvtest(context.Context) finding {
	dir, err := d.envtest()
	switch {
	case errors.Is(err, kubeassets.ErrMissing):
		return fixf(needEnvtest, "kube-apiserver and etcd are not built yet: run %s once (about 10 minutes the first time on two cores)", kubeassets.BuildCommand)
	case err != nil:
		return fixf(needEnvtest, "%v", err)
	}
	return okf(needEnvtest, "kube-apiserver and etcd are in %s", dir)
}

func (d *doc) checkDisk(context.Context) finding {
	type place struct {
		what string
		free uint64
		err  error
	}
	places := []*place{{what: "module cache"}, {what: "build cache"}}
	for i, dir := range []string{d.env["GOMODCACHE"], d.env["GOCACHE"]} {
		places[i].free, places[i].err = d.m.FreeDisk(dir)
	}
	for _, p := range places {
		if p.err != nil {
			return notef(needDisk, "free space unknown for the %s (%v): keep 10 GB free for the module cache and the build cache, which reaches about 7 GB", p.what, p.err)
		}
	}
	least := min(places[0].free, places[1].free)
	var found string
	if gb(places[0].free) == gb(places[1].free) {
		found = gb(least) + " free for the module cache and the build cache"
	} else {
		found = fmt.Sprintf("%s free for the module cache, %s for the build cache", gb(places[0].free), gb(places[1].free))
	}
	switch {
	case least < diskFixBelow:
		return fixf(needDisk, "only %s, and the build cache alone reaches about 7 GB: free at least 10 GB there (go clean -cache empties the build cache, which refills as you work)", found)
	case least < diskNoteBelow:
		return notef(needDisk, "%s; the build cache reaches about 7 GB, so 10 GB or more is safer", found)
	}
	return okf(needDisk, "%s", found)
}

func gb(n uint64) string { return fmt.Sprintf("%.1f GB", float64(n)/1e9) }

// missingModules returns the modules (path@version) the course builds that are not in the
// module cache, as go mod download with the module proxy off finds them.
// -mod=readonly keeps the go command from writing go.sum (-mod=mod would add the go.mod sums
// of the whole module graph).
func (d *doc) missingModules(ctx context.Context) ([]string, error) {
	if d.missingDone {
		return d.missing, d.missingErr
	}
	d.missingDone = true
	p := probe{dir: d.root, timeout: doctorDownloadTimeout, args: []string{"go", "mod", "download", "-json"},
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
	return d.missing, d.missingErr
}

// offlineGaps lists what the course needs and this machine lacks for working offline.
func (d *doc) offlineGaps(ctx context.Context) []string {
	var gaps []string
	missing, err := d.missingModules(ctx)
	switch {
	case err != nil:
		gaps = append(gaps, "the course's modules (the check failed)")
	case len(missing) > 0:
		gaps = append(gaps, fmt.Sprintf("%s (%s)", plural(len(missing), "module"), listSome(missing)))
	}
	if !d.classicCached() {
		gaps = append(gaps, "the Go "+classicVersion+" toolchain")
	}
	if _, err := d.envtest(); err != nil {
		gaps = append(gaps, "the envtest binaries")
	}
	return gaps
}

func (d *doc) checkOffline(ctx context.Context) finding {
	if _, err := d.missingModules(ctx); err != nil {
		return notef(needOffline, "cannot tell whether the modules are all here: %v: run %s while you have the network", err, prepareCommand)
	}
	if gaps := d.offlineGaps(ctx); len(gaps) > 0 {
		return notef(needOffline, "missing for working without the network: %s: run %s while you have the network", strings.Join(gaps, "; "), prepareCommand)
	}
	return okf(needOffline, "every module the course builds (%d), the Go %s toolchain and the envtest binaries are on this machine", d.countMods, classicVersion)
}

// realMachine is the computer the doctor runs on.
type realMachine struct{ root string }

func (realMachine) LookPath(name string) (string, error) { return exec.LookPath(name) }

func (realMachine) Run(ctx context.Context, p probe) ([]byte, []byte, error) {
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
	ctx, cancel := context.WithTimeout(ctx, doctorGoEnvTimeout)
	defer cancel()
	env, err := gocmd.Machine().In(m.root).GoEnvContext(ctx)
	if err != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return nil, fmt.Errorf("go env fails (no answer in %v: %v): fix that first", doctorGoEnvTimeout, context.DeadlineExceeded)
	}
	return env, err
}

func (realMachine) FreeDisk(path string) (uint64, error) {
	if path == "" {
		return 0, errors.New("no folder")
	}
	// The cache may not exist yet: measure its nearest existing parent.
	for {
		if _, err := os.Stat(path); err == nil {
			break
		}
		parent := filepath.Dir(path)
		if parent == path {
			break
		}
		path = parent
	}
	return freeDisk(path)
}

func (realMachine) ReadFile(path string) ([]byte, error)       { return os.ReadFile(path) }
func (realMachine) ReadDir(path string) ([]fs.DirEntry, error) { return os.ReadDir(path) }
func (realMachine) Stat(path string) (fs.FileInfo, error)      { return os.Stat(path) }
func (realMachine) IsRoot() bool                               { return runtime.GOOS != "windows" && os.Geteuid() == 0 }

func (realMachine) TempDir(files map[string]string) (string, func(), error) {
	dir, err := os.MkdirTemp("", "gomaps-doctor-")
	if err != nil {
		return "", nil, err
	}
	remove := func() { os.RemoveAll(dir) }
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			remove()
			return "", nil, err
		}
	}
	return dir, remove, nil
}

func (m realMachine) MkdocsPython() string {
	return book.FindPython(&install.Setup{Root: m.root, Stdout: io.Discard, Stderr: io.Discard, Go: gocmd.Machine()})
}

func (realMachine) EnvtestDir() (string, error) { return kubeassets.Dir() }
