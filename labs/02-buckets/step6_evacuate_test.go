package buckets

import (
	"fmt"
	"math"
	"slices"
	"testing"
)

// Step 6: evacuation, growWork, and reads during a growth.

func TestStep6EvacuateSplitsXY(t *testing.T) {
	needSteps(t, 1, 2, 3, 4, 5)
	identityHash(t)
	m := newGeneric[int64, int64](0)
	m.buckets = make([]bucket[int64, int64], 1)
	// With B = 0 every key is in bucket 0. When the array doubles, bit 0 of
	// the hash decides: 0 stays in bucket 0 (X), 1 goes to bucket 1 (Y).
	keys := []int64{placed(0x50, 0, 0), placed(0x51, 1, 0), placed(0x52, 0, 1), placed(0x53, 1, 1),
		placed(0x54, 1, 2), placed(0x55, 0, 2), placed(0x56, 1, 3), placed(0x57, 1, 4), placed(0x58, 0, 3)}
	for _, k := range keys { // 8 keys in the bucket, the 9th in an overflow bucket
		try(t, "insert", func() { m.insert(&m.buckets[0], tophash(uint64(k)), k, k*10) })
		m.count++
	}
	try(t, "Delete", func() { m.Delete(keys[3]) }) // slot 3 becomes emptyOne
	try(t, "hashGrow", func() { m.hashGrow() })
	if !m.growing() || m.B != 1 {
		t.Fatalf("step 5 must pass first: hashGrow on a map of 8 entries in 1 bucket gave B = %d and growing = %v; want 1 and true", m.B, m.growing())
	}
	old := m.oldbuckets
	try(t, "evacuate(0)", func() { m.evacuate(0) })
	if got, want := tophashes(&old[0]), "evX evY evX evE evY evX evY evY | evX evE evE evE evE evE evE evE"; got != want {
		t.Fatalf("after evacuate(0), the old chain's tophash bytes are %s; want %s: a moved entry is marked evacuatedX or evacuatedY by where it went, an empty slot evacuatedEmpty, in every bucket of the chain", got, want)
	}
	wantX := []int64{keys[0], keys[2], keys[5], keys[8]}
	wantY := []int64{keys[1], keys[4], keys[6], keys[7]}
	if got := chainKeys(&m.buckets[0]); !slices.Equal(got, wantX) {
		t.Fatalf("after evacuate(0), new bucket 0 (X) holds keys %x; want %x: the keys whose hash has bit 0 (the bit the bigger mask adds) clear, in their old order, from slot 0", got, wantX)
	}
	if got := chainKeys(&m.buckets[1]); !slices.Equal(got, wantY) {
		t.Fatalf("after evacuate(0), new bucket 1 (Y) holds keys %x; want %x: the keys whose hash has bit 0 set, in their old order, from slot 0", got, wantY)
	}
	if got, want := tophashes(&m.buckets[0]), "50 52 55 58 rest rest rest rest"; got != want {
		t.Fatalf("new bucket 0 has tophash bytes %s; want %s: copy the tophash with the key", got, want)
	}
	if b := &m.buckets[1]; b.values[0] != keys[1]*10 {
		t.Fatalf("new bucket 1, slot 0 has value %d; want %d: copy the value with the key", b.values[0], keys[1]*10)
	}
	if m.growing() {
		t.Fatalf("after evacuate(0) of the only old bucket, the map is still growing: when i == nextEvacuate, call m.advanceEvacuationMark(), which ends the growth after the last old bucket")
	}
	if m.Len() != 8 {
		t.Fatalf("evacuate changed Len() to %d; want 8", m.Len())
	}
}

func TestStep6EvacuateOverflowAndSameSize(t *testing.T) {
	needSteps(t, 1, 2, 3, 4, 5)
	// 12 keys, all with bit 0 clear: all go to X, which needs an overflow
	// bucket.
	m, keys := chainOf(t, 12)
	try(t, "hashGrow", func() { m.hashGrow() })
	if m.B != 1 {
		t.Fatalf("step 5 must pass first: hashGrow on a map of 12 entries in 1 bucket gave B = %d; want 1", m.B)
	}
	try(t, "evacuate(0)", func() { m.evacuate(0) })
	if got := chainKeys(&m.buckets[0]); !slices.Equal(got, keys) {
		t.Fatalf("after evacuate(0), new bucket 0 holds %x; want all 12 keys %x in order: when the destination's 8 slots are used, chain an overflow bucket (newOverflow) and go on at its slot 0", got, keys)
	}
	if chainLen(&m.buckets[0]) != 2 || m.noverflow != 1 {
		t.Fatalf("after evacuating 12 keys into one new bucket, its chain has %d buckets and noverflow = %d; want 2 and 1", chainLen(&m.buckets[0]), m.noverflow)
	}
	if got := chainKeys(&m.buckets[1]); len(got) != 0 {
		t.Fatalf("new bucket 1 (Y) holds %x; want nothing: every key has bit 0 clear", got)
	}

	// A same-size growth packs a sparse chain: 10 keys, 6 deleted.
	m, keys = chainOf(t, 10)
	for _, i := range []int{0, 2, 3, 5, 8, 9} {
		try(t, "Delete", func() { m.Delete(keys[i]) })
	}
	try(t, "hashGrow", func() { m.hashGrow() })
	if !m.sameSizeGrow || m.B != 0 {
		t.Fatalf("step 5 must pass first: hashGrow on a map of 4 entries in 1 bucket gave B = %d, sameSizeGrow = %v; want 0, true", m.B, m.sameSizeGrow)
	}
	try(t, "evacuate(0)", func() { m.evacuate(0) })
	want := []int64{keys[1], keys[4], keys[6], keys[7]}
	if got := chainKeys(&m.buckets[0]); !slices.Equal(got, want) {
		t.Fatalf("after a same-size evacuate(0), new bucket 0 holds %x; want %x: in a same-size growth every entry goes to X, packed from slot 0", got, want)
	}
	if got, want := tophashes(&m.buckets[0]), "51 54 56 57 rest rest rest rest"; got != want || m.noverflow != 0 {
		t.Fatalf("after a same-size evacuation, the new bucket is %s with noverflow %d; want %s and 0: the overflow bucket is gone", got, m.noverflow, want)
	}
}

