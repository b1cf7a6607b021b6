// Release fills a map with 1024 values of 64 KiB each, deletes every key,
// and prints the map's slots (read with the course's inspector, package
// gomaps/labs/inspect) and the live heap after a garbage collection at each
// step. It runs on both runtimes:
//
//	go run ./chapters/code/04-growth/release
//	env $(go run ./tools/course lanes -env classic) go run ./chapters/code/04-growth/release
//
// It runs with one P (runtime.GOMAXPROCS(1)), so that the live heap is the
// same on every run: it counts the runtime's own objects too, and with more
// than one P those depend on the scheduler, such as a thread it starts in the
// middle of the program (runtime.newm), whose structures stay on the heap.
package main

import (
	"fmt"
	"os"
	"runtime"

	"gomaps/labs/inspect"
)

const (
	entries = 1024
	size    = 64 << 10
)

var base uint64 // the live heap before the map is made

func main() {
	runtime.GOMAXPROCS(1)
	base = liveHeap()
	fmt.Printf("%s (%s)\n", inspect.Build(), runtime.Version())
	m := map[int][]byte{}
	for k := range entries {
		m[k] = make([]byte, size)
	}
	show(fmt.Sprintf("%d values of %d KiB", entries, size>>10), m)
	for k := range entries {
		delete(m, k)
	}
	show("delete every key", m)
	m = nil
	show("m = nil", m)
}

// show prints one line about m: its layout, then the live heap, measured
// once the layout's copy is garbage.
func show(step string, m map[int][]byte) {
	slots := 0
	if m != nil {
		l, err := inspect.Inspect(m)
		if err != nil {
			fmt.Fprintln(os.Stderr, "release:", err)
			os.Exit(1)
		}
		slots = l.Capacity()
	}
	heap := liveHeap() - base
	fmt.Printf("%-24s len %4d, %4d slots, live heap %8.1f KiB\n", step+":", len(m), slots, float64(heap)/1024)
	runtime.KeepAlive(m)
}

func liveHeap() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

//course:every-lane it reads the map runtime's layout through the inspector
