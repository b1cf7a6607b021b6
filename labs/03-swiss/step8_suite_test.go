package swiss

import (
	"testing"

	"gomaps/labs/internal/maptest"
)

// Step 8: the shared suite of labs 02 and 03, which checks every rule of
// the built-in map against the built-in map itself. Nothing new to write:
// these pass when steps 1 to 7 are right.

// impl makes the suite's maps on the generic path (newGeneric);
// TestStep9Suite runs the suite again on the fast paths.
var impl = maptest.Impl{
	Int:    func(hint int) maptest.Map[int64, int64] { return newGeneric[int64, int64](hint) },
	String: func(hint int) maptest.Map[string, int] { return newGeneric[string, int](hint) },
	Float:  func(hint int) maptest.Map[float64, int] { return newGeneric[float64, int](hint) },
	Any:    func(hint int) maptest.Map[any, int] { return newGeneric[any, int](hint) },
}

// allSteps are the steps the suite builds on: all of them. While one is a
// stub, the suite's messages would be about its effects.
var allSteps = []int{1, 2, 3, 4, 5, 6, 7}

// collidingHash gives every key the same hash.
func collidingHash(any) uint64 { return 0x5eed_5eed_5eed_5eed }

// suite runs one function of the shared suite, once every step does its basic
// job, and turns a panic in the test's own goroutine into a failure with a
// message.
func suite(t *testing.T, name string, f func(*testing.T, maptest.Impl)) {
	t.Helper()
	suiteOn(t, impl, name, f)
}

// suiteOn is suite on the maps that impl makes.
func suiteOn(t *testing.T, impl maptest.Impl, name string, f func(*testing.T, maptest.Impl)) {
	t.Helper()
	needSteps(t, allSteps...)
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("maptest.%s panicked: %v", name, r)
		}
	}()
	f(t, impl)
}

func TestStep8Basics(t *testing.T)          { suite(t, "Basics", maptest.Basics) }
func TestStep8NaN(t *testing.T)             { suite(t, "NaN", maptest.NaN) }
func TestStep8Rotation(t *testing.T)        { suite(t, "Rotation", maptest.Rotation) }
func TestStep8MutateDuringAll(t *testing.T) { suite(t, "MutateDuringAll", maptest.MutateDuringAll) }
func TestStep8Differential(t *testing.T)    { suite(t, "Differential", maptest.Differential) }

func TestStep8Unhashable(t *testing.T) {
	suite(t, "Unhashable", maptest.Unhashable)
	t.Run("every-key-hashing-alike", func(t *testing.T) {
		// The test hook replaces the hash, but an unhashable key must still
		// panic: the scaffolding hashes with maphash.Comparable first.
		withHash(t, collidingHash)
		suite(t, "Unhashable", maptest.Unhashable)
	})
}

func TestStep8GetAllocs(t *testing.T) {
	// Get on a map that finds nothing allocates nothing either: first make
	// sure that Get works.
	needSteps(t, allSteps...)
	m := newGeneric[int64, int64](0)
	for k := range int64(1000) {
		m.Put(k, k)
	}
	if v, ok := m.Get(500); !ok || v != 500 {
		t.Fatalf("after Put of keys 0 to 999, Get(500) = %d, %v; want 500, true (steps 2 to 6) before counting allocations", v, ok)
	}
	suite(t, "GetAllocs", maptest.GetAllocs)
}

func TestStep8Collide(t *testing.T) {
	withHash(t, collidingHash)
	suite(t, "Collide", maptest.Collide)
}

// FuzzMap runs after every step, on the paths New chooses.
func FuzzMap(f *testing.F) {
	needSteps(f, allSteps...)
	maptest.Fuzz(f, fastImpl)
}
