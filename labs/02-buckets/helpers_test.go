package buckets

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"gomaps/labs/internal/labtest"
)

// newGeneric is New for the tests of steps 1 to 8: a map on the generic
// path whatever its key type, as New makes every map until step 9. Those
// steps check the map, not step 9's fast paths (keyPathOf, hash64,
// hashString), so that a bug of step 9 fails step 9's tests, which name it,
// and not an earlier step's test, which the runner would show first: a
// keyPathOf that sent float64 keys to path64 would fail step 8's NaN test
// ("0 == -0, so they are one key") and hide TestStep9KeyPath. TestStep9Suite
// runs step 8's suite again on the paths New chooses.
func newGeneric[K comparable, V any](hint int) *Map[K, V] {
	m := New[K, V](hint)
	m.path = pathGeneric
	return m
}

// setHashHook makes f the hash of every key until the test ends.
func setHashHook(t *testing.T, f func(key any) uint64) {
	t.Helper()
	hashHook = f
	t.Cleanup(func() { hashHook = nil })
}

// identityHash gives an int64 key k the hash uint64(k), so that a test
// chooses each key's bucket (its low bits) and tophash (its top byte); see
// placed. A NaN float64 gets the hash of its bits.
func identityHash(t *testing.T) {
	t.Helper()
	setHashHook(t, func(key any) uint64 {
		switch k := key.(type) {
		case int64:
			return uint64(k)
		case float64:
			return math.Float64bits(k)
		}
		panic(fmt.Sprintf("identityHash: a key of type %T", key))
	})
}

// placed returns the n-th key whose identity hash has top byte top and low
// bits bucket.
func placed(top uint8, bucket, n int) int64 {
	return int64(uint64(top)<<56 | uint64(n)<<24 | uint64(bucket))
}

// try runs f, and ends the test with a message naming what was called if f
// panics: a bug in one function should read as a failed test, not as a
// crashed test binary.
func try(t *testing.T, what string, f func()) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("%s panicked: %v", what, r)
		}
	}()
	f()
}

// tophashes returns the tophash bytes of a chain, bucket by bucket, as the
// layout dump names them: "9d 5b one rest ...".
func tophashes[K comparable, V any](b *bucket[K, V]) string {
	var parts []string
	for n := 0; b != nil && n < 100; b, n = b.overflow, n+1 {
		tops, _ := b.rows()
		parts = append(parts, strings.Join(tops, " "))
	}
	return strings.Join(parts, " | ")
}

// chainKeys returns the keys of the full slots of a chain, in slot order.
func chainKeys[K comparable, V any](b *bucket[K, V]) []K {
	var keys []K
	for n := 0; b != nil && n < 100; b, n = b.overflow, n+1 {
		for s := range bucketCnt {
			if b.tophash[s] >= minTopHash {
				keys = append(keys, b.keys[s])
			}
		}
	}
	return keys
}

// chainLen returns the number of buckets in a chain.
func chainLen[K comparable, V any](b *bucket[K, V]) int {
	n := 0
	for ; b != nil && n < 1000; b = b.overflow {
		n++
	}
	return n
}

// putAll puts each key with value key*10.
func putAll(t *testing.T, m *Map[int64, int64], keys ...int64) {
	t.Helper()
	for _, k := range keys {
		try(t, fmt.Sprintf("Put(%d)", k), func() { m.Put(k, k*10) })
	}
}

// sameArray reports whether two bucket slices share their first bucket.
func sameArray[K comparable, V any](a, b []bucket[K, V]) bool {
	return len(a) > 0 && len(b) > 0 && &a[0] == &b[0]
}

