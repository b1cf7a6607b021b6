package rerun

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"time"

	"gomaps/tools/course/internal/outcmd"
	"gomaps/tools/course/internal/scrub"
	"gomaps/tools/internal/linediff"
)

// serveRun runs one output for a page, asked for with a JSON body {"output": NAME, "lane": LANE}
// and nothing else. A refusal is an error status and an apiError; a run, 200 and one JSON event
// a line: {"t":"start"}, {"t":"out"} for each line printed, {"t":"end"} with a verdict or error.
func (r *Runner) serveRun(w http.ResponseWriter, req *http.Request) {
	if e, status := sameSite(req); e != nil {
		refuse(w, status, *e)
		return
	}
	var body struct {
		Output string `json:"output"`
		Lane   string `json:"lane"`
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, req.Body, 4096))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&body); err != nil || dec.More() {
		refuse(w, http.StatusBadRequest, apiError{Kind: "refused",
			Error: `the book's server takes {"output": NAME, "lane": LANE} and nothing else: the name of a .cmd file of chapters/out, never a command, a path or code`})
		return
	}
	var release func()
	p, e := r.planFor(body.Output, body.Lane)
	if e == nil {
		e = r.preflight(req.Context(), p)
	}
	if e == nil {
		release, e = r.acquire(p)
	}
	if e != nil {
		status := map[string]int{"unknown": http.StatusNotFound, "lane": http.StatusBadRequest}[e.Kind]
		refuse(w, cmp.Or(status, http.StatusConflict), *e)
		return
	}
	defer release()
	r.stream(w, req.Context(), p)
}

// sameSite refuses a request that is not a POST from the book's own pages on this machine: from
// a loopback address, to a loopback host name (against DNS rebinding), same origin, with a JSON
// body (which another site's form cannot send without asking first).
func sameSite(req *http.Request) (*apiError, int) {
	refused := func(status int, msg string) (*apiError, int) { return &apiError{Kind: "refused", Error: msg}, status }
	loopback := func(host string) bool {
		ip := net.ParseIP(host)
		return ip != nil && ip.IsLoopback()
	}
	if req.Method != http.MethodPost {
		return refused(http.StatusMethodNotAllowed, "a run is asked for with POST, by the book's run button")
	}
	if host, _, err := net.SplitHostPort(req.RemoteAddr); err != nil || !loopback(host) {
		return refused(http.StatusForbidden, "the book runs outputs for this machine only")
	}
	host, _, err := net.SplitHostPort(req.Host)
	if err != nil {
		host = req.Host
	}
	if !loopback(host) && host != "localhost" {
		return refused(http.StatusForbidden, "the book runs outputs only for its pages at a loopback address (127.0.0.1 or localhost)")
	}
	o, s := req.Header.Get("Origin"), req.Header.Get("Sec-Fetch-Site")
	if o != "" && o != "http://"+req.Host || s != "" && s != "same-origin" {
		return refused(http.StatusForbidden, "the book runs outputs only for its own pages")
	}
	if mt, _, _ := mime.ParseMediaType(req.Header.Get("Content-Type")); mt != "application/json" {
		return refused(http.StatusUnsupportedMediaType, `a run is asked for with a JSON body: {"output": NAME, "lane": LANE}`)
	}
	return nil, 0
}

// preflight refuses a run that cannot work here, with what to run first: the lane's toolchain is
// not here (go would fetch it mid-run); envtest's binaries are not built for a command that
// starts an API server; a file of build/ it reads, which another output writes, is not there.
func (r *Runner) preflight(ctx context.Context, p *plan) *apiError {
	here, err := r.here(p.toolchan)
	if err != nil {
		return &apiError{Kind: "failed", Output: p.out.Name, Error: err.Error()}
	}
	if !here {
		fix := "GOTOOLCHAIN=" + p.toolchan + " go version"
		what := "the toolchain " + p.toolchan
		if p.lane != "" {
			what = "the " + p.lane + " lane's toolchain, " + p.toolchan + ","
		}
		return &apiError{Kind: "toolchain", Output: p.out.Name, Lane: p.lane, Toolchain: p.toolchan, Fix: fix,
			Error: what + " is not on this machine: run " + fix + " once with the network on (it fetches it, about 70 MB), then run this output again"}
	}
	if err := r.envtestMissing(); err != nil && r.needsEnvtest(ctx, p.run) {
		return &apiError{Kind: "envtest", Output: p.out.Name, Fix: "go run ./tools/envtest",
			Error: p.out.Name + " starts a real API server, and " + err.Error()}
	}
	if file, writer := r.missingInput(p.run); file != "" {
		return &apiError{Kind: "first", Output: writer, File: file,
			Error: p.out.Name + " reads " + file + ", which " + writer + " writes and which is not there yet: run " + writer + " first (its run button, or go run ./tools/course outputs -check " + writer + ")"}
	}
	return nil
}

