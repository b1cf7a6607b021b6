package main

import (
	"fmt"
	"runtime"
	"strconv"
	"testing"

	"gomaps/chapters/code/internal/cputime"
)

// The benchmarks time four operations on map types whose groups are smaller
// with GOEXPERIMENT=mapsplitgroup than with Go 1.27's default layout, and on
// map[int64]int64, whose group has no padding to save: the same 136 bytes
// in both layouts, with each value 64 bytes from its key when split. Their
// names are Map/type=T/op=O/len=L. One iteration is one pass over len keys,
// and ns/op is reported per key (the time of the passes divided by the keys
// they went through), so that rows of both lengths read alike:
//
//   - get-hit looks up each of the len keys the map holds,
//   - get-miss looks up len keys it does not hold,
//   - put makes an empty map and inserts the len keys (growth included),
//   - iterate ranges over the map once (per entry produced).
//
// Run the same benchmarks on both layouts and compare them with benchstat:
// go run ./chapters/code/04-growth/splitbench does, taking turns.
//
// The timed loops use each map type directly, never through a type
// parameter: generic code may compile m[k] to the runtime's generic lookup
// instead of the fast path that m[k] on a map[int64]V gets.

var lens = []struct {
	name string
	n    int
}{{"1e3", 1_000}, {"1e5", 100_000}}

var ops = []string{"get-hit", "get-miss", "put", "iterate"}

// mapOps are the operations on one map type, on a map that holds the hit
// keys (made by fill, which is not timed) or on a new map (put). fill makes
// its map with the size hint, so that its tables are the same in almost
// every run: a map that grows splits its tables at moments the hash seed
// decides, and one process's map would be fuller, or have more tables, than
// the next one's.
type mapOps struct {
	fill    func()
	get     func(miss bool) (found int) // looks up every hit key, or every miss key
	put     func() (length int)         // makes a map holding every hit key
	iterate func() (entries int)        // ranges over the full map
}

// types are the map types, in the order they run, and their operations on
// n hit keys and n miss keys.
var types = []struct {
	name string
	ops  func(n int) mapOps
}{
	{"int64-struct", func(n int) mapOps { h, m := int64Keys(n); return int64StructOps(h, m) }},
	{"int32-int64", func(n int) mapOps { h, m := int32Keys(n); return int32Int64Ops(h, m) }},
	{"string-int8", func(n int) mapOps { h, m := stringKeys(n); return stringInt8Ops(h, m) }},
	{"int64-int64", func(n int) mapOps { h, m := int64Keys(n); return int64Int64Ops(h, m) }},
}

var sink int

func BenchmarkMap(b *testing.B) {
	for _, l := range lens {
		for _, t := range types {
			// One map type at a time: its keys and full map are
			// dropped when the next type starts, so that they do not
			// weigh on the garbage collector of the next one.
			var mo *mapOps
			filled := false
			for _, op := range ops {
				b.Run(fmt.Sprintf("type=%s/op=%s/len=%s", t.name, op, l.name), func(b *testing.B) {
					if mo == nil {
						o := t.ops(l.n)
						mo = &o
					}
					if op != "put" && !filled {
						mo.fill()
						filled = true
					}
					// The garbage of the benchmarks before is collected
					// now, not in this one's timed loop.
					runtime.GC()
					run(b, op, l.n, mo)
				})
			}
		}
	}
}

// run times op, reports ns/op and cpu-ns/op per key, and fails if the
// passes did not find, insert or produce what they should have.
//
// ns/op is wall-clock time, as go test measures it: on a busy machine it
// includes the time the benchmark waited for a processor. cpu-ns/op is the
// processor time the process used meanwhile (cputime.Now), its garbage
// collection included, which waiting does not inflate.
func run(b *testing.B, op string, n int, mo *mapOps) {
	got, want := 0, n
	cpu0 := cputime.Now()
	switch op {
	case "get-hit":
		for b.Loop() {
			got = mo.get(false)
		}
	case "get-miss":
		want = 0
		for b.Loop() {
			got = mo.get(true)
		}
	case "put":
		for b.Loop() {
			got = mo.put()
		}
	case "iterate":
		for b.Loop() {
			got = mo.iterate()
		}
	}
	cpu1 := cputime.Now()
	if got != want {
		b.Fatalf("%s over %d keys: %d; want %d", op, n, got, want)
	}
	keys := float64(b.N) * float64(n)
	// ReportMetric of ns/op replaces the time go test measured (per pass).
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/keys, "ns/op")
	if cpu0 >= 0 && cpu1 >= 0 {
		b.ReportMetric(float64(cpu1-cpu0)/keys, "cpu-ns/op")
	}
}

func int64StructOps(hit, miss []int64) mapOps {
	var full map[int64]struct{}
	return mapOps{
		fill: func() {
			full = make(map[int64]struct{}, len(hit))
			for _, k := range hit {
				full[k] = struct{}{}
			}
		},
		get: func(missing bool) int {
			keys, found := hit, 0
			if missing {
				keys = miss
			}
			for _, k := range keys {
				if _, ok := full[k]; ok {
					found++
				}
			}
			return found
		},
		put: func() int {
			m := make(map[int64]struct{})
			for _, k := range hit {
				m[k] = struct{}{}
			}
			return len(m)
		},
		iterate: func() int {
			n := 0
			for k := range full {
				sink += int(k)
				n++
			}
			return n
		},
	}
}

