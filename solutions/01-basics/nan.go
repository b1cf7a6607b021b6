package basics

// Histogram counts how many times each reading occurs.
//
// A sensor reports NaN when it has no reading. NaN readings are not keys of
// counts: they are counted in missing instead. counts is never nil, even for
// no readings.
func Histogram(readings []float64) (counts map[float64]int, missing int) {
	counts = make(map[float64]int)
	for _, r := range readings {
		if r != r { // only NaN is not equal to itself
			missing++
			continue
		}
		counts[r]++
	}
	return counts, missing
}
