// Raceblind asks the race detector about one map operation at a time. For
// each operation, a child process (this program again) has one goroutine
// write m["a"] while it holds a sync.Mutex, and another goroutine run the
// operation on m without the lock: a data race, since nothing orders the two.
// The program says whether the detector reported it. Run it with -race.
package main

import (
	"fmt"
	"maps"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
)

// A probe is one operation on m, run without the lock.
type probe struct {
	code string
	run  func(m map[string]int)
}

// The results go to package variables, so that the compiler keeps every
// operation. Only the probe's goroutine writes them.
var (
	sinkInt  int
	sinkBool bool
	sinkMap  map[string]int
	sinkKeys []string
)

var probes = []probe{
	// Reads.
	{`v := m["b"]`, func(m map[string]int) { sinkInt = m["b"] }},
	{`v, ok := m["b"]`, func(m map[string]int) { sinkInt, sinkBool = m["b"] }},
	{`len(m)`, func(m map[string]int) { sinkInt = len(m) }},
	{`for k, v := range m`, func(m map[string]int) {
		for k, v := range m {
			sinkInt += len(k) + v
		}
	}},
	{`maps.Clone(m)`, func(m map[string]int) { sinkMap = maps.Clone(m) }},
	{`maps.Copy(dst, m)`, func(m map[string]int) { sinkMap = map[string]int{}; maps.Copy(sinkMap, m) }},
	{`slices.Collect(maps.Keys(m))`, func(m map[string]int) { sinkKeys = slices.Collect(maps.Keys(m)) }},
	// Writes. None adds a key, so m never grows.
	{`m["b"] = 3`, func(m map[string]int) { m["b"] = 3 }},
	{`delete(m, "b")`, func(m map[string]int) { delete(m, "b") }},
	{`clear(m)`, func(m map[string]int) { clear(m) }},
	{`maps.Copy(m, src)`, func(m map[string]int) { maps.Copy(m, map[string]int{"b": 4}) }},
}

// childEnv names the probe a child process runs.
const childEnv = "RACEBLIND_PROBE"

// raceBuild is set in race.go, which is built only with -race.
var raceBuild bool

func main() {
	if code, ok := os.LookupEnv(childEnv); ok {
		child(code)
		return
	}
	if !raceBuild {
		fmt.Println("raceblind asks the race detector: run it with -race (go run -race ./chapters/code/06-races/raceblind)")
		os.Exit(2)
	}
	fmt.Println(`one goroutine writes m["a"] = 2 holding a sync.Mutex; another runs the operation without it`)
	fmt.Println("(each in a child process with GOMAXPROCS=1; nothing orders the two accesses)")
	fmt.Println()
	for _, p := range probes {
		verdict, err := ask(p.code)
		if err != nil {
			fmt.Printf("%-30s %v\n", p.code, err)
			os.Exit(1)
		}
		fmt.Printf("%-30s %s\n", p.code, verdict)
	}
}

// ask runs the probe in a child process and says whether the race detector
// reported a race there.
func ask(code string) (string, error) {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), childEnv+"="+code, "GOMAXPROCS=1")
	out, _ := cmd.CombinedOutput()
	text := string(out)
	switch {
	case strings.Contains(text, "WARNING: DATA RACE"):
		return "race reported", nil
	case strings.Contains(text, "both done"):
		return "nothing reported", nil
	case strings.Contains(text, "fatal error: concurrent map"):
		// The runtime's own check stopped the child: the two operations
		// overlapped in time, which a child that one thread runs makes all
		// but impossible. The detector, which would have reported before
		// the check fired, reported nothing.
		return "nothing reported", nil
	}
	return "", fmt.Errorf("the child process did not finish the probe:\n%s", text)
}

// child runs the probe named code against a locked writer, and prints
// "both done" once both goroutines have finished.
func child(code string) {
	i := slices.IndexFunc(probes, func(p probe) bool { return p.code == code })
	if i < 0 {
		fmt.Printf("no probe %q\n", code)
		os.Exit(3)
	}
	m := map[string]int{"a": 1, "b": 2}
	var mu sync.Mutex
	start := make(chan struct{})
	var wg sync.WaitGroup
	// Both goroutines wait for start, and main waits for both: every edge
	// that orders goroutines goes from main to one of them, or from one of
	// them to main, never between the two. The writer's Unlock orders it
	// only with a later Lock, which the probe never takes.
	wg.Go(func() {
		<-start
		mu.Lock()
		m["a"] = 2
		mu.Unlock()
	})
	wg.Go(func() {
		<-start
		probes[i].run(m)
	})
	close(start)
	wg.Wait()
	fmt.Println("both done")
}

//course:every-lane the race detector's view of a map comes from the map runtime's functions, which differ by version
