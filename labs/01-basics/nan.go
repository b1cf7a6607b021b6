package basics

// Histogram counts how many times each reading occurs.
//
// A sensor reports NaN when it has no reading. NaN readings are not keys of
// counts: they are counted in missing instead. counts is never nil, even for
// no readings.
func Histogram(readings []float64) (counts map[float64]int, missing int) {
	// TODO(01): count each reading with counts[r]++ (a missing key reads as 0),
	// but count NaN readings in missing: NaN != NaN, so every NaN inserted as a
	// key would add a new entry that no lookup can ever find.
	return nil, 0
}
