package races

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"gomaps/labs/internal/labtest"
)

// Two tools the tests share: running a racy workload in a child process,
// and watching an operation's goroutine until it returns or blocks.

// childEnv names the workload a child process runs instead of the tests.
const childEnv = "RACES_LAB_WORKLOAD"

// workloads are the concurrent uses of the lab's maps that run in a child
// process. Each returns an error when the results are wrong.
var workloads = map[string]func() error{}

func TestMain(m *testing.M) {
	if name := os.Getenv(childEnv); name != "" {
		os.Exit(runWorkload(name))
	}
	os.Exit(m.Run())
}

// runWorkload is the child's whole life: it runs the named workload a few
// rounds, and prints "ok" or what was wrong. A race crashes it before,
// almost always in the first round.
func runWorkload(name string) int {
	w := workloads[name]
	if w == nil {
		fmt.Printf("no workload %q\n", name)
		return 3
	}
	// The runtime's check only fires when two map operations overlap in
	// time, which is far more likely with several threads running Go code.
	runtime.GOMAXPROCS(max(4, runtime.GOMAXPROCS(0)))
	for range 3 {
		if err := w(); err != nil {
			fmt.Printf("wrong: %v\n", err)
			return 1
		}
	}
	fmt.Println("ok")
	return 0
}

// inChild runs the named workload in a child process (this test binary
// again) and fails t with a sentence if the child crashed, if the race
// detector found a race (when the tests run with -race), or if the results
// were wrong. The messages say that subject crashed while activity, and
// end with advice.
func inChild(t *testing.T, name, subject, activity, advice string) {
	t.Helper()
	if workloads[name] == nil {
		t.Fatalf("the test has no workload %q", name)
	}
	// Under -race, the child stops at its first race report. A child that a
	// race sent into an endless loop is stopped before the test's deadline,
	// and the test fails with a message instead of a timeout.
	text, code, hung := labtest.Rerun(t, childEnv+"="+name, "GORACE="+os.Getenv("GORACE")+" halt_on_error=1")
	if hung {
		t.Fatalf("%s never finished while %s, until the test's deadline: a race corrupted a map so that an operation loops forever, here in %s; %s",
			subject, activity, crashSite(text), advice)
	}
	if fatal := fatalLine(text); strings.Contains(fatal, "deadlock") {
		t.Fatalf("%s deadlocked while %s: \"fatal error: %s\" (exit status %d), with a goroutine waiting in %s: a lock that is never unlocked (a missing Unlock or RUnlock?)",
			subject, activity, fatal, code, crashSite(text))
	} else if fatal != "" {
		t.Fatalf("%s crashed while %s: \"fatal error: %s\" (exit status %d) in %s. %s; the runtime stops the whole program for that, and recover cannot catch it: %s",
			subject, activity, fatal, code, crashSite(text), crashCause(fatal), advice)
	}
	if strings.Contains(text, "WARNING: DATA RACE") {
		t.Fatalf("the race detector found a data race in %s while %s: %s; %s",
			subject, activity, raceSites(text), advice)
	}
	if code != 0 || !strings.HasSuffix(strings.TrimSpace(text), "ok") {
		t.Fatalf("while %s: %s (exit status %d)", activity, strings.TrimPrefix(firstLine(text), "wrong: "), code)
	}
}

