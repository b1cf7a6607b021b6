// Package snapshotrace shows which fatal error the Registry of lab 08 can
// give in the operator. There, one goroutine writes the Registry (the
// informer's goroutine that calls the member handler: Set and Delete), and
// the one Reconcile at a time reads it with Snapshot, which is maps.Clone.
// maps.Clone checks the map's "writing" flag (Map.Clone on Swiss tables,
// mapclone2 on the classic map) but never sets it, so the writer can never
// see the reader: only the reader can catch the race, with "concurrent map
// clone and map write".
//
// Each case runs in a child process (this test binary again), a few times,
// and the test counts how the children ended: the Registry of the lab as it
// is in labs/08-operator (as shipped: no lock), with the operator's one
// writer and one reader, then with two writers, and the solution's Registry.
package snapshotrace

import (
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	lab "gomaps/labs/08-operator"
	solution "gomaps/solutions/08-operator"
)

// childEnv names the case the child process runs instead of the tests.
const childEnv = "SNAPSHOTRACE_CASE"

// runs is how many child processes each case starts.
const runs = 5

// registry is what the cases need of either package's Registry.
type registry interface {
	Set(name string, entries map[string]string)
	Delete(name string)
	Snapshot() map[string]map[string]string
}

// cases are the goroutines each case runs on one Registry, and how long the
// child lets them run before it says that nothing stopped it.
var cases = []struct {
	name      string
	registry  func() registry
	goroutine []func(r registry, stop <-chan bool)
	limit     time.Duration
}{
	{"lab: 1 writer (the handler), 1 Snapshot (the reconciler)", func() registry { return lab.NewRegistry() },
		[]func(r registry, stop <-chan bool){write, snapshot}, 10 * time.Second},
	{"lab: 2 writers", func() registry { return lab.NewRegistry() },
		[]func(r registry, stop <-chan bool){write, write}, 10 * time.Second},
	{"solution: 1 writer, 1 Snapshot", func() registry { return solution.NewRegistry() },
		[]func(r registry, stop <-chan bool){write, snapshot}, 300 * time.Millisecond},
}

// names are the members that come and go.
var names = func() []string {
	n := make([]string, 64)
	for i := range n {
		n[i] = fmt.Sprint("m-", i)
	}
	return n
}()

// write does what the member handler does: Set a member, Delete another.
func write(r registry, stop <-chan bool) {
	entries := map[string]string{"endpoint": "10.0.0.1:80", "zone": "a"}
	for i := 0; ; i++ {
		select {
		case <-stop:
			return
		default:
		}
		r.Set(names[i%64], entries)
		r.Delete(names[(i+32)%64])
	}
}

// snapshot does what Reconcile does with the Registry.
func snapshot(r registry, stop <-chan bool) {
	for {
		select {
		case <-stop:
			return
		default:
		}
		_ = r.Snapshot()
	}
}

func TestMain(m *testing.M) {
	if name := os.Getenv(childEnv); name != "" {
		child(name)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// child runs the goroutines of the named case on one Registry for the case's
// time limit, and prints "no crash" if the runtime let them run that long.
func child(name string) {
	runtime.GOMAXPROCS(max(2, runtime.GOMAXPROCS(0)))
	for _, c := range cases {
		if c.name != name {
			continue
		}
		r := c.registry()
		stop := make(chan bool)
		var wg sync.WaitGroup
		for _, g := range c.goroutine {
			wg.Go(func() { g(r, stop) })
		}
		time.Sleep(c.limit)
		close(stop)
		wg.Wait()
		fmt.Println("no crash")
	}
}

var fatalRE = regexp.MustCompile(`(?m)^fatal error: .*$`)

// TestSnapshotRace runs each case in runs child processes and counts how
// they ended: the first line "fatal error: ..." of each, or "no crash".
func TestSnapshotRace(t *testing.T) {
	for _, c := range cases {
		ends := map[string]int{}
		for range runs {
			cmd := exec.Command(os.Args[0])
			cmd.Env = append(os.Environ(), childEnv+"="+c.name)
			out, _ := cmd.CombinedOutput()
			end := fatalRE.FindString(string(out))
			if end == "" {
				end, _, _ = strings.Cut(string(out), "\n")
			}
			ends[end]++
		}
		var lines []string
		for end, n := range ends {
			lines = append(lines, fmt.Sprintf("%2d of %d: %s", n, runs, end))
		}
		sort.Sort(sort.Reverse(sort.StringSlice(lines)))
		t.Logf("%s\n%s", c.name, strings.Join(lines, "\n"))
	}
}
