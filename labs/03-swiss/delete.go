package swiss

// Step 4: delete and tombstones.

// delete removes key from t, if it is there.
//
// A group with an empty slot ends every probe sequence that reaches it, so
// a slot deleted from such a group can simply become empty again (and
// growthLeft grows by one). A slot deleted from a full group may sit in the
// middle of another key's probe sequence: emptying it would end that
// sequence too early and lose the key, so it becomes a tombstone (deleted),
// which probing walks past and which still counts against growthLeft.
func (t *table[K, V]) delete(m *Map[K, V], hash uint64, key K) {
	// TODO(03): step 4: when t holds key, zero its slot, make it empty or a
	// tombstone as said above, and count one entry less in t.used and
	// m.used.
	// See chapter 03, section "Step 4: delete and tombstones".
	// stuck: go run ./tools/lab hint 03
}
