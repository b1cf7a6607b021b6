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
	first := b
	b, i := b.search(top, key)
	if b == nil {
		return false
	}
	var zeroK K
	var zeroV V
	b.keys[i] = zeroK
	b.values[i] = zeroV
	b.tophash[i] = emptyOne

	// Is anything stored after this slot?
	if i == bucketCnt-1 {
		if b.overflow != nil && b.overflow.tophash[0] != emptyRest {
			return true
		}
	} else if b.tophash[i+1] != emptyRest {
		return true
	}
	// No: this slot and the emptyOne slots right before it are the new
	// start of the empty tail.
	for {
		b.tophash[i] = emptyRest
		if i == 0 {
			if b == first {
				break
			}
			prev := first
			for prev.overflow != b {
				prev = prev.overflow
			}
			b, i = prev, bucketCnt-1
		} else {
			i--
		}
		if b.tophash[i] != emptyOne {
			break
		}
	}
	return true
}
