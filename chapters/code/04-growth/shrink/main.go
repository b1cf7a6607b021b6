// Shrink follows one map[int64]int64 through a life of growth and
// deletion, and prints after each step its length, its slots (read with
// the course's inspector, package gomaps/labs/inspect) and the live heap
// after a garbage collection. It runs on both runtimes:
//
//	go run ./chapters/code/04-growth/shrink
//	env $(go run ./tools/course lanes -env classic) go run ./chapters/code/04-growth/shrink
//
// On Swiss tables the fourth column counts tombstones. On the classic map
// it counts the slots of overflow buckets, and the slots column only those
// of the bucket arrays: how many buckets a map has follows from its count
// alone, but how many overflow buckets it needs depends on where the hash
// seed sends its keys (10 keys in 2 buckets need one when 9 or more share a
// bucket).
//
// It runs with one P (runtime.GOMAXPROCS(1)), so that the live heap counts
// the same objects of the runtime's own on every run: with more than one P
// they depend on the scheduler, such as a thread it starts in the middle of
// the program (runtime.newm), whose structures stay on the heap. The slots of
// a map that grew, and so its heap, depend on the hash seed.
package main

import (
	"fmt"
	"maps"
	"os"
	"runtime"

	"gomaps/labs/inspect"
)

const n = 1_000_000

var base uint64 // the live heap before the map is made

func main() {
	runtime.GOMAXPROCS(1)
	base = liveHeap()
	fmt.Printf("%s (%s)\n", inspect.Build(), runtime.Version())
	fourth := "tombstones"
	if inspect.Build() == inspect.Classic {
		fourth = "overflow"
	}
	fmt.Printf("%-42s %8s %9s %11s %10s\n", "", "len", "slots", fourth, "live heap")

	m := map[int64]int64{}
	for k := range int64(n) {
		m[k] = k
	}
	show("insert 1000000 keys", m)

	for k := range int64(n) {
		delete(m, k)
	}
	show("delete every key", m)

	for k := range int64(n) {
		m[n+k] = k
	}
	show("insert 1000000 other keys", m)

	clear(m)
	show("clear(m)", m)

	for k := range int64(10) {
		m[k] = k
	}
	show("insert 10 keys", m)

	c := maps.Clone(m) // m is live too: it is copied below
	show("c := maps.Clone(m): c (heap: m and c)", c)
	c = nil

	small := make(map[int64]int64, len(m))
	for k, v := range m {
		small[k] = v
	}
	m = small
	show("copy m into make(map[int64]int64, len(m))", m)
}

// show prints one line about m: its layout, then the live heap, measured
// once the layout's copy is garbage.
func show(step string, m map[int64]int64) {
	slots, fourth := layout(m)
	heap := float64(liveHeap()-base) / (1 << 20)
	fmt.Printf("%-42s %8d %9d %11d %7.1f MiB\n", step, len(m), slots, fourth, heap)
	runtime.KeepAlive(m)
}

// layout returns the slots of m and its fourth column: its tombstones
// (Swiss tables), or the slots of its overflow buckets (classic), which the
// slots then leave out.
func layout(m map[int64]int64) (slots, fourth int) {
	l, err := inspect.Inspect(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, "shrink:", err)
		os.Exit(1)
	}
	if c := l.Classic; c != nil {
		arrays := inspect.BucketSlots * (len(c.Buckets) + len(c.OldBuckets))
		return arrays, l.Capacity() - arrays
	}
	return l.Capacity(), l.Tombstones()
}

func liveHeap() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

//course:every-lane it reads the map runtime's layout through the inspector
