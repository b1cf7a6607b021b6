//go:build goexperiment.swissmap || go1.26

package inspect_test

import (
	"fmt"
	"testing"

	"gomaps/labs/inspect"
)

func swissOf(t *testing.T, m map[int]int, what string) *inspect.SwissLayout {
	t.Helper()
	l := checkFull(t, m, what)
	if l.Kind != inspect.Swiss || l.Swiss == nil || l.Classic != nil {
		t.Fatalf("%s: this build has Swiss tables, but the layout is %v (Swiss part %v)", what, l.Kind, l.Swiss != nil)
	}
	return l.Swiss
}

// rawDeleted counts the tombstones of a table from its control bytes.
func rawDeleted(tb inspect.Table) int {
	n := 0
	for _, g := range tb.Groups {
		for _, c := range g.Ctrl {
			if c == 0xFE {
				n++
			}
		}
	}
	return n
}

func TestSmallMapUntilTheNinthKey(t *testing.T) {
	m := make(map[int]int)
	if s := swissOf(t, m, "a new map"); s.DirLen != 0 || len(s.Tables) != 0 {
		t.Fatalf("a new map: dirLen %d with %d tables; want a small map", s.DirLen, len(s.Tables))
	}
	for k := range 8 {
		m[k] = k
		s := swissOf(t, m, fmt.Sprintf("%d keys", k+1))
		if s.DirLen != 0 || s.Small == nil || len(s.Tables) != 0 || len(s.Directory) != 0 {
			t.Fatalf("%d keys: dirLen %d, small group %v, %d tables; want dirLen 0 and one group", k+1, s.DirLen, s.Small != nil, len(s.Tables))
		}
	}
	m[8] = 8
	s := swissOf(t, m, "9 keys")
	if s.DirLen != 1 || s.GlobalDepth != 0 || s.Small != nil || len(s.Tables) != 1 || s.Tables[0].Capacity != 16 {
		t.Fatalf("9 keys: dirLen %d, globalDepth %d, small group %v, %d tables; want one 16-slot table", s.DirLen, s.GlobalDepth, s.Small != nil, len(s.Tables))
	}
	if tb := s.Tables[0]; tb.Used != 9 || tb.GrowthLeft != 14-9 || tb.Tombstones != 0 {
		t.Fatalf("9 keys: used %d, growthLeft %d, tombstones %d; want 9, 5 (16*7/8 - 9), 0", tb.Used, tb.GrowthLeft, tb.Tombstones)
	}

	// A small map never has tombstones: delete writes an empty slot.
	small := intMap(8)
	delete(small, 3)
	s = swissOf(t, small, "8 keys, one deleted")
	if s.Small == nil || s.Small.Empty() != 1 || s.Small.Deleted() != 0 {
		t.Fatalf("8 keys, one deleted: control bytes %x; want one empty (0x80), no tombstone", s.Small.Ctrl)
	}
}

