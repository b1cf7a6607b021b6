// Presize inserts n keys into a map[int64]int64 made without a size hint,
// and into one made with make(map[int64]int64, n), and prints what each
// cost: allocations, bytes allocated, the slots the map ends with (read
// with the course's inspector, package gomaps/labs/inspect) and the bytes
// it keeps. The last line is a hint far bigger than the map. It runs on both runtimes:
//
//	go run ./chapters/code/04-growth/presize
//	env $(go run ./tools/course lanes -env classic) go run ./chapters/code/04-growth/presize
//
// presize_test.go holds the benchmarks of the same two fills.
package main

import (
	"fmt"
	"os"
	"runtime"

	"gomaps/labs/inspect"
)

// sink keeps the map on the heap, as a map that outlives its function is.
var sink map[int64]int64

func kib(n uint64) float64 { return float64(n) / 1024 }

// fill inserts keys 0 to n-1 into a map made with the given size hint.
func fill(n, hint int) map[int64]int64 {
	m := make(map[int64]int64, hint)
	for k := range int64(n) {
		m[k] = k
	}
	return m
}

func main() {
	fmt.Printf("%s (%s)\n", inspect.Build(), runtime.Version())
	fmt.Printf("%9s %9s %12s %15s %9s %12s\n", "keys", "hint", "allocations", "KiB allocated", "slots", "KiB kept")
	for _, n := range []int{100, 1000, 10_000, 100_000, 1_000_000} {
		measure(n, 0)
		measure(n, n)
	}
	measure(10, 1_000_000) // a hint far bigger than the map
}

// measure fills a map of n keys made with the given hint and prints one
// line about it.
func measure(n, hint int) {
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	before, objects, live := ms.TotalAlloc, ms.Mallocs, ms.HeapAlloc
	sink = fill(n, hint)
	runtime.ReadMemStats(&ms)
	allocated, allocs := ms.TotalAlloc-before, ms.Mallocs-objects
	runtime.GC()
	runtime.ReadMemStats(&ms)
	kept := ms.HeapAlloc - live
	l, err := inspect.Inspect(sink)
	if err != nil {
		fmt.Fprintln(os.Stderr, "presize:", err)
		os.Exit(1)
	}
	fmt.Printf("%9d %9d %12d %15.1f %9d %12.1f\n", n, hint, allocs, kib(allocated), l.Capacity(), kib(kept))
	sink = nil
}

//course:every-lane it reads the map runtime's layout through the inspector
