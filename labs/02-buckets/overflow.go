package buckets

// Step 3: overflow buckets.

// newOverflow allocates an empty bucket, chains it after b (which must be the
// last bucket of its chain), counts it in m.noverflow and returns it.
//
// The runtime's newoverflow first takes one of the overflow buckets that
// makeBucketArray allocated together with a big array; this model always
// allocates a new one.
func (m *Map[K, V]) newOverflow(b *bucket[K, V]) *bucket[K, V] {
	// TODO(02): make a new bucket, link it as b.overflow, count it with
	// m.incrnoverflow() (not m.noverflow++: for big arrays the runtime only
	// estimates the count), and return it.
	return nil
}
