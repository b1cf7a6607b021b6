package buckets

import "testing"

// Step 5: when to grow, and hashGrow.

func TestStep5OverLoadFactor(t *testing.T) {
	for _, c := range []struct {
		count int
		B     uint8
		want  bool
		why   string
	}{
		{0, 0, false, "an empty map is not overloaded"},
		{-1, 0, false, "a negative hint asks for nothing"},
		{8, 0, false, "8 entries fit in one bucket of 8 slots"},
		{9, 0, true, "9 entries do not fit in one bucket"},
		{8, 3, false, "never more than 8 entries"},
		{9, 1, false, "9 entries in 2 buckets is a load of 4.5, below 6.5"},
		{13, 1, false, "13 entries in 2 buckets is a load of 6.5: not more than 6.5"},
		{14, 1, true, "14 entries in 2 buckets is a load of 7, more than 6.5"},
		{26, 2, false, "26 entries in 4 buckets is a load of 6.5"},
		{27, 2, true, "27 entries in 4 buckets is more than 6.5 per bucket"},
		{6656, 10, false, "6656 entries in 1024 buckets is a load of 6.5"},
		{6657, 10, true, "6657 entries in 1024 buckets is more than 6.5 per bucket"},
		{1 << 40, 40, false, "2^40 entries in 2^40 buckets is a load of 1 (use 64-bit math)"},
	} {
		if got := overLoadFactor(c.count, c.B); got != c.want {
			t.Errorf("overLoadFactor(%d, %d) = %v; want %v: %s", c.count, c.B, got, c.want, c.why)
		}
	}
}

func TestStep5TooManyOverflowBuckets(t *testing.T) {
	for _, c := range []struct {
		noverflow uint16
		B         uint8
		want      bool
		why       string
	}{
		{0, 0, false, "no overflow bucket at all"},
		{1, 0, true, "1 overflow bucket for 1 bucket: as many overflow buckets as buckets"},
		{3, 2, false, "3 overflow buckets for 4 buckets"},
		{4, 2, true, "4 overflow buckets for 4 buckets"},
		{1023, 10, false, "1023 overflow buckets for 1024 buckets"},
		{1024, 10, true, "1024 overflow buckets for 1024 buckets"},
		{32767, 15, false, "32767 overflow buckets for 32768 buckets"},
		{32768, 15, true, "32768 overflow buckets for 32768 buckets"},
		{32768, 20, true, "B is capped at 15: noverflow, a uint16, only ever estimates up to 2^15 for big maps (incrnoverflow)"},
		{32767, 20, false, "B is capped at 15, so the limit stays 2^15"},
	} {
		if got := tooManyOverflowBuckets(c.noverflow, c.B); got != c.want {
			t.Errorf("tooManyOverflowBuckets(%d, %d) = %v; want %v: %s", c.noverflow, c.B, got, c.want, c.why)
		}
	}
}

func TestStep5NewSizesForHint(t *testing.T) {
	for _, c := range []struct {
		hint int
		B    uint8
	}{{0, 0}, {8, 0}, {9, 1}, {13, 1}, {14, 2}, {100, 4}, {1000, 8}, {6656, 10}, {6657, 11}} {
		var m *Map[int64, int64]
		try(t, "New", func() { m = newGeneric[int64, int64](c.hint) })
		if m.B != c.B {
			t.Errorf("New(%d).B = %d; want %d: the smallest B for which overLoadFactor(%d, B) is false", c.hint, m.B, c.B, c.hint)
		}
	}
}

func TestStep5GrowthStartsOnTheNinthKey(t *testing.T) {
	needSteps(t, 1, 2)
	m := newGeneric[int64, int64](0)
	putAll(t, m, 1, 2, 3, 4, 5, 6, 7, 8)
	if m.B != 0 || m.growing() {
		t.Fatalf("after 8 Puts into New(0), B = %d and growing = %v; want 0 and false: 8 entries fit in one bucket", m.B, m.growing())
	}
	// Updating never grows: mapassign checks for growth only for a new key.
	putAll(t, m, 1, 2, 3, 4, 5, 6, 7, 8)
	if m.B != 0 || m.growing() {
		t.Fatalf("after 8 Puts of keys already in the map, B = %d; want 0: a Put that updates a key adds no entry and never grows the map", m.B)
	}
	putAll(t, m, 9)
	if m.B != 1 {
		t.Fatalf("after 9 Puts into New(0), B = %d; want 1: the 9th entry pushes the load past 6.5 per bucket (and past 8), so the array doubles", m.B)
	}
	if len(m.buckets) != 2 {
		t.Fatalf("after the array doubled to B = 1, len(buckets) = %d; want 2", len(m.buckets))
	}
}

