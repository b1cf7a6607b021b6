package main

import (
	"fmt"
	"testing"
)

// BenchmarkFill times fill with and without a size hint. The sub-benchmark
// names are key=value pairs, so that benchstat can put presize=false and
// presize=true side by side: go tool benchstat -col /presize FILE.
func BenchmarkFill(b *testing.B) {
	for _, n := range []int{1000, 10_000} {
		for _, presize := range []bool{false, true} {
			hint := 0
			if presize {
				hint = n
			}
			b.Run(fmt.Sprintf("n=%d/presize=%v", n, presize), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					sink = fill(n, hint)
				}
			})
		}
	}
}
