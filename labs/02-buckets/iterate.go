package buckets

// Step 7: iteration.

// noCheck in iterator.checkBucket: produce every entry of the bucket.
const noCheck = -1

// An iterator walks a map in the runtime's order (hiter in the runtime).
//
// It walks the bucket array that was current when it started, from a random
// bucket, wrapping around, and in every bucket from the same random slot
// offset, wrapping around, then along the overflow chain. Writes during the
// walk may grow the map; the iterator keeps its array, and:
//   - an entry whose slot says evacuatedX or evacuatedY has moved: look it up
//     again in the map (find) and produce what is there now, its latest value,
//     or nothing if it was deleted; the same when a Clear happened since the
//     start (clearSeq changed), so that nothing from before the Clear comes
//     out;
//   - if it started while the map was growing (its array is the new one), a
//     new bucket whose old bucket is not evacuated yet is empty: walk the old
//     bucket instead, and produce only the entries that will move to this new
//     bucket (checkBucket).
type iterator[K comparable, V any] struct {
	m           *Map[K, V]
	buckets     []bucket[K, V] // the array current at the start
	B           uint8          // log2 of len(buckets)
	startBucket int            // the random bucket the walk starts from
	offset      int            // the random first slot, 0 to 7, in every bucket
	clearSeq    uint64         // m.clearSeq at the start
	done        bool           // nothing more to produce

	bucket      int           // the next bucket index to walk
	wrapped     bool          // bucket has wrapped around past the end
	b           *bucket[K, V] // the bucket being walked (main or overflow), nil between buckets
	i           int           // the next slot of b to look at, counted from offset
	checkBucket int           // noCheck, or: b is an old bucket; produce only its entries bound for new bucket checkBucket
}

// newIterator returns an iterator over m that starts at a position chosen
// from the random number r, as mapiterinit does:
//
//	startBucket = r & (2^B - 1)
//	offset      = (r >> B) & 7
//
// An empty map gives an iterator that is already done.
func (m *Map[K, V]) newIterator(r uint64) *iterator[K, V] {
	// TODO(02): return an iterator on m with m.buckets, m.B, the start from
	// r as above, bucket = startBucket, checkBucket = noCheck and the map's
	// clearSeq. When m.count is 0, set done.
	return &iterator[K, V]{m: m, done: true}
}

// next returns the next entry, or ok == false when the walk is over. It is
// mapiternext.
func (it *iterator[K, V]) next() (key K, value V, ok bool) {
	// TODO(02): loop:
	//  - when it.b is nil, start the next bucket: if it.bucket is back at
	//    startBucket after wrapping, the walk is over (set done). If the map
	//    is growing and it.B == m.B (the iteration started on the new array)
	//    and the old bucket it.bucket & (len(oldbuckets)-1) is not evacuated,
	//    walk that old bucket, with checkBucket = it.bucket when the growth
	//    doubles (noCheck in a same-size growth); otherwise walk
	//    &it.buckets[it.bucket] with noCheck. Advance it.bucket (wrap to 0
	//    and set wrapped at the end), and start at slot count i = 0.
	//  - look at slot (i + offset) & 7 of it.b: skip isEmpty and
	//    evacuatedEmpty slots. With a checkBucket, skip keys bound elsewhere:
	//    for k == k, hash(k) & bucketMask(it.B) != checkBucket; for a NaN,
	//    the low bit of its tophash != checkBucket >> (it.B-1) (the bit
	//    evacuate uses).
	//  - if clearSeq is unchanged and the slot is not evacuatedX/Y (or the
	//    key is a NaN, which can be neither updated nor deleted), produce
	//    the key and value of the slot. Otherwise look the key up with
	//    it.m.find(k): produce the map's key and value, or skip it if absent.
	//  - at the end of a bucket's 8 slots, go on to b.overflow, from i = 0.
	return key, value, false
}
