package inspect

import (
	"fmt"
	"strings"
)

// Options tune the renderers.
type Options struct {
	// MaxRows is how many groups of each table, or buckets of each array,
	// are drawn; the rest are summed up in one line. 0 means the default
	// (256); a negative value means all.
	MaxRows int

	// NoSeed leaves out the seed (and, in text, the control bytes and
	// tophash values, which depend on it), for output that does not change
	// from one run to the next.
	NoSeed bool
}

func (o Options) maxRows(def int) int {
	switch {
	case o.MaxRows == 0:
		return def
	case o.MaxRows < 0:
		return int(^uint(0) >> 1)
	}
	return o.MaxRows
}

// Text draws the layout as text, with the default Options.
func (l *Layout) Text() string { return l.TextWith(Options{}) }

// TextWith draws the layout as text: the header fields, then one line per
// group (Swiss) or bucket and its overflow chain (classic), one two-character
// cell per slot, then a legend.
func (l *Layout) TextWith(o Options) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: len %d, %s (%s)\n", l.Type, l.Len, l.Kind, l.Version)
	if l.IndirectKey || l.IndirectElem {
		fmt.Fprintf(&b, "slots hold pointers to the %s (over %d bytes)\n", indirectWhat(l), MaxInlineBytes)
	}
	switch {
	case l.Nil:
		b.WriteString("nil map: no header, no memory\n")
	case l.Swiss != nil:
		l.Swiss.text(&b, o)
	case l.Classic != nil:
		l.Classic.text(&b, o)
	}
	return b.String()
}

func indirectWhat(l *Layout) string {
	switch {
	case l.IndirectKey && l.IndirectElem:
		return "keys and values"
	case l.IndirectKey:
		return "keys"
	}
	return "values"
}

func seedText(o Options, v uint64) string {
	if o.NoSeed {
		return "(not shown)"
	}
	return fmt.Sprintf("%#x", v)
}

// groupParts says what a group is made of.
func (s *SwissLayout) groupParts() string {
	if s.Split {
		return fmt.Sprintf("8 control bytes + 8 keys of %s + 8 values of %s", byteCount(s.KeyStride), byteCount(s.ElemStride))
	}
	return fmt.Sprintf("8 control bytes + 8 slots of %s", byteCount(s.SlotSize))
}

// offsets says where key i and value i start in a group; times is the
// multiplication sign.
func (s *SwissLayout) offsets(times string) string {
	return fmt.Sprintf("key i at %d + %d%si, value i at %d + %d%si",
		s.KeysOff, s.KeyStride, times, s.ElemsOff, s.ElemStride, times)
}

func byteCount(n int) string {
	if n == 1 {
		return "1 byte"
	}
	return fmt.Sprintf("%d bytes", n)
}

// swissCell is the two-character text of a control byte.
func swissCell(c uint8, o Options) string {
	switch {
	case c == CtrlEmpty:
		return ".."
	case c == CtrlDeleted:
		return "xx"
	case c&0x80 == 0 && o.NoSeed:
		return "##"
	case c&0x80 == 0:
		return fmt.Sprintf("%02x", c)
	}
	return "??"
}

// compactAfter is the number of groups or buckets past which text draws one
// character per slot instead of two.
const compactAfter = 32

func (s *SwissLayout) text(b *strings.Builder, o Options) {
	fmt.Fprintf(b, "Map: used %d, seed %s, dirLen %d, globalDepth %d, globalShift %d, tombstonePossible %v, clearSeq %d\n",
		s.Used, seedText(o, s.Seed), s.DirLen, s.GlobalDepth, s.GlobalShift, s.TombstonePossible, s.ClearSeq)
	fmt.Fprintf(b, "group: %d bytes = %s\n", s.GroupSize, s.groupParts())
	fmt.Fprintf(b, "layout: %s: %s\n", s.GroupLayout(), s.offsets("*"))
	compact := false
	groups := func(gs []Group) {
		rows := min(len(gs), o.maxRows(256))
		if !compact {
			for j, g := range gs[:rows] {
				cells := make([]string, len(g.Ctrl))
				for i, c := range g.Ctrl {
					cells[i] = swissCell(c, o)
				}
				fmt.Fprintf(b, "  %-5s %s\n", fmt.Sprintf("g%d", j), strings.Join(cells, " "))
			}
		} else {
			for j := 0; j < rows; j += 8 {
				line := make([]string, 0, 8)
				for _, g := range gs[j:min(j+8, rows)] {
					var cells [GroupSlots]byte
					for i, c := range g.Ctrl {
						cells[i] = swissChar(c)
					}
					line = append(line, string(cells[:]))
				}
				fmt.Fprintf(b, "  %-9s %s\n", fmt.Sprintf("g%d-%d", j, min(j+8, rows)-1), strings.Join(line, " "))
			}
		}
		if rows < len(gs) {
			fmt.Fprintf(b, "  ... %d more groups\n", len(gs)-rows)
		}
	}
	switch {
	case s.DirLen == 0 && s.Small == nil:
		b.WriteString("small map with no group yet: nothing allocated\n")
	case s.DirLen == 0:
		fmt.Fprintf(b, "small map: one group of %d slots, no table, no directory\n", GroupSlots)
		groups([]Group{*s.Small})
	default:
		dir := make([]string, 0, len(s.Directory))
		for i, t := range s.Directory {
			if i == 32 {
				dir = append(dir, fmt.Sprintf("... (%d more)", len(s.Directory)-i))
				break
			}
			dir = append(dir, fmt.Sprintf("T%d", t))
		}
		fmt.Fprintf(b, "directory: %s\n", strings.Join(dir, " "))
		for _, t := range s.Tables {
			compact = compact || len(t.Groups) > compactAfter
		}
		for n, t := range s.Tables {
			fmt.Fprintf(b, "table T%d: capacity %d, used %d, growthLeft %d, tombstones %d, localDepth %d, index %d\n",
				n, t.Capacity, t.Used, t.GrowthLeft, t.Tombstones, t.LocalDepth, t.Index)
			groups(t.Groups)
		}
	}
	l := Layout{Swiss: s}
	fmt.Fprintf(b, "slots %d, full %d, tombstones %d\n", l.Capacity(), l.Full(), l.Tombstones())
	full := "00-7f full (H2 = hash & 0x7f)"
	if o.NoSeed {
		full = "## full"
	}
	legend := fmt.Sprintf("legend: %s, .. empty (0x80), xx deleted (0xfe, a tombstone)", full)
	if compact {
		legend = "legend: one character a slot, groups of 8: # full, . empty (0x80), x deleted (0xfe, a tombstone)"
	}
	b.WriteString(legend + "\n")
}

