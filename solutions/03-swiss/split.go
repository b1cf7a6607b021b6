package swiss

// Step 6: the directory. A full table of 1024 slots does not double: it
// splits into two tables by one more bit of the hash (extendible hashing),
// so that growing never moves more than one table's entries at once.

// split moves the entries of t into two new tables of 1024 slots, left and
// right, with localDepth one more than t's: an entry goes right when the
// next hash bit below t's localDepth top bits is 1. It installs them with
// installTableSplit and marks t stale (index -1).
func (t *table[K, V]) split(m *Map[K, V]) {
	localDepth := t.localDepth + 1
	left := newTable[K, V](maxTableCapacity, -1, localDepth)
	right := newTable[K, V](maxTableCapacity, -1, localDepth)
	bit := uint64(1) << (64 - localDepth) // the localDepth-th bit from the top
	for gi := range t.groups {
		g := &t.groups[gi]
		for match := g.ctrl.matchFull(); match != 0; match = match.removeFirst() {
			s := &g.slots[match.first()]
			hash := m.hash(s.key)
			if hash&bit == 0 {
				left.uncheckedPut(hash, s.key, s.value)
			} else {
				right.uncheckedPut(hash, s.key, s.value)
			}
		}
	}
	m.installTableSplit(t, left, right)
	t.index = -1
}

// installTableSplit replaces old by left and right in the directory. When
// old.localDepth == m.globalDepth, old has a single directory entry, and the
// directory first doubles: every entry i becomes entries 2i and 2i+1, and
// the index of each table doubles. Then left takes the first half of old's
// entries and right the second half.
func (m *Map[K, V]) installTableSplit(old, left, right *table[K, V]) {
	if old.localDepth == m.globalDepth {
		dir := make([]*table[K, V], 2*len(m.directory))
		for i, t := range m.directory {
			dir[2*i] = t
			dir[2*i+1] = t
			if t.index == i { // the first entry of t: update t.index once
				t.index = 2 * i
			}
		}
		m.directory = dir
		m.globalDepth++
	}
	left.index = old.index
	m.replaceTable(left)
	right.index = left.index + 1<<(m.globalDepth-left.localDepth)
	m.replaceTable(right)
}
