package swiss

// Step 5: growth. A table's groups cannot simply get bigger: the number of
// groups is part of every probe sequence, so growing means moving every
// entry into a new table (rehashing).

// uncheckedPut inserts an entry that is known not to be in t into the first
// empty slot of its probe sequence. t must be a new table: no tombstones,
// and growthLeft > 0.
func (t *table[K, V]) uncheckedPut(hash uint64, key K, value V) {
	seq := makeProbeSeq(h1(hash), t.groupMask())
	for range len(t.groups) {
		g := &t.groups[seq.offset]
		if empty := g.ctrl.matchEmpty(); empty != 0 {
			i := empty.first()
			g.slots[i] = slot[K, V]{key, value}
			g.ctrl.set(i, h2(hash))
			t.growthLeft--
			t.used++
			return
		}
		seq = seq.next()
	}
}

// growToTable moves the 8 entries of a full small map into a new table of
// 16 slots, the only entry of a new directory of globalDepth 0.
func (m *Map[K, V]) growToTable() {
	t := newTable[K, V](minTableCapacity, 0, 0)
	for match := m.small.ctrl.matchFull(); match != 0; match = match.removeFirst() {
		s := &m.small.slots[match.first()]
		t.uncheckedPut(m.hash(s.key), s.key, s.value)
	}
	m.directory = []*table[K, V]{t}
	m.globalDepth = 0
	m.small = nil
}

// rehash replaces t, which has no growthLeft, by a table with room:
//   - at the same capacity when tombstones use up at least half of what
//     was consumed: dropping them makes enough room;
//   - at twice the capacity, up to 1024 slots;
//   - by two tables (split) when t already has 1024 slots.
func (t *table[K, V]) rehash(m *Map[K, V]) {
	switch {
	case t.used <= t.maxGrowthLeft()/2:
		t.grow(m, t.capacity)
	case 2*t.capacity <= maxTableCapacity:
		t.grow(m, 2*t.capacity)
	default:
		t.split(m)
	}
}

// grow moves every entry of t into a new table of the given capacity, with
// t's index and localDepth, installs it in the directory in place of t, and
// marks t stale (index -1).
func (t *table[K, V]) grow(m *Map[K, V], capacity int) {
	nt := newTable[K, V](capacity, t.index, t.localDepth)
	for gi := range t.groups {
		g := &t.groups[gi]
		for match := g.ctrl.matchFull(); match != 0; match = match.removeFirst() {
			s := &g.slots[match.first()]
			nt.uncheckedPut(m.hash(s.key), s.key, s.value)
		}
	}
	m.replaceTable(nt)
	t.index = -1
}
