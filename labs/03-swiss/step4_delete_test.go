package swiss

import (
	"slices"
	"testing"
)

// Step 4: delete and tombstones.

// group1Hashes makes keys 1 to 19 start probing at group 1 of a 4-group
// table, with H2 0x20+k.
func group1Hashes(t *testing.T) {
	t.Helper()
	hashes := map[int64]uint64{}
	for k := range int64(20) {
		hashes[k] = makeHash(1, ctrl(0x20+k))
	}
	withHashes(t, hashes)
}

func TestStep4DeleteEmptiesSlot(t *testing.T) {
	needSteps(t, 1, 3)
	group1Hashes(t)
	m, tb := tableMap(32)
	if !putAll(t, m, 1, 2, 3) {
		return
	}
	mustLen(t, m, 3, "3 Puts into a 32-slot table")
	if !try(t, "Delete(2)", func() { m.Delete(2) }) {
		return
	}
	if c := tb.groups[1].ctrl.get(1); c != ctrlEmpty {
		t.Errorf("after Delete(2), its slot (group 1, slot 1) has control byte %02x; want 80 (empty): group 1 still has empty slots, so no probe sequence goes through it and no tombstone is needed", uint8(c))
	}
	if s := tb.groups[1].slots[1]; s.key != 0 || s.value != 0 {
		t.Errorf("after Delete(2), its slot still holds key %d, value %d; want zeros, so the map keeps nothing alive", s.key, s.value)
	}
	if tb.used != 2 || m.used != 2 || tb.growthLeft != 28-2 {
		t.Errorf("after 3 Puts and Delete(2): t.used %d, m.used %d, growthLeft %d; want 2, 2 and 26: the emptied slot can be filled again, so growthLeft grows back", tb.used, m.used, tb.growthLeft)
	}
	for _, k := range []int64{1, 3} {
		if v, ok := m.Get(k); !ok || v != 10*k {
			t.Errorf("after Delete(2), Get(%d) = %d, %v; want %d, true", k, v, ok, 10*k)
		}
	}
	if v, ok := m.Get(2); ok {
		t.Errorf("after Delete(2), Get(2) = %d, true", v)
	}
}

func TestStep4DeleteLeavesTombstone(t *testing.T) {
	needSteps(t, 1, 3)
	group1Hashes(t)
	m, tb := tableMap(32)
	// Keys 1 to 8 fill group 1; key 9 goes on to group 2.
	if !putAll(t, m, keyRange(1, 9)...) {
		return
	}
	mustLen(t, m, 9, "9 Puts into a 32-slot table")
	before := slices.Clone(tb.groups)
	try(t, "Delete(15)", func() { m.Delete(15) })
	if !slices.Equal(before, tb.groups) || m.Len() != 9 || tb.growthLeft != 19 {
		t.Errorf("Delete(15) of a key never put changed the table (Len() %d, growthLeft %d); want nothing changed", m.Len(), tb.growthLeft)
	}
	if !try(t, "Delete(4)", func() { m.Delete(4) }) {
		return
	}
	if c := tb.groups[1].ctrl.get(3); c != ctrlDeleted {
		t.Fatalf("after Delete(4) from the full group 1, its slot 3 has control byte %02x; want fe (deleted, a tombstone): key 9's probe sequence goes through group 1, and an empty slot there would end it before group 2",
			uint8(c))
	}
	if s := tb.groups[1].slots[3]; s.key != 0 || s.value != 0 {
		t.Errorf("after Delete(4), its slot still holds key %d, value %d; want zeros", s.key, s.value)
	}
	if tb.used != 8 || m.used != 8 || tb.growthLeft != 28-9 || tb.tombstones() != 1 {
		t.Errorf("after 9 Puts and Delete(4): t.used %d, m.used %d, growthLeft %d, tombstones %d; want 8, 8, 19 and 1: a tombstone still counts against growthLeft",
			tb.used, m.used, tb.growthLeft, tb.tombstones())
	}
	if v, ok := m.Get(9); !ok || v != 90 {
		t.Errorf("after Delete(4), Get(9) = %d, %v; want 90, true: the probe for key 9 must walk past the tombstone in group 1", v, ok)
	}
	if !try(t, "Delete(9)", func() { m.Delete(9) }) {
		return
	}
	if c := tb.groups[2].ctrl.get(0); c != ctrlEmpty || tb.growthLeft != 20 {
		t.Errorf("after Delete(9) from group 2, which has empty slots: control byte %02x, growthLeft %d; want 80 (empty) and 20", uint8(c), tb.growthLeft)
	}
	if !putAll(t, m, 10) {
		return
	}
	if gi, j := where(tb, 10); gi != 1 || j != 3 || tb.tombstones() != 0 {
		t.Errorf("new key 10 (h1 1) is %s, and %d tombstones are left; want group 1, slot 3, the tombstone, reused (step 3), and none left", at(gi, j), tb.tombstones())
	}
}
