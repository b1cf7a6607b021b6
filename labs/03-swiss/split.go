package swiss

// Step 6: the directory. A full table of 1024 slots does not double: it
// splits into two tables by one more bit of the hash (extendible hashing),
// so that growing never moves more than one table's entries at once.

// split moves the entries of t into two new tables of 1024 slots, left and
// right, with localDepth one more than t's: an entry goes right when the
// next hash bit below t's localDepth top bits is 1. It installs them with
// installTableSplit and marks t stale (index -1).
func (t *table[K, V]) split(m *Map[K, V]) {
	// TODO(03): step 6: afterwards, every entry of t is in left or right as said
	// above, both are in the directory in t's place, and t is stale.
	// See chapter 03, section "Step 6: the directory, and why 1024".
	// stuck: go run ./tools/lab hint 03
}

// installTableSplit replaces old by left and right in the directory. When
// old.localDepth == m.globalDepth, old has a single directory entry, and the
// directory first doubles: every entry i becomes entries 2i and 2i+1, and
// the index of each table doubles. Then left takes the first half of old's
// entries and right the second half.
func (m *Map[K, V]) installTableSplit(old, left, right *table[K, V]) {
	// TODO(03): step 6: afterwards, the directory is as said above, and every
	// table's index is its first entry in it.
	// See chapter 03, section "Step 6: the directory, and why 1024".
	// stuck: go run ./tools/lab hint 03
}