func TestStep6EvacuateNaN(t *testing.T) {
	// NaN gets a new hash on every call. The hook plays that part: the
	// first hash of a NaN has top byte 0x9d, the second top byte 0x42; bit
	// 0 of both is clear, which would send the NaN to X if the hash decided.
	needSteps(t, 1, 2, 5)
	calls := 0
	setHashHook(t, func(key any) uint64 {
		k := key.(float64)
		if k == k {
			return math.Float64bits(k) &^ 1 // numbers: bit 0 clear, so they go to X
		}
		calls++
		if calls == 1 {
			return 0x9d00_0000_0000_0000
		}
		return 0x4200_0000_0000_0000
	})
	m := newGeneric[float64, int](0)
	nan := math.NaN()
	putAll := func(k float64, v int) { try(t, fmt.Sprintf("Put(%v)", k), func() { m.Put(k, v) }) }
	for k := range 7 {
		putAll(float64(k+1), k+1)
	}
	putAll(nan, 8) // its tophash is 0x9d: odd
	// 9 entries would overload one bucket: the array doubles.
	try(t, "hashGrow", func() { m.hashGrow() })
	if m.B != 1 || !m.growing() {
		t.Fatalf("step 5 must pass first: hashGrow on a map of 8 entries in 1 bucket gave B = %d and growing = %v; want 1 and true", m.B, m.growing())
	}
	try(t, "evacuate(0)", func() { m.evacuate(0) })
	y := &m.buckets[1]
	if y.tophash[0] < minTopHash || y.keys[0] == y.keys[0] {
		t.Fatalf("after evacuate(0), new bucket 1 (Y) has %s; want the NaN in slot 0: a NaN is not equal to itself, so its hash cannot decide; it goes by the low bit of its old tophash (0x9d is odd: Y)", tophashes(y))
	}
	if y.tophash[0] != 0x42 {
		t.Fatalf("the NaN moved to Y with tophash %s; want 42: give it the tophash of its new hash, so that NaNs spread over both halves at the next growth", slotName(y.tophash[0]))
	}
	if got := chainKeys(&m.buckets[0]); !slices.Equal(got, []float64{1, 2, 3, 4, 5, 6, 7}) {
		t.Fatalf("new bucket 0 (X) holds %v; want [1 2 3 4 5 6 7]", got)
	}
}

// growingMap returns a map with 4 old buckets and 8 new ones, in the middle
// of its growth: the Put of key 26 started it and evacuated old buckets 2
// (where key 26 goes) and 0 (nextEvacuate). Keys 0 to 26 have the identity
// hash, so key k is in old bucket k%4 and new bucket k%8.
//
// The 9th and the 14th Puts start growths too, and only step 6 ends them: a
// Put starts no growth while one is in progress.
func growingMap(t *testing.T) *Map[int64, int64] {
	t.Helper()
	needSteps(t, 1, 2, 3, 5)
	identityHash(t)
	m := newGeneric[int64, int64](0)
	for k := range int64(26) {
		putAll(t, m, k)
	}
	if m.growing() {
		t.Fatalf("after 26 Puts into New(0), the map is still growing, from %d to %d buckets (nextEvacuate = %d): a growth must end. Every Put and Delete during a growth calls growWork, which evacuates the old bucket of the key and the one at nextEvacuate; evacuate moves an old bucket's entries, and advanceEvacuationMark ends the growth after the last old bucket",
			len(m.oldbuckets), len(m.buckets), m.nextEvacuate)
	}
	if m.B != 2 {
		t.Fatalf("after 26 Puts into New(0), B = %d; want 2: the 9th Put doubles 1 bucket to 2, the 14th 2 to 4, and 26 entries in 4 buckets is a load of 6.5, not more", m.B)
	}
	putAll(t, m, 26)
	if m.B != 3 || !m.growing() {
		t.Fatalf("after 27 Puts into New(0), B = %d, growing = %v; want 3, true: the 27th entry starts a growth from 4 to 8 buckets, which its own growWork cannot finish", m.B, m.growing())
	}
	return m
}

