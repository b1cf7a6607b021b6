// Package demo is the fixture lab the runner's tests use.
package demo

// Count returns how many times each word occurs in words.
func Count(words []string) map[string]int {
	counts := make(map[string]int)
	for _, w := range words {
		counts[w]++
	}
	return counts
}

// Has reports whether m has key k, even when its value is zero.
func Has(m map[string]int, k string) bool {
	_, ok := m[k]
	return ok
}
