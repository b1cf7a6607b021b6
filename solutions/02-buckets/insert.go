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
	for {
		for i := range bucketCnt {
			if isEmpty(b.tophash[i]) {
				b.tophash[i] = top
				b.keys[i] = key
				b.values[i] = value
				return true
			}
		}
		if b.overflow == nil {
			break
		}
		b = b.overflow
	}
	nb := m.newOverflow(b)
	if nb == nil {
		return false
	}
	nb.tophash[0] = top
	nb.keys[0] = key
	nb.values[0] = value
	return true
}
