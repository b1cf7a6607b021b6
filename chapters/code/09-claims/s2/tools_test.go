package s2

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"text/template"
	"time"

	claims "gomaps/chapters/code/09-claims"
	"gomaps/chapters/code/09-claims/check"
	"gomaps/labs/inspect"
)

// The claims about the runtime's map functions as the go command, pprof and delve show them
// (sections 2.1, 2.3, 4.2 and 4.4 of the post): which function a delete calls, where a heap
// profile charges a map's memory, where delve stops. The claims about the compiler's flags and
// type checks and about pprof's heap endpoint are in package s2/once.

var (
	asmOnce sync.Once
	asmOut  string
	asmCode int
)

// deleteAssembly returns the assembly of testdata/deletecalls, compiled by the running toolchain.
func deleteAssembly(t *testing.T) string {
	t.Helper()
	asmOnce.Do(func() {
		asmOut, asmCode = check.Go(t, 5*time.Minute, nil, "build", "-gcflags=-S", "-o", os.DevNull, testdata("deletecalls"))
	})
	if asmCode != 0 {
		t.Fatalf("go build -gcflags=-S: exit %d\n%s", asmCode, check.Head(asmOut, 20))
	}
	return asmOut
}

// deleteCall returns the runtime function that the delete in function fn of testdata/deletecalls
// calls.
func deleteCall(t *testing.T, fn string) string {
	t.Helper()
	text := deleteAssembly(t)
	start := strings.Index(text, "main."+fn+" STEXT")
	if start < 0 {
		t.Fatalf("no main.%s in the assembly", fn)
	}
	m := regexp.MustCompile(`CALL\s+(runtime\.mapdelete\w*)\(SB\)`).FindStringSubmatch(text[start:])
	if m == nil {
		t.Fatalf("main.%s calls no runtime.mapdelete function", fn)
	}
	return m[1]
}

func TestS2_14_DeleteCallsAnEntryPerKeyKind(t *testing.T) {
	for fn, want := range map[string]string{
		"delString": "runtime.mapdelete_faststr",
		"delInt64":  "runtime.mapdelete_fast64",
		"delPair":   "runtime.mapdelete",
	} {
		if got := deleteCall(t, fn); got != want {
			t.Errorf("delete in %s calls %s; want %s", fn, got, want)
		}
	}
	// The generic entry finds a bucket and a slot on the classic map, a group and a slot in a
	// table of the directory on Swiss tables.
	check.Has(t, claims.Go125, "src/runtime/map_noswiss.go", `^func mapdelete\(t \*maptype, h \*hmap`)
	for _, at := range []string{claims.Go126, claims.Go127} {
		check.Has(t, at, "src/runtime/map.go", `^\s+m\.Delete\(t, key\)`)
		check.Has(t, at, "src/internal/runtime/maps/map.go", `m\.directoryAt\(idx\)\.Delete\(typ, m, hash, key\)`)
	}
}

func TestS2_27_HeapProfileHidesRuntimeFrames(t *testing.T) {
	out, code := check.Go(t, 5*time.Minute, nil, "run", testdata("heapprofile"))
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, check.Head(out, 20))
	}
	assignLine := lineOf(t, "testdata/heapprofile/main.go", "m[k] = k")
	frame := regexp.MustCompile(`^#\s+0x[0-9a-f]+\s+(\S+)\+0x[0-9a-f]+\s+(\S+)$`)
	var tops []string
	runtimeFrames := 0
	first := true
	for _, line := range strings.Split(out, "\n") {
		m := frame.FindStringSubmatch(line)
		if m == nil {
			first = true
			continue
		}
		if strings.HasPrefix(m[1], "runtime.map") || strings.HasPrefix(m[1], "runtime.makemap") || strings.HasPrefix(m[1], "internal/runtime/maps.") {
			runtimeFrames++
		}
		if first {
			tops = append(tops, m[1]+" "+m[2])
			first = false
		}
	}
	if runtimeFrames != 0 {
		t.Errorf("the heap profile shows %d frames of the map runtime", runtimeFrames)
	}
	wantTop := regexp.MustCompile(`^main\.fillMaps .*heapprofile/main\.go:` + regexp.QuoteMeta(strconv.Itoa(assignLine)) + `$`)
	found := false
	for _, top := range tops {
		found = found || wantTop.MatchString(top)
	}
	if !found {
		t.Errorf("no allocation is charged to the line m[k] = k (main.go:%d); the stacks start at:\n%s", assignLine, strings.Join(tops, "\n"))
	}
}

// lineOf returns the number of the first line of a file of this package that contains text.
func lineOf(t *testing.T, file, text string) int {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(string(src), "\n") {
		if strings.Contains(line, text) {
			return i + 1
		}
	}
	t.Fatalf("%s has no line with %q", file, text)
	return 0
}

