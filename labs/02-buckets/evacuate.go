package buckets

// Step 6: incremental evacuation.

// readBucket returns the bucket where a read (Get, or the iterator's look-up)
// finds the keys with this hash. While the map grows, that is the old bucket
// as long as it has not been evacuated: reads never move entries, and until
// a write evacuates it, the old bucket is the only place that holds them.
// Otherwise it is the bucket of the current array.
func (m *Map[K, V]) readBucket(hash uint64) *bucket[K, V] {
	// TODO(02): step 6: return the bucket of the current array that hash chooses,
	// or, while the map grows, the old bucket that hash chooses in the old
	// array if that one is not evacuated yet.
	// See chapter 02, section "Step 6: incremental evacuation".
	// stuck: go run ./tools/lab hint 02
	return nil
}

// growWork is what each write (Put or Delete) does for a growth in progress,
// before it touches bucket idx of the new array: evacuate the old bucket
// whose entries belong to idx, so that the write sees them, and then, if
// the growth is not over, one more old bucket, the one at nextEvacuate, so
// that the growth ends after at most as many writes as there are old
// buckets. At most two old buckets move per write.
func (m *Map[K, V]) growWork(idx int) {
	// TODO(02): step 6: evacuate the old bucket whose entries belong in new bucket
	// idx, then, if the growth is not over, the old bucket at nextEvacuate.
	// See chapter 02, section "Step 6: incremental evacuation".
	// stuck: go run ./tools/lab hint 02
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
	// TODO(02): step 6: move every entry of old bucket i's chain to X or Y, and
	// mark every one of its slots, as said above, unless the bucket is
	// evacuated already; then, in both cases, move the mark on when i is
	// nextEvacuate.
	// See chapter 02, section "Step 6: incremental evacuation".
	// stuck: go run ./tools/lab hint 02
}
