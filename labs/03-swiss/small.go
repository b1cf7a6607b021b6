package swiss

// Step 2: the small map. A map that never held more than 8 entries is one
// group, m.small: no table, no probing, and so no tombstones.

// findSmall returns the slot of the small group that holds key, or nil.
func (m *Map[K, V]) findSmall(hash uint64, key K) *slot[K, V] {
	// TODO(03): loop over the slots of m.small.ctrl.matchH2(h2(hash)) with
	// first and removeFirst, and return the slot whose key == key. Equal H2
	// does not mean equal keys: compare them.
	return nil
}

// putSmall stores key and value in the small group: in the slot that holds
// key, or else in the first empty slot. The caller makes sure that there is
// one (it grows the map before a 9th entry).
func (m *Map[K, V]) putSmall(hash uint64, key K, value V) {
	// TODO(03): if findSmall finds key, replace its key and value. Otherwise
	// take the first slot of matchEmpty, store the entry there, set its
	// control byte to h2(hash) and count it in m.used.
}

// deleteSmall removes key from the small group, if it is there. The slot
// becomes empty at once: with one group there is no probe sequence that a
// tombstone would have to keep going.
func (m *Map[K, V]) deleteSmall(hash uint64, key K) {
	// TODO(03): find the slot as findSmall does, zero it (slot[K, V]{}), set
	// its control byte to ctrlEmpty and decrement m.used.
}