var (
	dlvOnce sync.Once
	dlvOut  string
	dlvCode int
)

// delveSession runs testdata/dlvmap/session.dlv in delve once per test binary: a breakpoint
// on runtime.mapassign_fast64, then print len(m) and cap(m) in main.
func delveSession(t *testing.T) string {
	t.Helper()
	dlvOnce.Do(func() {
		dlvOut, dlvCode = check.Go(t, 10*time.Minute, []string{"TERM=dumb"}, "tool", "dlv", "debug", testdata("dlvmap"),
			"--allow-non-terminal-interactive=true", "--init", testdata("dlvmap/session.dlv"))
	})
	if dlvCode != 0 {
		t.Fatalf("delve: exit %d\n%s", dlvCode, dlvOut)
	}
	return dlvOut
}

func TestS2_28_DelveHasNoCapOfAMap(t *testing.T) {
	out := delveSession(t)
	for _, want := range []string{
		`session\.dlv:\d+: invalid argument m \(type map\[int64\]int64\) for cap`, // print cap(m)
		`session\.dlv:\d+: 1:7: expected 'EOF', found ','`,                        // print len(m), cap(m)
	} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("delve did not print %q:\n%s", want, out)
		}
	}
	if !regexp.MustCompile(`(?m)^99$`).MatchString(out) {
		t.Errorf("print len(m) did not print 99:\n%s", out)
	}
}

func TestS2_29_DelveBreaksInMapassignFast64(t *testing.T) {
	out := delveSession(t)
	if !regexp.MustCompile(`Breakpoint 1 set at 0x[0-9a-f]+ for runtime\.mapassign_fast64\(\)`).MatchString(out) {
		t.Fatalf("no breakpoint on runtime.mapassign_fast64:\n%s", out)
	}
	line := lineOf(t, "testdata/dlvmap/main.go", "m[int64(i)] = int64(i) * 10")
	if !regexp.MustCompile(`in main\.fill\s+at \S*testdata/dlvmap/main\.go:` + strconv.Itoa(line) + `\n`).MatchString(out) {
		t.Fatalf("the breakpoint did not stop in a call from main.fill's m[k] = v:\n%s", out)
	}
}

func TestS2_30_TemplateRangesInKeyOrder(t *testing.T) {
	tpl := template.Must(template.New("cm").Parse(`{{range $k, $v := .Data}}{{$k}}={{$v}};{{end}}`))
	data := map[string]string{}
	var sorted strings.Builder
	for i := range 26 {
		k := string(rune('a' + i))
		data[k] = strconv.Itoa(i)
	}
	for i := range 26 {
		k := string(rune('a' + i))
		sorted.WriteString(k + "=" + data[k] + ";")
	}
	outputs := map[string]bool{}
	for range 200 {
		var b bytes.Buffer
		if err := tpl.Execute(&b, struct{ Data map[string]string }{data}); err != nil {
			t.Fatal(err)
		}
		outputs[b.String()] = true
	}
	if len(outputs) != 1 || !outputs[sorted.String()] {
		t.Fatalf("200 renderings gave %d different outputs; want one, in key order", len(outputs))
	}
	check.Has(t, claims.Go127, "src/text/template/exec.go", `fmtsort\.Sort\(val\)`)
}

// attachSession is a delve session on a running program: delve attached to it as a headless
// server, and the terminal client connected to that server running script.
type attachSession struct {
	server string // what the headless server printed
	client string // the terminal client's output
}

var (
	attachOnce sync.Once
	attach     attachSession
	attachErr  error
)

