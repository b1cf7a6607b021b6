package spec

import (
	"testing"

	"gomaps/labs/inspect"
)

// TestProducedTwiceAfterEmptying ranges over a map of 1500 keys 200 times. At
// the first entry, the body adds 4000 keys (so the map grows under the loop),
// empties the map (with clear, or by deleting every key), and puts the 1500
// keys back: new entries, which the loop may produce or skip, but each once at
// most. The test counts the loops that produced one of them twice.
//
// The classic map never does. The Swiss tables of Go 1.24 to 1.26 do: the
// iterator goes on walking the table it started on, which growth made stale,
// and looks each of its keys up in the map again (Iter.grownKeyElem); after
// the emptying, the keys put back are found there, and also in the tables
// where their new hash (an emptied map gets a new seed) put them, which the
// loop reaches later. When this test fails on a Swiss runtime, a Go release
// fixed it: chapters 03 and 05 must say so.
func TestProducedTwiceAfterEmptying(t *testing.T) {
	for _, how := range []string{"clear", "delete-every-key"} {
		t.Run(how, func(t *testing.T) { producedTwice(t, how) })
	}
}

func producedTwice(t *testing.T, how string) {
	const loops, keys = 200, 1500
	twice := 0
	for range loops {
		m := make(map[int]int)
		for i := range keys {
			m[i] = i
		}
		seen := map[int]int{}
		emptied := false
		for k := range m {
			seen[k]++
			if emptied {
				continue
			}
			emptied = true
			for i := range 4000 {
				m[10_000+i] = i
			}
			if how == "clear" {
				clear(m)
			} else {
				for k := range m {
					delete(m, k)
				}
			}
			clear(seen) // every entry from now on is new
			for i := range keys {
				m[i] = i
			}
		}
		for _, n := range seen {
			if n > 1 {
				twice++
				break
			}
		}
	}
	swissRuntime := inspect.Build() == inspect.Swiss
	t.Logf("loops that produced a key twice after growing, emptying and refilling the map: %d of %d", twice, loops)
	switch {
	case !swissRuntime && twice > 0:
		t.Errorf("the classic map produced a key twice in %d loops; it keeps one slot per key in the bucket array its iterator walks", twice)
	case swissRuntime && twice == 0:
		t.Errorf("the Swiss map produced no key twice: this Go release no longer does; chapters 03 and 05 say it does, update them")
	}
}
