// Leak reruns the program of 100 Go Mistakes, mistake #28 (“Maps and memory leaks”,
// docs/28-maps-memory-leaks.md of teivah/100-go-mistakes): make a map, add 1 million elements,
// delete them all, run a GC, and print the heap (runtime.MemStats.Alloc, in MB) after each step.
// It is a re-implementation of the program the text prints (and publishes as
// src/03-data-types/28-map-memory-leak/main.go, under CC BY-NC-ND 4.0, which allows no
// derivative: hence our own code, not a copy): the text's main, as a function run once for each
// value type of the text's table, map[int][128]byte and then map[int]*[128]byte, with a GC in
// between so that the second starts from an empty heap.
//
// It prints one line the text does not: the heap after a GC, before the deletes. The text reads
// the heap after adding without a GC, so that figure counts, besides the map, the arrays that
// the last growths replaced and that the collector has not freed yet: it moves with when the
// collector last ran, from one run to the next. After runtime.GC, which completes a collection
// and its sweep, MemStats.Alloc is the live heap: the map alone, the same figure on every run of
// the classic map (on Swiss tables the number of tables a million keys fill depends on the hash
// seed, by a MB or two).
//
// It prints the lane it ran on, so that the output says which map it measured.
package main

import (
	"fmt"
	"os"
	"runtime"
	"strings"
)

const n = 1_000_000

func main() {
	mapKind := "Swiss tables"
	if strings.Contains(os.Getenv("GOEXPERIMENT"), "noswissmap") {
		mapKind = "the classic map"
	}
	fmt.Printf("%s, %s\n", runtime.Version(), mapKind)
	fmt.Println("map[int][128]byte:")
	values()
	runtime.GC()
	fmt.Println("map[int]*[128]byte:")
	pointers()
}

func values() {
	m := make(map[int][128]byte)
	printAlloc("after m is allocated")
	for i := 0; i < n; i++ {
		m[i] = [128]byte{}
	}
	printAlloc("after adding 1 million elements")
	runtime.GC()
	printAlloc("after adding them and a GC")
	for i := 0; i < n; i++ {
		delete(m, i)
	}
	runtime.GC()
	printAlloc("after removing them and a GC")
	runtime.KeepAlive(m)
}

func pointers() {
	m := make(map[int]*[128]byte)
	printAlloc("after m is allocated")
	for i := 0; i < n; i++ {
		m[i] = &[128]byte{}
	}
	printAlloc("after adding 1 million elements")
	runtime.GC()
	printAlloc("after adding them and a GC")
	for i := 0; i < n; i++ {
		delete(m, i)
	}
	runtime.GC()
	printAlloc("after removing them and a GC")
	runtime.KeepAlive(m)
}

func printAlloc(step string) {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	fmt.Printf("  %4d MB  %s\n", m.Alloc/(1024*1024), step)
}
