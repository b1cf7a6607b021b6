package swiss

import (
	"fmt"
	"io"
	"strings"
)

// The layout dump: what the map looks like inside, as text or as a Mermaid
// flowchart. Tests print it when a layout check fails, and the chapter's
// diagrams are made from it (TestStep8Layout with -layout=NAME).

// detailSlots is the largest table whose groups and slots the dump shows;
// bigger tables are summed up in one line.
const detailSlots = 64

// layout writes the layout of m to w, in format "text" or "mermaid".
func (m *Map[K, V]) layout(w io.Writer, format string) error {
	var b strings.Builder
	switch format {
	case "text":
		m.layoutText(&b)
	case "mermaid":
		m.layoutMermaid(&b)
	default:
		return fmt.Errorf("layout format %q: want text or mermaid", format)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// layoutString returns the text layout, for test messages.
func (m *Map[K, V]) layoutString() string {
	var b strings.Builder
	m.layoutText(&b)
	return b.String()
}

// tables returns the distinct tables of the directory, in directory order.
func (m *Map[K, V]) tables() []*table[K, V] {
	var ts []*table[K, V]
	for i, t := range m.directory {
		if i == 0 || t != m.directory[i-1] {
			ts = append(ts, t)
		}
	}
	return ts
}

// slotText describes slot j of g: its control byte, and the entry if full.
// home is the group the key's probe sequence starts at, shown when it is not
// this group, or -1 to leave it out.
func slotText[K comparable, V any](g *group[K, V], j int, home int) string {
	c := g.ctrl.get(j)
	switch {
	case c == ctrlEmpty:
		return fmt.Sprintf("%#02x empty", uint8(c))
	case c == ctrlDeleted:
		return fmt.Sprintf("%#02x deleted", uint8(c))
	case c >= 0x80:
		return fmt.Sprintf("%#02x invalid", uint8(c))
	}
	s := fmt.Sprintf("%#02x full    key %v value %v", uint8(c), g.slots[j].key, g.slots[j].value)
	if home >= 0 {
		s += fmt.Sprintf(" (home group %d)", home)
	}
	return s
}

// homeGroup returns the first group of key's probe sequence in t, or -1 for
// a key that is not equal to itself (its hash is random).
func (m *Map[K, V]) homeGroup(t *table[K, V], key K) int {
	if key != key {
		return -1
	}
	return int(h1(m.hash(key)) & t.groupMask())
}

// plural returns "1 entry" or "n entries".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// depthBits writes i as a depth-bit binary number: the hash prefix of a
// directory entry.
func depthBits(i int, depth uint8) string {
	if depth == 0 {
		return "any"
	}
	return fmt.Sprintf("%0*b", int(depth), i)
}

func (m *Map[K, V]) layoutText(b *strings.Builder) {
	if m.directory == nil {
		fmt.Fprintf(b, "small map: used %d of %d slots, no table, no directory\n", m.used, groupSlots)
		if m.small == nil {
			b.WriteString("no group yet: the first Put allocates it\n")
			return
		}
		fmt.Fprintf(b, "group: ctrl word %#016x (slot 7 ... slot 0)\n", uint64(m.small.ctrl))
		for j := range groupSlots {
			fmt.Fprintf(b, "  slot %d: %s\n", j, slotText(m.small, j, -1))
		}
		return
	}
	ts := m.tables()
	fmt.Fprintf(b, "map: used %d, globalDepth %d, directory of %s, %s\n",
		m.used, m.globalDepth, plural(len(m.directory), "entry", "entries"), plural(len(ts), "table", "tables"))
	for i, t := range m.directory {
		fmt.Fprintf(b, "directory[%d] (hash prefix %s) -> table %d\n", i, depthBits(i, m.globalDepth), t.index)
	}
	for _, t := range ts {
		fmt.Fprintf(b, "table %d: localDepth %d, capacity %d (%d groups), used %d, tombstones %d, growthLeft %d\n",
			t.index, t.localDepth, t.capacity, len(t.groups), t.used, t.tombstones(), t.growthLeft)
		if t.capacity > detailSlots {
			continue
		}
		for gi := range t.groups {
			g := &t.groups[gi]
			fmt.Fprintf(b, "  group %d: ctrl word %#016x (slot 7 ... slot 0)\n", gi, uint64(g.ctrl))
			for j := range groupSlots {
				home := -1
				if g.ctrl.get(j) < 0x80 {
					if h := m.homeGroup(t, g.slots[j].key); h != gi {
						home = h
					}
				}
				fmt.Fprintf(b, "    slot %d: %s\n", j, slotText(g, j, home))
			}
		}
	}
}

// mermaidGroup writes group g as a subgraph of 8 slot nodes in a row; id
// names the subgraph, and t is its table and gi its index there (nil and 0
// for a small map).
func (m *Map[K, V]) mermaidGroup(b *strings.Builder, id, title string, g *group[K, V], t *table[K, V], gi int) {
	fmt.Fprintf(b, "    subgraph %s[\"%s · ctrl word %#016x\"]\n", id, title, uint64(g.ctrl))
	b.WriteString("        direction LR\n")
	for j := range groupSlots {
		c := g.ctrl.get(j)
		label := fmt.Sprintf("slot %d<br>%#02x", j, uint8(c))
		class := "empty"
		switch {
		case c == ctrlEmpty:
			label += "<br>empty"
		case c == ctrlDeleted:
			label += "<br>deleted"
			class = "deleted"
		case c >= 0x80:
			label += "<br>invalid"
			class = "deleted"
		default:
			key := g.slots[j].key
			label += fmt.Sprintf("<br>key %v", key)
			class = "full"
			if t != nil {
				if home := m.homeGroup(t, key); home >= 0 && home != gi {
					label += fmt.Sprintf("<br>home group %d", home)
					class = "moved"
				}
			}
		}
		fmt.Fprintf(b, "        %s_s%d[\"%s\"]:::%s\n", id, j, mermaidText(label), class)
	}
	b.WriteString("        ")
	for j := range groupSlots {
		if j > 0 {
			b.WriteString(" ~~~ ")
		}
		fmt.Fprintf(b, "%s_s%d", id, j)
	}
	b.WriteString("\n    end\n")
}

// mermaidText keeps a label safe inside ["..."]: no double quotes.
func mermaidText(s string) string {
	return strings.ReplaceAll(s, `"`, "#quot;")
}

func (m *Map[K, V]) layoutMermaid(b *strings.Builder) {
	b.WriteString("flowchart LR\n")
	b.WriteString("    classDef full fill:#d9f2d9,stroke:#3a7a3a,color:#000\n")
	b.WriteString("    classDef moved fill:#fff2b3,stroke:#8a7000,color:#000\n")
	b.WriteString("    classDef deleted fill:#f9d3c6,stroke:#a33b14,color:#000\n")
	b.WriteString("    classDef empty fill:#f4f4f4,stroke:#999,color:#555\n")
	if m.directory == nil {
		fmt.Fprintf(b, "    m[\"Map<br>used %d<br>small: one group,<br>no table, no directory\"]\n", m.used)
		if m.small == nil {
			return
		}
		m.mermaidGroup(b, "g0", "group", m.small, nil, 0)
		b.WriteString("    m --> g0\n")
		return
	}
	ts := m.tables()
	fmt.Fprintf(b, "    m[\"Map<br>used %d<br>globalDepth %d\"]\n", m.used, m.globalDepth)
	if len(m.directory) > 1 {
		fmt.Fprintf(b, "    subgraph dir[\"directory · %s\"]\n", plural(len(m.directory), "entry", "entries"))
		b.WriteString("        direction TB\n")
		for i := range m.directory {
			fmt.Fprintf(b, "        d%d[\"entry %d<br>hash prefix %s\"]\n", i, i, depthBits(i, m.globalDepth))
		}
		b.WriteString("    end\n")
		b.WriteString("    m --> dir\n")
	}
	for _, t := range ts {
		id := fmt.Sprintf("t%d", t.index)
		fmt.Fprintf(b, "    %s[\"table %d<br>localDepth %d<br>capacity %d<br>used %d<br>tombstones %d<br>growthLeft %d\"]\n",
			id, t.index, t.localDepth, t.capacity, t.used, t.tombstones(), t.growthLeft)
	}
	if len(m.directory) == 1 {
		// One table, one directory entry: leave the directory out.
		b.WriteString("    m --> t0\n")
	} else {
		for i, t := range m.directory {
			fmt.Fprintf(b, "    d%d --> t%d\n", i, t.index)
		}
	}
	for _, t := range ts {
		if t.capacity > detailSlots {
			continue
		}
		for gi := range t.groups {
			id := fmt.Sprintf("t%d_g%d", t.index, gi)
			m.mermaidGroup(b, id, fmt.Sprintf("group %d", gi), &t.groups[gi], t, gi)
			fmt.Fprintf(b, "    t%d --> %s\n", t.index, id)
		}
	}
}
