//go:build coursebench

package mapbench_test

import (
	"hash/maphash"
	"testing"
	"unsafe"

	swiss "gomaps/labs/03-swiss"
)

// BenchmarkHash times the hash alone, for each key family of step 9, in the
// same binary: maphash.Comparable (the hash of the key's type, through a
// function pointer: the generic path's), maphash.String for strings, and
// the solution of lab 03 hashing through Map.hash on the path New chose
// (impl=swiss) and on the generic path (impl=swiss-generic). Lab 02's
// functions are the same. Built only by go run ./tools/course bench
// (-tags coursebench), which adds Hash and NewGeneric to the lab's package.
// Each is called through a func value, so that the call costs each the
// same.
func BenchmarkHash(b *testing.B) {
	hashKeys(b, "int64", intKey)
	hashKeys(b, "int32", func(x uint64) int32 { return int32(x) })
	hashKeys(b, "string", stringKey)
}

func hashKeys[K comparable](b *testing.B, key string, mk func(uint64) K) {
	hit, _ := keys(1000, mk)
	seed := maphash.MakeSeed()
	fast, generic := swiss.New[K, int64](0), swiss.NewGeneric[K, int64](0)
	impls := []struct {
		name string
		hash func(K) uint64
	}{
		{"comparable", func(k K) uint64 { return maphash.Comparable(seed, k) }},
		{"swiss-generic", generic.Hash},
		{"swiss", fast.Hash},
	}
	if _, ok := any(hit).([]string); ok {
		// Called through a func value, as the others are.
		impls = append(impls[:1:1], append([]struct {
			name string
			hash func(K) uint64
		}{{"maphash.String", func(k K) uint64 { return maphash.String(seed, *(*string)(unsafe.Pointer(&k))) }}}, impls[1:]...)...)
	}
	for _, impl := range impls {
		b.Run("impl="+impl.name+"/key="+key, func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				sink += int64(impl.hash(hit[i%len(hit)]))
			}
		})
	}
}
