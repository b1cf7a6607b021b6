package iteration

import (
	"fmt"
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
	// TODO(05): ranging over cfg, and over each section, produces the
	// entries in a different order on every call: range over the sorted
	// names and keys instead (slices.Sorted(maps.Keys(...))).
	for name, section := range cfg {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "[%s]\n", name)
		for key, value := range section {
			fmt.Fprintf(&b, "%s = %s\n", key, value)
		}
	}
	return b.String()
}
