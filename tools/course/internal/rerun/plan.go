package rerun

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"gomaps/labs/kubeassets"
	"gomaps/labs/lanes"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/outcmd"
	"gomaps/tools/internal/gocmd"
)

// PrintedLane returns the lane whose runtime printed c's output: outputs runs every command on
// the default lane, whose GOTOOLCHAIN and GOEXPERIMENT the command's own words override. It
// reports false when those words make a runtime that is none of the course's lanes (Go 1.25
// with Swiss tables; GOEXPERIMENT=noswissmap on Go 1.27, which refuses it).
func PrintedLane(c *outcmd.Cmd) (lanes.Lane, bool) {
	def := lanes.DefaultLane()
	toolchain, ok := c.EnvValue("GOTOOLCHAIN")
	if !ok {
		toolchain = def.Toolchain
	}
	exp, ok := c.EnvValue("GOEXPERIMENT")
	if !ok {
		exp = def.Experiment
	}
	return lanes.Of(toolchain, exp)
}

// Tied reports whether c's output belongs to one lane: its command names a toolchain or an
// experiment (GOTOOLCHAIN or GOEXPERIMENT), so it says itself which runtime it shows; or it
// shares files with other outputs (a file of build/ that one writes and another reads, the lab
// runner's records), whose outputs the book printed from that lane too.
func Tied(c *outcmd.Cmd) bool {
	_, toolchain := c.EnvValue("GOTOOLCHAIN")
	_, exp := c.EnvValue("GOEXPERIMENT")
	return toolchain || exp || c.SharesState()
}

// lanesOf lists the lanes c's output can run on from the book, the one the book printed it on
// first: that one alone for an output Tied to it or whose program picks its lanes itself, every
// lane for the others, and none for a command whose variables make a runtime that is no lane
// (it runs as written).
func (r *Runner) lanesOf(c *outcmd.Cmd) []string {
	printed, ok := PrintedLane(c)
	if !ok {
		return []string{}
	}
	names := []string{printed.Name}
	if Tied(c) || r.picksLanes(c) {
		return names
	}
	for _, l := range lanes.All {
		if l.Name != printed.Name {
			names = append(names, l.Name)
		}
	}
	return names
}

// lanesImport is the package of the course's lanes: a program that imports it runs the lanes it
// names itself (03-calls runs its benchmarks on two releases, 04-splitgroup-bench on two
// layouts), whatever lane its own go run is on.
const lanesImport = `"gomaps/labs/lanes"`

// picksLanes reports whether c's command runs a program of the course that imports the lanes'
// table: the lanes it shows are its own choice, not the one its command runs on.
func (r *Runner) picksLanes(c *outcmd.Cmd) bool {
	for _, pkg := range r.packages(c) {
		dir := strings.TrimSuffix(pkg, "/...")
		files, _ := filepath.Glob(filepath.Join(r.Root, filepath.FromSlash(dir), "*.go"))
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			if data, err := os.ReadFile(f); err == nil && strings.Contains(string(data), lanesImport) {
				return true
			}
		}
	}
	return false
}

// packages lists the packages of the course that c's command names: its words ./dir and
// ./dir/... whose folder is there.
func (r *Runner) packages(c *outcmd.Cmd) []string {
	var pkgs []string
	for _, w := range c.Argv[1:] {
		dir := strings.TrimSuffix(w, "/...")
		if strings.HasPrefix(dir, "./") && base.IsDir(filepath.Join(r.Root, filepath.FromSlash(dir))) {
			pkgs = append(pkgs, w)
		}
	}
	return pkgs
}

// A plan is how one output runs on one lane.
type plan struct {
	out      *outcmd.Cmd // the output the reader asked for
	run      *outcmd.Cmd // the .cmd that runs: out, or out's twin on the lane
	lane     string      // the lane it runs on, "" when its variables make none of the lanes
	printed  string      // the lane the compared output was printed on ("" likewise)
	g        gocmd.Go    // the go command it runs with
	line     string      // the command line as it runs: with the lane's variables when they were added
	toolchan string      // the toolchain it runs
}

// planFor plans the run of output name on lane ("" for the lane the book printed it on). On
// the lane it was printed on, an output runs as outputs runs it. On another lane, an output that
// is not Tied runs as its twin when the book has one (the same command with that lane's
// variables, such as 05-orders-classic for 05-orders on the classic lane), so that the verdict
// compares with what the book printed for that lane; otherwise with the lane's variables added,
// and the verdict compares with the output printed on the other lane.
func (r *Runner) planFor(name, lane string) (*plan, *apiError) {
	c, err := outcmd.Read(r.Root, name)
	if errors.Is(err, outcmd.ErrNoOutput) {
		return nil, &apiError{Kind: "unknown", Output: name, Error: "there is no output " + quote(name) + " in chapters/out: the book runs only the course's outputs, by the name of their .cmd file"}
	} else if err != nil {
		return nil, &apiError{Kind: "failed", Output: name, Error: err.Error() + ": fix the .cmd file, then run it again"}
	}
	offered := r.lanesOf(c)
	printed, _ := PrintedLane(c)
	def := gocmd.OnLane(lanes.DefaultLane())
	p := &plan{out: c, run: c, printed: laneName(c), lane: laneName(c), g: def, line: c.Line}
	if lane == "" || lane == p.lane {
		p.toolchan = toolchainOf(c, def)
		return p, nil
	}
	if !slices.Contains(offered, lane) {
		msg := "the book runs " + name + " only on the lane it printed it on (" + orAsWritten(p.lane) + "): its command names its runtime, or shares files with other outputs"
		return nil, &apiError{Kind: "lane", Output: name, Lane: lane, Error: msg}
	}
	l := lanes.MustGet(lane)
	p.lane = lane
	if twin := r.twin(c, l); twin != nil {
		p.run, p.printed = twin, lane
		p.line = twin.Line
		p.toolchan = toolchainOf(twin, def)
		return p, nil
	}
	p.printed = printed.Name
	p.g = gocmd.OnLane(l)
	p.line = strings.TrimSpace(l.Prefix()) + " " + c.Line
	p.toolchan = l.Toolchain
	return p, nil
}

