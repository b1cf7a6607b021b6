// Package s0 checks the claims of the first seed post (S0): a map of Pod states raced by
// informer handlers. Each test is named by the claim's ID (chapters/code/09-claims/s0.go).
//
// The package holds the claims that depend on the map runtime or on the toolchain that runs:
// it reads the layout through the inspector, races maps, checks what the built-in map and
// sync.Map of the running toolchain do, and compiles and races the post's counter snippet with
// that toolchain's compiler and race detector (the rulings name the versions). It imports
// nothing of Kubernetes, so that it runs on every map runtime (the lanes of labs/lanes) without
// compiling client-go; the classic one so:
//
//	go test ./chapters/code/09-claims/s0
//	env $(go run ./tools/course lanes -env classic) go test ./chapters/code/09-claims/s0
//
// The claims about Kubernetes, other libraries' sources and the tools are in package s0/once,
// which runs once. This file holds the claims of the title and of the post's section 1 (how to
// use a map).
package s0

//course:every-lane its claims are about the map runtime: it reads the layout through the inspector and races maps

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"gomaps/chapters/code/09-claims/check"
	"gomaps/chapters/code/09-claims/check/inspector"
	"gomaps/labs/inspect"
)

// writeRace is the workload of a child process: goroutines that write one map[string]int at
// once until the runtime stops the process. If it has not after 30 seconds, it prints
// "no crash" and returns.
//
// The runtime's check is not the only way the race can show: a write may first find the map
// already broken by the other writer and panic (once in the course's CI, a nil pointer
// dereference inside the map's assignment). A recover would catch such a panic, but never the
// fatal error. So a writer that panics says so on a line "corrupted: ..." and goes on writing,
// and the child still ends in the fatal error: one writer alone would never be caught.
func writeRace(goroutines int) {
	// The runtime's check only sees writes that overlap in time: give it two threads, and start
	// the writers together.
	runtime.GOMAXPROCS(max(2, runtime.GOMAXPROCS(0)))
	m := map[string]int{}
	keys := make([]string, 100)
	for i := range keys {
		keys[i] = fmt.Sprint("pod-", i)
	}
	start := make(chan struct{})
	deadline := time.Now().Add(30 * time.Second)
	write := func() {
		defer func() {
			if r := recover(); r != nil {
				fmt.Println("corrupted:", r)
			}
		}()
		for time.Now().Before(deadline) {
			for range 1000 {
				for _, k := range keys {
					m[k]++
				}
			}
		}
	}
	var wg sync.WaitGroup
	for range goroutines {
		wg.Go(func() {
			<-start
			for time.Now().Before(deadline) {
				write()
			}
		})
	}
	close(start)
	wg.Wait()
	fmt.Println("no crash")
}

// wantFatal fails the test unless a child's output and exit status are the runtime's fatal
// error with the message msg: exit status 2, no recover run, no normal end.
func wantFatal(t *testing.T, out string, code int, msg string) {
	t.Helper()
	if code != 2 || !strings.Contains(out, "fatal error: "+msg) {
		t.Fatalf("the child ended with exit status %d; want 2 and %q:\n%s", code, "fatal error: "+msg, out)
	}
	if strings.Contains(out, "recovered:") || strings.Contains(out, "no crash") {
		t.Fatalf("the child recovered or ended normally:\n%s", out)
	}
	if strings.Contains(out, "corrupted:") {
		t.Logf("a writer panicked on the map the race had broken, went on, and the check fired:\n%s", firstLines(out, 3))
	}
}

// raceChild runs t's test again in a child process, where its workload is map writers racing
// (writeRace), and fails the test unless the runtime ended the child with "fatal error: " and
// msg (see wantFatal). It returns the child's output.
//
// The runtime's check sees only writes that overlap in time. Started together, the writers
// have always met within milliseconds; but a machine so busy that it ran them one after the
// other for the whole 30 seconds would show no race at all: the child then ends normally with
// "no crash" and nothing else, having observed neither the race nor its absence. Such a child
// is run again, at most childTries times in all, each retry logged. A child that ended in any
// other way, a fatal error or not, is judged by wantFatal at once: the verdict is the same.
func raceChild(t *testing.T, msg string, env ...string) string {
	t.Helper()
	for try := 1; ; try++ {
		out, code := check.Child(t, time.Minute, env...)
		if try < childTries && code == 0 && strings.Contains(out, "no crash") && !strings.Contains(out, "corrupted:") {
			t.Logf("try %d of %d: the racing writers never wrote at the same moment (the child ended with \"no crash\" after 30 seconds): running it again", try, childTries)
			continue
		}
		wantFatal(t, out, code, msg)
		return out
	}
}

