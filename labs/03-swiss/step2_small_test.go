package swiss

import (
	"math"
	"testing"
)

// Step 2: the small map, one group of 8 slots.

// smallHash gives key k (1 to 16) H2 0x10+k, so control bytes are easy to
// read: key 1 has control byte 0x11, key 2 has 0x12, and so on.
func smallHash(key any) uint64 {
	k := key.(int64)
	return makeHash(uint64(k)*1000, ctrl(0x10+k))
}

func TestStep2SmallPutGet(t *testing.T) {
	needSteps(t, 1)
	withHash(t, smallHash)
	m := newGeneric[int64, int64](0)
	if !putAll(t, m, 1, 2, 3) {
		return
	}
	if m.directory != nil {
		t.Fatalf("after 3 Puts into New(0), the map has a directory; want a small map (one group)")
	}
	want := ctrlWord(0x11, 0x12, 0x13)
	if m.small.ctrl != want {
		t.Errorf("after Put(1), Put(2), Put(3) into New(0), the control bytes are %s; want %s: each new key takes the first empty slot, and its control byte is its H2 (hash & 0x7f)",
			ctrlBytes(m.small.ctrl), ctrlBytes(want))
	}
	for j, k := range []int64{1, 2, 3} {
		if s := m.small.slots[j]; s.key != k || s.value != 10*k {
			t.Errorf("slot %d holds key %d, value %d; want key %d, value %d", j, s.key, s.value, k, 10*k)
		}
	}
	if m.Len() != 3 {
		t.Errorf("after 3 Puts, Len() = %d; want 3: putSmall counts a new entry in m.used", m.Len())
	}
	for _, k := range []int64{1, 2, 3} {
		var v int64
		var ok bool
		try(t, "Get", func() { v, ok = m.Get(k) })
		if !ok || v != 10*k {
			t.Errorf("Get(%d) = %d, %v; want %d, true", k, v, ok, 10*k)
		}
	}
	if v, ok := m.Get(4); ok {
		t.Errorf("Get(4) = %d, true for a key never put", v)
	}
}

func TestStep2SmallUpdate(t *testing.T) {
	needSteps(t, 1)
	withHash(t, smallHash)
	m := newGeneric[int64, int64](0)
	if !putAll(t, m, 1, 2) {
		return
	}
	mustLen(t, m, 2, "Put(1, 10) and Put(2, 20) into New(0)")
	if !try(t, "Put(1, 11)", func() { m.Put(1, 11) }) {
		return
	}
	if m.Len() != 2 {
		t.Errorf("after Put(1, 10), Put(2, 20), Put(1, 11), Len() = %d; want 2: a Put of a key already there replaces its value", m.Len())
	}
	if s := m.small.slots[0]; s.key != 1 || s.value != 11 {
		t.Errorf("after Put(1, 11), slot 0 holds key %d, value %d; want key 1, value 11, updated in place", s.key, s.value)
	}
	if c := m.small.ctrl.get(2); c != ctrlEmpty {
		t.Errorf("after Put(1, 11), slot 2 has control byte %02x; want 80 (empty): an update takes no new slot", uint8(c))
	}
}

func TestStep2SmallUpdateKeepsLatestKey(t *testing.T) {
	needSteps(t, 1)
	// The built-in map keeps the key of the latest assignment: 0.0 and -0.0
	// are one key, and after m[-0.0] = v the stored key is -0.0.
	m := newGeneric[float64, int](0)
	negZero := math.Copysign(0, -1)
	if !try(t, "Put(0.0, 1) then Put(-0.0, 2)", func() { m.Put(0.0, 1); m.Put(negZero, 2) }) {
		return
	}
	if m.Len() != 1 {
		t.Fatalf("after Put(0.0, 1) and Put(-0.0, 2), Len() = %d; want 1: 0.0 == -0.0", m.Len())
	}
	if s := m.small.slots[0]; !math.Signbit(s.key) || s.value != 2 {
		t.Errorf("after Put(0.0, 1) and Put(-0.0, 2), slot 0 holds key %v, value %d; want key -0, value 2: an update stores the new key too, as the built-in map does", s.key, s.value)
	}
}

