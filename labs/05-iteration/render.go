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
	// TODO(05): step 1. Write the sections in increasing order of name, and
	// the lines of each section in increasing order of key, so that the same
	// cfg gives the same text on every call. As shipped, ranging over cfg,
	// and over each section, produces the entries in a different order on
	// every call.
	// See chapter 05, section "Deterministic output".
	// stuck: go run ./tools/lab hint 05
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