// childTries bounds the runs of raceChild's child.
const childTries = 5

// firstLines returns the first n lines of s.
func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	return strings.Join(lines[:min(n, len(lines))], "\n")
}

func TestS0_01_MapRaceEndsTheProcessNotAWatch(t *testing.T) {
	if check.IsChild(t) {
		writeRace(2)
		return
	}
	// A controller watches the API server, over HTTP: client-go and controller-runtime do not
	// even require an etcd module.
	check.Lacks(t, "k8s.io/client-go@v0.35.0", "go.mod", `go\.etcd\.io`)
	check.Lacks(t, "sigs.k8s.io/controller-runtime@v0.23.3", "go.mod", `go\.etcd\.io`)
	// And the map race does not break a stream: it ends the process.
	raceChild(t, "concurrent map writes")
}

func TestS0_02_MapIsAHashTableWithShortProbes(t *testing.T) {
	// O(1) on average: the number of places a lookup looks at does not grow with the map.
	// For each key, count the buckets of its chain before it (classic) or the groups of its
	// probe sequence before it (Swiss), in maps of 1,000 to 100,000 entries.
	for _, n := range []int{1_000, 10_000, 100_000} {
		m := make(map[int]int)
		for k := range n {
			m[k] = k
		}
		avg := averageProbes(t, m)
		t.Logf("%s, %d entries: on average %.3f extra buckets or groups before a key", inspect.Build(), n, avg)
		if avg > 1 {
			t.Errorf("%d entries: a key is on average %.3f buckets or groups past its first; want at most 1", n, avg)
		}
	}
}

// averageProbes returns how many buckets (classic: overflow buckets before the key's) or groups
// (Swiss: probe steps before the key's group) a lookup passes on average to find each key.
func averageProbes(t *testing.T, m map[int]int) float64 {
	t.Helper()
	l := inspector.Layout(t, m)
	entries, err := inspect.Entries(m)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, e := range entries {
		if l.Classic != nil {
			total += e.Loc.Overflow
			continue
		}
		if e.Loc.Table < 0 {
			continue // the small map's one group
		}
		h := inspector.Hash(t, m, e.Key)
		groups := len(l.Swiss.Tables[e.Loc.Table].Groups)
		mask := uint64(groups - 1)
		offset := inspect.H1(h) & mask
		steps := 0
		for ; steps < groups && int(offset) != e.Loc.Group; steps++ {
			offset = (offset + uint64(steps) + 1) & mask // triangular probing: +1, +2, +3...
		}
		if steps == groups {
			t.Fatalf("key %d: group %d is not on its probe sequence", e.Key, e.Loc.Group)
		}
		total += steps
	}
	return float64(total) / float64(len(entries))
}

func TestS0_03_KeysMustBeComparable(t *testing.T) {
	out, ok := check.Build(t, "./chapters/code/09-claims/s0/testdata/mapkey")
	if ok {
		t.Fatal("a map keyed by []int and by [2][]int compiled")
	}
	for _, want := range []string{"invalid map key type []int", "invalid map key type [2][]int"} {
		if !strings.Contains(out, want) {
			t.Errorf("the compiler did not say %q:\n%s", want, out)
		}
	}
	// An interface key compiles, and panics at run time when its dynamic type is not
	// comparable.
	func() {
		defer func() {
			r := recover()
			if r == nil || !strings.Contains(fmt.Sprint(r), "unhashable type []int") {
				t.Errorf("m[[]int{1}] on a map[any]int: recovered %v; want a panic about an unhashable type", r)
			}
		}()
		m := map[any]int{}
		m[[]int{1}] = 1
	}()
	// Values may be of any type, even ones that cannot be keys.
	v := map[string]func() int{"f": func() int { return 1 }}
	w := map[string]map[string][]int{"a": {"b": {1}}}
	if v["f"]() != 1 || w["a"]["b"][0] != 1 {
		t.Error("a map of functions or of maps did not hold its values")
	}
}

func TestS0_04_NilMapOnlyWritesPanic(t *testing.T) {
	var m map[string]int
	if v, ok := m["a"]; v != 0 || ok {
		t.Errorf(`m["a"] on a nil map = %d, %v; want 0, false`, v, ok)
	}
	if len(m) != 0 {
		t.Errorf("len of a nil map = %d; want 0", len(m))
	}
	for range m {
		t.Error("range over a nil map produced an entry")
	}
	delete(m, "a") // a no-op, no panic
	defer func() {
		if recover() == nil {
			t.Error(`m["a"] = 1 on a nil map did not panic`)
		}
	}()
	m["a"] = 1
}