func TestStep2SmallDelete(t *testing.T) {
	needSteps(t, 1)
	withHash(t, smallHash)
	m := newGeneric[int64, int64](0)
	if !putAll(t, m, 1, 2, 3, 4, 5) {
		return
	}
	mustLen(t, m, 5, "5 Puts into New(0)")
	if !try(t, "Delete(2)", func() { m.Delete(2) }) {
		return
	}
	if c := m.small.ctrl.get(1); c != ctrlEmpty {
		t.Errorf("after Delete(2), slot 1 has control byte %02x; want 80 (empty): a small map has no probe sequence to keep going, so it never needs a tombstone (fe)", uint8(c))
	}
	if s := m.small.slots[1]; s.key != 0 || s.value != 0 {
		t.Errorf("after Delete(2), slot 1 still holds key %d, value %d; want zeros, so the map keeps nothing alive", s.key, s.value)
	}
	if m.Len() != 4 {
		t.Errorf("after 5 Puts and Delete(2), Len() = %d; want 4", m.Len())
	}
	if v, ok := m.Get(2); ok {
		t.Errorf("after Delete(2), Get(2) = %d, true; want it gone", v)
	}
	for _, k := range []int64{1, 3, 4, 5} {
		if v, ok := m.Get(k); !ok || v != 10*k {
			t.Errorf("after Delete(2), Get(%d) = %d, %v; want %d, true", k, v, ok, 10*k)
		}
	}
	before := m.small.ctrl
	try(t, "Delete(9)", func() { m.Delete(9) })
	if m.small.ctrl != before || m.Len() != 4 {
		t.Errorf("Delete(9) of a key never put changed the group: control bytes %s, Len() %d; want %s and 4", ctrlBytes(m.small.ctrl), m.Len(), ctrlBytes(before))
	}
	if !putAll(t, m, 6) {
		return
	}
	if s := m.small.slots[1]; s.key != 6 || m.small.ctrl.get(1) != 0x16 {
		t.Errorf("after Delete(2) and Put(6), slot 1 holds key %d with control byte %02x; want key 6 with 16: the freed slot is the first empty one", s.key, uint8(m.small.ctrl.get(1)))
	}
}

func TestStep2SmallComparesKeys(t *testing.T) {
	needSteps(t, 1)
	// Key 1 has H2 0x02 and key 2 has H2 0x03: for H2 0x02, matchH2 may
	// report slot 1 as well as slot 0. Key 3 shares H2 0x02 with key 1.
	withHashes(t, map[int64]uint64{
		1: makeHash(100, 0x02),
		2: makeHash(200, 0x03),
		3: makeHash(300, 0x02),
	})
	m := newGeneric[int64, int64](0)
	if !putAll(t, m, 1, 2) {
		return
	}
	mustLen(t, m, 2, "Put(1, 10) and Put(2, 20) into New(0)")
	if v, ok := m.Get(3); ok {
		t.Errorf("Get(3) = %d, true, but key 3 was never put: it only shares its H2 (0x02) with key 1; compare the keys of the matching slots", v)
	}
	if !putAll(t, m, 3) {
		return
	}
	if m.Len() != 3 {
		t.Errorf("after Put(1), Put(2), Put(3), Len() = %d; want 3: key 3 is a new key, even though its H2 equals key 1's", m.Len())
	}
	for _, k := range []int64{1, 2, 3} {
		if v, ok := m.Get(k); !ok || v != 10*k {
			t.Errorf("Get(%d) = %d, %v; want %d, true", k, v, ok, 10*k)
		}
	}
	try(t, "Delete(3)", func() { m.Delete(3) })
	if v, ok := m.Get(1); !ok || v != 10 {
		t.Errorf("after Delete(3), Get(1) = %d, %v; want 10, true: Delete(3) must remove key 3, not the first key with the same H2", v, ok)
	}
	if _, ok := m.Get(3); ok {
		t.Errorf("after Delete(3), Get(3) still finds it")
	}
}

func TestStep2SmallHoldsEight(t *testing.T) {
	needSteps(t, 1)
	withHash(t, smallHash)
	m := newGeneric[int64, int64](0)
	if !putAll(t, m, keyRange(1, 8)...) {
		return
	}
	if m.directory != nil || m.Len() != 8 || m.small.ctrl.matchEmpty() != 0 {
		t.Errorf("after 8 Puts into New(0): directory %v, Len() %d, control bytes %s; want no directory, 8, and no empty slot: a small map fills all 8 slots, since without probing it needs no empty slot to end a probe sequence",
			m.directory != nil, m.Len(), ctrlBytes(m.small.ctrl))
	}
	try(t, "Put(8, 99)", func() { m.Put(8, 99) })
	if v, _ := m.Get(8); m.directory != nil || v != 99 {
		t.Errorf("Put(8, 99) on a full small map that holds key 8: Get(8) = %d, directory %v; want 99 and still no directory: an update needs no room", v, m.directory != nil)
	}
}
