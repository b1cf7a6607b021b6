package swiss

// Step 5: growth. A table's groups cannot simply get bigger: the number of
// groups is part of every probe sequence, so growing means moving every
// entry into a new table (rehashing).

// uncheckedPut inserts an entry that is known not to be in t into the first
// empty slot of its probe sequence. t must be a new table: no tombstones,
// and growthLeft > 0.
func (t *table[K, V]) uncheckedPut(hash uint64, key K, value V) {
	// TODO(03): probe as in find, without comparing keys: at the first group
	// with an empty slot, store the entry in that slot, set its control byte
	// to h2(hash), decrement growthLeft and increment t.used. (m.used does
	// not change: the entry is only moving.)
}

// growToTable moves the 8 entries of a full small map into a new table of
// 16 slots, the only entry of a new directory of globalDepth 0.
func (m *Map[K, V]) growToTable() {
	// TODO(03): make newTable[K, V](minTableCapacity, 0, 0), uncheckedPut
	// every full slot of m.small (loop over m.small.ctrl.matchFull()) with
	// its hash m.hash(key), then set m.directory to a slice holding the
	// table, m.globalDepth to 0 and m.small to nil.
}

// rehash replaces t, which has no growthLeft, by a table with room:
//   - at the same capacity when tombstones use up at least half of what
//     was consumed: dropping them makes enough room;
//   - at twice the capacity, up to 1024 slots;
//   - by two tables (split) when t already has 1024 slots.
func (t *table[K, V]) rehash(m *Map[K, V]) {
	// TODO(03): t.used <= t.maxGrowthLeft()/2 means at least half of what
	// is used up is tombstones: grow at the same capacity. Otherwise grow to
	// 2*t.capacity if that is at most maxTableCapacity, else t.split(m).
}

// grow moves every entry of t into a new table of the given capacity, with
// t's index and localDepth, installs it in the directory in place of t, and
// marks t stale (index -1).
func (t *table[K, V]) grow(m *Map[K, V], capacity int) {
	// TODO(03): newTable[K, V](capacity, t.index, t.localDepth), then
	// uncheckedPut every full slot of every group of t, then
	// m.replaceTable(nt) and t.index = -1.
}
