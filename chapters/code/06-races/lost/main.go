// Lost makes goroutines add 1 to one int at once, with no lock: updates are
// lost, and nothing says so. With sync/atomic or a mutex, none is.
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

const goroutines, adds = 4, 5_000_000

var counter int // shared by every goroutine of racyCount, with no lock

// racyCount starts the goroutines together and returns the final count.
func racyCount() int {
	counter = 0
	var wg sync.WaitGroup
	var ready atomic.Int32
	for range goroutines {
		wg.Go(func() {
			// Wait, spinning, until every goroutine has started, so that
			// they add at the same time.
			ready.Add(1)
			for ready.Load() < goroutines {
			}
			for range adds {
				counter++ // load, add, store: two goroutines may load the same value
			}
		})
	}
	wg.Wait()
	return counter
}

func atomicCount() int64 {
	var n atomic.Int64
	var wg sync.WaitGroup
	for range goroutines {
		wg.Go(func() {
			for range adds {
				n.Add(1)
			}
		})
	}
	wg.Wait()
	return n.Load()
}

func mutexCount() int {
	var mu sync.Mutex
	n := 0
	var wg sync.WaitGroup
	for range goroutines {
		wg.Go(func() {
			for range adds {
				mu.Lock()
				n++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return n
}

func main() {
	want := goroutines * adds
	fmt.Printf("%d goroutines each add 1 to counter %d times, with no lock\n", goroutines, adds)
	// Updates are lost only when two goroutines run at the same instant on
	// two cores. On a busy machine that may not happen in every round, so
	// the program tries again, up to 200 rounds.
	for round := 1; round <= 200; round++ {
		if got := racyCount(); got != want || round == 200 {
			fmt.Printf("round %d: counter = %d, want %d: %d updates lost, and no error\n", round, got, want, want-got)
			break
		}
	}
	fmt.Printf("with sync/atomic (atomic.Int64): %d\n", atomicCount())
	fmt.Printf("with a sync.Mutex: %d\n", mutexCount())
}
