package iteration

// AddPrefix renames every key k of m to prefix+k, in place: afterwards m
// holds, for each entry k = v it held before, the entry prefix+k = v, and
// nothing else. A key may already start with the prefix: with prefix "app.",
// the entries "port" = "80" and "app.port" = "8080" become "app.port" = "80"
// and "app.app.port" = "8080".
func AddPrefix(m map[string]string, prefix string) {
	// TODO(05): a key added during range may or may not be produced later in
	// the same loop, so a renamed key can be renamed again; and renaming k
	// can overwrite prefix+k before that entry is renamed itself. Build the
	// renamed entries in a new map first, then replace m's entries with them
	// (clear, then maps.Copy).
	for k, v := range m {
		delete(m, k)
		m[prefix+k] = v
	}
}
