package rerun

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"gomaps/labs/kubeassets"
	"gomaps/labs/lanes"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/outcmd"
	"gomaps/tools/course/internal/scrub"
)

// fixture makes a course with the given files of chapters/out, and a runner for it that finds
// every toolchain and envtest's binaries on the machine.
func fixture(t *testing.T, files map[string]string) *Runner {
	t.Helper()
	root := t.TempDir()
	out := filepath.Join(root, "chapters", "out")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(out, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := &Runner{Root: root, Limit: outcmd.Timeout, running: map[string]bool{}}
	r.sc = scrub.NewFrom(map[string]string{root: "/path/to/gomaps"})
	r.here = func(string) (bool, error) { return true, nil }
	r.envtestMissing = func() error { return nil }
	r.needsEnvtest = func(context.Context, *outcmd.Cmd) bool { return false }
	r.ctx, r.stop = context.WithCancel(context.Background())
	t.Cleanup(r.Stop)
	return r
}

// post sends a run request as the book's page does, and returns the status and the events of
// the answer (one, the error, for a refusal).
func post(t *testing.T, h http.Handler, body string) (int, []map[string]any) {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, API, strings.NewReader(body))
	req.RemoteAddr = "127.0.0.1:40000"
	req.Host = "127.0.0.1:8000"
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", "http://127.0.0.1:8000")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	var events []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(w.Body.String()), "\n") {
		var ev map[string]any
		if err := json.Unmarshal([]byte(line), &ev); err != nil {
			t.Fatalf("the answer's line %q is not JSON: %v", line, err)
		}
		events = append(events, ev)
	}
	return w.Code, events
}

func last(events []map[string]any) map[string]any { return events[len(events)-1] }

