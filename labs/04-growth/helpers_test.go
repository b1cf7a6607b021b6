package growth

import (
	"runtime"
	"testing"

	"gomaps/labs/inspect"
	"gomaps/labs/internal/labtest"
)

// capacity returns how many slots the runtime gave m, as the course's
// inspector reads them: every slot of every table (Swiss tables), or of
// every bucket and overflow bucket (classic map). 0 for a nil map.
func capacity[K comparable, V any](t *testing.T, m map[K]V) int {
	t.Helper()
	l, err := inspect.Inspect(m)
	if err != nil {
		t.Fatalf("cannot read the map's layout, so this test cannot grade it: %v", err)
	}
	return l.Capacity()
}

// liveHeap returns the bytes of heap objects still reachable, measured
// right after a complete garbage collection.
func liveHeap() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// kib formats a number of bytes in KiB.
func kib(n int64) float64 { return float64(n) / 1024 }

// try runs f and turns a panic into a test failure naming call (package labtest).
var try = labtest.Try
