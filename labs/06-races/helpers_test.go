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
	"gomaps/labs/testout"
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
	text, code := runChild(t, name, subject, activity, advice)
	if code != 0 || !strings.HasSuffix(strings.TrimSpace(text), "ok") {
		wrong, ok := strings.CutPrefix(firstLine(text), "wrong: ")
		if ok && code == 1 {
			t.Fatalf("while %s: %s", activity, wrong)
		}
		t.Fatalf("while %s: %s (exit status %d)", activity, wrong, code)
	}
}

// runChild runs the named workload in a child process, as inChild does, and
// fails t if the child crashed, hung or raced. Otherwise it returns the
// child's output and exit status, for the caller to read.
func runChild(t *testing.T, name, subject, activity, advice string) (text string, code int) {
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
			subject, activity, stuckSite(text), advice)
	}
	if fatal := fatalLine(text); strings.Contains(fatal, "deadlock") {
		t.Fatalf("%s deadlocked while %s: \"fatal error: %s\" (exit status %d), with a goroutine waiting in %s: a lock that is never unlocked (a missing Unlock or RUnlock, or a Lock released with RUnlock?)",
			subject, activity, fatal, code, stuckSite(text))
	} else if fatal != "" {
		t.Fatal(crashMessage(text, code, subject, activity, advice))
	}
	if strings.Contains(text, "WARNING: DATA RACE") {
		t.Fatalf("the race detector found a data race in %s while %s: %s; %s",
			subject, activity, raceSites(text), advice)
	}
	return text, code
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

// crashMessage is inChild's sentence for a child that stopped with a fatal
// error: text is the child's output, code its exit status.
func crashMessage(text string, code int, subject, activity, advice string) string {
	fatal := fatalLine(text)
	site, copied := crashSite(text)
	if misuse := testout.LockMisuse(fatal); misuse != "" {
		// Not a race on the map: a lock released that was not held, which
		// stops the program whatever the other goroutines do.
		return fmt.Sprintf("%s crashed in %s with \"fatal error: %s\" (exit status %d): %s; the runtime stops the whole program for that, and recover cannot catch it: release each Lock with Unlock and each RLock with RUnlock, once",
			subject, site, fatal, code, misuse)
	}
	if cause := crashCause(fatal, copied); cause != "" {
		return fmt.Sprintf("%s crashed while %s: \"fatal error: %s\" (exit status %d) in %s. %s; the runtime stops the whole program for that, and recover cannot catch it: %s",
			subject, activity, fatal, code, site, cause, advice)
	}
	return fmt.Sprintf("%s crashed while %s: \"fatal error: %s\" (exit status %d) in %s; the runtime stops the whole program for that, and recover cannot catch it",
		subject, activity, fatal, code, site)
}

// crashCause explains a fatal error of the runtime's map check in one
// sentence, or returns "" for another fatal error. copied says the crash
// was in the test's own write of a copy that Snapshot returned: see
// crashSite.
func crashCause(fatal string, copied bool) string {
	switch {
	case strings.Contains(fatal, "clone"):
		return "One goroutine copied a map (maps.Clone) while another wrote it"
	case strings.Contains(fatal, "iteration"):
		return "One goroutine ranged over a map (as copying it does) while another wrote it"
	case strings.Contains(fatal, "read and map write"):
		return "One goroutine read a map while another wrote it"
	case strings.Contains(fatal, "concurrent map writes") && copied:
		// maps.Clone copies the map's header, the "writing" mark included:
		// a copy taken while another goroutine was in the middle of a write
		// says that a write is under way, and its own first write finds it.
		return "No other goroutine wrote that copy: it kept the in-progress mark of the write it was copied during, which made its first write look like a second writer"
	case strings.Contains(fatal, "concurrent map writes"):
		return "Two goroutines wrote a map at once"
	}
	return ""
}

