// The benchmark of this package: see limit.go.
package limit

import (
	"fmt"
	"testing"

	cockroach "github.com/cockroachdb/swiss"

	"gomaps/chapters/code/internal/cputime"
)

// lookup is one of the maps, filled with the keys of hit, key i with the value i.
type lookup func(k int64) (int64, bool)

func builtin(hit []int64) lookup {
	m := make(map[int64]int64)
	for i, k := range hit {
		m[k] = int64(i)
	}
	return func(k int64) (int64, bool) { v, ok := m[k]; return v, ok }
}

func swiss(capacity uint32) func(hit []int64) lookup {
	return func(hit []int64) lookup {
		var opts []cockroach.Option[int64, int64]
		if capacity != 0 {
			opts = append(opts, cockroach.WithMaxBucketCapacity[int64, int64](capacity))
		}
		m := cockroach.New[int64, int64](0, opts...)
		for i, k := range hit {
			m.Put(k, int64(i))
		}
		return m.Get
	}
}

var impls = []struct {
	name string
	fill func(hit []int64) lookup
}{
	{"builtin", builtin},
	{"cockroach", swiss(0)},
	{"cockroach-1024", swiss(1024)},
}

var sink int64

// BenchmarkLookup times v, ok := m[k] for keys in the map (get-hit) and not in it (get-miss),
// each map alone, the keys in turn: wall-clock time (sec/op) and processor time (cpu-ns/op,
// which the time spent waiting for a processor on a busy machine does not inflate). The maps are called through a func value: the call costs
// each map the same, and the ratios between them are what the chapter reads.
func BenchmarkLookup(b *testing.B) {
	for _, op := range []string{"get-hit", "get-miss"} {
		for _, n := range Lens {
			hit, miss := Keys(n)
			ks := hit
			if op == "get-miss" {
				ks = miss
			}
			for _, impl := range impls {
				get := impl.fill(hit)
				b.Run(fmt.Sprintf("op=%s/len=%s/impl=%s", op, LenName(n), impl.name), func(b *testing.B) {
					cpu0 := cputime.Now()
					for i := 0; b.Loop(); i++ {
						v, _ := get(ks[i%len(ks)])
						sink += v
					}
					if cpu1 := cputime.Now(); cpu0 >= 0 && cpu1 >= 0 {
						b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/op")
					}
				})
			}
		}
	}
}

// TestMapsAgree checks that the three maps hold what was put in them and nothing else, so that
// the benchmark compares lookups that give the same answers.
func TestMapsAgree(t *testing.T) {
	for _, n := range Lens {
		hit, miss := Keys(n)
		for _, impl := range impls {
			get := impl.fill(hit)
			for i, k := range hit {
				if v, ok := get(k); !ok || v != int64(i) {
					t.Fatalf("%s, %d keys: key %d gives %d, %t; want %d, true", impl.name, n, k, v, ok, i)
				}
			}
			for _, k := range miss {
				if _, ok := get(k); ok {
					t.Fatalf("%s, %d keys: key %d, never put, is found", impl.name, n, k)
				}
			}
		}
	}
}
