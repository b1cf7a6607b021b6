package buckets

import (
	"fmt"
	"testing"
)

// Step 4: delete, with emptyOne and emptyRest.

// chainOf returns a map of one bucket (B = 0) whose chain holds n keys, all
// with the identity hash, put with insert (steps 2 and 3) so that no growth
// can happen. Key i has tophash 0x50+i.
func chainOf(t *testing.T, n int) (*Map[int64, int64], []int64) {
	t.Helper()
	needSteps(t, 1, 2, 3)
	identityHash(t)
	m := newGeneric[int64, int64](0)
	m.buckets = make([]bucket[int64, int64], 1)
	var keys []int64
	for i := range n {
		k := placed(0x50+uint8(i), 0, i)
		var ok bool
		try(t, "insert", func() { ok = m.insert(&m.buckets[0], tophash(uint64(k)), k, k*10) })
		if !ok {
			t.Fatalf("steps 2 and 3 must pass first: insert returned false for key %d of a chain of %d keys in one bucket", i, n)
		}
		m.count++
		keys = append(keys, k)
	}
	return m, keys
}

// del deletes keys[i] and checks Len.
func del(t *testing.T, m *Map[int64, int64], keys []int64, i int) {
	t.Helper()
	before := m.Len()
	try(t, fmt.Sprintf("Delete of key %d", i), func() { m.Delete(keys[i]) })
	if m.Len() != before-1 {
		t.Fatalf("Delete of key %d (in the chain) left Len() = %d; want %d: remove must return true when it deletes", i, m.Len(), before-1)
	}
}

func TestStep4DeleteMarksSlots(t *testing.T) {
	m, keys := chainOf(t, 5)
	b := &m.buckets[0]
	// A key that is not there, with the tophash of slot 2: nothing changes.
	var found bool
	try(t, "remove", func() { found = m.remove(b, 0x52, -1) })
	if got, want := tophashes(b), "50 51 52 53 54 rest rest rest"; found || got != want {
		t.Fatalf("remove of a key that is not in the chain, with the tophash of slot 2, returned %v and left the tophash bytes %s; want false and %s: compare the key too, and change nothing when no slot holds it", found, got, want)
	}
	steps := []struct {
		key  int
		want string
		why  string
	}{
		{2, "50 51 one 53 54 rest rest rest", "slot 2 is followed by full slots: it becomes emptyOne"},
		{4, "50 51 one 53 rest rest rest rest", "slot 4 is the last full slot (slot 5 is emptyRest): it becomes emptyRest"},
		{3, "50 51 rest rest rest rest rest rest", "slot 3 becomes emptyRest, and so does the emptyOne slot 2 before it: walk backwards while the slots are emptyOne"},
		{0, "one 51 rest rest rest rest rest rest", "slot 0 is followed by a full slot: emptyOne"},
		{1, "rest rest rest rest rest rest rest rest", "slot 1 was the last full slot: it and the emptyOne before it become emptyRest"},
	}
	for _, s := range steps {
		del(t, m, keys, s.key)
		if got := tophashes(b); got != s.want {
			t.Fatalf("after deleting the key of slot %d, the tophash bytes are %s; want %s: %s", s.key, got, s.want, s.why)
		}
	}

	// The deleted slots hold zero keys and values.
	for s := range bucketCnt {
		if b.keys[s] != 0 || b.values[s] != 0 {
			t.Fatalf("after deleting every key, slot %d still holds key %d, value %d; want 0, 0: zero the key and the value, so that the garbage collector can free what they point to", s, b.keys[s], b.values[s])
		}
	}
	var ok bool
	try(t, "remove", func() { ok = m.remove(b, 0x50, keys[0]) })
	if ok {
		t.Fatalf("remove of a key that is not in the chain returned true; want false")
	}
}

func TestStep4DeleteZeroesPointers(t *testing.T) {
	needSteps(t, 1, 2)
	m := newGeneric[string, *int](0)
	v := new(int)
	try(t, "Put", func() { m.Put("gone", v); m.Put("kept", v) })
	b := &m.buckets[0]
	var slot int
	for slot = range bucketCnt {
		if b.keys[slot] == "gone" {
			break
		}
	}
	try(t, `Delete("gone")`, func() { m.Delete("gone") })
	if b.keys[slot] != "" || b.values[slot] != nil {
		t.Fatalf(`after Delete("gone"), its slot still holds key %q and a value pointer %v; want "" and nil: a deleted slot must not keep its key and value alive for the garbage collector`, b.keys[slot], b.values[slot])
	}
	if m.Len() != 1 {
		t.Fatalf(`after Put("gone"), Put("kept"), Delete("gone"): Len() = %d; want 1`, m.Len())
	}
}

func TestStep4DeleteAcrossOverflow(t *testing.T) {
	// 8 keys in the bucket, 2 in its overflow bucket.
	m, keys := chainOf(t, 10)
	b := &m.buckets[0]
	if chainLen(b) != 2 {
		t.Fatalf("10 inserts into one bucket made a chain of %d buckets; want 2 (step 3)", chainLen(b))
	}
	steps := []struct {
		key  int
		want string
		why  string
	}{
		{7, "50 51 52 53 54 55 56 one | 58 59 rest rest rest rest rest rest", "slot 7 is followed by slot 0 of the overflow bucket, which is full: emptyOne"},
		{6, "50 51 52 53 54 55 one one | 58 59 rest rest rest rest rest rest", "slot 6 is followed by a slot that is not emptyRest: emptyOne"},
		{8, "50 51 52 53 54 55 one one | one 59 rest rest rest rest rest rest", "slot 0 of the overflow bucket is followed by a full slot: emptyOne"},
		{9, "50 51 52 53 54 55 rest rest | rest rest rest rest rest rest rest rest", "the last full slot of the chain: it becomes emptyRest, and so does every emptyOne before it, back across the start of the overflow bucket into slots 7 and 6 of the first bucket (find the bucket before by walking the chain from its start)"},
		{5, "50 51 52 53 54 rest rest rest | rest rest rest rest rest rest rest rest", "slot 5 is followed by emptyRest"},
	}
	for _, s := range steps {
		del(t, m, keys, s.key)
		if got := tophashes(b); got != s.want {
			t.Fatalf("after deleting the key %d of the chain, the tophash bytes are %s; want %s: %s", s.key, got, s.want, s.why)
		}
	}

	// Slot 7 was the last full slot, and the overflow bucket is all
	// emptyRest: slot 7 becomes emptyRest at once.
	m, keys = chainOf(t, 9)
	b = &m.buckets[0]
	del(t, m, keys, 8)
	if got, want := tophashes(b), "50 51 52 53 54 55 56 57 | rest rest rest rest rest rest rest rest"; got != want {
		t.Fatalf("deleting the only key of the overflow bucket gave %s; want %s", got, want)
	}
	del(t, m, keys, 7)
	if got, want := tophashes(b), "50 51 52 53 54 55 56 rest | rest rest rest rest rest rest rest rest"; got != want {
		t.Fatalf("deleting slot 7 when the overflow bucket starts with emptyRest gave %s; want %s: nothing follows slot 7, so it becomes emptyRest", got, want)
	}
}
