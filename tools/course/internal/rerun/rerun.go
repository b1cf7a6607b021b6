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
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"gomaps/labs/kubeassets"
	"gomaps/labs/lanes"
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
