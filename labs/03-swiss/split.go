package swiss

// Step 6: the directory. A full table of 1024 slots does not double: it
// splits into two tables by one more bit of the hash (extendible hashing),
// so that growing never moves more than one table's entries at once.

// split moves the entries of t into two new tables of 1024 slots, left and
// right, with localDepth one more than t's: an entry goes right when the
// next hash bit below t's localDepth top bits is 1. It installs them with
// installTableSplit and marks t stale (index -1).
func (t *table[K, V]) split(m *Map[K, V]) {
	// TODO(03): make left and right with newTable[K, V](maxTableCapacity,
	// -1, t.localDepth+1). The bit that decides is 1 << (64 - localDepth),
	// with the new localDepth. uncheckedPut each full slot of t into one of
	// them (hash it with m.hash), then m.installTableSplit(t, left, right)
	// and t.index = -1.
}

// installTableSplit replaces old by left and right in the directory. When
// old.localDepth == m.globalDepth, old has a single directory entry, and the
// directory first doubles: every entry i becomes entries 2i and 2i+1, and
// the index of each table doubles. Then left takes the first half of old's
// entries and right the second half.
func (m *Map[K, V]) installTableSplit(old, left, right *table[K, V]) {
	// TODO(03): double the directory if needed (update each table's index
	// only at its first entry, where t.index == i, and increment
	// m.globalDepth). Then left.index = old.index, and right.index comes
	// 1<<(m.globalDepth-left.localDepth) entries later; install both with
	// m.replaceTable.
}
