package buckets

// Step 5: when to grow, and starting a growth.

// overLoadFactor reports whether count entries in 2^B buckets are more than
// the map should hold: more than one full bucket (8), and more than 6.5 per
// bucket on average (loadFactorNum/loadFactorDen). New uses it to size the
// array for a hint; Put uses it to decide to double the array.
func overLoadFactor(count int, B uint8) bool {
	return count > bucketCnt && uint64(count) > loadFactorNum*((uint64(1)<<B)/loadFactorDen)
}

// tooManyOverflowBuckets reports whether noverflow overflow buckets are too
// many for 2^B buckets: about as many overflow buckets as buckets, that is
// noverflow >= 2^B, with B capped at 15 (noverflow is a uint16). Put then
// starts a same-size growth, which packs the entries of long, sparse chains
// into a fresh array of the same size.
func tooManyOverflowBuckets(noverflow uint16, B uint8) bool {
	if B > 15 {
		B = 15
	}
	return noverflow >= uint16(1)<<B
}

// hashGrow starts a growth: the current array becomes oldbuckets and a new,
// empty array takes its place, twice as big when count+1 entries would
// overload the current size, the same size otherwise (then the growth was
// started by tooManyOverflowBuckets, and sameSizeGrow is set). Nothing moves
// yet: evacuation (step 6) moves the entries, a little on every write.
func (m *Map[K, V]) hashGrow() {
	bigger := uint8(1)
	if !overLoadFactor(m.count+1, m.B) {
		bigger = 0
		m.sameSizeGrow = true
	}
	m.oldbuckets = m.buckets
	m.B += bigger
	m.buckets = make([]bucket[K, V], 1<<m.B)
	m.nextEvacuate = 0
	m.noverflow = 0
}