// missingInput returns a file of build/ that c reads and is not there, and the first output
// (in the order outputs runs them) that names it.
func (r *Runner) missingInput(c *outcmd.Cmd) (file, writer string) {
	all := outcmd.All(r.Root)
	for _, f := range c.BuildFiles() {
		if _, err := os.Stat(filepath.Join(r.Root, filepath.FromSlash(f))); err == nil {
			continue
		}
		if i := slices.IndexFunc(all, func(o *outcmd.Cmd) bool { return slices.Contains(o.BuildFiles(), f) }); i >= 0 && all[i].Name != c.Name {
			return f, all[i].Name
		}
	}
	return "", ""
}

// acquire marks p's output as running, and the output that runs for it; an output that shares
// files with others also takes the one place they share. It refuses when one is taken.
func (r *Runner) acquire(p *plan) (release func(), e *apiError) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ctx.Err() != nil {
		return nil, &apiError{Kind: "failed", Error: "the book's server is stopping"}
	}
	for _, name := range []string{p.out.Name, p.run.Name} {
		if r.running[name] {
			return nil, &apiError{Kind: "busy", Output: name,
				Error: name + " is running already (from this page or another tab): wait for its verdict, then run it again"}
		}
	}
	shares := p.run.SharesState()
	if shares && r.shared != "" {
		return nil, &apiError{Kind: "busy", Output: r.shared,
			Error: r.shared + " is running, and shares files with this output (build/, the lab runner's records): wait for its verdict, then run this one"}
	}
	r.running[p.out.Name], r.running[p.run.Name] = true, true
	if shares {
		r.shared = p.run.Name
	}
	r.active.Add(1)
	return func() {
		r.mu.Lock()
		defer r.mu.Unlock()
		delete(r.running, p.out.Name)
		delete(r.running, p.run.Name)
		if shares {
			r.shared = ""
		}
		r.active.Done()
	}, nil
}