func TestS0_05_MissingKeyZeroValueAndCommaOk(t *testing.T) {
	ages := map[string]int{"Alice": 30, "Zero": 0}
	if v := ages["Charlie"]; v != 0 {
		t.Errorf(`ages["Charlie"] = %d; want 0, the zero value`, v)
	}
	names := map[int]string{}
	if s := names[1]; s != "" {
		t.Errorf("names[1] = %q; want the empty string", s)
	}
	// The zero value alone cannot tell a missing key from a stored zero; ok can.
	if v, ok := ages["Zero"]; v != 0 || !ok {
		t.Errorf(`ages["Zero"] = %d, %v; want 0, true`, v, ok)
	}
	if v, ok := ages["Charlie"]; v != 0 || ok {
		t.Errorf(`ages["Charlie"] = %d, %v; want 0, false`, v, ok)
	}
}

func TestS0_06_RangeGivesCopies(t *testing.T) {
	type pod struct {
		Phase string
		Tags  []string
	}
	m := map[string]pod{"a": {Phase: "Pending", Tags: []string{"x"}}}
	for k, v := range m {
		v.Phase = "Running" // a copy of the value
		k = "b"             // a copy of the key
		_ = k
	}
	if len(m) != 1 || m["a"].Phase != "Pending" {
		t.Errorf("after changing the range variables: %v; want the map unchanged", m)
	}
	// A copy of a value that holds a slice shares the slice's array.
	for _, v := range m {
		v.Tags[0] = "y"
	}
	if m["a"].Tags[0] != "y" {
		t.Errorf(`Tags[0] = %q; a copied value shares its slice's array: want "y"`, m["a"].Tags[0])
	}
	delete(m, "a")
	if _, ok := m["a"]; ok || len(m) != 0 {
		t.Errorf("after delete: %v; want an empty map", m)
	}
}

func TestS0_07_AssignmentSharesTheMap(t *testing.T) {
	a := map[string]int{"x": 1}
	b := a // copies the map value, a pointer to the runtime's header
	b["y"] = 2
	set := func(m map[string]int) { m["z"] = 3 }
	set(a)
	if len(a) != 3 || a["y"] != 2 || b["z"] != 3 {
		t.Errorf("a = %v, b = %v; want one map with x, y and z", a, b)
	}
	// Assigning a new map to the parameter does not change the caller's variable.
	replace := func(m map[string]int) { m = map[string]int{}; m["w"] = 4 }
	replace(a)
	if _, ok := a["w"]; ok {
		t.Error("a function's m = map[string]int{} changed the caller's map")
	}
}

func TestS0_08_ConcurrentWritesNeedALock(t *testing.T) {
	if check.IsChild(t) {
		writeRace(2)
		return
	}
	raceChild(t, "concurrent map writes")

	// The same writers, and readers, with a sync.RWMutex: every update counts.
	var mu sync.RWMutex
	m := map[string]int{}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for i := range 10_000 {
				mu.Lock()
				m[fmt.Sprint("pod-", i%100)]++
				mu.Unlock()
				mu.RLock()
				_ = m["pod-0"]
				mu.RUnlock()
			}
		})
	}
	wg.Wait()
	sum := 0
	for _, v := range m {
		sum += v
	}
	if len(m) != 100 || sum != 40_000 {
		t.Errorf("with a lock: %d keys, %d updates; want 100 and 40000", len(m), sum)
	}
}

func TestS0_10_MapOperationsAndNoCap(t *testing.T) {
	m := map[string]int{}
	m["a"] = 1 // insert
	m["a"] = 2 // update
	m["b"] = 3
	if v := m["a"]; v != 2 {
		t.Errorf(`m["a"] = %d after the update; want 2`, v)
	}
	if len(m) != 2 {
		t.Errorf("len(m) = %d; want 2, the number of keys", len(m))
	}
	out, ok := check.Build(t, "./chapters/code/09-claims/s0/testdata/capmap")
	if ok {
		t.Fatal("cap of a map compiled")
	}
	if want := "for built-in cap"; !strings.Contains(out, want) {
		t.Errorf("the compiler did not say %q:\n%s", want, out)
	}
}
