// Counter is the snippet of post S0, section 2.2: one goroutine reads a counter with
// atomic.LoadInt64 while another increments it with a plain counter++. Run it with and
// without -race; build it with -gcflags=-S to see what counter++ compiles to.
//
// The reader reads in earnest once it sees the writer's first increment, so that reads
// certainly follow a plain write: the race detector reports only the conflicts it observes,
// and when a long run of reads came before the first write (often with GOMAXPROCS=1, once on
// a busy machine), it reported nothing at all. The wait takes no lock and orders nothing: the
// race is the snippet's own, made certain. (The claims cite main.go:23, the counter++ line.)
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

var counter int64

//go:noinline
func raceWrite() {
	for i := 0; i < 1e6; i++ {
		counter++
	}
}

func raceRead() {
	for atomic.LoadInt64(&counter) == 0 {
		// the writer has not written yet: wait for its first counter++
	}
	for i := 0; i < 1e6; i++ {
		_ = atomic.LoadInt64(&counter)
	}
}

func main() {
	var wg sync.WaitGroup
	wg.Go(raceRead)
	wg.Go(raceWrite)
	wg.Wait()
	fmt.Printf("counter = %d, want %d\n", atomic.LoadInt64(&counter), int64(1e6))
}
