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
	it := &iterator[K, V]{m: m, checkBucket: noCheck}
	if m.count == 0 {
		it.done = true
		return it
	}
	it.buckets = m.buckets
	it.B = m.B
	it.clearSeq = m.clearSeq
	it.startBucket = int(r & bucketMask(m.B))
	it.offset = int(r >> m.B & (bucketCnt - 1))
	it.bucket = it.startBucket
	return it
}

// next returns the next entry, or ok == false when the walk is over. It is
// mapiternext.
func (it *iterator[K, V]) next() (key K, value V, ok bool) {
	m := it.m
	for !it.done {
		if it.b == nil {
			if it.bucket == it.startBucket && it.wrapped {
				it.done = true
				break
			}
			it.b, it.checkBucket = &it.buckets[it.bucket], noCheck
			if m.growing() && it.B == m.B {
				// Started on the new array, and the growth is still on: the
				// entries of this new bucket may still be in the old one.
				if old := &m.oldbuckets[it.bucket&(len(m.oldbuckets)-1)]; !old.evacuated() {
					it.b = old
					if !m.sameSizeGrow {
						it.checkBucket = it.bucket
					}
				}
			}
			it.bucket++
			if it.bucket == len(it.buckets) {
				it.bucket = 0
				it.wrapped = true
			}
			it.i = 0
		}
		for ; it.i < bucketCnt; it.i++ {
			slot := (it.i + it.offset) & (bucketCnt - 1)
			top := it.b.tophash[slot]
			if isEmpty(top) || top == evacuatedEmpty {
				continue
			}
			k := it.b.keys[slot]
			if it.checkBucket != noCheck {
				if k == k {
					if int(m.hash(k)&bucketMask(it.B)) != it.checkBucket {
						continue // bound for the other half
					}
				} else if it.checkBucket>>(it.B-1) != int(top&1) {
					continue // a NaN bound for the other half: evacuate decides by this bit
				}
			}
			if it.clearSeq == m.clearSeq && (top != evacuatedX && top != evacuatedY || k != k) {
				// The slot holds the entry itself.
				it.i++
				return k, it.b.values[slot], true
			}
			// The entry has moved (or the map was cleared): what does the
			// map hold under this key now?
			fb, fi := m.find(k)
			if fb == nil {
				continue // deleted since the start
			}
			it.i++
			return fb.keys[fi], fb.values[fi], true
		}
		it.b = it.b.overflow
		it.i = 0
	}
	return key, value, false
}
