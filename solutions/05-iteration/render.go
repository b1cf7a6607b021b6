package iteration

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Render returns the text of a configuration file holding cfg: one section
// per entry of cfg, its name in brackets, then one "key = value" line per
// entry of the section; a blank line between two sections. Sections come in
// increasing order of name, and the lines of a section in increasing order of
// key, so that the same configuration always renders to the same text:
//
//	[database]
//	host = db.internal
//	port = 5432
//
//	[server]
//	listen = :8080
//
// An empty cfg renders as "", and an empty section as its bracketed name
// alone.
func Render(cfg map[string]map[string]string) string {
	var b strings.Builder
	for _, name := range slices.Sorted(maps.Keys(cfg)) {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "[%s]\n", name)
		section := cfg[name]
		for _, key := range slices.Sorted(maps.Keys(section)) {
			fmt.Fprintf(&b, "%s = %s\n", key, section[key])
		}
	}
	return b.String()
}
