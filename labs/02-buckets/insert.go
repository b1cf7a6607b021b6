package buckets

// Step 2: insert a new key into the first free slot of its chain.

// insert stores a key that the chain starting at b does not hold yet, in the
// chain's first free slot, and reports whether it did. top is
// tophash(hash(key)). When every slot of the chain is full, it chains a new
// overflow bucket after the last one (newOverflow, step 3) and uses its first
// slot; if newOverflow returns nil, insert stores nothing and returns false.
//
// This is the second half of mapassign; Put has already searched the chain.
func (m *Map[K, V]) insert(b *bucket[K, V], top uint8, key K, value V) bool {
	// TODO(02): walk the chain; the first slot whose tophash is emptyOne or
	// emptyRest (isEmpty) is free: set its tophash to top, its key and its
	// value, and return true. Keep the last bucket of the chain: if no slot
	// is free, call m.newOverflow(last) and use slot 0 of the new bucket.
	return false
}
