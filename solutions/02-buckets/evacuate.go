package buckets

// Step 6: incremental evacuation.

// readBucket returns the bucket where a read (Get, or the iterator's look-up)
// finds the keys with this hash. While the map grows, that is the old bucket
// as long as it has not been evacuated: reads never move entries, and until
// a write evacuates it, the old bucket is the only place that holds them.
// Otherwise it is the bucket of the current array.
func (m *Map[K, V]) readBucket(hash uint64) *bucket[K, V] {
	b := &m.buckets[hash&bucketMask(m.B)]
	if m.growing() {
		if old := &m.oldbuckets[hash&uint64(len(m.oldbuckets)-1)]; !old.evacuated() {
			return old
		}
	}
	return b
}

// growWork is what each write (Put or Delete) does for a growth in progress,
// before it touches bucket idx of the new array: evacuate the old bucket
// whose entries belong to idx, so that the write sees them, and then, if
// the growth is not over, one more old bucket, the one at nextEvacuate, so
// that the growth ends after at most as many writes as there are old
// buckets. At most two old buckets move per write.
func (m *Map[K, V]) growWork(idx int) {
	m.evacuate(idx & (len(m.oldbuckets) - 1))
	if m.growing() {
		m.evacuate(m.nextEvacuate)
	}
}

// evacuate moves the entries of old bucket i (its whole chain) to the new
// array, unless that was done already.
//
// When the array doubles, an entry goes to new bucket i (X) or i+len(old)
// (Y), by the bit of its hash that the bigger mask adds (hash & len(old)).
// The entries of one old bucket fill X and Y from slot 0, in order, with new
// overflow buckets (newOverflow) when 8 are not enough. A key that is not
// equal to itself (a NaN: k != k) gets a new random hash on every call, so it
// goes by the low bit of its tophash instead, and gets a fresh tophash from
// its new hash: an iterator relies on that choice (step 7). In a same-size
// growth, every entry goes to X.
//
// Each old slot is then marked: evacuatedX or evacuatedY (evacuatedX+1) for
// a moved entry, evacuatedEmpty for an empty slot. The keys and values stay
// in the old slots: an iterator that started on the old array still reads
// the keys, to look them up in the new one.
//
// Finally, if i is nextEvacuate, advanceEvacuationMark moves the mark on,
// and ends the growth when every old bucket is evacuated.
func (m *Map[K, V]) evacuate(i int) {
	b := &m.oldbuckets[i]
	newbit := len(m.oldbuckets)
	if !b.evacuated() {
		// The X and Y destinations: a bucket and its next free slot.
		type dest struct {
			b    *bucket[K, V]
			slot int
		}
		var xy [2]dest
		xy[0].b = &m.buckets[i]
		if !m.sameSizeGrow {
			xy[1].b = &m.buckets[i+newbit]
		}
		for ; b != nil; b = b.overflow {
			for s := range bucketCnt {
				top := b.tophash[s]
				if isEmpty(top) {
					b.tophash[s] = evacuatedEmpty
					continue
				}
				k := b.keys[s]
				var useY uint8
				if !m.sameSizeGrow {
					hash := m.hash(k)
					if k != k {
						useY = top & 1
						top = tophash(hash)
					} else if hash&uint64(newbit) != 0 {
						useY = 1
					}
				}
				b.tophash[s] = evacuatedX + useY
				d := &xy[useY]
				if d.slot == bucketCnt {
					d.b = m.newOverflow(d.b)
					d.slot = 0
				}
				d.b.tophash[d.slot] = top
				d.b.keys[d.slot] = k
				d.b.values[d.slot] = b.values[s]
				d.slot++
			}
		}
	}
	if i == m.nextEvacuate {
		m.advanceEvacuationMark()
	}
}
