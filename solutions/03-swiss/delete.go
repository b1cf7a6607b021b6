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
	seq := makeProbeSeq(h1(hash), t.groupMask())
	for range len(t.groups) {
		g := &t.groups[seq.offset]
		for match := g.ctrl.matchH2(h2(hash)); match != 0; match = match.removeFirst() {
			i := match.first()
			if !m.equal(g.slots[i].key, key) {
				continue
			}
			g.slots[i] = slot[K, V]{}
			if g.ctrl.matchEmpty() != 0 {
				g.ctrl.set(i, ctrlEmpty)
				t.growthLeft++
			} else {
				g.ctrl.set(i, ctrlDeleted)
			}
			t.used--
			m.used--
			return
		}
		if g.ctrl.matchEmpty() != 0 {
			return
		}
		seq = seq.next()
	}
}