func swissChar(c uint8) byte {
	switch {
	case c == CtrlEmpty:
		return '.'
	case c == CtrlDeleted:
		return 'x'
	case c&0x80 == 0:
		return '#'
	}
	return '?'
}

// classicCell is the two-character text of a tophash byte.
func classicCell(t uint8, o Options) string {
	switch t {
	case EmptyRest:
		return ".."
	case EmptyOne:
		return "--"
	case EvacuatedX:
		return "eX"
	case EvacuatedY:
		return "eY"
	case EvacuatedEmpty:
		return "e."
	}
	if o.NoSeed {
		return "##"
	}
	return fmt.Sprintf("%02x", t)
}

func classicChar(t uint8) byte {
	if t >= MinTopHash {
		return '#'
	}
	return ".-XYe"[t]
}

func (c *ClassicLayout) text(b *strings.Builder, o Options) {
	fmt.Fprintf(b, "hmap: count %d, flags %#x, B %d, noverflow %d, hash0 %s, nevacuate %d, clearSeq %d\n",
		c.Count, c.Flags, c.B, c.NOverflow, seedText(o, uint64(c.Hash0)), c.Nevacuate, c.ClearSeq)
	fmt.Fprintf(b, "bucket: %d bytes = 8 tophash + 8 keys of %d + 8 values of %d + overflow pointer\n",
		c.BucketSize, c.KeySize, c.ValueSize)
	compact := len(c.Buckets) > compactAfter || len(c.OldBuckets) > compactAfter
	array := func(name string, arr []Bucket) {
		rows := min(len(arr), o.maxRows(256))
		for i, bk := range arr[:rows] {
			chain := make([]string, len(bk.Chain))
			for k, th := range bk.Chain {
				if compact {
					var cells [BucketSlots]byte
					for j, t := range th {
						cells[j] = classicChar(t)
					}
					chain[k] = string(cells[:])
					continue
				}
				cells := make([]string, len(th))
				for j, t := range th {
					cells[j] = classicCell(t, o)
				}
				chain[k] = strings.Join(cells, " ")
			}
			fmt.Fprintf(b, "  %-6s %s\n", fmt.Sprintf("%s%d", name, i), strings.Join(chain, " -> "))
		}
		if rows < len(arr) {
			fmt.Fprintf(b, "  ... %d more buckets\n", len(arr)-rows)
		}
	}
	if c.Buckets == nil {
		b.WriteString("no bucket array yet: nothing allocated\n")
	} else {
		fmt.Fprintf(b, "buckets: %d (2^%d)\n", len(c.Buckets), c.B)
		array("b", c.Buckets)
	}
	if c.Growing() {
		how := fmt.Sprintf("doubling from %d to %d buckets", len(c.OldBuckets), len(c.Buckets))
		if c.SameSizeGrow() {
			how = fmt.Sprintf("same-size growth of %d buckets (too many overflow buckets)", len(c.Buckets))
		}
		fmt.Fprintf(b, "oldbuckets: %d, growing: %s, nevacuate %d (old buckets below it are evacuated)\n",
			len(c.OldBuckets), how, c.Nevacuate)
		array("old", c.OldBuckets)
	}
	l := Layout{Classic: c}
	fmt.Fprintf(b, "slots %d, full %d, overflow buckets %d\n", l.Capacity(), l.Full(), c.overflowBuckets())
	full := "05-ff full (tophash = top byte of the hash, +5 if below 5)"
	if o.NoSeed {
		full = "## full"
	}
	legend := fmt.Sprintf("legend: %s, .. emptyRest, -- emptyOne, eX eY e. evacuated (to X, to Y, empty), -> overflow bucket", full)
	if compact {
		legend = "legend: one character a slot: # full, . emptyRest, - emptyOne, X Y e evacuated (to X, to Y, empty), -> overflow bucket"
	}
	b.WriteString(legend + "\n")
}

// overflowBuckets counts the overflow buckets linked in both arrays.
func (c *ClassicLayout) overflowBuckets() int {
	n := 0
	for _, arr := range [][]Bucket{c.Buckets, c.OldBuckets} {
		for _, b := range arr {
			n += len(b.Chain) - 1
		}
	}
	return n
}
