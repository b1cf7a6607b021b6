// Package rerun is the served book's run buttons: under each output of a chapter, the book
// served by go run ./tools/course runs that output's command again, on the lane the reader
// picks, streams what it prints into the page, and compares it as outputs -check does.
//
// It is safe by construction: it is mounted only on a loopback address; a run is asked for by
// an output's name and a lane's name, never by a command, a path or code, from the book's own
// pages only; an output runs once at a time, under a time limit. The pages show the buttons
// only when the run-config.js this package serves lists the outputs (the book's own says nothing).
package rerun

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"gomaps/labs/courseroot"
	"gomaps/labs/kubeassets"
	"gomaps/labs/lanes"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/outcmd"
	"gomaps/tools/course/internal/scrub"
	"gomaps/tools/internal/gocmd"
)

// API is the address of the run requests; ConfigFile, at each edition's root, the pages' config.
const API, ConfigFile = "/_course/run", "assets/javascripts/run-config.js"

// A Runner runs the course's outputs for the book's pages.
type Runner struct {
	Root  string
	Limit time.Duration // a run's time limit: outcmd.Timeout unless set

	scOnce sync.Once
	sc     *scrub.Scrubber // the machine's paths, as outputs scrubs them (scrubber)
	// What the machine has, which tests replace: a toolchain, without fetching it; why
	// envtest's binaries are not there (nil: they are); whether a command starts an API server.
	here           func(toolchain string) (bool, error)
	envtestMissing func() error
	needsEnvtest   func(ctx context.Context, c *outcmd.Cmd) bool

	mu      sync.Mutex
	running map[string]bool // the outputs running now, by name
	shared  string          // the output running now that shares files with others, or ""
	ctx     context.Context // ends when the runner stops
	stop    context.CancelFunc
	active  sync.WaitGroup
}

// New returns the runner of the course at root.
func New(root string) *Runner {
	r := &Runner{Root: root, Limit: outcmd.Timeout, running: map[string]bool{}, here: localToolchain}
	r.envtestMissing = func() error { _, err := kubeassets.Dir(); return err }
	r.needsEnvtest = r.startsAPIServer
	r.ctx, r.stop = context.WithCancel(context.Background())
	return r
}

// localToolchain reports whether toolchain tc is on this machine, as gocmd.Local finds it.
func localToolchain(tc string) (bool, error) {
	_, here, err := gocmd.Local(tc)
	return here, err
}

// scrubber takes the machine's paths out of a run's output, as outputs does: with the default
// lane's go env when its toolchain is here (go env would fetch it), else the installed go's.
func (r *Runner) scrubber() *scrub.Scrubber {
	r.scOnce.Do(func() {
		if r.sc != nil {
			return
		}
		g := gocmd.OnLane(lanes.DefaultLane())
		if here, err := r.here(lanes.DefaultLane().Toolchain); err != nil || !here {
			g = gocmd.Machine().With("GOTOOLCHAIN=local")
		}
		r.sc = scrub.New(r.Root, g)
	})
	return r.sc
}

// Stop stops the runs under way and waits for them to end.
func (r *Runner) Stop() {
	r.stop()
	r.active.Wait()
}

// Wrap answers the run requests and serves ConfigFile, and passes every other request to book.
func (r *Runner) Wrap(book http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		switch p := req.URL.Path; {
		case p == "/"+ConfigFile || p == "/zh/"+ConfigFile:
			r.serveConfig(w)
		case p == API:
			r.serveRun(w, req)
		case strings.HasPrefix(p, "/_course/"):
			refuse(w, http.StatusNotFound, apiError{Kind: "refused", Error: "the course's server answers " + API + " only"})
		default:
			book.ServeHTTP(w, req)
		}
	})
}

// outputConfig is what a page knows of one output: its lanes (lanesOf), or the variables that
// tie it to no lane; how long it takes (# takes); the file of build/ it saves.
type outputConfig struct {
	Lanes []string `json:"lanes"`
	Env   string   `json:"env,omitempty"`
	Takes float64  `json:"takes,omitempty"`
	Saves string   `json:"saves,omitempty"`
}

type laneConfig struct {
	Toolchain  string `json:"toolchain"`
	Experiment string `json:"experiment,omitempty"`
	Map        string `json:"map"`
	Default    bool   `json:"default,omitempty"`
}

// serveConfig serves the outputs and the lanes; an output whose .cmd does not parse has no button.
func (r *Runner) serveConfig(w http.ResponseWriter) {
	cfg := struct {
		API     string                  `json:"api"`
		Limit   float64                 `json:"limit"`
		Lanes   map[string]laneConfig   `json:"lanes"`
		Outputs map[string]outputConfig `json:"outputs"`
	}{API: API, Limit: r.Limit.Seconds(), Lanes: map[string]laneConfig{}, Outputs: map[string]outputConfig{}}
	for _, l := range lanes.All {
		cfg.Lanes[l.Name] = laneConfig{Toolchain: l.Toolchain, Experiment: l.Experiment, Map: l.Map, Default: l.IsDefault()}
	}
	for _, c := range outcmd.All(r.Root) {
		oc := outputConfig{Lanes: r.lanesOf(c), Takes: c.Takes.Seconds(), Saves: c.Save}
		if len(oc.Lanes) == 0 {
			oc.Env = strings.Join(c.Env, " ")
		}
		cfg.Outputs[c.Name] = oc
	}
	data, _ := json.Marshal(cfg) // strings, numbers and maps of them: it cannot fail
	w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	fmt.Fprintf(w, "// Served by go run ./tools/course: the outputs the book's pages can run here.\nwindow.courseRun = %s;\n", data)
}

// apiError is a refusal or a failure, as the page reads it: Error is one sentence in English,
// saying what to do; Kind and the fields after it let the page say it in its own language.
type apiError struct {
	Error     string  `json:"error"`
	Kind      string  `json:"kind"` // refused, unknown, lane, busy, toolchain, envtest, first, limit, failed
	Output    string  `json:"output,omitempty"`
	Lane      string  `json:"lane,omitempty"`
	Toolchain string  `json:"toolchain,omitempty"`
	File      string  `json:"file,omitempty"`
	Fix       string  `json:"fix,omitempty"`
	Limit     float64 `json:"limit,omitempty"`
}

func refuse(w http.ResponseWriter, status int, e apiError) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(e)
}

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
