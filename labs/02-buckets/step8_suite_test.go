package buckets

import (
	"testing"

	"gomaps/labs/internal/maptest"
)

// Step 8: the map behaves as the built-in map in every observable way. The
// suite is shared with lab 03 and checked against the built-in map itself.
// Its maps are on the generic path (newGeneric); TestStep9Suite runs it
// again on the fast paths.

func newMap[K comparable, V any](hint int) maptest.Map[K, V] { return newGeneric[K, V](hint) }

var impl = maptest.Impl{
	Int:    newMap[int64, int64],
	String: newMap[string, int],
	Float:  newMap[float64, int],
	Any:    newMap[any, int],
}

// allSteps are the steps the suite builds on: all of them.
var allSteps = []int{1, 2, 3, 4, 5, 6, 7}

// suite runs one check of the shared suite, once every step does its basic
// job: while one is a stub, the suite's messages would be about its effects.
func suite(t *testing.T, check func(*testing.T, maptest.Impl)) {
	t.Helper()
	suiteOn(t, impl, check)
}

// suiteOn is suite on the maps that impl makes.
func suiteOn(t *testing.T, impl maptest.Impl, check func(*testing.T, maptest.Impl)) {
	t.Helper()
	needSteps(t, allSteps...)
	check(t, impl)
}

func TestStep8Basics(t *testing.T)          { suite(t, maptest.Basics) }
func TestStep8NaN(t *testing.T)             { suite(t, maptest.NaN) }
func TestStep8Unhashable(t *testing.T)      { suite(t, maptest.Unhashable) }
func TestStep8Rotation(t *testing.T)        { suite(t, maptest.Rotation) }
func TestStep8MutateDuringAll(t *testing.T) { suite(t, maptest.MutateDuringAll) }
func TestStep8Differential(t *testing.T)    { suite(t, maptest.Differential) }

// TestStep8Collide runs the suite's small checks while every key has the
// same hash: one bucket chain holds everything, growth cannot spread the
// keys, and only comparing keys tells them apart.
func TestStep8Collide(t *testing.T) {
	needSteps(t, allSteps...)
	setHashHook(t, func(any) uint64 { return 0x9d00_0000_0000_0042 })
	maptest.Collide(t, impl)
}

// TestStep8GetAllocs checks that Get allocates nothing. A Get that finds
// nothing allocates nothing either, so first make sure that Get finds.
func TestStep8GetAllocs(t *testing.T) {
	needSteps(t, allSteps...)
	m := newGeneric[int64, int64](0)
	for k := range int64(1000) {
		m.Put(k, k)
	}
	if v, ok := m.Get(500); !ok || v != 500 {
		t.Fatalf("after Put(k, k) for k from 0 to 999, Get(500) = %d, %v; want 500, true (this test measures the allocations of Get, once Get works)", v, ok)
	}
	maptest.GetAllocs(t, impl)
}

// FuzzMap runs after every step, on the paths New chooses.
func FuzzMap(f *testing.F) {
	needSteps(f, allSteps...)
	maptest.Fuzz(f, fastImpl)
}