// attachWaiter starts testdata/waiter, attaches delve to it with the post's flags, connects a
// terminal client that stops at runtime.mapdelete_faststr, and stops everything.
func attachWaiter(t *testing.T) attachSession {
	t.Helper()
	attachOnce.Do(func() {
		bin := build(t, testdata("waiter"), "-gcflags=all=-N -l")
		dlvPath, code := check.Go(t, 10*time.Minute, nil, "tool", "-n", "dlv")
		if code != 0 {
			attachErr = errors.New("go tool -n dlv: " + dlvPath)
			return
		}
		dlv := strings.TrimSpace(dlvPath)
		waiter := exec.Command(bin)
		stdin, err := waiter.StdinPipe()
		if err != nil {
			attachErr = err
			return
		}
		if err := waiter.Start(); err != nil {
			attachErr = err
			return
		}
		defer func() {
			stdin.Close()
			waiter.Process.Kill()
			waiter.Wait()
		}()
		server := exec.Command(dlv, "attach", strconv.Itoa(waiter.Process.Pid), "--headless", "--api-version=2")
		server.Env = append(os.Environ(), "TERM=dumb")
		out, err := server.StdoutPipe()
		if err != nil {
			attachErr = err
			return
		}
		server.Stderr = server.Stdout
		if err := server.Start(); err != nil {
			attachErr = err
			return
		}
		defer func() {
			server.Process.Kill()
			server.Wait()
		}()
		lines := bufio.NewScanner(out)
		var printed strings.Builder
		addr := ""
		listening := regexp.MustCompile(`API server listening at: (\S+)`)
		for addr == "" && lines.Scan() {
			printed.WriteString(lines.Text() + "\n")
			if m := listening.FindStringSubmatch(lines.Text()); m != nil {
				addr = m[1]
			}
		}
		attach.server = printed.String()
		if addr == "" {
			attachErr = errors.New("the headless server printed no address:\n" + printed.String())
			return
		}
		go io.Copy(io.Discard, out)
		client := exec.Command(dlv, "connect", addr, "--allow-non-terminal-interactive=true", "--init", "testdata/waiter/session.dlv")
		client.Env = append(os.Environ(), "TERM=dumb")
		done := make(chan struct{})
		timer := time.AfterFunc(2*time.Minute, func() {
			select {
			case <-done:
			default:
				client.Process.Kill()
			}
		})
		defer timer.Stop()
		clientOut, _ := client.CombinedOutput()
		close(done)
		attach.client = string(clientOut)
	})
	if attachErr != nil {
		t.Fatal(attachErr)
	}
	return attach
}

func TestS2_52_HeadlessDelveHasNoPrompt(t *testing.T) {
	s := attachWaiter(t)
	if strings.Contains(s.server, "(dlv)") || !strings.HasPrefix(s.server, "API server listening at: ") {
		t.Errorf("dlv attach --headless printed %q; want only the server's address, no prompt", s.server)
	}
	if !strings.Contains(s.client, "> [Breakpoint 1] runtime.mapdelete_faststr()") {
		t.Errorf("the terminal client of dlv connect did not run the commands:\n%s", s.client)
	}
	help, _ := check.Go(t, time.Minute, nil, "tool", "dlv", "attach", "--help")
	for _, want := range []string{"--headless", "Run debug server only, in headless mode.", "--api-version int"} {
		if !strings.Contains(help, want) {
			t.Errorf("dlv attach --help has no %q", want)
		}
	}
}

func TestS2_53_StringKeyDeleteCallsMapdeleteFaststr(t *testing.T) {
	if got := deleteCall(t, "delString"); got != "runtime.mapdelete_faststr" {
		t.Errorf("delete(m, k) on a map[string]int calls %s", got)
	}
	s := attachWaiter(t)
	line := lineOf(t, "testdata/waiter/main.go", "delete(m, k)")
	if !regexp.MustCompile(`in main\.main\.func1\s+at \S*testdata/waiter/main\.go:` + strconv.Itoa(line) + `\n`).MatchString(s.client) {
		t.Errorf("the breakpoint on runtime.mapdelete_faststr was not hit from the delete line:\n%s", s.client)
	}
}

func TestS2_59_HintAvoidsGrowth(t *testing.T) {
	type resource struct{ name string }
	keys := make([]string, 256)
	for i := range keys {
		keys[i] = "resource-" + strconv.Itoa(i)
	}
	m := make(map[string]*resource, 256)
	before := shape(layout(t, m))
	slots := layout(t, m).Capacity()
	for _, k := range keys {
		m[k] = &resource{k}
	}
	if after := shape(layout(t, m)); after != before || slots < 256 {
		t.Fatalf("make(map, 256): %d slots, %s; after 256 inserts %s: want room for 256 from the start", slots, before, after)
	}
	grew := make(map[string]*resource)
	noHint := shape(layout(t, grew))
	for _, k := range keys {
		grew[k] = m[k]
	}
	if shape(layout(t, grew)) == noHint {
		t.Fatal("the map without a hint did not grow either")
	}
	t.Logf("%v: make(map, 256) has %d slots and keeps its shape (%s) through 256 inserts", inspect.Build(), slots, before)
}

func TestS2_60_GCDoesNotRehashMaps(t *testing.T) {
	m := intMap(10000)
	for k := range 9900 {
		delete(m, k)
	}
	before := layout(t, m)
	for range 3 {
		runtime.GC()
	}
	after := layout(t, m)
	if after.Capacity() != before.Capacity() || shape(after) != shape(before) || after.Tombstones() != before.Tombstones() {
		t.Fatalf("runtime.GC changed the map: %d slots, %s, %d tombstones -> %d slots, %s, %d tombstones",
			before.Capacity(), shape(before), before.Tombstones(), after.Capacity(), shape(after), after.Tombstones())
	}
	t.Logf("%v: 100 keys left of 10000: %d slots before and after 3 collections", inspect.Build(), after.Capacity())
}
