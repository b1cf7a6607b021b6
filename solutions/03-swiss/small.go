package swiss

// Step 2: the small map. A map that never held more than 8 entries is one
// group, m.small: no table, no probing, and so no tombstones.
//
// Keys are compared with m.equal(a, b), never with a == b: for a map made by
// New it is ==, and for one made by NewWithHasher (step 10) the Hasher's
// Equal.

// findSmall returns the slot of the small group that holds key, or nil.
func (m *Map[K, V]) findSmall(hash uint64, key K) *slot[K, V] {
	g := m.small
	for match := g.ctrl.matchH2(h2(hash)); match != 0; match = match.removeFirst() {
		i := match.first()
		// Equal H2 does not mean equal keys: 1 in 128 other keys share it,
		// and matchH2 may report a false positive.
		if m.equal(g.slots[i].key, key) {
			return &g.slots[i]
		}
	}
	return nil
}

// putSmall stores key and value in the small group: in the slot that holds
// key, or else in the first empty slot. The caller makes sure that there is
// one (it grows the map before a 9th entry).
func (m *Map[K, V]) putSmall(hash uint64, key K, value V) {
	if s := m.findSmall(hash, key); s != nil {
		s.key = key // +0.0 replaced by -0.0, as the built-in map does
		s.value = value
		return
	}
	g := m.small
	empty := g.ctrl.matchEmpty()
	if empty == 0 {
		return // cannot happen: the caller grows a full small map first
	}
	i := empty.first()
	g.slots[i] = slot[K, V]{key, value}
	g.ctrl.set(i, h2(hash))
	m.used++
}

// deleteSmall removes key from the small group, if it is there. The slot
// becomes empty at once: with one group there is no probe sequence that a
// tombstone would have to keep going.
func (m *Map[K, V]) deleteSmall(hash uint64, key K) {
	g := m.small
	for match := g.ctrl.matchH2(h2(hash)); match != 0; match = match.removeFirst() {
		i := match.first()
		if m.equal(g.slots[i].key, key) {
			g.slots[i] = slot[K, V]{} // drop references, for the garbage collector
			g.ctrl.set(i, ctrlEmpty)
			m.used--
			return
		}
	}
}
