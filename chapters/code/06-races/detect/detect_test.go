// Package detect holds a test with a data race that the runtime's own check
// misses and the race detector finds: two goroutines each write one key of
// a map, once.
package detect

import (
	"sync"
	"testing"
)

// store writes one key. Both goroutines run it, so the race report shows the
// same lines for both sides.
func store(m map[string]int, key string) {
	m[key] = 1
}

func TestOneWriteEach(t *testing.T) {
	m := map[string]int{}
	var wg sync.WaitGroup
	for _, key := range []string{"a", "b"} {
		wg.Go(func() { store(m, key) }) // no lock: the two writes race
	}
	wg.Wait()
	t.Logf("len(m) = %d", len(m))
}