// together calls f(g, i) in goroutines g = 0, 1, ..., goroutines-1, each
// for i = 0, 1, 2, ... It stops each goroutine only once every goroutine has
// made at least calls calls, so that a goroutine that the scheduler runs
// early keeps going until the others have caught up: their calls overlap in
// time whenever the machine runs two threads at once. f must leave the same
// results when it is called again with a larger i. together returns the
// first error of f; a goroutine whose call failed stops, and the others go
// on to the end. A wrong result (a reader seeing a key whose value is not
// stored yet) is a race that the runtime's check did not catch, and going on
// gives the check its chance: the child then ends in the fatal error, the
// message the lab's tests and the book show, nearly every time.
func together(goroutines, calls int, f func(g, i int) error) error {
	var wg sync.WaitGroup
	var caughtUp atomic.Int64 // goroutines that made calls calls, or failed
	errs := make(chan error, goroutines)
	for g := range goroutines {
		wg.Go(func() {
			for i := 0; ; i++ {
				if err := f(g, i); err != nil {
					errs <- err
					if i < calls { // not counted yet
						caughtUp.Add(1)
					}
					return
				}
				if i+1 == calls {
					caughtUp.Add(1)
				}
				if i+1 >= calls && caughtUp.Load() == int64(goroutines) {
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	return <-errs
}

// fatalLine returns the text after "fatal error: " in a child's output.
func fatalLine(out string) string {
	for _, line := range strings.Split(out, "\n") {
		if rest, ok := strings.CutPrefix(line, "fatal error: "); ok {
			return rest
		}
	}
	return ""
}

// crashCause explains the runtime's message in one sentence.
func crashCause(fatal string) string {
	switch {
	case strings.Contains(fatal, "clone"):
		return "One goroutine copied a map (maps.Clone) while another wrote it"
	case strings.Contains(fatal, "iteration"):
		return "One goroutine ranged over a map (as copying it does) while another wrote it"
	case strings.Contains(fatal, "read and map write"):
		return "One goroutine read a map while another wrote it: readers need the lock too"
	default:
		return "Two goroutines wrote a map at once"
	}
}

// crashSite names where a crash happened: the first frame of the lab's own
// code, with its file and line. A copy that Snapshot made while another
// goroutine wrote the cache's map can carry that write's "writing" mark, and
// then crashes when the test writes the copy: the test file's frame names it.
func crashSite(out string) string {
	inTest := ""
	for _, f := range labtest.Frames(out, labDir) {
		if !f.Test() {
			return fmt.Sprintf("%s (%s)", shortFunc(f.Func), f.Pos())
		}
		if inTest == "" {
			inTest = fmt.Sprintf("the test's own code (%s), writing a copy that Snapshot made while another goroutine wrote the map", f.Pos())
		}
	}
	if inTest != "" {
		return inTest
	}
	return "an unknown place"
}

// labDir is the lab's folder, whose frames crashSite and raceSites look for.
const labDir = "labs/06-races"

// raceAccess matches the line that begins each access of a race report:
// "Write at 0x00c000012345 by goroutine 8:", "Previous read at ...".
var raceAccess = regexp.MustCompile(`(?m)^\s*(?:Previous )?([Rr]ead|[Ww]rite) at `)

// raceSites names the two accesses of the first race report: "a write in
// Cache.Set (cache.go:40) and a read in Cache.Len (cache.go:55)".
func raceSites(out string) string {
	_, report, _ := strings.Cut(out, "WARNING: DATA RACE")
	report, _, _ = strings.Cut(report, "==================") // the end of the first report
	report, _, _ = strings.Cut(report, "\nGoroutine ")       // where its goroutines were created
	accesses := raceAccess.FindAllStringSubmatchIndex(report, -1)
	var sides []string
	for k, loc := range accesses {
		end := len(report)
		if k+1 < len(accesses) {
			end = accesses[k+1][0]
		}
		for _, f := range labtest.Frames(report[loc[1]:end], labDir) {
			if !f.Test() {
				kind := strings.ToLower(report[loc[2]:loc[3]])
				sides = append(sides, fmt.Sprintf("a %s in %s (%s)", kind, shortFunc(f.Func), f.Pos()))
				break
			}
		}
	}
	if len(sides) == 0 {
		return "run the test with -v to see the report"
	}
	return strings.Join(sides, " and ")
}

// shortFunc shortens a stack trace's function line:
// "gomaps/labs/06-races.(*Cache[...]).Set(0xc000010018, ...)" is "Cache.Set".
func shortFunc(line string) string {
	fn := strings.TrimSpace(line)
	fn = fn[strings.LastIndex(fn, "/")+1:]
	if i := strings.Index(fn, "."); i >= 0 {
		fn = fn[i+1:]
	}
	if i := strings.LastIndex(fn, "("); i > 0 && strings.HasSuffix(fn, ")") {
		fn = fn[:i]
	}
	for _, junk := range []string{"(*", ")", "[...]", "[go.shape.int]", "[go.shape.string]"} {
		fn = strings.ReplaceAll(fn, junk, "")
	}
	return fn
}

// keyNames returns n keys named prefix0, prefix1...: the workloads make
// their keys before they start, so that the goroutines spend their time in
// the map's methods.
func keyNames(prefix string, n int) []string {
	keys := make([]string, n)
	for i := range keys {
		keys[i] = prefix + strconv.Itoa(i)
	}
	return keys
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	if s == "" {
		return "(no output)"
	}
	return s
}

// An op is one call of the lab's code, running in its own goroutine.
type op struct {
	name     string
	id       int64         // the goroutine's id, as its stack dump shows it
	done     chan struct{} // closed when the call has returned
	panicked any
}

// start runs f in a new goroutine, named for messages.
func start(name string, f func()) *op {
	o := &op{name: name, done: make(chan struct{})}
	ids := make(chan int64)
	go func() {
		defer close(o.done)
		defer func() { o.panicked = recover() }()
		ids <- goroutineID()
		f()
	}()
	o.id = <-ids
	return o
}

// settle waits until the op has returned or is blocked. It returns "" if
// the op returned, else why it is blocked ("sync.RWMutex.Lock",
// "chan receive"...): the runtime's wait reason.
//
// A blocked goroutine stays blocked until another one wakes it, so this
// needs no timeout: the loop ends as soon as the op's goroutine parks.
func (o *op) settle() string {
	for {
		select {
		case <-o.done:
			return ""
		default:
		}
		if r := waitReason(o.id); blocked(r) {
			return r
		}
		runtime.Gosched()
	}
}

// do runs f, named for messages, as an op and waits for it: a call that
// blocks forever (on a lock that an earlier call never unlocked) fails the
// test instead of hanging it.
func do(t *testing.T, name string, f func()) {
	t.Helper()
	await(t, start(name, f))
}

// returned reports whether the op has returned, without waiting.
func (o *op) returned() bool {
	select {
	case <-o.done:
		return true
	default:
		return false
	}
}

// await waits until every op has returned. If at some point all the ops
// still running are blocked, nothing can wake them (the caller released its
// locks before calling await): the test fails instead of hanging.
func await(t *testing.T, ops ...*op) {
	t.Helper()
	for {
		var running []*op
		for _, o := range ops {
			if !o.returned() {
				running = append(running, o)
			}
		}
		if len(running) == 0 {
			break
		}
		var stuck []string
		for _, o := range running {
			if r := waitReason(o.id); blocked(r) {
				stuck = append(stuck, fmt.Sprintf("%s (%s)", o.name, r))
			}
		}
		if len(stuck) == len(running) && !anyReturned(running) {
			t.Fatalf("%s never returned: blocked, with nothing left to wake it (a lock that is never unlocked, or a channel never closed)", strings.Join(stuck, ", "))
		}
		runtime.Gosched()
	}
	for _, o := range ops {
		if o.panicked != nil {
			t.Fatalf("%s panicked: %v", o.name, o.panicked)
		}
	}
}

func anyReturned(ops []*op) bool {
	for _, o := range ops {
		if o.returned() {
			return true
		}
	}
	return false
}

// blocked reports whether a wait reason means the goroutine is parked until
// another goroutine of the program wakes it: on a lock of package sync
// ("sync.Mutex.Lock", "sync.RWMutex.RLock", "sync.WaitGroup.Wait"...), a
// channel or a select. "running", "runnable", "syscall", the empty reason of
// a goroutine that has exited, and the runtime's own waits are not: a
// goroutine that starts a garbage collection may wait in "semacquire" or
// "GC assist wait" for a moment, and the runtime wakes it by itself.
func blocked(reason string) bool {
	return strings.HasPrefix(reason, "sync.") || strings.HasPrefix(reason, "chan ") ||
		strings.HasPrefix(reason, "select")
}

// waitReason returns the state of goroutine id, as runtime.Stack shows it in
// the goroutine's first line ("goroutine 7 [sync.Mutex.Lock]:"), or "" if
// there is no such goroutine.
func waitReason(id int64) string {
	buf := make([]byte, 64<<10)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	head := []byte("goroutine " + strconv.FormatInt(id, 10) + " [")
	for _, line := range bytes.Split(buf, []byte("\n")) {
		if rest, ok := bytes.CutPrefix(line, head); ok {
			reason, _, _ := strings.Cut(string(rest), "]")
			reason, _, _ = strings.Cut(reason, ",") // "chan receive, 2 minutes"
			return reason
		}
	}
	return ""
}

// goroutineID returns the calling goroutine's id, from its stack dump.
func goroutineID() int64 {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	f := strings.Fields(string(buf))
	if len(f) < 2 || f[0] != "goroutine" {
		panic("unexpected stack dump: " + string(buf))
	}
	id, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil {
		panic("unexpected stack dump: " + string(buf))
	}
	return id
}

// mustNotWait fails t unless the op returns without blocking.
func mustNotWait(t *testing.T, o *op, while, advice string) {
	t.Helper()
	if r := o.settle(); r != "" {
		t.Errorf("%s waited (%s) while %s: %s", o.name, r, while, advice)
	}
}

// mustWait fails t unless the op blocks.
func mustWait(t *testing.T, o *op, while, advice string) {
	t.Helper()
	if r := o.settle(); r == "" {
		t.Errorf("%s returned while %s: %s", o.name, while, advice)
	}
}
