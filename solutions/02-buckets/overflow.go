package buckets

// Step 3: overflow buckets.

// newOverflow allocates an empty bucket, chains it after b (which must be the
// last bucket of its chain), counts it in m.noverflow and returns it.
//
// The runtime's newoverflow first takes one of the overflow buckets that
// makeBucketArray allocated together with a big array; this model always
// allocates a new one.
func (m *Map[K, V]) newOverflow(b *bucket[K, V]) *bucket[K, V] {
	ovf := new(bucket[K, V])
	b.overflow = ovf
	m.incrnoverflow()
	return ovf
}
