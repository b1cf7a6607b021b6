// Package mapbench compares the maps of labs 02-buckets and 03-swiss with the
// built-in map, and with two public Swiss tables written in Go as peers
// (github.com/cockroachdb/swiss and github.com/dolthub/swiss). As shipped the
// labs are stubs: run it with the solutions in place, as
// go run ./tools/course bench does.
//
// Every benchmark is named BenchmarkMap/impl=I/op=O/len=L/key=K, so that
// benchstat can put the implementations side by side (-col /impl).
//
// The timed loops call each map directly, never through an interface or a
// type parameter for the map's type, which would add an indirect call to
// every operation of every map and bring the ratios closer to 1. They are
// generated, one set per map, from the template in gen.go: see
// bench_gen_test.go.
package mapbench_test

//go:generate go run gen.go
//go:generate go run gen.go -hook

import (
	"fmt"
	"testing"
)

var lens = []struct {
	name string
	n    int
}{{"1e3", 1_000}, {"1e5", 100_000}, {"1e6", 1_000_000}}

var ops = []string{"get-hit", "get-miss", "put", "delete", "iterate"}

// data is what the benchmarks of one map, length and key type share.
type data[K comparable] struct {
	hit  []K // len distinct keys, in random order
	miss []K // len other keys, for lookups that miss
	// full is the map holding hit, which the read-only benchmarks share,
	// made by the first that needs it: filling 1e6 entries once is enough.
	full any
}

// keys returns n distinct keys in random order, and n other keys for misses.
// Key i is made from mix(n<<32 + i): mix is a bijection, so the 2n keys are
// distinct without a set to check them against, which for 2e6 keys would
// cost more than making them.
func keys[K comparable](n int, mk func(uint64) K) (hit, miss []K) {
	hit, miss = make([]K, n), make([]K, n)
	for i := range n {
		hit[i] = mk(mix(uint64(n)<<32 + uint64(i)))
		miss[i] = mk(mix(uint64(n)<<32 + uint64(n+i)))
	}
	return hit, miss
}

// mix scrambles the bits of x < 1<<63 into a number < 1<<63, a different
// number for each x: each step (x ^= x>>s, or x *= an odd number, modulo
// 1<<63) can be undone. It is the finaliser of SplitMix64, on 63 bits so
// that the int64 keys are not negative.
func mix(x uint64) uint64 {
	const mask = 1<<63 - 1
	x &= mask
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9 & mask
	x = (x ^ x>>27) * 0x94d049bb133111eb & mask
	return x ^ x>>31
}

func intKey(x uint64) int64 { return int64(x) }

// stringKey is "key-" and x in 16 hexadecimal digits, as
// fmt.Sprintf("key-%016x", x) writes it, only faster: 2e6 keys are made.
func stringKey(x uint64) string {
	const digits = "0123456789abcdef"
	b := []byte("key-0000000000000000")
	for i := len(b) - 1; x != 0; i-- {
		b[i] = digits[x&15]
		x >>= 4
	}
	return string(b)
}

var sink int64

func run[K comparable](b *testing.B, key string, mk func(uint64) K) {
	for _, l := range lens {
		var hit, miss []K
		for _, impl := range implNames {
			bench := benchFor[K](impl)
			// One full map at a time: it is dropped when the next map
			// starts, so that the maps measured before do not weigh on
			// the garbage collector.
			d := &data[K]{}
			for _, op := range ops {
				b.Run(fmt.Sprintf("impl=%s/op=%s/len=%s/key=%s", impl, op, l.name, key), func(b *testing.B) {
					if hit == nil {
						// Made on first use: -bench may select few of
						// the benchmarks.
						hit, miss = keys(l.n, mk)
					}
					d.hit, d.miss = hit, miss
					bench(b, op, d)
				})
			}
		}
	}
}

func BenchmarkMap(b *testing.B) {
	run(b, "int64", intKey)
	run(b, "string", stringKey)
}
