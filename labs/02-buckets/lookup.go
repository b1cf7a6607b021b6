package buckets

// Step 1: find a key in one bucket chain.

// tophash returns the byte a slot keeps for a key with this hash: the top 8
// bits of the hash, moved up by minTopHash when they would collide with a
// sentinel, so that a full slot never looks empty or evacuated.
func tophash(hash uint64) uint8 {
	// TODO(02): return the top 8 bits of hash (hash >> 56); if they are
	// below minTopHash, add minTopHash to them.
	return 0
}

// search looks for key in the chain that starts at b: b, then b.overflow,
// and so on. It returns the bucket and the slot index holding key, or nil
// and 0 when the chain does not hold it. top is tophash(hash(key)).
//
// This is the inner loop of mapaccess1 and mapaccess2.
func (b *bucket[K, V]) search(top uint8, key K) (*bucket[K, V], int) {
	// TODO(02): walk the chain (for ; b != nil; b = b.overflow) and its 8
	// slots. Compare the cheap tophash byte first; compare keys (==) only
	// where the byte equals top. Stop at the first emptyRest: nothing
	// follows it, in this bucket or its overflow buckets.
	return nil, 0
}
