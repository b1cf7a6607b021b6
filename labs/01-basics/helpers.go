package basics

// SortedKeys returns the keys of m in increasing order, the same on every call.
func SortedKeys(m map[string]int) []string {
	// TODO(01): return every key of m exactly once, in increasing order, and
	// the same list on every call, although ranging over m gives a different
	// order each time; an empty map gives no keys.
	// See chapter 01, section "The `maps` and `slices` helpers".
	// stuck: go run ./tools/lab hint 01
	return nil
}

// Merge returns a new map: base with overrides applied on top, where an
// override with the empty value "" removes that key. base and overrides are
// never modified, and later changes to the result do not show in them. The
// result is never nil, even when base is nil.
func Merge(base, overrides map[string]string) map[string]string {
	// TODO(01): return a new, non-nil map (even when base is nil) holding
	// base's entries with each override's value on top, minus the keys whose
	// override is "". Never write to base or overrides, and share nothing with
	// them: a map value is a reference, so writing to the result must not
	// change base.
	// See chapter 01, section "The `maps` and `slices` helpers".
	// stuck: go run ./tools/lab hint 01
	return nil
}
