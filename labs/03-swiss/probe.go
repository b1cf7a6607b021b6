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
	// TODO(03): the first group is h1 & mask; no step taken yet.
	return probeSeq{}
}

// next returns the sequence one step further: step i adds i to the offset,
// so that after i steps the offset has moved by 1+2+...+i = i(i+1)/2.
func (s probeSeq) next() probeSeq {
	// TODO(03): count the step in s.index, add it to s.offset, wrap with
	// s.mask.
	return s
}

// find returns the slot of t that holds key, or nil.
func (t *table[K, V]) find(hash uint64, key K) *slot[K, V] {
	// TODO(03): walk makeProbeSeq(h1(hash), t.groupMask()) for at most
	// len(t.groups) steps. In each group t.groups[seq.offset], compare key
	// with the keys of the matchH2 slots; if the group has an empty slot,
	// the key is not in the table.
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
	// TODO(03): probe as find does. Remember the first deleted slot of the
	// groups without an empty slot. At the first group with an empty slot,
	// the key is new: use the remembered tombstone, or else (if growthLeft
	// is not 0) the first empty slot, decrementing growthLeft. Set the
	// control byte to h2(hash) and count the entry in t.used and m.used.
	return true
}