func TestStep6GrowWork(t *testing.T) {
	m := growingMap(t)
	var evacuated []int
	for i := range m.oldbuckets {
		if m.oldbuckets[i].evacuated() {
			evacuated = append(evacuated, i)
		}
	}
	if !slices.Equal(evacuated, []int{0, 2}) {
		t.Fatalf("after the Put of key 26 started a growth from 4 to 8 buckets, the evacuated old buckets are %v; want [0 2]: growWork(idx) evacuates the old bucket of the key's new bucket (26%%8 = 2, old bucket 2%%4 = 2) and then the one at nextEvacuate (0)", evacuated)
	}
	if m.nextEvacuate != 1 {
		t.Fatalf("nextEvacuate = %d; want 1: old bucket 0 is done, old bucket 1 is not", m.nextEvacuate)
	}
	for _, b := range []int{2, 6} {
		for _, k := range chainKeys(&m.buckets[b]) {
			if k%8 != int64(b) {
				t.Fatalf("new bucket %d holds key %d; want keys k with k%%8 == %d", b, k, b)
			}
		}
	}
	if got := chainKeys(&m.buckets[6]); len(got) != 3 {
		t.Fatalf("new bucket 6 holds %v; want the 3 keys 6, 14, 22 (Y of old bucket 2)", got)
	}

	// A write whose old bucket is evacuated already calls evacuate for it
	// again: that moves nothing.
	x, y := chainKeys(&m.buckets[2]), chainKeys(&m.buckets[6])
	try(t, "evacuate(2)", func() { m.evacuate(2) })
	if x2, y2 := chainKeys(&m.buckets[2]), chainKeys(&m.buckets[6]); !slices.Equal(x2, x) || !slices.Equal(y2, y) {
		t.Fatalf("evacuate(2) of old bucket 2, evacuated already, changed new buckets 2 and 6 from %v and %v to %v and %v; want them unchanged: skip an old bucket that is evacuated already", x, y, x2, y2)
	}
	// The mark stops after 1024 buckets even when the next one is
	// evacuated, so evacuate moves it on for a bucket evacuated already too.
	m.nextEvacuate = 0
	try(t, "evacuate(0)", func() { m.evacuate(0) })
	if m.nextEvacuate != 1 {
		t.Fatalf("with nextEvacuate = 0, evacuate(0) of old bucket 0, evacuated already, left nextEvacuate = %d; want 1: when i is nextEvacuate, call m.advanceEvacuationMark() whether or not the bucket was evacuated already", m.nextEvacuate)
	}

	// Reads never move anything.
	for k := range int64(27) {
		var v int64
		var ok bool
		try(t, fmt.Sprintf("Get(%d)", k), func() { v, ok = m.Get(k) })
		if !ok || v != k*10 {
			t.Fatalf("in the middle of the growth, Get(%d) = %d, %v; want %d, true: until its old bucket is evacuated, a key is only in the old bucket; readBucket must return it", k, v, ok, k*10)
		}
	}
	if m.oldbuckets[1].evacuated() || m.oldbuckets[3].evacuated() {
		t.Fatalf("Get evacuated an old bucket; reads must never move entries (only writes do, in growWork)")
	}

	// One more write: Delete of key 5 (new bucket 5, old bucket 1)
	// evacuates old bucket 1, which moves nextEvacuate past 2 to 3, then
	// old bucket 3: the growth is over.
	try(t, "Delete(5)", func() { m.Delete(5) })
	if m.growing() {
		t.Fatalf("after the Delete of key 5, the map is still growing (nextEvacuate = %d); want done: growWork evacuates old bucket 1 (for key 5), the mark skips old bucket 2, evacuated already, and growWork then evacuates old bucket 3", m.nextEvacuate)
	}
	for k := range int64(27) {
		v, ok := m.Get(k)
		if want := k != 5; ok != want || ok && v != k*10 {
			t.Fatalf("after the growth, Get(%d) = %d, %v; want %d, %v", k, v, ok, k*10, want)
		}
	}
}

func TestStep6ReadBucket(t *testing.T) {
	m := growingMap(t)
	var b *bucket[int64, int64]
	try(t, "readBucket", func() { b = m.readBucket(5) })
	if b != &m.oldbuckets[1] {
		t.Fatalf("in the middle of a growth, readBucket(hash 5) is not old bucket 1: old bucket 1 (5%%4) is not evacuated yet, so the key is still there")
	}
	try(t, "readBucket", func() { b = m.readBucket(6) })
	if b != &m.buckets[6] {
		t.Fatalf("in the middle of a growth, readBucket(hash 6) is not new bucket 6: old bucket 2 is evacuated, so read the new array (6%%8)")
	}
	try(t, "Delete(1)", func() { m.Delete(1) }) // ends the growth
	try(t, "readBucket", func() { b = m.readBucket(13) })
	if b != &m.buckets[5] {
		t.Fatalf("when the map is not growing, readBucket(hash 13) is not bucket 5 (13%%8)")
	}
}
