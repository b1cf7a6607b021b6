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
	// TODO(03): nothing to do if m.used == 0; note m.clearSeq.
	//
	// Small map: keep g := m.small and walk its slots j = (i+entryOffset)%8
	// for i from 0 to 7, skipping the empty ones. If m.small != g when you
	// reach a slot, the map has grown: take key and value from latest.
	//
	// Tables: for dirIdx from 0 while dirIdx < len(m.directory), take the
	// table t at entry (dirIdx+dirOffset) & (len-1); if t.index is not that
	// entry, subtract the difference from dirOffset. Walk the slots
	// (e+entryOffset) & (t.capacity-1) of t, skipping empty and deleted ones,
	// using latest when t.index == -1. After each yield, if m.globalDepth
	// has grown by n, shift dirIdx and dirOffset left by n. After the table,
	// dirIdx += 1 << (m.globalDepth - t.localDepth).
}

// latest returns the current key and value of the entry that slot s of a
// stale table (or small group) holds, and false if the entry is gone.
func (m *Map[K, V]) latest(s *slot[K, V], clearSeq uint64) (K, V, bool) {
	// TODO(03): look s.key up with m.find. If it is not found but the key is
	// not equal to itself (NaN) and the map has not been cleared since the
	// iteration started (clearSeq == m.clearSeq), it is still in the map:
	// return s.key and s.value.
	var key K
	var value V
	return key, value, false
}
