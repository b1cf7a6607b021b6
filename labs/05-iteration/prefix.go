package iteration

// AddPrefix renames every key k of m to prefix+k, in place: afterwards m
// holds, for each entry k = v it held before, the entry prefix+k = v, and
// nothing else. A key may already start with the prefix: with prefix "app.",
// the entries "port" = "80" and "app.port" = "8080" become "app.port" = "80"
// and "app.app.port" = "8080".
func AddPrefix(m map[string]string, prefix string) {
	// TODO(05): step 4. Rename each key exactly once, whatever order the
	// entries come in, and lose no entry, even when prefix+k is itself a key
	// of m. As shipped, a key added during range may or may not be produced
	// later in the same loop, so a renamed key can be renamed again; and
	// renaming k can overwrite prefix+k before that entry is renamed itself.
	// See chapter 05, section "Changing the map during `range`".
	// stuck: go run ./tools/lab hint 05
	for k, v := range m {
		delete(m, k)
		m[prefix+k] = v
	}
}
