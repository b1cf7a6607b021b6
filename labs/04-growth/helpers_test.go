package growth

import (
	"runtime"
	"strings"
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

// goRelease names the Go release that runs the tests, from runtime.Version():
// "Go 1.N.P" for "go1.N.P", "go1.N.P X:noswissmap" and
// "go1.N.P-X:mapsplitgroup"; "Go 1.N" for "devel go1.N-abcdef ...". A
// message that names a version takes it from here, so that it is true on
// every toolchain.
func goRelease() string {
	v := runtime.Version()
	for _, f := range strings.Fields(v) {
		if rest, ok := strings.CutPrefix(f, "go"); ok {
			rest, _, _ = strings.Cut(rest, "-")
			return "Go " + rest
		}
	}
	return v
}

// cloneShrinks says what maps.Clone does to a map's slots on the map runtime
// that runs the tests, for a message about shrinking: it copies Swiss tables
// as they are (Map.Clone), and makes a map sized for the entries on the
// classic map (mapclone2).
func cloneShrinks() string {
	if inspect.Build() == inspect.Classic {
		return "maps.Clone does make a map sized for the entries on the classic map of " + goRelease() + ", which runs this test, but on Swiss tables it copies the tables as they are"
	}
	return "and on " + goRelease() + ", which runs this test, neither does maps.Clone, which copies the tables as they are"
}
