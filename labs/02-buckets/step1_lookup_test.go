package buckets

import "testing"

// Step 1: tophash, and search in one chain. The chains here are built by
// hand, slot by slot, so they test search alone.

func TestStep1Tophash(t *testing.T) {
	for _, c := range []struct {
		hash uint64
		want uint8
		why  string
	}{
		{0x9d00_0000_0000_0000, 0x9d, "the tophash is the top 8 bits of the hash"},
		{0x5bff_ffff_ffff_ffff, 0x5b, "the low 56 bits do not matter"},
		{0xff12_3456_789a_bcde, 0xff, "the top 8 bits, however big"},
		{0x0500_0000_0000_0000, 0x05, "5 is minTopHash, the smallest byte that marks a full slot"},
		{0x0000_0000_0000_0000, 0x05, "top bits below minTopHash (5) would read as a sentinel (0 is emptyRest): add minTopHash"},
		{0x0100_0000_0000_00ff, 0x06, "top bits below minTopHash (5) would read as a sentinel (1 is emptyOne): add minTopHash"},
		{0x04ff_ffff_ffff_ffff, 0x09, "top bits below minTopHash (5) would read as a sentinel (4 is evacuatedEmpty): add minTopHash"},
	} {
		if got := tophash(c.hash); got != c.want {
			t.Errorf("tophash(%#016x) = %#02x; want %#02x: %s", c.hash, got, c.want, c.why)
		}
	}
}

func TestStep1Search(t *testing.T) {
	// One bucket: slot 0 and slot 2 share the tophash 0x9d, slot 1 is a
	// deleted slot (emptyOne), slot 3 holds 0x40, the rest is emptyRest.
	b := &bucket[int64, int64]{}
	b.tophash = [8]uint8{0x9d, emptyOne, 0x9d, 0x40, emptyRest, emptyRest, emptyRest, emptyRest}
	b.keys = [8]int64{1, 0, 2, 3}
	b.values = [8]int64{10, 0, 20, 30}

	check := func(chain *bucket[int64, int64], name string, top uint8, key int64, wantB *bucket[int64, int64], wantSlot int, why string) {
		t.Helper()
		var gotB *bucket[int64, int64]
		var gotSlot int
		try(t, "search", func() { gotB, gotSlot = chain.search(top, key) })
		switch {
		case wantB == nil && gotB != nil:
			t.Errorf("%s: search(%#02x, %d) found it in slot %d; want not found: %s", name, top, key, gotSlot, why)
		case wantB != nil && gotB == nil:
			t.Errorf("%s: search(%#02x, %d) = not found; want slot %d: %s", name, top, key, wantSlot, why)
		case wantB != gotB || wantSlot != gotSlot:
			t.Errorf("%s: search(%#02x, %d) = slot %d of another bucket (or another slot); want slot %d of %s: %s", name, top, key, gotSlot, wantSlot, name, why)
		}
	}
	check(b, "one bucket", 0x9d, 1, b, 0, "slot 0 has tophash 0x9d and key 1")
	check(b, "one bucket", 0x9d, 2, b, 2, "slot 0 has the same tophash 0x9d but key 1: compare the keys where the tophash matches, and go on; skip the emptyOne slot 1")
	check(b, "one bucket", 0x40, 3, b, 3, "slot 3 has tophash 0x40 and key 3")
	check(b, "one bucket", 0x41, 3, nil, 0, "slot 3 holds key 3 but with tophash 0x40: compare the tophash byte first, and compare keys only where it equals top")
	check(b, "one bucket", 0x9d, 7, nil, 0, "no slot holds key 7")

	// A key placed after an emptyRest: search must not see it, because
	// emptyRest promises that nothing follows. (A real map never has this
	// layout; it shows whether search stops.)
	b.tophash[6] = 0x77
	b.keys[6] = 6
	check(b, "one bucket", 0x77, 6, nil, 0, "slot 4 is emptyRest: stop there, the slots after it are not looked at")
	b.tophash[6], b.keys[6] = emptyRest, 0

	// A chain: a full bucket, then an overflow bucket.
	full := &bucket[int64, int64]{}
	for s := range 8 {
		full.tophash[s] = 0x50 + uint8(s)
		full.keys[s] = int64(100 + s)
	}
	full.tophash[5] = emptyOne // a deleted slot: keep going
	full.keys[5] = 0
	ovf := &bucket[int64, int64]{}
	ovf.tophash = [8]uint8{0x61, 0x62, emptyRest, emptyRest, emptyRest, emptyRest, emptyRest, emptyRest}
	ovf.keys = [8]int64{200, 201}
	full.overflow = ovf
	check(full, "chain", 0x57, 107, full, 7, "slot 7 of the first bucket")
	check(full, "chain", 0x62, 201, ovf, 1, "the key is in slot 1 of the overflow bucket: after slot 7, go on to b.overflow")
	check(full, "chain", 0x55, 105, nil, 0, "slot 5 was deleted (emptyOne)")
	check(full, "chain", 0x63, 202, nil, 0, "no slot of the chain holds key 202")

	// An emptyRest ends the whole chain, not only its bucket. (Again not a
	// real map's layout: it shows whether search stops.)
	head := &bucket[int64, int64]{}
	head.tophash = [8]uint8{0x50, 0x51, emptyRest, emptyRest, emptyRest, emptyRest, emptyRest, emptyRest}
	head.keys = [8]int64{100, 101}
	beyond := &bucket[int64, int64]{}
	beyond.tophash = [8]uint8{0x70, emptyRest, emptyRest, emptyRest, emptyRest, emptyRest, emptyRest, emptyRest}
	beyond.keys = [8]int64{300}
	head.overflow = beyond
	check(head, "chain", 0x70, 300, nil, 0, "slot 2 of the first bucket is emptyRest: nothing is stored after it in the whole chain, so stop the search there (return), not only the loop over this bucket's slots")

	var none *bucket[int64, int64]
	check(none, "nil chain", 0x50, 1, nil, 0, "a nil chain holds nothing")
}

// TestStep1SearchStrings checks search with string keys: keys are compared
// with ==, whatever their type.
func TestStep1SearchStrings(t *testing.T) {
	b := &bucket[string, int]{}
	b.tophash = [8]uint8{0x9d, 0x9d, 0x9d, emptyRest, emptyRest, emptyRest, emptyRest, emptyRest}
	b.keys = [8]string{"apple", "pear", "plum"}
	var got *bucket[string, int]
	var slot int
	try(t, "search", func() { got, slot = b.search(0x9d, "plum") })
	if got != b || slot != 2 {
		t.Errorf(`search(0x9d, "plum") = slot %d (found: %v); want slot 2: three slots share tophash 0x9d, and only comparing the keys tells them apart`, slot, got != nil)
	}
}
