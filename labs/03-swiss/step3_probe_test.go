package swiss

import (
	"fmt"
	"slices"
	"testing"
)

// Step 3: probing a table.

func TestStep3ProbeSequence(t *testing.T) {
	var got []uint64
	try(t, "makeProbeSeq(5, 7) and next", func() {
		seq := makeProbeSeq(5, 7)
		for range 8 {
			got = append(got, seq.offset)
			seq = seq.next()
		}
	})
	if want := []uint64{5, 6, 0, 3, 7, 4, 2, 1}; !slices.Equal(got, want) {
		t.Errorf("the probe sequence from h1 = 5 over 8 groups visits groups %v; want %v: step i adds i, so the groups are h1, h1+1, h1+1+2, h1+1+2+3, ... modulo 8", got, want)
	}
	for _, groups := range []uint64{1, 2, 4, 16, 128} {
		for _, start := range []uint64{0, 1, 6, 1<<56 + 3} {
			seen := map[uint64]bool{}
			want := start & (groups - 1)
			seq := makeProbeSeq(start, groups-1)
			for i := range groups {
				if seq.offset != want {
					t.Fatalf("makeProbeSeq(%d, %d) after %d steps is at group %d; want %d: the i-th group is (h1 + i(i+1)/2) mod %d", start, groups-1, i, seq.offset, want, groups)
				}
				seen[seq.offset] = true
				seq = seq.next()
				want = (want + i + 1) & (groups - 1)
			}
			if len(seen) != int(groups) {
				t.Fatalf("the probe sequence from h1 = %d over %d groups visits only %d distinct groups in %d steps; want all of them", start, groups, len(seen), groups)
			}
		}
	}
}

func TestStep3TableFind(t *testing.T) {
	needSteps(t, 1)
	// A table of 32 slots: 4 groups. Keys 101 to 109 start probing at group
	// 1 (h1 = 1); 101 to 108 fill it, so 109 sits in group 2, the next one
	// of its probe sequence 1, 2, 0, 3.
	m, tb := tableMap(32)
	hashes := map[int64]uint64{}
	for i := range int64(9) {
		k := 101 + i
		hashes[k] = makeHash(1, ctrl(0x21+i))
	}
	hashes[110] = makeHash(1, 0x2a) // placed, wrongly, in group 0 (step 2 of its sequence)
	hashes[111] = makeHash(1, 0x21) // H2 of key 101, never placed
	hashes[201] = makeHash(3, 0x31)
	hashes[202] = makeHash(7, 0x32) // h1 = 7: group 7 & 3 = 3, never placed
	for i := range 8 {
		k := int64(101 + i)
		place(m, tb, 1, i, k, 10*k, hashes[k])
	}
	place(m, tb, 2, 0, 109, 1090, hashes[109])
	place(m, tb, 0, 0, 110, 1100, hashes[110])
	place(m, tb, 3, 5, 201, 2010, hashes[201])

	find := func(k int64) (s *slot[int64, int64]) {
		try(t, fmt.Sprintf("find of key %d", k), func() { s = tb.find(m, hashes[k], k) })
		return s
	}
	for i := range 8 {
		k := int64(101 + i)
		if s := find(k); s != &tb.groups[1].slots[i] {
			t.Errorf("find of key %d (h1 1, H2 %#02x) did not return slot %d of group 1, where it is", k, uint8(h2(hashes[k])), i)
		}
	}
	if s := find(109); s != &tb.groups[2].slots[0] {
		t.Errorf("find of key 109 did not return slot 0 of group 2: its home group 1 is full (no empty slot), so the probe must go on to group 1+1 = 2")
	}
	if s := find(201); s != &tb.groups[3].slots[5] {
		t.Errorf("find of key 201 (h1 3) did not return slot 5 of group 3, where it is")
	}
	if s := find(110); s != nil {
		t.Errorf("find of key 110 returned its slot in group 0; want nil: its probe sequence is 1, 2, 0, 3 and group 2 has an empty slot, so the probe must stop at group 2 (an insert would have put the key there)")
	}
	if s := find(111); s != nil {
		t.Errorf("find of key 111 returned a slot holding key %d; want nil: key 111 shares its H2 with key 101, but equal H2 does not mean equal keys", s.key)
	}
	if s := find(202); s != nil {
		t.Errorf("find of key 202 (h1 7, group 7 & 3 = 3) returned a slot holding key %d; want nil", s.key)
	}
}

