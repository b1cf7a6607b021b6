// Package demo is the fixture lab the runner's tests use.
package demo

// Count returns how many times each word occurs in words.
func Count(words []string) map[string]int {
	// TODO(01): count the words in a map.
	return nil
}

// Has reports whether m has key k, even when its value is zero.
func Has(m map[string]int, k string) bool {
	// TODO(01): use the comma-ok form.
	return false
}