func parse(t *testing.T, text string) *outcmd.Cmd {
	t.Helper()
	c, err := outcmd.Parse("chapters/out/x.cmd", text)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestLanes: an output runs on the lane its command names, or on every lane when it names none,
// shares no file and runs no program that picks its lanes itself; a command whose variables
// make no lane runs as written only.
func TestLanes(t *testing.T) {
	r := fixture(t, nil)
	for dir, text := range map[string]string{"x": "package main\n\nfunc main() {}\n", "picks": "package main\n\nimport \"gomaps/labs/lanes\"\n\nvar _ = lanes.All\n"} {
		os.MkdirAll(filepath.Join(r.Root, dir), 0o755)
		os.WriteFile(filepath.Join(r.Root, dir, "main.go"), []byte(text), 0o644)
	}
	classic, def := lanes.Classic(), lanes.DefaultLane()
	tests := []struct {
		text string
		want []string
	}{
		{"go run ./x\n", lanes.Names()},
		{"GOMAXPROCS=1 TERM=dumb go run ./x\n", lanes.Names()},
		{classic.Prefix() + "go run ./x\n", []string{classic.Name}},
		{"GOTOOLCHAIN=" + def.Toolchain + " go run ./x\n", []string{def.Name}},
		{"GOTOOLCHAIN=" + classic.Toolchain + " go run ./x\n", []string{}},
		{"GOEXPERIMENT=noswissmap go run ./x\n", []string{}},
		{"go tool pprof -top build/x.pprof\n", []string{def.Name}},
		{"go run ./tools/lab run 04\n", []string{def.Name}},
		{"go run ./picks\n", []string{def.Name}},
	}
	for _, tt := range tests {
		if got := r.lanesOf(parse(t, tt.text)); !slices.Equal(got, tt.want) {
			t.Errorf("lanesOf(%q) = %q; want %q", tt.text, got, tt.want)
		}
	}
	if got := lanes.Names()[0]; got != def.Name {
		t.Fatalf("the lanes table starts with %s, not the default lane: lanesOf lists the printed lane first", got)
	}
}

// TestRunStreamsAndJudges: a run streams the command's lines, then a verdict: the same after
// masking, naming what the masks hid; or the lines that differ, with the .cmd's notes.
func TestRunStreamsAndJudges(t *testing.T) {
	r := fixture(t, map[string]string{
		"same.cmd":   "sh -c \"echo one; echo two\"\n",
		"same.txt":   "$ sh -c \"echo one; echo two\"\none\ntwo\n",
		"masked.cmd": "# vary seed \\d+\nsh -c \"echo seed 42; echo at 0xc000123; echo took 1.5s\"\n",
		"masked.txt": "$ sh -c \"echo seed 42; echo at 0xc000123; echo took 1.5s\"\nseed 7\nat 0xc000999\ntook 2.25s\n",
		"other.cmd":  "# the count depends on nothing: it must not change\nsh -c \"echo count 3\"\n",
		"other.txt":  "$ sh -c \"echo count 3\"\ncount 4\n",
	})
	h := r.Wrap(http.NotFoundHandler())
	code, events := post(t, h, `{"output":"same","lane":""}`)
	if code != http.StatusOK || len(events) != 4 || events[0]["line"] != `$ sh -c "echo one; echo two"` || events[1]["text"] != "one\n" || events[2]["text"] != "two\n" {
		t.Fatalf("run of same: %d %v; want 200, the start, two lines, the end", code, events)
	}
	v := last(events)["verdict"].(map[string]any)
	if v["same"] != true || v["identical"] != true || v["compared"] != "same" || v["lane"] != lanes.Default {
		t.Errorf("verdict of same = %v; want same, identical, compared with itself, on the default lane", v)
	}
	_, events = post(t, h, `{"output":"masked"}`)
	v = last(events)["verdict"].(map[string]any)
	if v["same"] != true || v["identical"] != false || v["maskedLines"] != 3.0 || !slices.Equal(strs(v["masked"]), []string{scrub.KindVary, scrub.KindHex, scrub.KindDuration}) {
		t.Errorf("verdict of masked = %v; want same, not identical, 3 lines masked: vary, hex, duration", v)
	}
	_, events = post(t, h, `{"output":"other"}`)
	v = last(events)["verdict"].(map[string]any)
	diff, _ := json.Marshal(v["diff"])
	if v["same"] != false || v["changed"] != 1.0 || !strings.Contains(string(diff), `{"n":2,"op":"-","text":"count 4"}`) || !strings.Contains(string(diff), `{"n":2,"op":"+","text":"count 3"}`) ||
		!slices.Equal(strs(v["notes"]), []string{"the count depends on nothing: it must not change"}) {
		t.Errorf("verdict of other = %v; want it to differ on line 2 (one changed line), with the .cmd's note", v)
	}
}

func strs(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

// TestTwinOnAnotherLane: an output asked for on another lane runs as the book's output of the
// same command on that lane, and is compared with it; without such a twin, it runs with the
// lane's variables and is compared with the output printed on its own lane.
func TestTwinOnAnotherLane(t *testing.T) {
	classic := lanes.Classic()
	r := fixture(t, map[string]string{
		"a.cmd":         "TERM=dumb go run ./x\n",
		"a-classic.cmd": classic.Prefix() + "TERM=dumb go run ./x\n",
		"b.cmd":         "go run ./y\n",
	})
	p, e := r.planFor("a", classic.Name)
	if e != nil || p.run.Name != "a-classic" || p.printed != classic.Name || p.line != classic.Prefix()+"TERM=dumb go run ./x" {
		t.Errorf("planFor(a, classic) = %+v, %v; want a-classic, printed on classic", p, e)
	}
	p, e = r.planFor("b", classic.Name)
	if e != nil || p.run.Name != "b" || p.printed != lanes.Default || p.lane != classic.Name || p.toolchan != classic.Toolchain ||
		p.line != strings.TrimSpace(classic.Prefix())+" go run ./y" || !slices.Contains(p.g.Env, "GOEXPERIMENT="+classic.Experiment) {
		t.Errorf("planFor(b, classic) = %+v, %v; want b with the classic lane's variables, compared with the default lane's output", p, e)
	}
	if _, e := r.planFor("a-classic", lanes.Default); e == nil || e.Kind != "lane" {
		t.Errorf("planFor(a-classic, default) = %v; want a refusal: its command names its lane", e)
	}
}

// TestRefusals: what is not a run of an output by its name, from the book's page, is refused,
// and so is a run that cannot work here, with what to run first.
func TestRefusals(t *testing.T) {
	r := fixture(t, map[string]string{
		"ok.cmd":      "sh -c \"echo ok\"\n",
		"ok.txt":      "$ sh -c \"echo ok\"\nok\n",
		"classic.cmd": lanes.Classic().Prefix() + "go run ./x\n",
		"w.cmd":       "go run ./w -o build/w.out\n",
		"x-read.cmd":  "go tool pprof build/w.out\n",
	})
	h := r.Wrap(http.NotFoundHandler())
	for body, want := range map[string]int{
		`{"output":"../../go.mod"}`:                http.StatusNotFound,
		`{"output":"/etc/passwd"}`:                 http.StatusNotFound,
		`{"output":"go version"}`:                  http.StatusNotFound,
		`{"output":"chapters/out/ok.cmd"}`:         http.StatusNotFound,
		`{"output":"ok","command":"go version"}`:   http.StatusBadRequest,
		`{"output":"ok","code":"package main"}`:    http.StatusBadRequest,
		`{"output":"ok"} {"output":"ok"}`:          http.StatusBadRequest,
		`not json`:                                 http.StatusBadRequest,
		`{"output":"classic","lane":"swiss-1.27"}`: http.StatusBadRequest,
		`{"output":"ok","lane":"no-such-lane"}`:    http.StatusBadRequest,
		`{"output":"x-read","lane":""}`:            http.StatusConflict,
	} {
		code, events := post(t, h, body)
		if code != want || events[0]["error"] == nil || events[0]["t"] != nil {
			t.Errorf("%s: %d %v; want %d and an error, no run", body, code, events, want)
		}
	}
	_, events := post(t, h, `{"output":"ok","lane":"go1.99"}`)
	if want := `no lane "go1.99": the lanes are ` + strings.Join(lanes.Names(), ", "); events[0]["kind"] != "lane" || events[0]["error"] != want {
		t.Errorf("a lane that is not one: %v; want %q", events[0], want)
	}
	_, events = post(t, h, `{"output":"x-read"}`)
	if e := events[0]; e["kind"] != "first" || e["output"] != "w" || e["file"] != "build/w.out" {
		t.Errorf("x-read before w: %v; want to be told to run w first", e)
	}
	for _, tt := range []struct {
		name   string
		change func(*http.Request)
		want   int
	}{
		{"GET", func(r *http.Request) { r.Method = http.MethodGet }, http.StatusMethodNotAllowed},
		{"a form", func(r *http.Request) { r.Header.Set("Content-Type", "application/x-www-form-urlencoded") }, http.StatusUnsupportedMediaType},
		{"another site's page", func(r *http.Request) { r.Header.Set("Origin", "http://example.com") }, http.StatusForbidden},
		{"a cross-site fetch", func(r *http.Request) { r.Header.Set("Sec-Fetch-Site", "cross-site") }, http.StatusForbidden},
		{"another host name", func(r *http.Request) { r.Host = "example.com"; r.Header.Del("Origin") }, http.StatusForbidden},
		{"another machine", func(r *http.Request) { r.RemoteAddr = "192.0.2.1:40000" }, http.StatusForbidden},
	} {
		req := httptest.NewRequest(http.MethodPost, API, strings.NewReader(`{"output":"ok"}`))
		req.RemoteAddr, req.Host = "127.0.0.1:40000", "127.0.0.1:8000"
		req.Header.Set("Content-Type", "application/json")
		tt.change(req)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != tt.want || !strings.Contains(w.Body.String(), `"kind":"refused"`) {
			t.Errorf("%s: %d %s; want %d, refused", tt.name, w.Code, w.Body.String(), tt.want)
		}
	}
}

// TestNotHere: a lane whose toolchain is not on the machine, and envtest's missing binaries for
// a command that starts an API server, are said before the run, with what to run.
func TestNotHere(t *testing.T) {
	classic := lanes.Classic()
	r := fixture(t, map[string]string{"a.cmd": "go run ./x\n", "k.cmd": "go run ./kube\n"})
	r.here = func(tc string) (bool, error) { return tc != classic.Toolchain, nil }
	r.envtestMissing = func() error { return kubeassets.ErrMissing }
	r.needsEnvtest = func(_ context.Context, c *outcmd.Cmd) bool { return c.Name == "k" }
	h := r.Wrap(http.NotFoundHandler())
	code, events := post(t, h, `{"output":"a","lane":"classic"}`)
	e := events[0]
	if code != http.StatusConflict || e["kind"] != "toolchain" || e["fix"] != "GOTOOLCHAIN="+classic.Toolchain+" go version" ||
		!strings.Contains(e["error"].(string), "is not on this machine: run GOTOOLCHAIN="+classic.Toolchain+" go version once") {
		t.Errorf("a on classic without its toolchain: %d %v; want the toolchain named, with the command that fetches it", code, e)
	}
	code, events = post(t, h, `{"output":"k"}`)
	if e := events[0]; code != http.StatusConflict || e["kind"] != "envtest" || !strings.Contains(e["error"].(string), kubeassets.BuildCommand) {
		t.Errorf("k without envtest's binaries: %d %v; want to be told to run %s", code, e, kubeassets.BuildCommand)
	}
}

// TestSwitchedToolchain: when the reader's shell exported GOTOOLCHAIN, the go command that runs
// the book's server switched to that toolchain from the module cache, and put it first on PATH
// with GOROOT set to it; a lane of the installed go's release still runs, on the installed go.
func TestSwitchedToolchain(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the fake go commands are shell scripts")
	}
	def := lanes.DefaultLane()
	var lane lanes.Lane // a lane whose toolchain is not the default's: the installed go's
	for _, l := range lanes.All {
		if l.Toolchain != def.Toolchain {
			lane = l
			break
		}
	}
	dir := t.TempDir()
	modcache, installed := filepath.Join(dir, "mod"), filepath.Join(dir, "installed")
	switched := filepath.Dir(filepath.Dir(lanes.ToolchainGo(def.Toolchain, modcache, "linux", "amd64")))
	script(t, filepath.Join(switched, "bin", "go"), "echo 'go: download "+lane.Toolchain+" for linux/amd64: toolchain not available' >&2; exit 1\n")
	script(t, filepath.Join(installed, "bin", "go"), `case "$1" in
env) echo '{"GOVERSION": "`+lane.Toolchain+`", "GOMODCACHE": "`+modcache+`", "GOHOSTOS": "linux", "GOHOSTARCH": "amd64"}' ;;
*) [ -z "$GOROOT" ] || { echo "GOROOT=$GOROOT" >&2; exit 1; }; echo "go version $GOTOOLCHAIN (the installed go)" ;;
esac
`)
	t.Setenv("PATH", filepath.Join(switched, "bin")+string(os.PathListSeparator)+filepath.Join(installed, "bin")+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("GOROOT", switched)
	t.Setenv("GOTOOLCHAIN", def.Toolchain)

	r := fixture(t, map[string]string{"v.cmd": "go version\n", "v.txt": "$ go version\ngo version " + def.Toolchain + "\n"})
	r.here = localToolchain
	code, events := post(t, r.Wrap(http.NotFoundHandler()), `{"output":"v","lane":"`+lane.Name+`"}`)
	if want := "go version " + lane.Toolchain + " (the installed go)\n"; code != http.StatusOK || len(events) != 3 || events[1]["text"] != want || last(events)["verdict"] == nil {
		t.Errorf("v on %s: %d %v; want it run by the installed go: %q", lane.Name, code, events, want)
	}
}

// script writes an executable shell script.
func script(t *testing.T, file, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte("#!/bin/sh\n"+text), 0o755); err != nil {
		t.Fatal(err)
	}
}

// TestOneAtATimeAndTimeLimit: an output runs once at a time, and a run that reaches the time
// limit is stopped, its program with it, and says so.
func TestOneAtATimeAndTimeLimit(t *testing.T) {
	r := fixture(t, map[string]string{"slow.cmd": "sh -c \"echo start; sleep 30\"\n", "slow.txt": "$ x\n"})
	r.Limit = 2 * time.Second
	h := r.Wrap(http.NotFoundHandler())
	done := make(chan []map[string]any)
	go func() {
		_, events := post(t, h, `{"output":"slow"}`)
		done <- events
	}()
	for deadline := time.Now().Add(time.Second); ; time.Sleep(10 * time.Millisecond) {
		r.mu.Lock()
		running := r.running["slow"]
		r.mu.Unlock()
		if running || time.Now().After(deadline) {
			break
		}
	}
	code, events := post(t, h, `{"output":"slow"}`)
	if code != http.StatusConflict || events[0]["kind"] != "busy" {
		t.Errorf("a second run of slow while it runs: %d %v; want busy", code, events)
	}
	start := time.Now()
	events = <-done
	e, _ := last(events)["error"].(map[string]any)
	if e == nil || e["kind"] != "limit" || !strings.Contains(e["error"].(string), "time limit") || events[1]["text"] != "start\n" {
		t.Errorf("slow after its time limit: %v; want its first line, then the time limit said", events)
	}
	if d := time.Since(start); d > 15*time.Second {
		t.Errorf("slow ended %v after the second request: the sleep it started was not killed", d)
	}
}

// TestConfig: the pages' run-config.js, at both editions' roots, lists the outputs and their
// lanes; other requests go to the book.
func TestConfig(t *testing.T) {
	old := "GOTOOLCHAIN=" + lanes.Classic().Toolchain // Swiss tables on the classic lane's release: no lane
	r := fixture(t, map[string]string{"a.cmd": "# takes 1m30s\n# save build/a.txt\ngo test -bench . ./x\n", "b.cmd": old + " go version\n"})
	h := r.Wrap(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("the book")) }))
	for _, path := range []string{"/" + ConfigFile, "/zh/" + ConfigFile} {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
		body := w.Body.String()
		for _, want := range []string{"window.courseRun = ", `"a":{"lanes":["` + lanes.Default + `"],"takes":90,"saves":"build/a.txt"}`, `"b":{"lanes":[],"env":"` + old + `"}`} {
			if !strings.Contains(body, want) {
				t.Errorf("%s = %s; want it to contain %s", path, body, want)
			}
		}
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/04-growth.html", nil))
	if w.Body.String() != "the book" {
		t.Errorf("a page went to %q; want the book", w.Body.String())
	}
}

// TestStartsAPIServer: the outputs of the course whose command starts an API server (its
// packages, or the lab it runs, import envtest) are known as such, and others are not.
func TestStartsAPIServer(t *testing.T) {
	if testing.Short() {
		t.Skip("go list of the Kubernetes packages: not in -short")
	}
	root, err := base.FindRoot()
	if err != nil {
		t.Fatal(err)
	}
	r := &Runner{Root: root}
	for name, want := range map[string]bool{"08-writerate": true, "08-lab": true, "04-steps": false, "00-lanes": false, "04-lab": false} {
		c, err := outcmd.Read(root, name)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.startsAPIServer(context.Background(), c); got != want {
			t.Errorf("startsAPIServer(%s) = %v; want %v", name, got, want)
		}
	}
}
