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
	// TODO(02): step 7: return an iterator that walks m's current array from the
	// bucket and slot offset that r chooses, as above, and notes the Clears
	// so far; over an empty map, one that is done.
	// See chapter 02, section "Step 7: iteration".
	// stuck: go run ./tools/lab hint 02
	return &iterator[K, V]{m: m, done: true}
}

// next returns the next entry, or ok == false when the walk is over. It is
// mapiternext.
func (it *iterator[K, V]) next() (key K, value V, ok bool) {
	// TODO(02): step 7: return the next entry in the order and by the rules of the
	// iterator's comment above, and ok == false once the walk is back at
	// its start bucket: each entry that was in the map all along exactly
	// once, with its latest value, and none that was deleted or cleared
	// before the walk reached it, however the map grows meanwhile.
	// See chapter 02, section "Step 7: iteration".
	// stuck: go run ./tools/lab hint 02
	return key, value, false
}