func int32Int64Ops(hit, miss []int32) mapOps {
	var full map[int32]int64
	return mapOps{
		fill: func() {
			full = make(map[int32]int64, len(hit))
			for _, k := range hit {
				full[k] = int64(k)
			}
		},
		get: func(missing bool) int {
			keys, found := hit, 0
			if missing {
				keys = miss
			}
			for _, k := range keys {
				if v, ok := full[k]; ok {
					sink += int(v)
					found++
				}
			}
			return found
		},
		put: func() int {
			m := make(map[int32]int64)
			for _, k := range hit {
				m[k] = int64(k)
			}
			return len(m)
		},
		iterate: func() int {
			n := 0
			for k, v := range full {
				sink += int(k) + int(v)
				n++
			}
			return n
		},
	}
}

func stringInt8Ops(hit, miss []string) mapOps {
	var full map[string]int8
	return mapOps{
		fill: func() {
			full = make(map[string]int8, len(hit))
			for _, k := range hit {
				full[k] = int8(len(k))
			}
		},
		get: func(missing bool) int {
			keys, found := hit, 0
			if missing {
				keys = miss
			}
			for _, k := range keys {
				if v, ok := full[k]; ok {
					sink += int(v)
					found++
				}
			}
			return found
		},
		put: func() int {
			m := make(map[string]int8)
			for _, k := range hit {
				m[k] = int8(len(k))
			}
			return len(m)
		},
		iterate: func() int {
			n := 0
			for k, v := range full {
				sink += len(k) + int(v)
				n++
			}
			return n
		},
	}
}

func int64Int64Ops(hit, miss []int64) mapOps {
	var full map[int64]int64
	return mapOps{
		fill: func() {
			full = make(map[int64]int64, len(hit))
			for _, k := range hit {
				full[k] = k
			}
		},
		get: func(missing bool) int {
			keys, found := hit, 0
			if missing {
				keys = miss
			}
			for _, k := range keys {
				if v, ok := full[k]; ok {
					sink += int(v)
					found++
				}
			}
			return found
		},
		put: func() int {
			m := make(map[int64]int64)
			for _, k := range hit {
				m[k] = k
			}
			return len(m)
		},
		iterate: func() int {
			n := 0
			for k, v := range full {
				sink += int(k) + int(v)
				n++
			}
			return n
		},
	}
}

// int64Keys returns n distinct keys in random order, and n other keys for
// the lookups that miss. Key i is mix(n<<32 + i): mix is a bijection, so
// the 2n keys are distinct without a set to check them against.
func int64Keys(n int) (hit, miss []int64) {
	hit, miss = make([]int64, n), make([]int64, n)
	for i := range n {
		hit[i] = int64(mix(uint64(n)<<32 + uint64(i)))
		miss[i] = int64(mix(uint64(n)<<32 + uint64(n+i)))
	}
	return hit, miss
}

// int32Keys is int64Keys for int32 keys: mix32 is a bijection of 32-bit
// numbers.
func int32Keys(n int) (hit, miss []int32) {
	hit, miss = make([]int32, n), make([]int32, n)
	for i := range n {
		hit[i] = int32(mix32(uint32(i)))
		miss[i] = int32(mix32(uint32(n + i)))
	}
	return hit, miss
}

// stringKeys is int64Keys for string keys of 20 bytes: "key-" and the
// int64 key in 16 hexadecimal digits.
func stringKeys(n int) (hit, miss []string) {
	h, m := int64Keys(n)
	hit, miss = make([]string, n), make([]string, n)
	for i := range n {
		hit[i], miss[i] = hexKey(h[i]), hexKey(m[i])
	}
	return hit, miss
}

func hexKey(k int64) string {
	s := strconv.FormatUint(uint64(k), 16)
	return "key-0000000000000000"[:20-len(s)] + s
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

// mix32 scrambles the bits of x, a different number for each x (the
// finaliser of MurmurHash3, whose steps can each be undone).
func mix32(x uint32) uint32 {
	x = (x ^ x>>16) * 0x85ebca6b
	x = (x ^ x>>13) * 0xc2b2ae35
	return x ^ x>>16
}

// TestKeysAreDistinct checks what the benchmarks count on: n hit keys and n
// miss keys, all different.
func TestKeysAreDistinct(t *testing.T) {
	const n = 5000
	check := func(name string, keys []any) {
		t.Helper()
		seen := make(map[any]int, len(keys))
		for i, k := range keys {
			if j, ok := seen[k]; ok {
				t.Fatalf("%s: key %d (%v) repeats key %d", name, i, k, j)
			}
			seen[k] = i
		}
	}
	h64, m64 := int64Keys(n)
	h32, m32 := int32Keys(n)
	hs, ms := stringKeys(n)
	check("int64", append(anys(h64), anys(m64)...))
	check("int32", append(anys(h32), anys(m32)...))
	check("string", append(anys(hs), anys(ms)...))
	if len(hs[0]) != 20 {
		t.Errorf("string key %q has %d bytes; want 20", hs[0], len(hs[0]))
	}
}

func anys[K any](keys []K) []any {
	out := make([]any, len(keys))
	for i, k := range keys {
		out[i] = k
	}
	return out
}

// TestOpsAgree runs every operation of every map type once on a few keys.
func TestOpsAgree(t *testing.T) {
	const n = 100
	for _, typ := range types {
		mo := typ.ops(n)
		mo.fill()
		if got := mo.get(false); got != n {
			t.Errorf("%s: get-hit found %d of %d keys", typ.name, got, n)
		}
		if got := mo.get(true); got != 0 {
			t.Errorf("%s: get-miss found %d keys; want 0", typ.name, got)
		}
		if got := mo.put(); got != n {
			t.Errorf("%s: put made a map of %d entries; want %d", typ.name, got, n)
		}
		if got := mo.iterate(); got != n {
			t.Errorf("%s: iterate produced %d entries; want %d", typ.name, got, n)
		}
	}
}