// crashSite names where a crash happened: the first frame of the lab's own
// code, with its file and line. A copy that Snapshot made while another
// goroutine wrote the cache's map can carry that write's "writing" mark, and
// then crashes when the test writes the copy: the test file's frame names it,
// and copied is true.
func crashSite(out string) (site string, copied bool) {
	inTest := ""
	for _, f := range labtest.Frames(out, labDir) {
		if !f.Test() {
			return fmt.Sprintf("%s (%s)", shortFunc(f.Func), f.Pos()), false
		}
		if inTest == "" {
			inTest = fmt.Sprintf("the test's own code (%s), writing a copy that Snapshot made while another goroutine wrote the map", f.Pos())
		}
	}
	if inTest != "" {
		return inTest, true
	}
	return "an unknown place", false
}

// stuckSite names where a child that never finished (in the dump of every
// goroutine that SIGQUIT made) or deadlocked was: the first frame of the
// lab's own code, else of its tests.
func stuckSite(out string) string {
	inTest := ""
	for _, f := range labtest.Frames(out, labDir) {
		if !f.Test() {
			return fmt.Sprintf("%s (%s)", shortFunc(f.Func), f.Pos())
		}
		if inTest == "" {
			inTest = fmt.Sprintf("the test's own code (%s)", f.Pos())
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

// testCrashMessages checks inChild's sentence for the output of children
// that crashed, captured from real runs of wrong code (Go 1.27.3; the
// reader's folder is /home/reader/gomaps). It runs once the step's own
// checks pass, so that a learner never sees it fail for their code.
func testCrashMessages(t *testing.T) {
	for _, c := range []struct {
		name, out string
		want      []string // in the message
		not       []string // never in it
	}{
		{"RLock paired with Unlock", capturedRLockUnlock,
			[]string{`the cache crashed in Cache.Len (cache.go:`, `with "fatal error: sync: Unlock of unlocked RWMutex" (exit status 2): a lock misuse: an Unlock without its Lock, or RLock paired with Unlock;`, ": release each Lock with Unlock and each RLock with RUnlock, once"},
			[]string{"map", "ADVICE"}},
		{"Lock paired with RUnlock", capturedLockRUnlock,
			[]string{`the cache crashed in Cache.Set (cache.go:`, `"fatal error: sync: RUnlock of unlocked RWMutex" (exit status 2): a lock misuse: an RUnlock without its RLock, or Lock paired with RUnlock;`},
			[]string{"map", "ADVICE"}},
		{"a Snapshot's copy written by the test", capturedSnapshotCopy,
			[]string{`"fatal error: concurrent map writes" (exit status 2) in the test's own code (step1_cache_test.go:`, "), writing a copy that Snapshot made while another goroutine wrote the map. No other goroutine wrote that copy: it kept the in-progress mark of the write it was copied during, which made its first write look like a second writer; the runtime stops the whole program for that, and recover cannot catch it: ADVICE"},
			[]string{"Two goroutines"}},
		{"two Sets at once", capturedConcurrentSets,
			[]string{`"fatal error: concurrent map writes" (exit status 2) in Cache.Set (cache.go:`, "). Two goroutines wrote a map at once; the runtime stops the whole program for that, and recover cannot catch it: ADVICE"},
			[]string{"copy", "lock misuse"}},
	} {
		got := crashMessage(c.out, 2, "the cache", "WORKLOAD", "ADVICE")
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: the message is\n%s\nwant it to contain\n%s", c.name, got, w)
			}
		}
		for _, n := range c.not {
			if strings.Contains(got, n) {
				t.Errorf("%s: the message is\n%s\nwant no %q in it", c.name, got, n)
			}
		}
	}
}

// The captured outputs, each up to the end of the crashing goroutine's stack.
const (
	capturedRLockUnlock = `fatal error: sync: Unlock of unlocked RWMutex

goroutine 1 [running]:
sync.fatal({0x57b976?, 0x179f816d7b19?})
	/usr/lib/go/src/runtime/panic.go:1175 +0x18
sync.(*RWMutex).Unlock(0x179f816989c0)
	/usr/lib/go/src/sync/rwmutex.go:212 +0x45
gomaps/labs/06-races.(*Cache[...]).Len(0x3e8?)
	/home/reader/gomaps/labs/06-races/cache.go:56 +0x8f
gomaps/labs/06-races.cacheSets()
	/home/reader/gomaps/labs/06-races/step1_cache_test.go:32 +0x248
gomaps/labs/06-races.runWorkload({0x179f8162c013, 0xa})
	/home/reader/gomaps/labs/06-races/helpers_test.go:48 +0xed
gomaps/labs/06-races.TestMain(0x179f81694500)
	/home/reader/gomaps/labs/06-races/helpers_test.go:30 +0x2f
main.main()
	_testmain.go:70 +0xa5`
	capturedLockRUnlock = `fatal error: sync: RUnlock of unlocked RWMutex

goroutine 20 [running]:
sync.fatal({0x57bf1e?, 0x0?})
	/usr/lib/go/src/runtime/panic.go:1175 +0x18
sync.(*RWMutex).rUnlockSlow(0x139f17f0e9c0, 0x0?)
	/usr/lib/go/src/sync/rwmutex.go:132 +0x2f
sync.(*RWMutex).RUnlock(...)
	/usr/lib/go/src/sync/rwmutex.go:122
gomaps/labs/06-races.(*Cache[...]).Set(0x58a560, {0x139f17f6693c, 0x4}, 0x0)
	/home/reader/gomaps/labs/06-races/cache.go:43 +0x96
gomaps/labs/06-races.cacheSets.func1(0x0?, 0x0?)
	/home/reader/gomaps/labs/06-races/step1_cache_test.go:25 +0xb3
gomaps/labs/06-races.together.func1()
	/home/reader/gomaps/labs/06-races/helpers_test.go:108 +0x63
sync.(*WaitGroup).Go.func1()
	/usr/lib/go/src/sync/waitgroup.go:258 +0x4a
created by sync.(*WaitGroup).Go in goroutine 1
	/usr/lib/go/src/sync/waitgroup.go:238 +0x7d`
	capturedSnapshotCopy = `fatal error: concurrent map writes

goroutine 12 [running]:
internal/runtime/maps.fatal({0x576fef?, 0x6e7930?})
	/usr/lib/go/src/runtime/panic.go:1195 +0x18
gomaps/labs/06-races.cacheReadsAndWrites.func1(0x0?, 0x0?)
	/home/reader/gomaps/labs/06-races/step1_cache_test.go:73 +0x2c5
gomaps/labs/06-races.together.func1()
	/home/reader/gomaps/labs/06-races/helpers_test.go:108 +0x63
sync.(*WaitGroup).Go.func1()
	/usr/lib/go/src/sync/waitgroup.go:258 +0x4a
created by sync.(*WaitGroup).Go in goroutine 1
	/usr/lib/go/src/sync/waitgroup.go:238 +0x7d`
	capturedConcurrentSets = `fatal error: concurrent map writes

goroutine 21 [running]:
internal/runtime/maps.fatal({0x576fef?, 0x0?})
	/usr/lib/go/src/runtime/panic.go:1195 +0x18
gomaps/labs/06-races.(*Cache[...]).Set(...)
	/home/reader/gomaps/labs/06-races/cache.go:49
gomaps/labs/06-races.cacheSets.func1(0x0?, 0x0?)
	/home/reader/gomaps/labs/06-races/step1_cache_test.go:25 +0xd5
gomaps/labs/06-races.together.func1()
	/home/reader/gomaps/labs/06-races/helpers_test.go:108 +0x63
sync.(*WaitGroup).Go.func1()
	/usr/lib/go/src/sync/waitgroup.go:258 +0x4a
created by sync.(*WaitGroup).Go in goroutine 1
	/usr/lib/go/src/sync/waitgroup.go:238 +0x7d`
)

// joinNames joins names for a sentence: "Set", "Set and Delete",
// "Get, Set and Delete".
func joinNames(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
