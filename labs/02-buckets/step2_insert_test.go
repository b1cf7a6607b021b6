package buckets

import (
	"fmt"
	"testing"
)

// Step 2: insert a new key into the first free slot.

func TestStep2Insert(t *testing.T) {
	m := newGeneric[int64, int64](0)
	b := &bucket[int64, int64]{}
	var ok bool
	try(t, "insert", func() { ok = m.insert(b, 0x9d, 1, 10) })
	if !ok {
		t.Fatalf("insert into an empty bucket returned false; want true: slot 0 is free")
	}
	if b.tophash[0] != 0x9d || b.keys[0] != 1 || b.values[0] != 10 {
		t.Fatalf("after insert(b, 0x9d, 1, 10) into an empty bucket, slot 0 has tophash %s, key %d, value %d; want 9d, 1, 10: the first free slot is slot 0 (tophash of the bucket: %s)",
			slotName(b.tophash[0]), b.keys[0], b.values[0], tophashes(b))
	}

	// Slots: full, emptyOne (a deleted entry), full, then emptyRest.
	b = &bucket[int64, int64]{}
	b.tophash = [8]uint8{0x50, emptyOne, 0x52, emptyRest, emptyRest, emptyRest, emptyRest, emptyRest}
	b.keys = [8]int64{1, 0, 3}
	try(t, "insert", func() { ok = m.insert(b, 0x60, 9, 90) })
	if !ok || b.tophash[1] != 0x60 || b.keys[1] != 9 || b.values[1] != 90 {
		t.Fatalf("insert(b, 0x60, 9, 90) into a bucket with tophash [50 one 52 rest ...] gave %s; want slot 1 to take it (60): an emptyOne slot is free, and the first free slot wins", tophashes(b))
	}
	if b.tophash[3] != emptyRest {
		t.Fatalf("insert wrote to slot 3 as well: %s", tophashes(b))
	}

	// A full bucket with an overflow bucket that has room.
	b = &bucket[int64, int64]{}
	for s := range 8 {
		b.tophash[s], b.keys[s] = 0x50, int64(s)
	}
	ovf := &bucket[int64, int64]{}
	ovf.tophash[0], ovf.keys[0] = 0x51, 8
	b.overflow = ovf
	try(t, "insert", func() { ok = m.insert(b, 0x70, 42, 420) })
	if !ok || ovf.tophash[1] != 0x70 || ovf.keys[1] != 42 || ovf.values[1] != 420 {
		t.Fatalf("insert into a full bucket whose overflow bucket has [51 rest ...] gave %s; want the key in slot 1 of the overflow bucket: walk the chain to its first free slot", tophashes(b))
	}
	if b.overflow != ovf || ovf.overflow != nil {
		t.Fatalf("insert changed the chain, although the overflow bucket had room: %d buckets; want 2", chainLen(b))
	}
}

// TestStep2PutFillsSlotsInOrder puts keys into one bucket through Put.
func TestStep2PutFillsSlotsInOrder(t *testing.T) {
	needSteps(t, 1) // Put hashes with tophash and looks for the key with search
	identityHash(t)
	m := newGeneric[int64, int64](0)
	keys := []int64{placed(0x9d, 0, 1), placed(0x5b, 0, 2), placed(0x9d, 0, 3), placed(0x02, 0, 4), placed(0xe0, 0, 5)}
	putAll(t, m, keys...)
	if m.Len() != len(keys) {
		t.Fatalf("after %d Puts of new keys, Len() = %d; want %d: insert must return true when it stores the key", len(keys), m.Len(), len(keys))
	}
	b := &m.buckets[0]
	want := "9d 5b 9d 07 e0 rest rest rest"
	if got := tophashes(b); got != want {
		t.Fatalf("after 5 Puts into an empty bucket, the tophash bytes are %s; want %s: slots fill in order, each with its key's tophash (0x02 is below minTopHash, so it is stored as 0x07)", got, want)
	}
	for s, k := range keys {
		if b.keys[s] != k || b.values[s] != k*10 {
			t.Fatalf("slot %d holds key %d, value %d; want %d, %d", s, b.keys[s], b.values[s], k, k*10)
		}
	}

	// Put of a key already there updates its slot (that is search, step 1).
	try(t, "Put", func() { m.Put(keys[2], -1) })
	if b.values[2] != -1 || m.Len() != len(keys) {
		t.Fatalf("after Put(%d, -1) of a key in slot 2, slot 2 holds %d and Len() = %d; want -1 and %d: a Put of a present key replaces the value in place", keys[2], b.values[2], m.Len(), len(keys))
	}
	if got := fmt.Sprint(chainKeys(b)); got != fmt.Sprint(keys) {
		t.Fatalf("after updating a key, the bucket holds keys %s; want %s", got, fmt.Sprint(keys))
	}
}
