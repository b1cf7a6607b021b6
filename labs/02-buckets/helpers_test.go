package buckets

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

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
