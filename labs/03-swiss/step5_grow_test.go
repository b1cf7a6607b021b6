package swiss

import (
	"fmt"
	"testing"
)

// Step 5: growth: the small map into a table, tables doubling, tombstones
// dropped.

func TestStep5UncheckedPut(t *testing.T) {
	needSteps(t, 1, 3)
	tb := newTable[int64, int64](16, 0, 0)
	for k := int64(1); k <= 9; k++ {
		if !try(t, fmt.Sprintf("uncheckedPut of key %d", k), func() { tb.uncheckedPut(makeHash(1, ctrl(0x20+k)), k, 10*k) }) {
			return
		}
	}
	for k := int64(1); k <= 8; k++ {
		if gi, j := where(tb, k); gi != 1 || j != int(k-1) || tb.groups[1].ctrl.get(j) != ctrl(0x20+k) {
			t.Fatalf("after uncheckedPut of keys 1 to 9 (h1 1) into a new 16-slot table, key %d is %s; want group 1, slot %d, with control byte %02x", k, at(gi, j), k-1, 0x20+k)
		}
	}
	if gi, j := where(tb, 9); gi != 0 || j != 0 {
		t.Errorf("key 9 (h1 1) is %s; want group 0, slot 0: group 1 is full, and the next group of the probe sequence is (1+1) & 1 = 0", at(gi, j))
	}
	if tb.used != 9 || tb.growthLeft != 14-9 {
		t.Errorf("after 9 uncheckedPuts into a new 16-slot table: t.used %d, growthLeft %d; want 9 and 14-9 = 5", tb.used, tb.growthLeft)
	}
}

func TestStep5GrowToTable(t *testing.T) {
	needSteps(t, 1, 2, 3)
	withHash(t, smallHash)
	m := newGeneric[int64, int64](0)
	if !putAll(t, m, keyRange(1, 8)...) {
		return
	}
	mustLen(t, m, 8, "8 Puts into New(0)")
	if !putAll(t, m, 9) {
		return
	}
	if len(m.directory) != 1 || m.small != nil {
		t.Fatalf("after 9 Puts into New(0): a directory of %d entries, small group kept: %v; want a directory of 1 table and no small group: the 9th entry does not fit in the small group",
			len(m.directory), m.small != nil)
	}
	tb := m.directory[0]
	if tb.capacity != 16 || tb.index != 0 || tb.localDepth != 0 || m.globalDepth != 0 {
		t.Errorf("after 9 Puts into New(0), the table has capacity %d, index %d, localDepth %d (globalDepth %d); want 16, 0, 0 (0): a small map grows into a table of 16 slots",
			tb.capacity, tb.index, tb.localDepth, m.globalDepth)
	}
	if tb.used != 9 || m.Len() != 9 || tb.growthLeft != 14-9 {
		t.Errorf("after 9 Puts into New(0): t.used %d, Len() %d, growthLeft %d; want 9, 9 and 14-9 = 5", tb.used, m.Len(), tb.growthLeft)
	}
	for k := int64(1); k <= 9; k++ {
		if v, ok := m.Get(k); !ok || v != 10*k {
			t.Errorf("after growing into a table, Get(%d) = %d, %v; want %d, true", k, v, ok, 10*k)
		}
	}
}

// capacityFor returns the capacity of a map of n entries that grew one Put
// at a time from New(0): the smallest table whose 7/8 holds n.
func capacityFor(n int) int {
	c := minTableCapacity
	for c*maxAvgGroupLoad/groupSlots < n {
		c *= 2
	}
	return c
}

