package basics_test

import (
	"maps"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"gomaps/labs/01-basics"
	"gomaps/labs/internal/labtest"
)

func TestHistogramCountsReadings(t *testing.T) {
	negZero := math.Copysign(0, -1)
	var counts map[float64]int
	if !labtest.Try(t, "Histogram(readings)", func() {
		counts, _ = basics.Histogram([]float64{1.5, 2, 1.5, 0, negZero, 1.5})
	}) {
		return
	}
	// 0.0 == -0.0, so they are one key.
	want := map[float64]int{1.5: 3, 2: 1, 0: 2}
	if !maps.Equal(counts, want) {
		t.Errorf("Histogram([1.5 2 1.5 0 -0 1.5]) counts = %v; want %v: counts[r]++ works because a missing key reads as 0 (and 0.0 == -0.0 is one key)", counts, want)
	}

	labtest.Try(t, "Histogram(nil)", func() { counts, _ = basics.Histogram(nil) })
	if counts == nil {
		t.Errorf("Histogram(nil) counts = nil; want an empty, non-nil map, so that callers can add to it")
	}
}

func TestHistogramNaNKeys(t *testing.T) {
	// The language rules first: NaN != NaN, so every insert of a NaN key adds
	// an entry, no lookup or delete finds one, and only clear removes them.
	nan := math.NaN()
	m := map[float64]int{}
	m[nan] = 1
	m[nan] = 2
	require.Len(t, m, 2, "each insert of a NaN key adds a new entry")
	_, ok := m[nan]
	require.False(t, ok, "a lookup never finds a NaN key")
	delete(m, nan)
	require.Len(t, m, 2, "delete never finds a NaN key")
	clear(m)
	require.Empty(t, m, "clear removes every entry, NaN keys included")

	readings := []float64{nan, 1, nan, 7, nan}
	var (
		counts  map[float64]int
		missing int
	)
	if !labtest.Try(t, "Histogram(readings)", func() { counts, missing = basics.Histogram(readings) }) {
		return
	}
	if missing != 3 {
		t.Errorf("Histogram([NaN 1 NaN 7 NaN]) missing = %d; want 3: each NaN reading is a missing reading", missing)
	}
	nanKeys := 0
	for k := range counts {
		if k != k {
			nanKeys++
		}
	}
	if nanKeys > 0 {
		t.Errorf("Histogram([NaN 1 NaN 7 NaN]) counts has %d NaN keys; want none: NaN != NaN, so a NaN key can never be looked up again; count NaNs in missing", nanKeys)
	}
	if want := map[float64]int{1: 1, 7: 1}; !maps.Equal(counts, want) {
		t.Errorf("Histogram([NaN 1 NaN 7 NaN]) counts = %v; want %v", counts, want)
	}
}
