//go:build !goexperiment.swissmap && !go1.26

package inspect_test

import (
	"fmt"
	"testing"

	"gomaps/labs/inspect"
)

func classicOf[K comparable, V any](t *testing.T, m map[K]V, what string) *inspect.ClassicLayout {
	t.Helper()
	l := checkFull(t, m, what)
	if l.Kind != inspect.Classic || l.Classic == nil || l.Swiss != nil {
		t.Fatalf("%s: this build has classic buckets, but the layout is %v (classic part %v)", what, l.Kind, l.Classic != nil)
	}
	return l.Classic
}

// wantB is the B of a map that received n inserts one at a time: the
// smallest with n <= 8, or n <= 6.5 * 2^B.
func wantB(n int) uint8 {
	var b uint8
	for n > 8 && 2*n > 13<<b {
		b++
	}
	return b
}

func TestBucketsGrowPastLoad65(t *testing.T) {
	for n, b := range map[int]uint8{8: 0, 9: 1, 13: 1, 14: 2, 26: 2, 27: 3, 52: 3, 53: 4, 104: 4, 105: 5, 6656: 10, 6657: 11} {
		if wantB(n) != b {
			t.Fatalf("the test's own wantB(%d) = %d, want %d", n, wantB(n), b)
		}
	}
	m := make(map[int]int)
	for k := range 3000 {
		m[k] = k
		c := classicOf(t, m, fmt.Sprintf("%d keys", k+1))
		if c.B != wantB(k+1) || len(c.Buckets) != 1<<c.B {
			t.Fatalf("%d keys: B = %d with %d buckets; want B = %d (8 keys fit B=0, then at most 6.5 a bucket)",
				k+1, c.B, len(c.Buckets), wantB(k+1))
		}
	}
}

// The insert that passes 6.5 a bucket starts the doubling, and each later
// write evacuates at most two old buckets; reads move nothing.
func TestEvacuationInProgress(t *testing.T) {
	m := intMap(104)
	c := classicOf(t, m, "104 keys")
	if c.B != 4 || c.Growing() {
		t.Fatalf("104 keys: B %d, growing %v; want B 4 (104 = 6.5 x 16) and no growth", c.B, c.Growing())
	}
	m[104] = 104
	c = classicOf(t, m, "105 keys")
	if c.B != 5 || !c.Growing() || len(c.OldBuckets) != 16 || len(c.Buckets) != 32 || c.SameSizeGrow() {
		t.Fatalf("105 keys: B %d, growing %v, %d old and %d new buckets, same size %v; want a doubling from 16 to 32",
			c.B, c.Growing(), len(c.OldBuckets), len(c.Buckets), c.SameSizeGrow())
	}
	evacuated := func(c *inspect.ClassicLayout) int {
		n := 0
		for i, b := range c.OldBuckets {
			if first := b.Chain[0][0]; first >= 2 && first <= 4 {
				n++
			} else if i < c.Nevacuate {
				t.Fatalf("old bucket %d is not evacuated, but nevacuate is %d", i, c.Nevacuate)
			}
		}
		return n
	}
	if n := evacuated(c); n < 1 || n > 2 || c.Nevacuate < 1 || c.Nevacuate >= 16 {
		t.Fatalf("105 keys: %d old buckets evacuated, nevacuate %d; one write evacuates one or two", n, c.Nevacuate)
	}
	checkPlacement(t, m, "105 keys, growing")

	// Reads do not evacuate.
	before := evacuated(c)
	for k := range 200 {
		_ = m[k]
	}
	if c2 := classicOf(t, m, "105 keys after 200 reads"); evacuated(c2) != before || c2.Nevacuate != c.Nevacuate {
		t.Fatalf("reads moved data: %d -> %d evacuated, nevacuate %d -> %d", before, evacuated(c2), c.Nevacuate, c2.Nevacuate)
	}

	// Each write evacuates at most two more, until none are left.
	for k := 105; ; k++ {
		prev := evacuated(c)
		m[k] = k
		c = classicOf(t, m, fmt.Sprintf("%d keys", k+1))
		if !c.Growing() {
			if k-104 < 16/2-1 {
				t.Fatalf("the growth ended after %d more writes; 16 old buckets need at least 7", k-104)
			}
			break
		}
		if n := evacuated(c); n < prev || n > prev+2 {
			t.Fatalf("%d keys: one write took the evacuated old buckets from %d to %d", k+1, prev, n)
		}
		checkPlacement(t, m, fmt.Sprintf("%d keys, growing", k+1))
	}
	checkPlacement(t, m, "after the growth")
}

