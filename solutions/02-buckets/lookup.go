package buckets

// Step 1: find a key in one bucket chain.

// tophash returns the byte a slot keeps for a key with this hash: the top 8
// bits of the hash, moved up by minTopHash when they would collide with a
// sentinel, so that a full slot never looks empty or evacuated.
func tophash(hash uint64) uint8 {
	top := uint8(hash >> 56)
	if top < minTopHash {
		top += minTopHash
	}
	return top
}

// search looks for key in the chain that starts at b: b, then b.overflow,
// and so on. It returns the bucket and the slot index holding key, or nil
// and 0 when the chain does not hold it. top is tophash(hash(key)).
//
// This is the inner loop of mapaccess1 and mapaccess2.
func (b *bucket[K, V]) search(top uint8, key K) (*bucket[K, V], int) {
	for ; b != nil; b = b.overflow {
		for i := range bucketCnt {
			if b.tophash[i] != top {
				if b.tophash[i] == emptyRest {
					return nil, 0
				}
				continue
			}
			if b.keys[i] == key {
				return b, i
			}
		}
	}
	return nil, 0
}
