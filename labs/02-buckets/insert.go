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
	// TODO(02): step 2: store top, key and value in the first free slot of the
	// chain (emptyOne or emptyRest), and return true. When every slot of the
	// chain is full, use slot 0 of a new overflow bucket chained after the
	// last one (step 3).
	// See chapter 02, sections "Step 2: insert into the first free slot" and "Step 3: overflow buckets".
	// stuck: go run ./tools/lab hint 02
	return false
}
