package buckets

// Step 5: when to grow, and starting a growth.

// overLoadFactor reports whether count entries in 2^B buckets are more than
// the map should hold: more than one full bucket (8), and more than 6.5 per
// bucket on average (loadFactorNum/loadFactorDen). New uses it to size the
// array for a hint; Put uses it to decide to double the array.
func overLoadFactor(count int, B uint8) bool {
	// TODO(02): count > bucketCnt && count > loadFactorNum*(2^B/loadFactorDen),
	// in integer math (2^B/2 is 0 when B is 0: that is why the first test
	// is needed).
	return false
}

// tooManyOverflowBuckets reports whether noverflow overflow buckets are too
// many for 2^B buckets: about as many overflow buckets as buckets, that is
// noverflow >= 2^B, with B capped at 15 (noverflow is a uint16). Put then
// starts a same-size growth, which packs the entries of long, sparse chains
// into a fresh array of the same size.
func tooManyOverflowBuckets(noverflow uint16, B uint8) bool {
	// TODO(02): cap B at 15, then compare noverflow with 1<<B.
	return false
}

// hashGrow starts a growth: the current array becomes oldbuckets and a new,
// empty array takes its place, twice as big when count+1 entries would
// overload the current size, the same size otherwise (then the growth was
// started by tooManyOverflowBuckets, and sameSizeGrow is set). Nothing moves
// yet: evacuation (step 6) moves the entries, a little on every write.
func (m *Map[K, V]) hashGrow() {
	// TODO(02): decide bigger (1 or 0) with overLoadFactor(m.count+1, m.B),
	// and set m.sameSizeGrow when it is 0. Then oldbuckets = buckets,
	// B += bigger, a new array of 2^B buckets, and reset nextEvacuate and
	// noverflow (which counts the overflow buckets of the new array).
}