// sortedKeys returns the keys of entries, sorted.
func sortedKeys(entries map[int64]int64) []int64 {
	var keys []int64
	for k := range entries {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// needSteps stops the test before it builds anything when an earlier step it
// builds on is still a stub: "step 3 is not written yet: ...". Without it, a
// test that needs, say, overflow buckets to set itself up would blame its
// setup, or report a number that means nothing, while the real cause is a
// step the learner has not reached. Each step is checked on a map or bucket
// made by hand, with no hash hook, so that it depends on no other step.
func needSteps(t testing.TB, steps ...int) {
	t.Helper()
	saved := hashHook
	hashHook = nil
	defer func() { hashHook = saved }()
	labtest.NeedSteps(t, stepMissing, steps...)
}

// stepMissing says what step n does not do yet, or "" when its functions do
// their basic job.
func stepMissing(n int) (missing string) {
	what := map[int]string{1: "tophash or search", 2: "insert", 3: "newOverflow", 4: "remove",
		5: "overLoadFactor, tooManyOverflowBuckets or hashGrow", 6: "readBucket, growWork or evacuate", 7: "newIterator or next"}[n]
	defer func() {
		if r := recover(); r != nil {
			missing = fmt.Sprintf("%s panicked: %v", what, r)
		}
	}()
	// oneKey returns a bucket that holds key 1 (value 10, tophash 0x9d) in
	// slot 0.
	oneKey := func() *bucket[int64, int64] {
		b := &bucket[int64, int64]{}
		b.tophash[0], b.keys[0], b.values[0] = 0x9d, 1, 10
		return b
	}
	// growing returns a map in the middle of doubling from 1 to 2 buckets,
	// whose only entry, key 1, is still in old bucket 0.
	growing := func() *Map[int64, int64] {
		m := newGeneric[int64, int64](0)
		m.oldbuckets = []bucket[int64, int64]{*oneKey()}
		m.buckets = make([]bucket[int64, int64], 2)
		m.B, m.count = 1, 1
		return m
	}
	m := newGeneric[int64, int64](0)
	switch n {
	case 1:
		if top := tophash(0x9d << 56); top != 0x9d {
			return fmt.Sprintf("tophash(0x9d00000000000000) = %#02x; want 0x9d (lookup.go)", top)
		}
		b := oneKey()
		if got, i := b.search(0x9d, 1); got != b || i != 0 {
			return "search does not find a key in slot 0 of a bucket (lookup.go)"
		}
	case 2:
		b := &bucket[int64, int64]{}
		if !m.insert(b, 0x9d, 1, 10) || b.tophash[0] != 0x9d || b.keys[0] != 1 {
			return "insert does not store a key in an empty bucket (insert.go)"
		}
	case 3:
		b := &bucket[int64, int64]{}
		if ovf := m.newOverflow(b); ovf == nil || b.overflow != ovf {
			return "newOverflow returns no overflow bucket, so a chain holds at most 8 keys (overflow.go)"
		}
	case 4:
		b := oneKey()
		if !m.remove(b, 0x9d, 1) || b.tophash[0] >= minTopHash {
			return "remove does not delete a key from its bucket (delete.go)"
		}
	case 5:
		if !overLoadFactor(9, 0) {
			return "overLoadFactor(9, 0) is false: 9 entries in one bucket do not make the map grow (grow.go)"
		}
		if !tooManyOverflowBuckets(1, 0) {
			return "tooManyOverflowBuckets(1, 0) is false: overflow buckets never start a same-size growth (grow.go)"
		}
		m.buckets, m.count = make([]bucket[int64, int64], 1), 8
		m.hashGrow()
		if !m.growing() || len(m.buckets) != 2 {
			return "hashGrow starts no growth: it leaves no old array, or no new array of twice the size (grow.go)"
		}
	case 6:
		m = growing()
		if m.readBucket(0) != &m.oldbuckets[0] {
			return "readBucket does not return the bucket that holds a key, so Get finds nothing (evacuate.go)"
		}
		m.evacuate(0)
		if m.growing() || len(chainKeys(&m.buckets[0]))+len(chainKeys(&m.buckets[1])) != 1 {
			return "evacuate does not move the entries of an old bucket to the new array, so a growth never ends (evacuate.go)"
		}
		m = growing()
		m.growWork(0)
		if m.growing() {
			return "growWork evacuates no old bucket, so a growth never ends (evacuate.go)"
		}
	case 7:
		m.buckets, m.count = []bucket[int64, int64]{*oneKey()}, 1
		if k, v, ok := m.newIterator(0).next(); !ok || k != 1 || v != 10 {
			return "newIterator and next produce nothing from a map of 1 entry, so All produces nothing (iterate.go)"
		}
	}
	return ""
}