// Inserting one key at a time, a table doubles when it would pass 7/8 full,
// up to 1024 slots; the next growth splits it in two tables of 1024 slots and
// doubles the directory.
func TestTablesGrowThenSplit(t *testing.T) {
	m := make(map[int]int)
	for k := range 4000 {
		m[k] = k
		n := k + 1
		if n <= 8 {
			continue
		}
		s := swissOf(t, m, fmt.Sprintf("%d keys", n))
		if s.DirLen != 1<<s.GlobalDepth || int(s.GlobalShift) != 64-int(s.GlobalDepth) || len(s.Directory) != s.DirLen {
			t.Fatalf("%d keys: dirLen %d, globalDepth %d, globalShift %d", n, s.DirLen, s.GlobalDepth, s.GlobalShift)
		}
		used := 0
		for i, tb := range s.Tables {
			if tb.Capacity > 1024 || tb.LocalDepth > int(s.GlobalDepth) {
				t.Fatalf("%d keys: table %d has capacity %d, localDepth %d (globalDepth %d)", n, i, tb.Capacity, tb.LocalDepth, s.GlobalDepth)
			}
			// A table of local depth d is pointed to by 2^(global-d)
			// consecutive directory entries from its index.
			span := 1 << (int(s.GlobalDepth) - tb.LocalDepth)
			for j := range s.DirLen {
				if (s.Directory[j] == i) != (j >= tb.Index && j < tb.Index+span) {
					t.Fatalf("%d keys: directory %v, table %d at index %d with localDepth %d", n, s.Directory, i, tb.Index, tb.LocalDepth)
				}
			}
			used += tb.Used
		}
		if used != n {
			t.Fatalf("%d keys: the tables' used add up to %d", n, used)
		}
		if n > 896 {
			if s.DirLen < 2 {
				t.Fatalf("%d keys: dirLen %d; a 1024-slot table holds at most 896", n, s.DirLen)
			}
			continue
		}
		// One table: the smallest power of two from 16 whose 7/8 holds n.
		want := 16
		for n > want*7/8 {
			want *= 2
		}
		if s.DirLen != 1 || s.Tables[0].Capacity != want {
			t.Fatalf("%d keys: dirLen %d, capacity %d; want one table of %d", n, s.DirLen, s.Tables[0].Capacity, want)
		}
		if n == 896 {
			tb := s.Tables[0]
			m[896] = 896
			s = swissOf(t, m, "897 keys")
			if tb.GrowthLeft != 0 || s.DirLen != 2 || s.GlobalDepth != 1 || len(s.Tables) != 2 ||
				s.Tables[0].Capacity != 1024 || s.Tables[1].Capacity != 1024 || s.Tables[0].LocalDepth != 1 {
				t.Fatalf("897 keys (896 had growthLeft %d): dirLen %d, globalDepth %d, %d tables; want two 1024-slot tables of localDepth 1",
					tb.GrowthLeft, s.DirLen, s.GlobalDepth, len(s.Tables))
			}
			delete(m, 896)
		}
	}
}

func TestTombstones(t *testing.T) {
	m := intMap(800)
	before := swissOf(t, m, "800 keys")
	for k := 0; k < 800; k += 2 {
		delete(m, k)
	}
	s := swissOf(t, m, "800 keys, 400 deleted")
	if !s.TombstonePossible {
		t.Fatal("800 keys, 400 deleted: tombstonePossible is false")
	}
	total := 0
	for i, tb := range s.Tables {
		// The runtime's count, capacity*7/8 - used - growthLeft, is the
		// number of 0xFE control bytes.
		if got := rawDeleted(tb); got != tb.Tombstones {
			t.Fatalf("table %d: %d control bytes are 0xfe, the runtime's count is %d", i, got, tb.Tombstones)
		}
		// A delete leaves a tombstone only in a group with no empty slot
		// (a probe for another key may have passed it); otherwise the
		// slot becomes empty.
		for j, g := range tb.Groups {
			if g.Deleted() > 0 && g.Empty() > 0 {
				t.Fatalf("table %d group %d has tombstones and empty slots: %x", i, j, g.Ctrl)
			}
		}
		total += tb.Tombstones
	}
	if total == 0 {
		t.Fatal("800 keys, 400 deleted: no tombstones")
	}
	checkPlacement(t, m, "800 keys, 400 deleted")

	clear(m)
	c := swissOf(t, m, "after clear")
	for i, tb := range c.Tables {
		if tb.Tombstones != 0 || rawDeleted(tb) != 0 || tb.Used != 0 {
			t.Fatalf("after clear, table %d: used %d, tombstones %d (%d 0xfe bytes)", i, tb.Used, tb.Tombstones, rawDeleted(tb))
		}
	}
	if c.DirLen != s.DirLen || len(c.Tables) != len(s.Tables) || c.Tables[0].Capacity != before.Tables[0].Capacity || c.ClearSeq != s.ClearSeq+1 {
		t.Fatalf("clear changed the tables: dirLen %d -> %d, capacity %d -> %d, clearSeq %d -> %d",
			s.DirLen, c.DirLen, before.Tables[0].Capacity, c.Tables[0].Capacity, s.ClearSeq, c.ClearSeq)
	}
	if c.TombstonePossible {
		t.Fatal("after clear, tombstonePossible is still true")
	}
}

// A delete that empties the map picks a new seed, as clear does.
func TestEmptyingReseeds(t *testing.T) {
	m := intMap(100)
	before := swissOf(t, m, "100 keys")
	for k := range 100 {
		delete(m, k)
	}
	after := swissOf(t, m, "100 keys, all deleted")
	if after.Seed == before.Seed {
		t.Fatalf("the seed %#x did not change when the map became empty", after.Seed)
	}
}