func TestStep5GrowthPoints(t *testing.T) {
	needSteps(t, 1, 2, 3)
	m := newGeneric[int64, int64](0) // the real hash: growth does not depend on it
	for n := 1; n <= 896; n++ {
		k := int64(n)
		if !try(t, fmt.Sprintf("Put number %d", n), func() { m.Put(k, 10*k) }) {
			return
		}
		if n <= 8 {
			continue
		}
		if len(m.directory) != 1 {
			t.Fatalf("after %d Puts into New(0), the directory has %d entries; want 1 table (splits come at 1024 slots)", n, len(m.directory))
		}
		tb := m.directory[0]
		want := capacityFor(n)
		if tb.capacity != want {
			t.Fatalf("after %d Puts into New(0), the table has %d slots; want %d: a table of %d slots holds at most 7/8 of them, %d entries, so Put number %d doubles it",
				n, tb.capacity, want, want/2, want/2*7/8, want/2*7/8+1)
		}
		if tb.growthLeft != want*7/8-n || tb.used != n {
			t.Fatalf("after %d Puts into New(0), the %d-slot table has used %d, growthLeft %d; want %d and %d", n, want, tb.used, tb.growthLeft, n, want*7/8-n)
		}
	}
	for k := int64(1); k <= 896; k++ {
		if v, ok := m.Get(k); !ok || v != 10*k {
			t.Fatalf("after 896 Puts and 7 doublings, Get(%d) = %d, %v; want %d, true: growing must move every entry", k, v, ok, 10*k)
		}
	}
}

func TestStep5RehashDoubles(t *testing.T) {
	needSteps(t, 1, 3)
	withHash(t, mixHash)
	m, old := tableMap(16)
	if !putAll(t, m, keyRange(1, 14)...) {
		return
	}
	mustLen(t, m, 14, "14 Puts into a 16-slot table")
	if !putAll(t, m, 15) {
		return
	}
	nt := m.directory[0]
	if nt == old || old.index != -1 {
		t.Fatalf("Put number 15 into a full 16-slot table (growthLeft 0) kept the table (index %d); want it replaced by a new table and marked stale with index -1", old.index)
	}
	if nt.capacity != 32 || nt.used != 15 || nt.growthLeft != 28-15 || nt.index != 0 {
		t.Errorf("after the rehash of a full 16-slot table: capacity %d, used %d, growthLeft %d, index %d; want 32, 15, 13, 0: with no tombstones to drop, the table doubles",
			nt.capacity, nt.used, nt.growthLeft, nt.index)
	}
	for k := int64(1); k <= 15; k++ {
		if v, ok := m.Get(k); !ok || v != 10*k {
			t.Errorf("after the rehash, Get(%d) = %d, %v; want %d, true", k, v, ok, 10*k)
		}
	}
}

func TestStep5RehashDropsTombstones(t *testing.T) {
	needSteps(t, 1, 3, 4)
	// Keys 1 to 8 fill group 0 of a 16-slot table; 9 to 15 start at
	// group 1.
	hashes := map[int64]uint64{}
	for k := int64(1); k <= 15; k++ {
		hashes[k] = makeHash(uint64(k/9), ctrl(0x20+k))
	}
	withHashes(t, hashes)
	m, old := tableMap(16)
	if !putAll(t, m, keyRange(1, 14)...) {
		return
	}
	for k := int64(1); k <= 8; k++ {
		try(t, fmt.Sprintf("Delete(%d)", k), func() { m.Delete(k) })
	}
	mustLen(t, m, 6, "14 Puts and 8 Deletes")
	if old.tombstones() != 8 || old.growthLeft != 0 {
		t.Fatalf("after filling a 16-slot table and deleting the 8 keys of its full group 0: %d tombstones, growthLeft %d; want 8 and 0 (step 4)", old.tombstones(), old.growthLeft)
	}
	if !putAll(t, m, 15) {
		return
	}
	nt := m.directory[0]
	if nt == old || old.index != -1 {
		t.Fatalf("Put(15) into a table with growthLeft 0 kept the table; want it replaced (rehashed)")
	}
	if nt.capacity != 16 || nt.tombstones() != 0 || nt.used != 7 || nt.growthLeft != 14-7 {
		t.Errorf("Put(15) into a 16-slot table of 6 entries and 8 tombstones made a table of capacity %d, %d tombstones, used %d, growthLeft %d; want 16, 0, 7, 7: with at least half of the used-up slots being tombstones, rehash at the same size, which drops them",
			nt.capacity, nt.tombstones(), nt.used, nt.growthLeft)
	}
	for k := int64(9); k <= 15; k++ {
		if v, ok := m.Get(k); !ok || v != 10*k {
			t.Errorf("after the rehash, Get(%d) = %d, %v; want %d, true", k, v, ok, 10*k)
		}
	}
}
