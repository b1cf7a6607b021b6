// Steps fills a built-in map[int64]int64 one key at a time and prints each
// growth step: the layout after the insert that grew the map, read with the
// course's inspector (package gomaps/labs/inspect), and what that one insert
// allocated. It runs on both runtimes:
//
//	go run ./chapters/code/04-growth/steps
//	env $(go run ./tools/course lanes -env classic) go run ./chapters/code/04-growth/steps
//
// It stops at 1000 keys: on Swiss tables, after the first split, the next
// steps depend on the hash seed.
//
// It runs with one P (runtime.GOMAXPROCS(1)), so that what it counts for an
// insert is the insert's alone, on every run. The allocator's counters count
// every allocation of the process, the runtime's own included: with more than
// one P, the scheduler may start a thread in the middle of a measurement
// (runtime.newm), whose structures are allocated on the heap. With one P, only
// a preemption could run another goroutine between the two reads of an
// insert. The heap the map holds at the end is another matter: the runtime's
// background work (the scavenger adding its first timer) may have allocated a
// few bytes of its own since the first reading, or not yet.
package main

import (
	"fmt"
	"os"
	"runtime"

	"gomaps/labs/inspect"
)

const keys = 1000

// sink keeps the map on the heap, as a map that outlives its function is.
var sink map[int64]int64

func main() {
	runtime.GOMAXPROCS(1)
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	live := ms.HeapAlloc

	m := map[int64]int64{}
	sink = m
	fmt.Printf("%s, keys 0 to %d inserted one by one:\n", inspect.Build(), keys-1)
	prev := shape(m)
	var allocated, objects uint64 // by the inserts alone, not by the inspector
	for k := range int64(keys) {
		runtime.ReadMemStats(&ms)
		before, beforeObjects := ms.TotalAlloc, ms.Mallocs
		m[k] = k
		runtime.ReadMemStats(&ms)
		bytes, n := ms.TotalAlloc-before, ms.Mallocs-beforeObjects
		allocated += bytes
		objects += n
		if s := shape(m); s != prev {
			fmt.Printf("  len %4d: %-55s the insert allocated %6d bytes in %d object(s)\n", len(m), s, bytes, n)
			prev = s
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&ms)
	fmt.Printf("the inserts allocated %d bytes in %d objects; the map now holds %d bytes\n",
		allocated, objects, ms.HeapAlloc-live)
	runtime.KeepAlive(m)
}

// shape describes the arrays the map has: its tables (Swiss) or its bucket
// array and whether a growth is moving the entries out of the old one
// (classic). Overflow buckets are left out: they are not a growth.
func shape(m map[int64]int64) string {
	l, err := inspect.Inspect(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, "steps:", err)
		os.Exit(1)
	}
	switch {
	case l.Swiss != nil && l.Swiss.DirLen == 0:
		if l.Swiss.Small == nil {
			return "no group yet"
		}
		return "small map: 1 group of 8 slots"
	case l.Swiss != nil:
		s := fmt.Sprintf("directory of %d, table capacity", l.Swiss.DirLen)
		for _, t := range l.Swiss.Tables {
			s += fmt.Sprintf(" %d", t.Capacity)
		}
		return s
	}
	c := l.Classic
	if c.Growing() {
		return fmt.Sprintf("B %d, %d buckets; old array of %d being evacuated", c.B, len(c.Buckets), len(c.OldBuckets))
	}
	if len(c.Buckets) == 0 {
		return "no bucket array yet"
	}
	if c.B == 0 {
		return "B 0, 1 bucket"
	}
	return fmt.Sprintf("B %d, %d buckets", c.B, len(c.Buckets))
}

//course:every-lane it reads the map runtime's layout through the inspector
