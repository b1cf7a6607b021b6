package rerun

import (
	"cmp"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"gomaps/labs/courseroot"
	"gomaps/labs/lanes"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/outcmd"
	"gomaps/tools/internal/gocmd"
)

// printedOn returns the lane whose runtime printed c's output, and the toolchain c runs: the
// default lane's, but for the GOTOOLCHAIN and GOEXPERIMENT c's words set. The lane is "" when
// they make none of the course's lanes (Go 1.25 with Swiss tables; noswissmap on Go 1.27).
func printedOn(c *outcmd.Cmd) (lane, toolchain string) {
	def := lanes.DefaultLane()
	toolchain, exp := def.Toolchain, def.Experiment
	if t, ok := c.EnvValue("GOTOOLCHAIN"); ok {
		toolchain = t
	}
	if e, ok := c.EnvValue("GOEXPERIMENT"); ok {
		exp = e
	}
	l, _ := lanes.Of(toolchain, exp)
	return l.Name, toolchain
}

// lanesOf lists the lanes c's output can run on from the book, the one it was printed on first:
// none when its variables make no lane (it runs as written); that one alone when its command
// names a toolchain or an experiment, shares files with other outputs (build/, the lab runner's
// records), or runs a program that picks its lanes itself (03-calls); else every lane.
func (r *Runner) lanesOf(c *outcmd.Cmd) []string {
	printed, _ := printedOn(c)
	_, toolchain := c.EnvValue("GOTOOLCHAIN")
	_, exp := c.EnvValue("GOEXPERIMENT")
	switch {
	case printed == "":
		return []string{}
	case toolchain || exp || c.SharesState() || r.picksLanes(c):
		return []string{printed}
	}
	return append([]string{printed}, slices.DeleteFunc(lanes.Names(), func(n string) bool { return n == printed })...)
}

// picksLanes reports whether c's command runs a program of the course that imports lanes.
func (r *Runner) picksLanes(c *outcmd.Cmd) bool {
	return slices.ContainsFunc(r.packages(c), func(pkg string) bool {
		files, _ := filepath.Glob(filepath.Join(r.Root, filepath.FromSlash(strings.TrimSuffix(pkg, "/...")), "*.go"))
		return slices.ContainsFunc(files, func(f string) bool {
			if strings.HasSuffix(f, "_test.go") {
				return false
			}
			data, err := os.ReadFile(f)
			return err == nil && strings.Contains(string(data), `"gomaps/labs/lanes"`)
		})
	})
}

// packages lists c's words ./dir and ./dir/... whose folder is in the course.
func (r *Runner) packages(c *outcmd.Cmd) []string {
	return slices.DeleteFunc(slices.Clone(c.Argv[1:]), func(w string) bool {
		dir := strings.TrimSuffix(w, "/...")
		return !strings.HasPrefix(dir, "./") || !base.IsDir(filepath.Join(r.Root, filepath.FromSlash(dir)))
	})
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

// planFor plans the run of output name on lane ("" for the lane it was printed on). On another
// lane it runs as its twin when the book has one (05-orders-classic for 05-orders), compared with
// what the book printed for that lane; else with the lane's variables, compared with its own.
func (r *Runner) planFor(name, lane string) (*plan, *apiError) {
	c, err := outcmd.Read(r.Root, name)
	if errors.Is(err, outcmd.ErrNoOutput) {
		return nil, &apiError{Kind: "unknown", Output: name, Error: "there is no output " + quote(name) + " in chapters/out: the book runs only the course's outputs, by the name of their .cmd file"}
	} else if err != nil {
		return nil, &apiError{Kind: "failed", Output: name, Error: err.Error() + ": fix the .cmd file, then run it again"}
	}
	if _, err := lanes.Get(lane); lane != "" && err != nil {
		return nil, &apiError{Kind: "lane", Output: name, Lane: lane, Error: err.Error()}
	}
	printed, toolchain := printedOn(c)
	p := &plan{out: c, run: c, printed: printed, lane: printed, g: gocmd.OnLane(lanes.DefaultLane()), line: c.Line, toolchan: toolchain}
	switch {
	case lane == "" || lane == p.lane:
		return p, nil
	case !slices.Contains(r.lanesOf(c), lane):
		return nil, &apiError{Kind: "lane", Output: name, Lane: lane,
			Error: "the book runs " + name + " only on the lane it printed it on (" + cmp.Or(p.lane, "as written") + "): its command names its runtime, or shares files with other outputs"}
	}
	l := lanes.MustGet(lane)
	p.lane = lane
	if twin := r.twin(c, l); twin != nil {
		_, p.toolchan = printedOn(twin)
		p.run, p.printed, p.line = twin, lane, twin.Line
		return p, nil
	}
	p.g, p.line, p.toolchan = gocmd.OnLane(l), strings.TrimSpace(l.Prefix())+" "+c.Line, l.Toolchain
	return p, nil
}

// twin returns the output of the book that is c's command and other variables on lane l, or nil.
func (r *Runner) twin(c *outcmd.Cmd, l lanes.Lane) *outcmd.Cmd {
	otherVars := func(env []string) []string {
		return slices.DeleteFunc(slices.Clone(env), func(e string) bool {
			return strings.HasPrefix(e, "GOTOOLCHAIN=") || strings.HasPrefix(e, "GOEXPERIMENT=")
		})
	}
	for _, t := range outcmd.All(r.Root) {
		if lane, _ := printedOn(t); t.Name != c.Name && lane == l.Name && slices.Equal(t.Argv, c.Argv) && slices.Equal(otherVars(t.Env), otherVars(c.Env)) {
			return t
		}
	}
	return nil
}

// startsAPIServer reports whether the packages c's command names (for the lab runner, the labs
// it names) import envtest's package, in their tests or not, as the check's envtest step does.
func (r *Runner) startsAPIServer(ctx context.Context, c *outcmd.Cmd) bool {
	var pkgs []string
	for _, pkg := range r.packages(c) {
		if pkg != "./tools/lab" {
			pkgs = append(pkgs, pkg)
			continue
		}
		for _, lab := range courseroot.Labs(r.Root) {
			if slices.ContainsFunc(c.Argv, func(a string) bool { return courseroot.MatchLab(a, lab) }) {
				pkgs = append(pkgs, "./labs/"+lab)
			}
		}
	}
	if len(pkgs) == 0 {
		return false
	}
	g := gocmd.OnLane(lanes.DefaultLane()).In(r.Root)
	out, err := g.Command(ctx, append([]string{"list", "-e", "-deps", "-test", "-f", "{{.ImportPath}}"}, pkgs...)...).Output()
	return err == nil && slices.Contains(strings.Fields(string(out)), "sigs.k8s.io/controller-runtime/pkg/envtest")
}

// quote quotes s for a message, shortened when long.
func quote(s string) string {
	if len(s) > 60 {
		s = s[:60] + "..."
	}
	return `"` + s + `"`
}
