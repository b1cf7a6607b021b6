package iteration_test

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
)

// result calls f and returns what it returns. If f panics instead, the test
// fails with a message naming what was called (rather than crashing the test
// binary), and ok is false.
func result[T any](t *testing.T, what string, f func() T) (got T, ok bool) {
	t.Helper()
	defer func() {
		t.Helper()
		if r := recover(); r != nil {
			t.Errorf("%s panicked: %v; want it to return normally", what, r)
			ok = false
		}
	}()
	return f(), true
}

// firstDifference returns the first line (counting from 1) where a and b
// differ, and that line of each ("" past the end).
func firstDifference(a, b string) (line int, inA, inB string) {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range max(len(la), len(lb)) {
		inA, inB = at(la, i), at(lb, i)
		if inA != inB || i >= len(la) || i >= len(lb) {
			return i + 1, inA, inB
		}
	}
	return 0, "", ""
}

func at(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return ""
}

// show prints a map with its keys sorted, at most limit entries.
func show(m map[string]string, limit int) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if len(parts) == limit {
			parts = append(parts, fmt.Sprintf("... (%d entries)", len(m)))
			break
		}
		parts = append(parts, fmt.Sprintf("%q: %q", k, m[k]))
	}
	return "{" + strings.Join(parts, ", ") + "}"
}