// stream runs p, sending each line it prints (scrubbed), then its verdict, one JSON object per
// line, each flushed at once. It stops at the time limit, when the page goes away, or at Stop.
func (r *Runner) stream(w http.ResponseWriter, reqCtx context.Context, p *plan) {
	w.Header().Set("Content-Type", "application/x-ndjson; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	enc := json.NewEncoder(w)
	send := func(v any) {
		enc.Encode(v)
		http.NewResponseController(w).Flush()
	}
	fail := func(msg string) {
		send(map[string]any{"t": "end", "error": apiError{Kind: "failed", Output: p.out.Name, Error: msg}})
	}
	send(map[string]any{"t": "start", "line": "$ " + p.line, "lane": p.lane, "limit": r.Limit.Seconds()})
	ctx, cancel := context.WithTimeout(reqCtx, r.Limit)
	defer cancel()
	defer context.AfterFunc(r.ctx, cancel)()
	lines := &lineWriter{emit: func(line []byte) { send(map[string]string{"t": "out", "text": r.scrubber().Scrub(line)}) }}
	start := time.Now()
	out, code, err := outcmd.Runner{Root: r.Root, Go: p.g, Live: lines, Group: true}.Run(ctx, p.run)
	lines.flush()
	switch {
	case errors.Is(err, outcmd.ErrTimeLimit):
		send(map[string]any{"t": "end", "error": apiError{Kind: "limit", Output: p.out.Name, Limit: r.Limit.Seconds(),
			Error: fmt.Sprintf("stopped after %v, the time limit of a run from the book: run go run ./tools/course outputs -check %s in a terminal to see it end", r.Limit, p.run.Name)}})
	case err != nil && reqCtx.Err() != nil:
		// The page went away: nobody reads the rest.
	case err != nil && r.ctx.Err() != nil:
		fail("the book's server was stopped during the run: start it again (go run ./tools/course), then run this output again")
	case err != nil:
		fail(fmt.Sprintf("%s did not run: %v", p.run.File, err))
	default:
		if err := p.run.SaveOutput(r.Root, out); err != nil {
			fail(err.Error())
		} else if v, err := r.verdict(p, out, code); err != nil {
			fail(err.Error())
		} else {
			v.Seconds = time.Since(start).Seconds()
			send(map[string]any{"t": "end", "verdict": v})
		}
	}
}

// lineWriter hands on what is written to it a line at a time; flush, the last line.
type lineWriter struct {
	buf  []byte
	emit func(line []byte)
}

func (l *lineWriter) Write(p []byte) (int, error) {
	l.buf = append(l.buf, p...)
	for i := bytes.IndexByte(l.buf, '\n'); i >= 0; i = bytes.IndexByte(l.buf, '\n') {
		l.emit(l.buf[:i+1])
		l.buf = l.buf[i+1:]
	}
	return len(p), nil
}

func (l *lineWriter) flush() {
	if len(l.buf) > 0 {
		l.emit(append(l.buf, '\n'))
	}
}

// A Verdict compares a run from the book with the printed output, as outputs -check does.
type Verdict struct {
	Same        bool       `json:"same"`                  // the same after masking, and the same exit status
	Identical   bool       `json:"identical"`             // the same before masking (but trailing blanks)
	Masked      []string   `json:"masked,omitempty"`      // what the masks hid, when Same and not Identical (scrub's kinds)
	MaskedLines int        `json:"maskedLines,omitempty"` // how many lines of the run differ only there
	Diff        []DiffLine `json:"diff,omitempty"`        // when not Same: the lines that differ, after masking
	Changed     int        `json:"changed,omitempty"`     // how many lines changed: a line replaced counts once (see changedLines)
	More        int        `json:"more,omitempty"`        // lines of the diff left out of Diff (past maxDiff)
	Exit        int        `json:"exit"`                  // the run's exit status
	WantExit    int        `json:"wantExit"`              // the printed run's
	Lane        string     `json:"lane"`                  // the lane it ran on, "" as written
	Printed     string     `json:"printed"`               // the lane of the output compared with, "" as written
	Compared    string     `json:"compared"`              // the output compared with: the one asked for, or its twin
	Notes       []string   `json:"notes,omitempty"`       // when not Same: the compared .cmd's comments on its output
	Seconds     float64    `json:"seconds"`
}

// A DiffLine is a line of the printed output ("-") or of the run ("+"), masked, and its number.
type DiffLine struct {
	Op   string `json:"op"`
	N    int    `json:"n"`
	Text string `json:"text"`
}

// maxDiff is how many changed lines a verdict shows.
const maxDiff = 20

// verdict compares the run's output out, and its exit status, with what the book printed.
func (r *Runner) verdict(p *plan, out []byte, code int) (*Verdict, error) {
	c := p.run
	want, err := c.Printed(r.Root)
	if err != nil {
		return nil, err
	}
	got := c.Shown(out, r.scrubber())
	same, wantN, gotN := c.Same(want, got)
	v := &Verdict{Exit: code, WantExit: c.Exit, Lane: p.lane, Printed: p.printed, Compared: c.Name}
	v.Same = same && code == c.Exit
	// Without their trailing blanks, which no comparison counts.
	rawWant, rawGot := scrub.TrailingBlanks.ReplaceAllString(want+"\n", "\n"), scrub.TrailingBlanks.ReplaceAllString(got+"\n", "\n")
	v.Identical = v.Same && rawWant == rawGot
	if v.Same && !v.Identical {
		v.Masked, v.MaskedLines = maskedKinds(rawWant, rawGot, c.Varying)
	}
	if !same {
		// Changed counts as a reader does: in each run of changes, k printed lines (-) replaced
		// by m lines of the run (+) are max(k, m) changed lines.
		minus, plus := 0, 0
		for _, op := range append(linediff.Edits(linediff.Lines(wantN), linediff.Lines(gotN)), linediff.Op{Kind: ' '}) {
			n := op.A
			switch op.Kind {
			case ' ':
				v.Changed, minus, plus = v.Changed+max(minus, plus), 0, 0
				continue
			case '-':
				minus++
			default:
				plus, n = plus+1, op.B
			}
			if len(v.Diff) == maxDiff {
				v.More++
			} else {
				v.Diff = append(v.Diff, DiffLine{Op: string(op.Kind), N: n + 1, Text: op.Line})
			}
		}
	}
	if !v.Same {
		v.Notes = c.Notes
	}
	return v, nil
}

// maskedKinds names the kinds of masks (scrub.Kinds, in scrub's order) that hide the lines that
// differ between two outputs equal once masked, and counts the lines of got that differ.
func maskedKinds(want, got string, varying []*regexp.Regexp) ([]string, int) {
	found := map[string]bool{}
	lines := 0
	for _, op := range linediff.Edits(linediff.Lines(want), linediff.Lines(got)) {
		if op.Kind == ' ' {
			continue
		}
		if op.Kind == '+' {
			lines++
		}
		for _, k := range scrub.Kinds(op.Line, varying) {
			found[k] = true
		}
	}
	return slices.DeleteFunc(slices.Clone(scrub.AllKinds), func(k string) bool { return !found[k] }), lines
}
