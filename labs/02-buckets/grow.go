package buckets

// Step 5: when to grow, and starting a growth.

// overLoadFactor reports whether count entries in 2^B buckets are more than
// the map should hold: more than one full bucket (8), and more than 6.5 per
// bucket on average (loadFactorNum/loadFactorDen). New uses it to size the
// array for a hint; Put uses it to decide to double the array.
func overLoadFactor(count int, B uint8) bool {
	// TODO(02): step 5: report whether count is more than one bucket holds and more
	// than 6.5 times the number of buckets (loadFactorNum/loadFactorDen is
	// 6.5).
	// See chapter 02, sections "Step 5: when to grow" and "Why 6.5".
	// stuck: go run ./tools/lab hint 02
	return false
}

// tooManyOverflowBuckets reports whether noverflow overflow buckets are too
// many for 2^B buckets: about as many overflow buckets as buckets, that is
// noverflow >= 2^B, with B capped at 15 (noverflow is a uint16). Put then
// starts a same-size growth, which packs the entries of long, sparse chains
// into a fresh array of the same size.
func tooManyOverflowBuckets(noverflow uint16, B uint8) bool {
	// TODO(02): step 5: report whether noverflow is at least 2^B, or 2^15 when B is
	// more than 15.
	// See chapter 02, section "Step 5: when to grow".
	// stuck: go run ./tools/lab hint 02
	return false
}

// hashGrow starts a growth: the current array becomes oldbuckets and a new,
// empty array takes its place, twice as big when count+1 entries would
// overload the current size, the same size otherwise (then the growth was
// started by tooManyOverflowBuckets, and sameSizeGrow is set). Nothing moves
// yet: evacuation (step 6) moves the entries, a little on every write.
func (m *Map[K, V]) hashGrow() {
	// TODO(02): step 5: make the current array oldbuckets and put a new, empty one
	// in its place, twice as big or the same size (then with sameSizeGrow
	// set) as said above, with B to match. The growth starts at old bucket
	// 0, and the new array has no overflow buckets yet.
	// See chapter 02, section "Step 5: when to grow".
	// stuck: go run ./tools/lab hint 02
}
