package swiss

// Step 3: probing a table. H1 picks the first group; when that group is
// full, the probe sequence moves on to other groups, until a group with an
// empty slot shows that the key is not in the table.

// probeSeq walks the groups of a table in triangular order: the i-th group
// is (h1 + i(i+1)/2) mod the number of groups. With a power-of-two number of
// groups it visits every group exactly once in its first len(groups) steps.
type probeSeq struct {
	mask   uint64 // number of groups - 1
	offset uint64 // the current group
	index  uint64 // the number of steps taken
}

// makeProbeSeq starts a probe sequence at group h1 mod (mask+1).
func makeProbeSeq(h1, mask uint64) probeSeq {
	return probeSeq{mask: mask, offset: h1 & mask}
}

// next returns the sequence one step further: step i adds i to the offset,
// so that after i steps the offset has moved by 1+2+...+i = i(i+1)/2.
func (s probeSeq) next() probeSeq {
	s.index++
	s.offset = (s.offset + s.index) & s.mask
	return s
}

// find returns the slot of t that holds key, or nil. Keys are compared with
// m.equal, as in step 2.
func (t *table[K, V]) find(m *Map[K, V], hash uint64, key K) *slot[K, V] {
	seq := makeProbeSeq(h1(hash), t.groupMask())
	for range len(t.groups) {
		g := &t.groups[seq.offset]
		for match := g.ctrl.matchH2(h2(hash)); match != 0; match = match.removeFirst() {
			i := match.first()
			if m.equal(g.slots[i].key, key) {
				return &g.slots[i]
			}
		}
		if g.ctrl.matchEmpty() != 0 {
			return nil // an empty slot ends the probe sequence
		}
		seq = seq.next()
	}
	return nil
}

// put stores key and value in t and reports true, or reports false, having
// changed nothing, when the key is new and t has no growthLeft: the caller
// then rehashes t.
//
// An existing entry gets the new key and value. A new entry goes into the
// first tombstone met on the probe sequence, if any (that slot is already
// counted as used up, so growthLeft does not change), or else into the first
// empty slot of the group that ends the sequence.
func (t *table[K, V]) put(m *Map[K, V], hash uint64, key K, value V) bool {
	var tomb *group[K, V] // the group of the first tombstone met
	var tombSlot int
	seq := makeProbeSeq(h1(hash), t.groupMask())
	for range len(t.groups) {
		g := &t.groups[seq.offset]
		for match := g.ctrl.matchH2(h2(hash)); match != 0; match = match.removeFirst() {
			i := match.first()
			if m.equal(g.slots[i].key, key) {
				g.slots[i] = slot[K, V]{key, value}
				return true
			}
		}
		empty := g.ctrl.matchEmpty()
		if empty == 0 {
			// A group without an empty slot: the key may be further on.
			// (Tombstones are only made in full groups, so a group has
			// either empty slots or tombstones, never both.)
			if deleted := g.ctrl.matchEmptyOrDeleted(); deleted != 0 && tomb == nil {
				tomb, tombSlot = g, deleted.first()
			}
			seq = seq.next()
			continue
		}
		// The end of the probe sequence: key is not in t.
		if tomb != nil {
			tomb.slots[tombSlot] = slot[K, V]{key, value}
			tomb.ctrl.set(tombSlot, h2(hash))
			t.used++
			m.used++
			return true
		}
		if t.growthLeft == 0 {
			return false
		}
		i := empty.first()
		g.slots[i] = slot[K, V]{key, value}
		g.ctrl.set(i, h2(hash))
		t.growthLeft--
		t.used++
		m.used++
		return true
	}
	return false // no empty slot at all: cannot happen at a load of 7/8
}