func TestStep3TablePut(t *testing.T) {
	needSteps(t, 1)
	// Keys 1 to 9 and 11 start probing at group 1 of 4, key 10 and 12 at
	// group 0.
	hashes := map[int64]uint64{10: makeHash(0, 0x30), 11: makeHash(1, 0x3b), 12: makeHash(0, 0x3c)}
	for k := range int64(10) {
		hashes[k] = makeHash(1, ctrl(0x20+k))
	}
	withHashes(t, hashes)
	m, tb := tableMap(32)
	if !putAll(t, m, keyRange(1, 8)...) {
		return
	}
	for k := int64(1); k <= 8; k++ {
		if gi, j := where(tb, k); gi != 1 || j != int(k-1) {
			t.Fatalf("after Put of keys 1 to 8 (h1 1), key %d is %s; want group 1, slot %d: a new key takes the first empty slot of its home group h1 & 3",
				k, at(gi, j), k-1)
		}
	}
	if tb.used != 8 || m.used != 8 || tb.growthLeft != 28-8 {
		t.Errorf("after 8 Puts into an empty 32-slot table: t.used %d, m.used %d, growthLeft %d; want 8, 8 and 28-8 = 20 (growthLeft starts at 7/8 of 32)", tb.used, m.used, tb.growthLeft)
	}
	if !putAll(t, m, 9) {
		return
	}
	if gi, j := where(tb, 9); gi != 2 || j != 0 {
		t.Errorf("key 9 (h1 1) is %s; want group 2, slot 0: group 1 is full, and the next group of the probe sequence is 1+1 = 2", at(gi, j))
	}
	if !putAll(t, m, 10) {
		return
	}
	if gi, j := where(tb, 10); gi != 0 || j != 0 {
		t.Errorf("key 10 (h1 0) is %s; want group 0, slot 0", at(gi, j))
	}
	try(t, "Put(5, 55)", func() { m.Put(5, 55) })
	if gi, j := where(tb, 5); gi != 1 || j != 4 || tb.groups[1].slots[4].value != 55 || m.Len() != 10 {
		t.Errorf("Put(5, 55) of a key already in slot 4 of group 1: it is now %s, and Len() = %d; want it updated in place and Len() 10", at(gi, j), m.Len())
	}

	// Make key 4 (group 1, slot 3) a tombstone by hand, as step 4's delete
	// will.
	tb.groups[1].slots[3] = slot[int64, int64]{}
	tb.groups[1].ctrl.set(3, ctrlDeleted)
	tb.used--
	m.used--
	try(t, "Put(9, 99)", func() { m.Put(9, 99) })
	if gi, j := where(tb, 9); gi != 2 || j != 0 || tb.groups[2].slots[0].value != 99 || tb.groups[1].ctrl.get(3) != ctrlDeleted {
		t.Errorf("Put(9, 99), with a tombstone in group 1 and key 9 in group 2: key 9 is %s; want it updated in group 2, slot 0, and the tombstone left alone: a tombstone does not end the probe, the key may be further on", at(gi, j))
	}
	left := tb.growthLeft
	if !putAll(t, m, 11) {
		return
	}
	if gi, j := where(tb, 11); gi != 1 || j != 3 {
		t.Errorf("new key 11 (h1 1) is %s; want the tombstone at group 1, slot 3: a new key takes the first tombstone on its probe sequence", at(gi, j))
	}
	if tb.growthLeft != left {
		t.Errorf("reusing a tombstone changed growthLeft from %d to %d; want it unchanged: the tombstone was already counted as used up", left, tb.growthLeft)
	}

	// No growthLeft: put must refuse a new key, and still update.
	saved := tb.growthLeft
	tb.growthLeft = 0
	before := slices.Clone(tb.groups)
	var ok bool
	try(t, "put of new key 12 with growthLeft 0", func() { ok = tb.put(m, hashes[12], 12, 120) })
	if ok || !slices.Equal(before, tb.groups) || m.Len() != 10 {
		t.Errorf("put of new key 12 into a table with growthLeft 0 returned %v (Len() %d); want false and the table unchanged: the caller must rehash first", ok, m.Len())
	}
	try(t, "put of key 1 with growthLeft 0", func() { ok = tb.put(m, hashes[1], 1, 111) })
	if gi, j := where(tb, 1); !ok || gi != 1 || j != 0 || tb.groups[1].slots[0].value != 111 {
		t.Errorf("put of key 1 (already in the table) with growthLeft 0 returned %v; want true and the value updated: an update needs no room", ok)
	}
	tb.growthLeft = saved
}
