package races

import (
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
	"gomaps/labs/internal/locktest"
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

// An op is one call of the lab's code, running in its own goroutine: the
// tests hold a lock and check that a call waits for it, with the helpers of
// labs/internal/locktest, which lab 08 shares.
type op struct {
	*locktest.Op
	name string
	done <-chan struct{} // closed when the call has returned
}

// start runs f in a new goroutine, named for messages.
func start(name string, f func()) *op {
	o := locktest.Start(name, f)
	return &op{Op: o, name: name, done: o.Done()}
}

// settle waits until the op has returned or is blocked. It returns "" if
// the op returned, else why it is blocked ("sync.RWMutex.Lock",
// "chan receive"...): the runtime's wait reason.
func (o *op) settle() string { return o.Settle() }

// do runs f, named for messages, as an op and waits for it: a call that
// blocks forever (on a lock that an earlier call never unlocked) fails the
// test instead of hanging it.
func do(t *testing.T, name string, f func()) {
	t.Helper()
	locktest.Do(t, name, f)
}

// await waits until every op has returned. If at some point all the ops
// still running are blocked, nothing can wake them (the caller released its
// locks before calling await): the test fails instead of hanging.
func await(t *testing.T, ops ...*op) {
	t.Helper()
	all := make([]*locktest.Op, len(ops))
	for i, o := range ops {
		all[i] = o.Op
	}
	locktest.Await(t, all...)
}

// mustNotWait fails t unless the op returns without blocking.
func mustNotWait(t *testing.T, o *op, while, advice string) {
	t.Helper()
	locktest.MustNotWait(t, o.Op, while, advice)
}

// mustWait fails t unless the op blocks.
func mustWait(t *testing.T, o *op, while, advice string) {
	t.Helper()
	locktest.MustWait(t, o.Op, while, advice)
}
