// Package inspector reads the layout of a live map through the course's map inspector
// (gomaps/labs/inspect) for the tests of chapter 09's claims, failing the test when it cannot.
//
// It is apart from package check because it imports the inspector: whatever imports it reads
// the map runtime and runs on every lane, while check also serves the packages that run once
// (s0/once, s1/once, s2/once).
package inspector

//course:every-lane it reads the map runtime's layout through the inspector

import (
	"testing"

	"gomaps/labs/inspect"
)

// Classic reports whether this build's maps are the classic bucketed hmap (the classic lane:
// Go 1.25 with GOEXPERIMENT=noswissmap), not Swiss tables.
func Classic() bool { return inspect.Build() == inspect.Classic }

// Layout returns m's layout as the runtime holds it now, or fails the test if the inspector
// cannot read this runtime.
func Layout[K comparable, V any](t testing.TB, m map[K]V) *inspect.Layout {
	t.Helper()
	l, err := inspect.Inspect(m)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// Locate returns where key sits in m (bucket or group, slot, old array or not), or fails the
// test if key is not in m or the inspector cannot read this runtime.
func Locate[K comparable, V any](t testing.TB, m map[K]V, key K) inspect.Location {
	t.Helper()
	loc, ok, err := inspect.Locate(m, key)
	if err != nil || !ok {
		t.Fatalf("Locate(%v): found %v, %v", key, ok, err)
	}
	return loc
}

// Hash returns the hash of key with m's seed, as m's lookups compute it, or fails the test if
// the inspector cannot compute it.
func Hash[K comparable, V any](t testing.TB, m map[K]V, key K) uint64 {
	t.Helper()
	h, err := inspect.Hash(m, key)
	if err != nil {
		t.Fatal(err)
	}
	return h
}
