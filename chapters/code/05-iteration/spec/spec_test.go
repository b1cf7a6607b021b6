// Package spec shows on the built-in map the one rule of the spec about
// changing a map during range that the shared suite (labs/internal/maptest)
// cannot pin down, because it is a freedom rather than a promise: "If a map
// entry is created during iteration, that entry may be produced during the
// iteration or may be skipped. The choice may vary for each entry created and
// from one iteration to the next." And, in twice_test.go, the one case where
// the Swiss runtime produces such an entry twice.
//
//	go test -v ./chapters/code/05-iteration/spec
//	env $(go run ./tools/course lanes -env classic) go test -v ./chapters/code/05-iteration/spec
package spec

import (
	"slices"
	"testing"
)

// TestCreatedDuringRange ranges over a map of 100 keys 200 times; on each of
// the first 100 passes of a loop, the body adds one new key (1000 + the
// pass), and the test counts how many of the new keys the loop produced.
// With room to spare (make with a hint of 1000), the map does not grow during
// the loop; without, it grows, and the iterator goes on walking the table or
// bucket array it started on (chapters 02 and 03).
func TestCreatedDuringRange(t *testing.T) {
	t.Run("room-to-spare", func(t *testing.T) { createDuringRange(t, 1000) })
	t.Run("growing", func(t *testing.T) { createDuringRange(t, 0) })
}

func createDuringRange(t *testing.T, hint int) {
	const loops, keys = 200, 100
	var counts []int
	mixed := 0 // loops that produced some of their new keys and skipped others
	for range loops {
		m := make(map[int]int, hint)
		for i := range keys {
			m[i] = i
		}
		passes, produced := 0, 0
		for k := range m {
			if k >= 1000 {
				produced++
			}
			if passes < keys {
				m[1000+passes] = 0
			}
			passes++
		}
		if produced > 0 && produced < keys {
			mixed++
		}
		counts = append(counts, produced)
	}
	slices.Sort(counts)
	counts = slices.Compact(counts)
	t.Logf("%d loops each added %d keys: a loop produced from %d to %d of them (%d different counts)",
		loops, keys, counts[0], counts[len(counts)-1], len(counts))
	t.Logf("loops that produced some new keys and skipped others: %d of %d", mixed, loops)
	if mixed == 0 {
		t.Errorf("no loop produced some of its new keys and skipped others; the spec allows it, and both runtimes do it")
	}
	if len(counts) < 2 {
		t.Errorf("every loop produced the same number of new keys; the spec allows the choice to vary from one iteration to the next, and both runtimes vary it")
	}
}

//course:every-lane it reads the map runtime's layout through the inspector
