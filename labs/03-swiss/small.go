package swiss

// Step 2: the small map. A map that never held more than 8 entries is one
// group, m.small: no table, no probing, and so no tombstones.
//
// Keys are compared with m.equal(a, b), never with a == b: for a map made by
// New it is ==, and for one made by NewWithHasher (step 10) the Hasher's
// Equal.

// findSmall returns the slot of the small group that holds key, or nil.
func (m *Map[K, V]) findSmall(hash uint64, key K) *slot[K, V] {
	// TODO(03): step 2: return the slot of m.small whose key is key (m.equal of the
	// two is true), or nil, looking only at the slots whose control byte is
	// the H2 of hash. Equal H2s do not make equal keys.
	// See chapter 03, section "Step 2: the small map".
	// stuck: go run ./tools/lab hint 03
	return nil
}

// putSmall stores key and value in the small group: in the slot that holds
// key, or else in the first empty slot. The caller makes sure that there is
// one (it grows the map before a 9th entry).
func (m *Map[K, V]) putSmall(hash uint64, key K, value V) {
	// TODO(03): step 2: a key already there gets the new key and value; a new one
	// goes into the first empty slot, whose control byte becomes the H2 of
	// hash, and counts in m.used.
	// See chapter 03, section "Step 2: the small map".
	// stuck: go run ./tools/lab hint 03
}

// deleteSmall removes key from the small group, if it is there. The slot
// becomes empty at once: with one group there is no probe sequence that a
// tombstone would have to keep going.
func (m *Map[K, V]) deleteSmall(hash uint64, key K) {
	// TODO(03): step 2: when m.small holds key, zero its slot, make it empty (never
	// a tombstone) and count one entry less in m.used.
	// See chapter 03, section "Step 2: the small map".
	// stuck: go run ./tools/lab hint 03
}