// keysIn returns n keys from *next on that go to bucket b of 2^B.
func keysIn(t *testing.T, m map[int]int, B uint8, b uint64, next *int, n int) []int {
	t.Helper()
	c := classicOf(t, m, "choosing keys")
	var keys []int
	for ; len(keys) < n; *next++ {
		if maphashOf(uint64(c.Hash0), *next)&(1<<B-1) == b {
			keys = append(keys, *next)
		}
	}
	return keys
}

// Overflow buckets that deletes have emptied still count: with as many as
// buckets, the next insert starts a same-size growth.
func TestSameSizeGrowth(t *testing.T) {
	m := make(map[int]int, 14)
	if c := classicOf(t, m, "make(map, 14)"); c.B != 2 {
		t.Fatalf("make(map, 14): B %d, want 2", c.B)
	}
	next := 0
	m[keysIn(t, m, 2, 3, &next, 1)[0]] = 0 // keeps the map non-empty, so the seed stays
	b0 := keysIn(t, m, 2, 0, &next, 24)
	for _, k := range b0 {
		m[k] = k
	}
	if c := classicOf(t, m, "24 keys in bucket 0"); len(c.Buckets[0].Chain) != 3 || c.NOverflow != 2 {
		t.Fatalf("24 keys in bucket 0: a chain of %d buckets, noverflow %d; want 3 and 2", len(c.Buckets[0].Chain), c.NOverflow)
	}
	for _, k := range b0 {
		delete(m, k)
	}
	c := classicOf(t, m, "24 keys deleted")
	if len(c.Buckets[0].Chain) != 3 || c.NOverflow != 2 {
		t.Fatalf("after deleting: a chain of %d buckets, noverflow %d; deletes do not free overflow buckets", len(c.Buckets[0].Chain), c.NOverflow)
	}
	for _, k := range keysIn(t, m, 2, 1, &next, 17) {
		m[k] = k
	}
	if c := classicOf(t, m, "17 keys in bucket 1"); c.NOverflow != 4 || c.Growing() {
		t.Fatalf("17 keys in bucket 1: noverflow %d, growing %v; want 4 and not yet", c.NOverflow, c.Growing())
	}
	m[keysIn(t, m, 2, 2, &next, 1)[0]] = 0
	c = classicOf(t, m, "one more key")
	if !c.Growing() || !c.SameSizeGrow() || c.B != 2 || len(c.OldBuckets) != 4 || c.Flags&inspect.FlagSameSizeGrow == 0 {
		t.Fatalf("one more key: growing %v, same size %v, B %d, %d old buckets; want a same-size growth of 4 buckets",
			c.Growing(), c.SameSizeGrow(), c.B, len(c.OldBuckets))
	}
	checkPlacement(t, m, "same-size growth")
}

// A deleted slot is emptyOne, or emptyRest when nothing follows it in the
// bucket and its overflow chain; after an emptyRest, everything is.
func TestDeleteMarks(t *testing.T) {
	m := intMap(200)
	for k := 0; k < 200; k += 3 {
		delete(m, k)
	}
	for k := 150; k < 200; k++ {
		delete(m, k)
	}
	c := classicOf(t, m, "200 keys, some deleted")
	ones := 0
	for i, b := range c.Buckets {
		rest := false
		for _, th := range b.Chain {
			for _, top := range th {
				switch {
				case rest && top != 0:
					t.Fatalf("bucket %d: tophash %#x after an emptyRest: %x", i, top, b.Chain)
				case top == 0:
					rest = true
				case top == 1:
					ones++
				}
			}
		}
	}
	if ones == 0 {
		t.Fatal("no emptyOne slot after deleting every third key")
	}
	checkPlacement(t, m, "200 keys, some deleted")
}
