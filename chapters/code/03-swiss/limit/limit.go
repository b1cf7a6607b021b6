// Package limit measures what one difference between github.com/cockroachdb/swiss and the
// runtime's map is worth on lookups: the size a table (cockroach: a bucket) reaches before it
// splits. The runtime splits a table at 1024 slots; cockroach's default is 4096
// (defaultMaxBucketCapacity), so a map of 1,000 entries is one bucket, held inside the Map and
// found without reading the directory, where the runtime's map of 1,000 entries has a directory
// of two tables (go run ./chapters/code/03-swiss/limit/tables prints them). cockroach-1024 is
// the same library built with the runtime's limit (WithMaxBucketCapacity(1024)); the three run
// side by side, and benchstat compares them:
//
//	go run ./chapters/code/03-swiss/limit/compare
package limit

import "fmt"

// Lens are the sizes of the maps the benchmark measures.
var Lens = []int{1_000, 100_000}

// LenName is how the course's benchmarks name a length: 1e3, 1e5.
func LenName(n int) string {
	e := 0
	for ; n >= 10; n /= 10 {
		e++
	}
	return fmt.Sprintf("%de%d", n, e)
}

// Keys returns n keys to put in a map and n other keys that are not in it, spread by a
// SplitMix64 step so that they are not in order.
func Keys(n int) (hit, miss []int64) {
	hit, miss = make([]int64, n), make([]int64, n)
	x := uint64(n) << 32
	next := func() int64 {
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return int64(z ^ z>>31)
	}
	for i := range hit {
		hit[i] = next()
	}
	for i := range miss {
		miss[i] = next()
	}
	return hit, miss
}
