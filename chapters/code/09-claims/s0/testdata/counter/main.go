// Counter is the snippet of post S0, section 2.2: one goroutine reads a counter with
// atomic.LoadInt64 while another increments it with a plain counter++. Run it with and
// without -race; build it with -gcflags=-S to see what counter++ compiles to.
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

var counter int64

func raceRead() {
	for i := 0; i < 1e6; i++ {
		_ = atomic.LoadInt64(&counter)
	}
}

//go:noinline
func raceWrite() {
	for i := 0; i < 1e6; i++ {
		counter++
	}
}

func main() {
	var wg sync.WaitGroup
	wg.Go(raceRead)
	wg.Go(raceWrite)
	wg.Wait()
	fmt.Printf("counter = %d, want %d\n", atomic.LoadInt64(&counter), int64(1e6))
}
