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
	// TODO(03): step 3: return the sequence at its first group, h1 modulo the number
	// of groups, with no step taken yet.
	// See chapter 03, section "Step 3: tables and probing".
	// stuck: go run ./tools/lab hint 03
	return probeSeq{}
}

// next returns the sequence one step further: step i adds i to the offset,
// so that after i steps the offset has moved by 1+2+...+i = i(i+1)/2.
func (s probeSeq) next() probeSeq {
	// TODO(03): step 3: return the sequence after one more step, i: i groups further
	// on, modulo the number of groups.
	// See chapter 03, section "Step 3: tables and probing".
	// stuck: go run ./tools/lab hint 03
	return s
}

// find returns the slot of t that holds key, or nil. Keys are compared with
// m.equal, as in step 2.
func (t *table[K, V]) find(m *Map[K, V], hash uint64, key K) *slot[K, V] {
	// TODO(03): step 3: look for key in the groups of t, in the probe order that H1
	// of hash starts, among the slots whose control byte is its H2; stop at
	// the first group with an empty slot (an insert would have put key
	// there).
	// See chapter 03, section "Step 3: tables and probing".
	// stuck: go run ./tools/lab hint 03
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
	// TODO(03): step 3: store the entry as said above. A new entry's control byte is
	// the H2 of hash, and it counts in t.used and m.used; it takes one from
	// growthLeft only when it fills an empty slot.
	// See chapter 03, section "Step 3: tables and probing".
	// stuck: go run ./tools/lab hint 03
	return true
}