func TestStep5HashGrow(t *testing.T) {
	needSteps(t, 1, 2)
	m := newGeneric[int64, int64](0)
	putAll(t, m, 1, 2, 3, 4, 5, 6, 7, 8)
	old := m.buckets
	try(t, "hashGrow", func() { m.hashGrow() })
	if m.B != 1 || len(m.buckets) != 2 {
		t.Fatalf("hashGrow on a map of 8 entries in 1 bucket: B = %d, len(buckets) = %d; want 1 and 2: 9 entries would overload 1 bucket, so the array doubles", m.B, len(m.buckets))
	}
	if !sameArray(m.oldbuckets, old) {
		t.Fatalf("after hashGrow, oldbuckets is not the array the map had: the current array becomes oldbuckets, and its entries move later (step 6)")
	}
	if sameArray(m.buckets, old) {
		t.Fatalf("after hashGrow, buckets is still the old array; want a new one")
	}
	if m.sameSizeGrow {
		t.Fatalf("after a doubling hashGrow, sameSizeGrow = true; want false")
	}
	if got := len(chainKeys(&m.oldbuckets[0])); got != 8 {
		t.Fatalf("after hashGrow, the old bucket holds %d entries; want all 8: hashGrow moves nothing", got)
	}
	if m.buckets[0] != (bucket[int64, int64]{}) || m.buckets[1] != (bucket[int64, int64]{}) {
		t.Fatalf("after hashGrow, the new array is not empty: %s / %s", tophashes(&m.buckets[0]), tophashes(&m.buckets[1]))
	}
	if m.Len() != 8 {
		t.Fatalf("hashGrow changed Len() to %d; want 8", m.Len())
	}

	// Too many overflow buckets, but a small load: a same-size growth.
	m = newGeneric[int64, int64](20) // B = 2
	putAll(t, m, 1, 2, 3)
	m.noverflow = 4
	old = m.buckets
	try(t, "hashGrow", func() { m.hashGrow() })
	if m.B != 2 || len(m.buckets) != 4 || !m.sameSizeGrow {
		t.Fatalf("hashGrow on a map of 3 entries in 4 buckets: B = %d, len(buckets) = %d, sameSizeGrow = %v; want 2, 4, true: 4 entries do not overload 4 buckets, so the growth was started by too many overflow buckets and keeps the size", m.B, len(m.buckets), m.sameSizeGrow)
	}
	if !sameArray(m.oldbuckets, old) || sameArray(m.buckets, old) {
		t.Fatalf("a same-size hashGrow must still make a new array, and keep the current one as oldbuckets")
	}
	if m.noverflow != 0 || m.nextEvacuate != 0 {
		t.Fatalf("after hashGrow, noverflow = %d and nextEvacuate = %d; want 0 and 0: noverflow counts the overflow buckets of the new array, which has none yet, and evacuation starts at old bucket 0", m.noverflow, m.nextEvacuate)
	}
}

// TestStep5SameSizeGrowth makes overflow buckets with few entries, as a map
// that keeps deleting old keys and putting new ones does, until the next new
// key starts a same-size growth.
func TestStep5SameSizeGrowth(t *testing.T) {
	needSteps(t, 1, 2, 3, 4)
	identityHash(t)
	m := newGeneric[int64, int64](9) // B = 1: 2 buckets
	if m.B != 1 {
		t.Fatalf("New(9).B = %d; want 1: the smallest B for which overLoadFactor(9, B) is false", m.B)
	}
	var first []int64
	for i := range 9 {
		first = append(first, placed(0x50, 0, i)) // 9 keys in bucket 0: one overflow bucket
	}
	putAll(t, m, first...)
	for _, k := range first[:8] {
		try(t, "Delete", func() { m.Delete(k) })
	}
	for i := range 9 {
		putAll(t, m, placed(0x60, 1, i)) // 9 keys in bucket 1: a second overflow bucket
	}
	if m.B != 1 || m.growing() || m.noverflow != 2 || m.Len() != 10 {
		t.Fatalf("New(9), then 9 Puts into bucket 0, 8 Deletes and 9 Puts into bucket 1: B = %d, growing = %v, noverflow = %d, Len() = %d; want 1, false, 2, 10: 10 entries in 2 buckets is a load of 5, no reason to double, and 2 overflow buckets for 2 buckets start a same-size growth only at the next Put of a new key", m.B, m.growing(), m.noverflow, m.Len())
	}
	old := m.buckets
	putAll(t, m, placed(0x70, 0, 100))
	if m.B != 1 {
		t.Fatalf("a Put with noverflow = 2 in 2 buckets changed B to %d; want 1: the load is only 5.5, so the growth must keep the size", m.B)
	}
	if sameArray(m.buckets, old) {
		t.Fatalf("noverflow = 2 for 2 buckets: tooManyOverflowBuckets; the next Put of a new key must start a same-size growth (a new array), but the map kept its array")
	}
}
