// Command heapprofile grows maps in a function of its own, then prints the allocation profile in
// the text format of runtime/pprof (debug=1), for claim S2-27: which frames a heap profile shows
// for a map's allocations.
package main

import (
	"os"
	"runtime"
	"runtime/pprof"
)

var keep []map[int64]int64

// fillMaps makes maps without a size hint and fills them: makemap and every growth allocate.
//
//go:noinline
func fillMaps() {
	for range 10 {
		m := make(map[int64]int64)
		for k := range int64(5000) {
			m[k] = k
		}
		keep = append(keep, m)
	}
}

func main() {
	runtime.MemProfileRate = 1 // record every allocation; set before any map is made
	fillMaps()
	runtime.GC() // a heap profile is as of the last collection
	if err := pprof.Lookup("allocs").WriteTo(os.Stdout, 1); err != nil {
		panic(err)
	}
}
