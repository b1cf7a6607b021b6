package buckets

// Step 4: delete.

// remove deletes key from the chain that starts at b, and reports whether it
// was there. top is tophash(hash(key)).
//
// It zeroes the key and the value (so that the garbage collector can free
// what they point to) and marks the slot emptyOne. Then, if nothing follows
// the slot in the chain (the next slot, or the first slot of the next
// bucket when this was slot 7, is emptyRest, or there is no next bucket), it
// turns the slot into emptyRest, and so on backwards over every emptyOne
// before it, across bucket boundaries, up to the first slot of the chain.
// That is how searches stop early again after deletes.
//
// This is the second half of mapdelete.
func (m *Map[K, V]) remove(b *bucket[K, V], top uint8, key K) bool {
	// TODO(02): step 4: when the chain holds key, zero its key and value, mark its
	// slot emptyOne and return true; otherwise change nothing and return
	// false. When no full slot follows the deleted one in the chain, that
	// slot and every emptyOne just before it, in this bucket and the ones
	// before it in the chain, become emptyRest instead.
	// See chapter 02, section "Step 4: delete, `emptyOne` and `emptyRest`".
	// stuck: go run ./tools/lab hint 02
	return false
}
