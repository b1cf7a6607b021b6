package swiss

// Step 7: iteration. The order is randomized by two offsets, and the map may
// change under the iteration: yield may Put, Delete or Clear. The spec's
// rules then are: an entry deleted before it is reached is not produced, no
// entry is produced twice, an entry produced has its latest value, and an
// entry added during the iteration may or may not be produced.

// iterate calls yield for each entry until yield returns false. In each
// table (and in the small group) it starts at slot entryOffset modulo the
// capacity and wraps around: a rotation of the slot order, not a shuffle.
// It visits the tables starting at directory entry dirOffset modulo the
// directory's length, and each table once.
//
// When the table (or small group) being walked is replaced during the
// iteration, the walk goes on over the old one, which no longer changes:
// that keeps the order, so nothing is produced twice. But only the map knows
// the entries' current values, so each key of a stale table is looked up
// again (latest).
func (m *Map[K, V]) iterate(entryOffset, dirOffset uint64, yield func(K, V) bool) {
	if m.used == 0 {
		return
	}
	clearSeq := m.clearSeq

	if m.directory == nil {
		g := m.small
		for i := range uint64(groupSlots) {
			j := int((i + entryOffset) % groupSlots)
			if g.ctrl.get(j)&ctrlEmpty != 0 {
				continue // empty (a small map has no tombstones)
			}
			key, value := g.slots[j].key, g.slots[j].value
			if m.small != g { // grown into a table since the start
				var ok bool
				if key, value, ok = m.latest(&g.slots[j], clearSeq); !ok {
					continue
				}
			}
			if !yield(key, value) {
				return
			}
		}
		return
	}

	globalDepth := m.globalDepth
	for dirIdx := uint64(0); dirIdx < uint64(len(m.directory)); {
		i := (dirIdx + dirOffset) & uint64(len(m.directory)-1)
		t := m.directory[i]
		if uint64(t.index) != i {
			// dirOffset landed in the middle of t's run of entries: move
			// it back to the run's first entry, so that stepping by runs
			// below visits every table once.
			dirOffset -= i - uint64(t.index)
		}
		mask := uint64(t.capacity - 1)
		for e := range uint64(t.capacity) {
			pos := (e + entryOffset) & mask
			g := &t.groups[pos/groupSlots]
			j := int(pos % groupSlots)
			if g.ctrl.get(j)&ctrlEmpty != 0 {
				continue // empty or deleted
			}
			key, value := g.slots[j].key, g.slots[j].value
			if t.index == -1 { // t was grown or split since the start
				var ok bool
				if key, value, ok = m.latest(&g.slots[j], clearSeq); !ok {
					continue
				}
			}
			if !yield(key, value) {
				return
			}
			if m.globalDepth != globalDepth {
				// The directory doubled (once or more) during yield:
				// entry i is now entries i<<orders and up, so scale the
				// position with it.
				orders := m.globalDepth - globalDepth
				dirIdx <<= orders
				dirOffset <<= orders
				globalDepth = m.globalDepth
			}
		}
		// Skip every entry t covers, with its localDepth from the start: if
		// t has split since, its two halves are covered too.
		dirIdx += 1 << (m.globalDepth - t.localDepth)
	}
}

// latest returns the current key and value of the entry that slot s of a
// stale table (or small group) holds, and false if the entry is gone.
func (m *Map[K, V]) latest(s *slot[K, V], clearSeq uint64) (K, V, bool) {
	var key K
	var value V
	if clearSeq != m.clearSeq {
		// The map was emptied since the iteration started, and got new
		// seeds: every entry of the stale table is gone, and a key put
		// since then lives where its new hash puts it, which the walk
		// reaches on its own (or not), but must not produce twice.
		return key, value, false
	}
	if cur := m.find(s.key); cur != nil {
		return cur.key, cur.value, true
	}
	if !m.equal(s.key, s.key) {
		// A key that is not equal to itself (NaN) can never be looked up,
		// but it cannot be updated or deleted either: since the map was
		// not emptied, the entry is still in the map, unchanged.
		return s.key, s.value, true
	}
	return key, value, false
}
