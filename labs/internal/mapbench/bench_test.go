// Package mapbench compares the maps of labs 02-buckets and 03-swiss with the
// built-in map. As shipped the labs are stubs: run it with the solutions in
// place, as go run ./tools/course bench does.
//
// Every benchmark is named BenchmarkMap/impl=I/op=O/len=L/key=K, so that
// benchstat can put the three implementations side by side (-col /impl).
// All three are called through the same interface, maptest.Map, so each pays
// the same indirect call per operation.
package mapbench_test

import (
	"fmt"
	"iter"
	"math/rand/v2"
	"testing"

	buckets "gomaps/labs/02-buckets"
	swiss "gomaps/labs/03-swiss"
	"gomaps/labs/internal/maptest"
)

// builtin wraps the built-in map in the labs' API.
type builtin[K comparable, V any] map[K]V

func (m builtin[K, V]) Get(k K) (V, bool) { v, ok := m[k]; return v, ok }
func (m builtin[K, V]) Put(k K, v V)      { m[k] = v }
func (m builtin[K, V]) Delete(k K)        { delete(m, k) }
func (m builtin[K, V]) Len() int          { return len(m) }
func (m builtin[K, V]) Clear()            { clear(m) }
func (m builtin[K, V]) All() iter.Seq2[K, V] {
	return func(yield func(K, V) bool) {
		for k, v := range m {
			if !yield(k, v) {
				return
			}
		}
	}
}

type impl[K comparable] struct {
	name string
	new  func(hint int) maptest.Map[K, int64]
}

func impls[K comparable]() []impl[K] {
	return []impl[K]{
		{"builtin", func(hint int) maptest.Map[K, int64] { return make(builtin[K, int64], hint) }},
		{"buckets", func(hint int) maptest.Map[K, int64] { return buckets.New[K, int64](hint) }},
		{"swiss", func(hint int) maptest.Map[K, int64] { return swiss.New[K, int64](hint) }},
	}
}

var lens = []struct {
	name string
	n    int
}{{"1e3", 1_000}, {"1e5", 100_000}, {"1e6", 1_000_000}}

// keys returns n distinct keys in random order, and n other keys for misses.
func keys[K comparable](n int, mk func(uint64) K) (hit, miss []K) {
	rng := rand.New(rand.NewPCG(1, uint64(n)))
	seen := map[uint64]bool{}
	for len(hit)+len(miss) < 2*n {
		x := rng.Uint64() >> 1
		if seen[x] {
			continue
		}
		seen[x] = true
		if len(hit) < n {
			hit = append(hit, mk(x))
		} else {
			miss = append(miss, mk(x))
		}
	}
	return hit, miss
}

func intKey(x uint64) int64     { return int64(x) }
func stringKey(x uint64) string { return fmt.Sprintf("key-%016x", x) }

// filled caches one full map per implementation, length and key type: the
// read-only benchmarks share it, so that setting up 1e6 entries happens once.
var filled = map[string]any{}

func fill[K comparable](name string, mk func(int) maptest.Map[K, int64], hit []K) maptest.Map[K, int64] {
	if m, ok := filled[name]; ok {
		return m.(maptest.Map[K, int64])
	}
	m := mk(0)
	for i, k := range hit {
		m.Put(k, int64(i))
	}
	filled[name] = m
	return m
}

var sink int64

func run[K comparable](b *testing.B, key string, mk func(uint64) K) {
	for _, l := range lens {
		hit, miss := keys(l.n, mk)
		for _, im := range impls[K]() {
			prefix := fmt.Sprintf("impl=%s/op=", im.name)
			suffix := fmt.Sprintf("/len=%s/key=%s", l.name, key)
			name := im.name + suffix
			b.Run(prefix+"get-hit"+suffix, func(b *testing.B) {
				m := fill(name, im.new, hit)
				for i := 0; b.Loop(); i++ {
					v, _ := m.Get(hit[i%len(hit)])
					sink += v
				}
			})
			b.Run(prefix+"get-miss"+suffix, func(b *testing.B) {
				m := fill(name, im.new, hit)
				for i := 0; b.Loop(); i++ {
					v, _ := m.Get(miss[i%len(miss)])
					sink += v
				}
			})
			b.Run(prefix+"put"+suffix, func(b *testing.B) {
				// Inserts into a map that starts empty and grows to len
				// entries: growth is part of the cost, as in real use.
				m := im.new(0)
				for i := 0; b.Loop(); i++ {
					j := i % len(hit)
					if j == 0 && i > 0 {
						m = im.new(0)
					}
					m.Put(hit[j], int64(i))
				}
			})
			b.Run(prefix+"delete"+suffix, func(b *testing.B) {
				m := im.new(0)
				for i := 0; b.Loop(); i++ {
					j := i % len(hit)
					if j == 0 {
						b.StopTimer()
						for n, k := range hit {
							m.Put(k, int64(n))
						}
						b.StartTimer()
					}
					m.Delete(hit[j])
				}
			})
			b.Run(prefix+"iterate"+suffix, func(b *testing.B) {
				// One operation is one entry produced, so this one counts
				// entries against b.N rather than calling b.Loop once per
				// range over the map.
				m := fill(name, im.new, hit)
				b.ResetTimer()
				for n := 0; n < b.N; {
					for _, v := range m.All() {
						sink += v
						n++
						if n == b.N {
							break
						}
					}
				}
			})
		}
	}
}

func BenchmarkMap(b *testing.B) {
	run(b, "int64", intKey)
	run(b, "string", stringKey)
}
