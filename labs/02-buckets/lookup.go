package buckets

// Step 1: find a key in one bucket chain.

// tophash returns the byte a slot keeps for a key with this hash: the top 8
// bits of the hash, moved up by minTopHash when they would collide with a
// sentinel, so that a full slot never looks empty or evacuated.
func tophash(hash uint64) uint8 {
	// TODO(02): step 1: return the top 8 bits of hash, moved up by minTopHash when
	// they are below it: a full slot must never hold a sentinel byte.
	// See chapter 02, section "The hash: low bits choose the bucket, the top byte is the tophash".
	// stuck: go run ./tools/lab hint 02
	return 0
}

// search looks for key in the chain that starts at b: b, then b.overflow,
// and so on. It returns the bucket and the slot index holding key, or nil
// and 0 when the chain does not hold it. top is tophash(hash(key)).
//
// This is the inner loop of mapaccess1 and mapaccess2.
func (b *bucket[K, V]) search(top uint8, key K) (*bucket[K, V], int) {
	// TODO(02): step 1: return the bucket and slot of the chain that hold key, or
	// nil and 0, looking at every bucket of the chain. Compare a slot's key
	// only when its tophash byte is top, and look no further than the first
	// emptyRest: nothing is stored after it.
	// See chapter 02, section "Step 1: find a key in its chain".
	// stuck: go run ./tools/lab hint 02
	return nil, 0
}
