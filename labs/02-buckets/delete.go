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
	// TODO(02): find the slot with b.search (step 1). Zero its key and value
	// (var zeroK K; var zeroV V) and set its tophash to emptyOne. If the
	// slot after it (slot i+1, or slot 0 of the overflow bucket when i is 7)
	// is emptyRest or does not exist, walk backwards from the slot: set
	// emptyRest while the slot is emptyOne (or is the one just deleted).
	// To step back from slot 0 of an overflow bucket, find the bucket
	// before it by walking the chain from b again.
	return false
}