// laneName is the name of the lane c's output was printed on, or "".
func laneName(c *outcmd.Cmd) string {
	if l, ok := PrintedLane(c); ok {
		return l.Name
	}
	return ""
}

func orAsWritten(lane string) string {
	if lane == "" {
		return "as written"
	}
	return lane
}

// toolchainOf is the toolchain c's command runs with g: its own GOTOOLCHAIN, or g's.
func toolchainOf(c *outcmd.Cmd, g gocmd.Go) string {
	if t, ok := c.EnvValue("GOTOOLCHAIN"); ok {
		return t
	}
	for _, e := range g.Env {
		if t, ok := strings.CutPrefix(e, "GOTOOLCHAIN="); ok {
			return t
		}
	}
	return lanes.DefaultLane().Toolchain
}

// twin returns the output of the book that is c's command on lane l: the same command, with the
// same other variables, and l's GOTOOLCHAIN and GOEXPERIMENT; or nil.
func (r *Runner) twin(c *outcmd.Cmd, l lanes.Lane) *outcmd.Cmd {
	names, err := outcmd.Names(r.Root)
	if err != nil {
		return nil
	}
	for _, name := range names {
		t, err := outcmd.Read(r.Root, name)
		if err != nil || name == c.Name || !slices.Equal(t.Argv, c.Argv) || !slices.Equal(otherVars(t.Env), otherVars(c.Env)) {
			continue
		}
		if tl, ok := PrintedLane(t); ok && tl.Name == l.Name {
			return t
		}
	}
	return nil
}

// otherVars is env without GOTOOLCHAIN and GOEXPERIMENT.
func otherVars(env []string) []string {
	var other []string
	for _, e := range env {
		if !strings.HasPrefix(e, "GOTOOLCHAIN=") && !strings.HasPrefix(e, "GOEXPERIMENT=") {
			other = append(other, e)
		}
	}
	return other
}

// toolchains says which Go toolchains are on this machine, without fetching any: the installed
// go's, and those the module cache holds (where the go command puts a GOTOOLCHAIN it fetched).
type toolchains func(toolchain string) (bool, error)

// localToolchains is the machine's toolchains, read from go env once, when first asked.
func localToolchains() toolchains {
	local := gocmd.Machine().With("GOTOOLCHAIN=local").In(os.TempDir())
	var once sync.Once
	var env map[string]string
	var envErr error
	return func(toolchain string) (bool, error) {
		once.Do(func() { env, envErr = local.GoEnv() })
		if envErr != nil {
			return false, envErr
		}
		if env["GOVERSION"] == toolchain {
			return true, nil
		}
		return base.IsFile(lanes.ToolchainGo(toolchain, env["GOMODCACHE"], env["GOHOSTOS"], env["GOHOSTARCH"])), nil
	}
}

// envtestMissing returns why envtest's binaries are not there (kubeassets.ErrMissing, for a
// reader who has not built them), or nil.
func envtestMissing() error {
	_, err := kubeassets.Dir()
	return err
}

// envtestImport is the package that starts kube-apiserver and etcd: a command whose tests or
// program import it needs envtest's binaries (the check's envtest step uses the same rule).
const envtestImport = "sigs.k8s.io/controller-runtime/pkg/envtest"

// labArg is a lab named on the lab runner's command line: 07, 8 or 08-operator.
var labArg = regexp.MustCompile(`^([0-9]{1,2})(-[a-z]+)?$`)

// startsAPIServer reports whether c's command starts an API server: whether the packages it
// names (for the lab runner, the labs it names) import envtest, in their tests or not.
func (r *Runner) startsAPIServer(ctx context.Context, c *outcmd.Cmd) bool {
	var pkgs []string
	for _, pkg := range r.packages(c) {
		if pkg != "./tools/lab" {
			pkgs = append(pkgs, pkg)
			continue
		}
		for _, a := range c.Argv {
			if m := labArg.FindStringSubmatch(a); m != nil {
				labs, _ := filepath.Glob(filepath.Join(r.Root, "labs", leftPad(m[1])+"-*"))
				for _, l := range labs {
					pkgs = append(pkgs, "./labs/"+filepath.Base(l))
				}
			}
		}
	}
	if len(pkgs) == 0 {
		return false
	}
	g := gocmd.OnLane(lanes.DefaultLane()).In(r.Root)
	out, err := g.Command(ctx, append([]string{"list", "-e", "-deps", "-test", "-f", "{{.ImportPath}}"}, pkgs...)...).Output()
	return err == nil && slices.Contains(strings.Fields(string(out)), envtestImport)
}

func leftPad(n string) string {
	if len(n) == 1 {
		return "0" + n
	}
	return n
}

// quote quotes s for a message, shortened when long.
func quote(s string) string {
	if len(s) > 60 {
		s = s[:60] + "..."
	}
	return `"` + s + `"`
}
