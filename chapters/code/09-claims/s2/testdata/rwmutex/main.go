// Command rwmutex has one goroutine insert and delete keys of a map while another reads and
// ranges over it, with every access under a sync.RWMutex (-lock=true) or without (-lock=false),
// for claim S2-09. Build it with -race.
package main

import (
	"flag"
	"fmt"
	"sync"
)

func main() {
	lock := flag.Bool("lock", true, "guard every access with the RWMutex")
	flag.Parse()
	var mu sync.RWMutex
	m := map[int]int{}
	var wg, ready sync.WaitGroup
	wg.Add(2)
	ready.Add(2)
	go func() { // the writer
		defer wg.Done()
		ready.Done()
		ready.Wait() // both goroutines run from here on
		for i := range 20000 {
			if *lock {
				mu.Lock()
			}
			m[i%100] = i
			delete(m, (i+50)%100)
			if *lock {
				mu.Unlock()
			}
		}
	}()
	found := 0
	go func() { // the reader
		defer wg.Done()
		ready.Done()
		ready.Wait()
		for i := range 20000 {
			if *lock {
				mu.RLock()
			}
			if _, ok := m[i%100]; ok {
				found++
			}
			if i%100 == 0 {
				for range m {
				}
			}
			if *lock {
				mu.RUnlock()
			}
		}
	}()
	wg.Wait()
	fmt.Printf("done: %d keys left\n", len(m))
}
