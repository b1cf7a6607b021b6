//go:build coursebench && go1.27

package mapbench_test

import (
	"hash/maphash"
	"testing"

	swiss "gomaps/labs/03-swiss"
)

// BenchmarkHasher times lookups that hit in lab 03's map made by
// NewWithHasher with maphash.ComparableHasher (step 10, Go 1.27), beside
// the same map made by New (step 9's path), on the generic path, and the
// built-in map: each called through a func value, so that the call costs
// each the same. Built only by go run ./tools/course bench with Go 1.27.
func BenchmarkHasher(b *testing.B) {
	hasherRows(b, "int64", intKey)
	hasherRows(b, "string", stringKey)
}

func hasherRows[K comparable](b *testing.B, key string, mk func(uint64) K) {
	for _, l := range []struct {
		name string
		n    int
	}{{"1e3", 1_000}, {"1e5", 100_000}} {
		hit, _ := keys(l.n, mk)
		builtin := fillBuiltin(hit)
		fast, generic := swiss.New[K, int64](0), swiss.NewGeneric[K, int64](0)
		hasher := swiss.NewWithHasher[K, int64](maphash.ComparableHasher[K]{}, 0)
		for i, k := range hit {
			fast.Put(k, int64(i))
			generic.Put(k, int64(i))
			hasher.Put(k, int64(i))
		}
		impls := []struct {
			name string
			get  func(K) (int64, bool)
		}{
			{"builtin", func(k K) (int64, bool) { v, ok := builtin[k]; return v, ok }},
			{"swiss", fast.Get},
			{"swiss-generic", generic.Get},
			{"swiss-hasher", hasher.Get},
		}
		for _, impl := range impls {
			b.Run("impl="+impl.name+"/len="+l.name+"/key="+key, func(b *testing.B) {
				for i := 0; b.Loop(); i++ {
					v, ok := impl.get(hit[i%len(hit)])
					if !ok {
						b.Fatalf("%s: a key put in the map is not found", impl.name)
					}
					sink += v
				}
			})
		}
	}
}
