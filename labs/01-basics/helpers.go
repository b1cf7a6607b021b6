package basics

// SortedKeys returns the keys of m in increasing order, the same on every call.
func SortedKeys(m map[string]int) []string {
	// TODO(01): collect and sort the keys with slices.Sorted(maps.Keys(m)).
	return nil
}

// Merge returns a new map: base with overrides applied on top, where an
// override with the empty value "" removes that key. base and overrides are
// never modified, and later changes to the result do not show in them. The
// result is never nil, even when base is nil.
func Merge(base, overrides map[string]string) map[string]string {
	// TODO(01): start from maps.Clone(base) (beware: the clone of a nil map is
	// nil), apply overrides with maps.Copy, then drop empty values with
	// maps.DeleteFunc.
	return nil
}
