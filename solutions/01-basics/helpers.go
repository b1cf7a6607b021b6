package basics

import (
	"maps"
	"slices"
)

// SortedKeys returns the keys of m in increasing order, the same on every call.
func SortedKeys(m map[string]int) []string {
	return slices.Sorted(maps.Keys(m))
}

// Merge returns a new map: base with overrides applied on top, where an
// override with the empty value "" removes that key. base and overrides are
// never modified, and later changes to the result do not show in them. The
// result is never nil, even when base is nil.
func Merge(base, overrides map[string]string) map[string]string {
	merged := maps.Clone(base)
	if merged == nil {
		merged = make(map[string]string, len(overrides))
	}
	maps.Copy(merged, overrides)
	maps.DeleteFunc(merged, func(_, v string) bool { return v == "" })
	return merged
}
