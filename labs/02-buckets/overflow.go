package buckets

// Step 3: overflow buckets.

// newOverflow allocates an empty bucket, chains it after b (which must be the
// last bucket of its chain), counts it in m.noverflow and returns it.
//
// The runtime's newoverflow first takes one of the overflow buckets that
// makeBucketArray allocated together with a big array; this model always
// allocates a new one.
func (m *Map[K, V]) newOverflow(b *bucket[K, V]) *bucket[K, V] {
	// TODO(02): step 3: return a new, empty bucket that b.overflow now points to,
	// counted in noverflow as the runtime counts it: exactly while B < 16,
	// by sampling above (the given incrnoverflow does that).
	// See chapter 02, section "Step 3: overflow buckets".
	// stuck: go run ./tools/lab hint 02
	return nil
}
