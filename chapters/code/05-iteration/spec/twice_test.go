package spec

import (
	"testing"

	"gomaps/labs/inspect"
)

// A twiceCase is one way of changing a map at the first entry of a range over it, and what the
// Swiss runtime does then.
type twiceCase struct {
	name   string
	keys   int    // entries before the loop: keys 0 to keys-1
	grow   int    // keys the body adds first (0: none), so that the map grows under the loop
	empty  string // how the body then empties the map: "clear" or "delete-every-key"
	refill string // what it puts back: "same" keys (0 to keys-1) or "other" keys, never in the map
	twice  bool   // on Swiss tables, every loop produces a key twice; else none does
}

// twiceCases are the conditions under which the Swiss tables produce a key twice, and one case
// without each of them. The first two have them all: a directory of two tables or more when the
// loop starts (1500 keys), growth that replaces the table the iterator walks, and keys put back
// that were in that table.
var twiceCases = []twiceCase{
	{"1500 keys, grow, clear, the same keys", 1500, 4000, "clear", "same", true},
	{"1500 keys, grow, delete every key, the same keys", 1500, 4000, "delete-every-key", "same", true},
	{"500 keys (one table), grow, clear, the same keys", 500, 4000, "clear", "same", false},
	{"8 keys (a small map), grow, clear, the same keys", 8, 4000, "clear", "same", false},
	{"1500 keys, grow, clear, other keys", 1500, 4000, "clear", "other", false},
	{"1500 keys, no growth, clear, the same keys", 1500, 0, "clear", "same", false},
}

// TestProducedTwiceAfterEmptying ranges over a map 100 times for each case of twiceCases. At the
// first entry, the body changes the map as the case says: every entry produced after that is
// new, which the loop may produce or skip, but each once at most. The test counts the loops
// that produced one of them twice.
//
// The classic map never does. The Swiss tables of Go 1.24 to 1.27 do when every condition
// holds: the iterator goes on walking the table it started on, which growth made stale, and
// looks each of its keys up in the map again (Iter.grownKeyElem); after the emptying, the keys
// put back are found there, and also in the tables where their new hash (an emptied map gets a
// new seed) put them, which the loop reaches later. When this test fails on a Swiss runtime, a
// Go release changed it: chapters 03 and 05 must say so.
func TestProducedTwiceAfterEmptying(t *testing.T) {
	swiss := inspect.Build() == inspect.Swiss
	for _, c := range twiceCases {
		t.Run(c.name, func(t *testing.T) {
			const loops = 100
			n := 0
			for range loops {
				if producedTwice(c) {
					n++
				}
			}
			t.Logf("%d of %d loops produced a key twice", n, loops)
			switch want := 0; {
			case swiss && c.twice:
				if n != loops {
					t.Errorf("the Swiss map produced a key twice in %d of %d loops; chapters 03 and 05 say it does in every one under these conditions", n, loops)
				}
			case n != want:
				t.Errorf("the map (%s) produced a key twice in %d of %d loops; chapters 03 and 05 say none does", inspect.Build(), n, loops)
			}
		})
	}
}

// producedTwice runs one loop of case c and reports whether it produced a key twice.
func producedTwice(c twiceCase) bool {
	m := make(map[int]int)
	for i := range c.keys {
		m[i] = i
	}
	seen := map[int]int{}
	changed := false
	for k := range m {
		seen[k]++
		if changed {
			continue
		}
		changed = true
		for i := range c.grow {
			m[1_000_000+i] = i
		}
		if c.empty == "clear" {
			clear(m)
		} else {
			for k := range m {
				delete(m, k)
			}
		}
		clear(seen) // every entry from now on is new
		first := 0
		if c.refill == "other" {
			first = 2_000_000
		}
		for i := range c.keys {
			m[first+i] = i
		}
	}
	for _, n := range seen {
		if n > 1 {
			return true
		}
	}
	return false
}
