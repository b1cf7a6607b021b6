// Firstinsert counts, with testing.AllocsPerRun, the heap allocations of
// making a small map and of its first inserts, for a map that stays in its
// function and for one that escapes to the heap (it is stored in a global
// variable). The compiler's escape analysis decides where a map lives: a
// small map that does not escape gets its header and its first 8 slots (one
// group, or one bucket) on the goroutine's stack, so its first insert
// allocates nothing. It runs on both runtimes:
//
//	go run ./chapters/code/04-growth/firstinsert
//	env $(go run ./tools/course lanes -env classic) go run ./chapters/code/04-growth/firstinsert
package main

import (
	"fmt"
	"testing"

	"gomaps/labs/inspect"
)

// sink makes a map escape: a map stored in it outlives its function.
var sink map[int64]int64

// total keeps the results of the local maps alive, so that the compiler
// cannot drop the code that fills them.
var total int64

// fill makes a map with a map literal, inserts keys 0 to n-1 and returns the
// map.
//
//go:noinline
func fill(n int64) map[int64]int64 {
	m := map[int64]int64{}
	for k := range n {
		m[k] = k
	}
	return m
}

// local does what fill does with a map that does not escape.
func local(n int64) {
	m := map[int64]int64{}
	for k := range n {
		m[k] = k
	}
	total += int64(len(m)) + m[0]
}

// escaping does the same with a map that escapes.
func escaping(n int64) {
	m := map[int64]int64{}
	for k := range n {
		m[k] = k
	}
	sink = m
}

func main() {
	fmt.Printf("%s: heap allocations per run (testing.AllocsPerRun, 1000 runs)\n\n", inspect.Build())
	fmt.Printf("%-30s  %4s  %9s  %9s  %9s  %s\n", "map[int64]int64{}, then", "make", "1 insert", "8 inserts", "9 inserts", "the first insert")
	for _, c := range []struct {
		name string
		run  func(n int64)
	}{
		{"stays in its function", local},
		{"escapes (stored in a global)", escaping},
		{"escapes (returned)", func(n int64) { _ = fill(n) }},
	} {
		var allocs []float64
		for _, n := range []int64{0, 1, 8, 9} {
			allocs = append(allocs, testing.AllocsPerRun(1000, func() { c.run(n) }))
		}
		fmt.Printf("%-30s  %4.0f  %9.0f  %9.0f  %9.0f  %.0f allocation(s)\n",
			c.name, allocs[0], allocs[1], allocs[2], allocs[3], allocs[1]-allocs[0])
	}
}

//course:every-lane it reads the map runtime's layout through the inspector
