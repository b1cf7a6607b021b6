// Command child runs one case of chapter 08's snapshotrace test on one
// Registry: the goroutines of the operator (or two writers) for the case's
// time limit, then prints "no crash" if the runtime let them run that long.
// With no argument it prints the names of its cases, one per line.
//
// The test builds it from the two files of each Registry (registry.go and
// clone.go) and nothing else of the lab's package or the solution's: the
// operator, and controller-runtime with it, are left out.
package main

import (
	"fmt"
	"os"
	"runtime"
	"sync"
	"time"

	lab "gomaps/labs/08-operator"
	solution "gomaps/solutions/08-operator"
)

// registry is what the cases need of either package's Registry.
type registry interface {
	Set(name string, entries map[string]string)
	Delete(name string)
	Snapshot() map[string]map[string]string
}

// cases are the goroutines each case runs on one Registry, and how long it
// lets them run before it says that nothing stopped it.
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

func main() {
	if len(os.Args) < 2 {
		for _, c := range cases {
			fmt.Println(c.name)
		}
		return
	}
	runtime.GOMAXPROCS(max(2, runtime.GOMAXPROCS(0)))
	for _, c := range cases {
		if c.name != os.Args[1] {
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
		return
	}
	fmt.Fprintf(os.Stderr, "child: no case named %q\n", os.Args[1])
	os.Exit(2)
}
