package bench

import (
	"fmt"
	"strings"
	"testing"

	"gomaps/labs/benchtables"
)

// mineResults makes the results of rounds of bench -mine in which the built-in map takes 10 ns
// on every row and swiss takes 10 ns times ratio(round).
func mineResults(rounds int, ratio func(round int) float64) string {
	var b strings.Builder
	for r := range rounds {
		for _, op := range mineOps {
			for _, l := range mineLens {
				for _, k := range benchtables.Keys {
					for _, impl := range []string{"builtin", "swiss"} {
						ns := 10.0
						if impl == "swiss" {
							ns *= ratio(r)
						}
						fmt.Fprintf(&b, "BenchmarkMap/impl=%s/op=%s/len=%s/key=%s-2  1000000  %.2f ns/op\n", impl, op, l, k, ns)
					}
				}
			}
		}
	}
	return b.String()
}

// TestMineSaysWhatItCannotTell: a run whose rounds disagree says so, row by row, and says what
// to do for a steadier figure; a steady run places every row and says nothing of noise. The
// noisy case is the one a learner met: medians that look like a verdict over rounds that cross
// the target.
func TestMineSaysWhatItCannotTell(t *testing.T) {
	steady, err := mineRatios(mineResults(6, func(int) float64 { return 1.1 }), []string{"swiss"}, 6)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"12 rows within 1.5x in every round, 0 over it in every round;", "within the target of 1.2x in every round."} {
		if !strings.Contains(steady, want) {
			t.Errorf("a steady run:\n%s\ndoes not say %q", steady, want)
		}
	}
	if strings.Contains(steady, "steadier") {
		t.Errorf("a steady run asks for a steadier figure:\n%s", steady)
	}
	noisy, err := mineRatios(mineResults(6, func(r int) float64 { return []float64{0.6, 1.0, 1.9, 0.7, 2.2, 1.1}[r] }), []string{"swiss"}, 6)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"0 rows within 1.5x in every round, 0 over it in every round, and 12 that cross it from one round to another, which this run cannot place",
		"this run cannot say whether your map meets it", "For a steadier figure", "bench -mine -count 12"} {
		if !strings.Contains(noisy, want) {
			t.Errorf("a noisy run:\n%s\ndoes not say %q", noisy, want)
		}
	}
}
