package swiss

// Step 5: growth. A table's groups cannot simply get bigger: the number of
// groups is part of every probe sequence, so growing means moving every
// entry into a new table (rehashing).

// uncheckedPut inserts an entry that is known not to be in t into the first
// empty slot of its probe sequence. t must be a new table: no tombstones,
// and growthLeft > 0.
func (t *table[K, V]) uncheckedPut(hash uint64, key K, value V) {
	// TODO(03): step 5: store the entry in the first empty slot of its probe
	// sequence, with the H2 of hash as its control byte: one more in t.used,
	// one less in growthLeft.
	// See chapter 03, section "Step 5: growth, and why 7/8".
	// stuck: go run ./tools/lab hint 03
}

// growToTable moves the 8 entries of a full small map into a new table of
// 16 slots, the only entry of a new directory of globalDepth 0.
func (m *Map[K, V]) growToTable() {
	// TODO(03): step 5: afterwards, m has no small group, and a directory of
	// globalDepth 0 whose only table holds every entry the small group held.
	// See chapter 03, section "Step 5: growth, and why 7/8".
	// stuck: go run ./tools/lab hint 03
}

// rehash replaces t, which has no growthLeft, by a table with room:
//   - at the same capacity when tombstones use up at least half of what
//     was consumed: dropping them makes enough room;
//   - at twice the capacity, up to 1024 slots;
//   - by two tables (split) when t already has 1024 slots.
func (t *table[K, V]) rehash(m *Map[K, V]) {
	// TODO(03): step 5: replace t as said above, choosing by how much of what t has
	// used up is entries and how much tombstones, and by its capacity.
	// See chapter 03, sections "Step 5: growth, and why 7/8" and "Step 6: the directory, and why 1024".
	// stuck: go run ./tools/lab hint 03
}

// grow moves every entry of t into a new table of the given capacity, with
// t's index and localDepth, installs it in the directory in place of t, and
// marks t stale (index -1).
func (t *table[K, V]) grow(m *Map[K, V], capacity int) {
	// TODO(03): step 5: afterwards, the directory entries that pointed at t point
	// at a new table of capacity slots holding every entry of t, and t is
	// stale.
	// See chapter 03, section "Step 5: growth, and why 7/8".
	// stuck: go run ./tools/lab hint 03
}
