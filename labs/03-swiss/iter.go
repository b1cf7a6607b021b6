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
	// TODO(03): step 7: call yield for each entry, in the order said above, until
	// it returns false: each entry that was in the map all along exactly
	// once, with its latest value, and none that was deleted or cleared
	// before the walk reached it, even when yield makes the map grow,
	// split or double its directory.
	// See chapter 03, section "Step 7: iteration".
	// stuck: go run ./tools/lab hint 03
}

// latest returns the current key and value of the entry that slot s of a
// stale table (or small group) holds, and false if the entry is gone.
func (m *Map[K, V]) latest(s *slot[K, V], clearSeq uint64) (K, V, bool) {
	// TODO(03): step 7: return the map's current key and value for s.key, and false
	// for every key once the map was emptied since the iteration started
	// (clearSeq changed: a key put since then hashes elsewhere with the new
	// seeds, and the walk may meet it there too). A key not equal to itself
	// (NaN) is never found, yet no one can update or delete it: it is still
	// there, as s holds it.
	// See chapter 03, section "Step 7: iteration".
	// stuck: go run ./tools/lab hint 03
	var key K
	var value V
	return key, value, false
}
