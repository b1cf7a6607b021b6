package basics

// Histogram counts how many times each reading occurs.
//
// A sensor reports NaN when it has no reading. NaN readings are not keys of
// counts: they are counted in missing instead. counts is never nil, even for
// no readings.
func Histogram(readings []float64) (counts map[float64]int, missing int) {
	// TODO(01): return counts, never nil, holding for each reading that is not
	// NaN how many times it occurs (0 and -0 are one key), and in missing the
	// number of NaN readings. No NaN may become a key: NaN != NaN, so a NaN key
	// is never found again, and each one adds an entry.
	// See chapter 01, sections "Zero values and comma-ok" and "NaN keys: stored, never found".
	// stuck: go run ./tools/lab hint 01
	return nil, 0
}
