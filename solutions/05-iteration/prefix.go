package iteration

import "maps"

// AddPrefix renames every key k of m to prefix+k, in place: afterwards m
// holds, for each entry k = v it held before, the entry prefix+k = v, and
// nothing else. A key may already start with the prefix: with prefix "app.",
// the entries "port" = "80" and "app.port" = "8080" become "app.port" = "80"
// and "app.app.port" = "8080".
func AddPrefix(m map[string]string, prefix string) {
	renamed := make(map[string]string, len(m))
	for k, v := range m {
		renamed[prefix+k] = v
	}
	clear(m)
	maps.Copy(m, renamed)
}
