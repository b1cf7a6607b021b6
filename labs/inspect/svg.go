package inspect

import (
	"fmt"
	"html"
	"strings"
)

// SVG draws the layout as a self-contained SVG image, with the default
// Options.
func (l *Layout) SVG() string { return l.SVGWith(Options{}) }

// SVGWith draws the layout as a self-contained SVG image (no scripts, no
// external fonts or styles): the header fields as text, then every group as a
// row of 8 cells coloured by control byte (Swiss), or every bucket as a row of
// 8 cells coloured by tophash, its overflow buckets to the right (classic),
// then a legend. Past 64 rows the cells shrink and lose their labels, so that
// a large map still fits on a page.
func (l *Layout) SVGWith(o Options) string {
	d := &svgDoc{}
	d.line(fmt.Sprintf("%s · len %d · %s (%s)", l.Type, l.Len, l.Kind, l.Version), true)
	if l.IndirectKey || l.IndirectElem {
		d.line(fmt.Sprintf("slots hold pointers to the %s (over %d bytes)", indirectWhat(l), MaxInlineBytes), false)
	}
	switch {
	case l.Nil:
		d.line("nil map: no header, no memory", false)
	case l.Swiss != nil:
		l.Swiss.svg(d, o)
	case l.Classic != nil:
		l.Classic.svg(d, o)
	}
	return d.finish()
}

const (
	svgMargin = 12
	svgLine   = 18 // height of a line of text
	svgFont   = `font-family="DejaVu Sans Mono, Menlo, Consolas, monospace"`
)

// svgDoc accumulates elements top to bottom; y is the next free line and w
// the widest x drawn so far.
type svgDoc struct {
	b    strings.Builder
	y, w int
}

func (d *svgDoc) grow(x int) {
	if x > d.w {
		d.w = x
	}
}

// text draws s with its baseline at (x, y).
func (d *svgDoc) text(x, y int, s string, size int, attrs string) {
	fmt.Fprintf(&d.b, `<text x="%d" y="%d" font-size="%d" %s>%s</text>`+"\n", x, y, size, attrs, html.EscapeString(s))
	d.grow(x + len([]rune(s))*size*62/100)
}

// line draws one line of text at the left margin and moves down.
func (d *svgDoc) line(s string, bold bool) {
	attrs := `fill="#222"`
	size := 12
	if bold {
		attrs += ` font-weight="bold"`
		size = 14
	}
	d.y += svgLine
	d.text(svgMargin, d.y, s, size, attrs)
}

// cellStyle is how a slot is drawn: fill, text colour and label.
type cellStyle struct{ fill, ink, label string }

// cell draws one slot of the given size with its top-left corner at (x, y).
func (d *svgDoc) cell(x, y, size int, st cellStyle, small bool) {
	fmt.Fprintf(&d.b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#888" stroke-width="0.5"/>`+"\n",
		x, y, size, size, st.fill)
	if !small && st.label != "" {
		fmt.Fprintf(&d.b, `<text x="%d" y="%d" font-size="10" text-anchor="middle" fill="%s">%s</text>`+"\n",
			x+size/2, y+size/2+4, st.ink, html.EscapeString(st.label))
	}
	d.grow(x + size)
}

// legend draws one line of sample cells with their meanings.
func (d *svgDoc) legend(items []cellStyle, meanings []string) {
	d.y += 8
	x := svgMargin
	for i, st := range items {
		d.cell(x, d.y, 16, st, false)
		d.text(x+20, d.y+12, meanings[i], 11, `fill="#222"`)
		x += 20 + len([]rune(meanings[i]))*11*62/100 + 16
	}
	d.y += 16
}

func (d *svgDoc) finish() string {
	w, h := d.w+svgMargin, d.y+svgMargin
	return fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" %s>`+"\n", w, h, w, h, svgFont) +
		fmt.Sprintf(`<rect width="%d" height="%d" fill="#fff"/>`+"\n", w, h) +
		d.b.String() + "</svg>\n"
}

var (
	styleFull    = cellStyle{fill: "#4e79a7", ink: "#fff"}
	styleEmpty   = cellStyle{fill: "#fff", ink: "#999"}
	styleDeleted = cellStyle{fill: "#e15759", ink: "#fff", label: "×"}
	styleOne     = cellStyle{fill: "#d9d9d9", ink: "#555", label: "–"}
	styleEvacX   = cellStyle{fill: "#f28e2b", ink: "#fff", label: "X"}
	styleEvacY   = cellStyle{fill: "#f28e2b", ink: "#fff", label: "Y"}
	styleEvacE   = cellStyle{fill: "#fbd5ae", ink: "#555", label: "e"}
)

func (o Options) fullStyle(v uint8) cellStyle {
	st := styleFull
	if !o.NoSeed {
		st.label = fmt.Sprintf("%02x", v)
	}
	return st
}

func swissStyle(c uint8, o Options) cellStyle {
	switch {
	case c == CtrlEmpty:
		return styleEmpty
	case c == CtrlDeleted:
		return styleDeleted
	}
	return o.fullStyle(c)
}

// geometry returns the cell size and whether cells are drawn small (no
// labels) for a drawing of rows rows.
func geometry(rows int) (size int, small bool) {
	if rows > 64 {
		return 8, true
	}
	return 20, false
}

func (s *SwissLayout) svg(d *svgDoc, o Options) {
	d.line(fmt.Sprintf("Map: used %d · seed %s · dirLen %d · globalDepth %d · globalShift %d · tombstonePossible %v",
		s.Used, seedText(o, s.Seed), s.DirLen, s.GlobalDepth, s.GlobalShift, s.TombstonePossible), false)
	d.line(fmt.Sprintf("group: %d bytes = %s", s.GroupSize, s.groupParts()), false)
	d.line(fmt.Sprintf("layout: %s: %s", s.GroupLayout(), s.offsets("·")), false)
	maxRows := o.maxRows(256)
	total := 0
	for _, t := range s.Tables {
		total += min(len(t.Groups), maxRows)
	}
	size, small := geometry(total)
	perLine := 4 // groups side by side
	if small {
		perLine = 8
	}
	groupW := GroupSlots*size + size/2
	// groups draws a table's groups, perLine to a line, each line labelled
	// with its first group's index.
	groups := func(gs []Group) {
		d.y += 6
		shown := min(len(gs), maxRows)
		for j := 0; j < shown; j += perLine {
			if !small || j%(4*perLine) == 0 {
				d.text(svgMargin, d.y+size-size/4, fmt.Sprintf("g%d", j), min(11, size+2), `fill="#555"`)
			}
			for k := j; k < min(j+perLine, shown); k++ {
				x := svgMargin + 40 + (k-j)*groupW
				for i, c := range gs[k].Ctrl {
					d.cell(x+i*size, d.y, size, swissStyle(c, o), small)
				}
			}
			d.y += size + 2
		}
		if shown < len(gs) {
			d.line(fmt.Sprintf("… %d more groups", len(gs)-shown), false)
		}
	}
	switch {
	case s.DirLen == 0 && s.Small == nil:
		d.line("small map with no group yet: nothing allocated", false)
	case s.DirLen == 0:
		d.line("small map: one group of 8 slots, no table, no directory", false)
		groups([]Group{*s.Small})
	default:
		d.line("directory (entry → table):", false)
		d.y += 4
		for i, t := range s.Directory {
			if i == 32 {
				d.text(svgMargin+i*30, d.y+15, fmt.Sprintf("… %d more", len(s.Directory)-i), 11, `fill="#555"`)
				break
			}
			d.cell(svgMargin+i*30, d.y, 28, cellStyle{fill: "#eef3f8", ink: "#222", label: fmt.Sprintf("T%d", t)}, false)
		}
		d.y += 28
		for n, t := range s.Tables {
			d.y += 6
			d.line(fmt.Sprintf("table T%d: capacity %d · used %d · growthLeft %d · tombstones %d · localDepth %d",
				n, t.Capacity, t.Used, t.GrowthLeft, t.Tombstones, t.LocalDepth), false)
			groups(t.Groups)
		}
	}
	full := "full: H2 = hash & 0x7f"
	if o.NoSeed {
		full = "full"
	}
	d.legend([]cellStyle{styleFull, styleEmpty, styleDeleted}, []string{full, "empty (0x80)", "deleted (0xfe)"})
}

func classicStyle(t uint8, o Options) cellStyle {
	switch t {
	case EmptyRest:
		return styleEmpty
	case EmptyOne:
		return styleOne
	case EvacuatedX:
		return styleEvacX
	case EvacuatedY:
		return styleEvacY
	case EvacuatedEmpty:
		return styleEvacE
	}
	return o.fullStyle(t)
}

func (c *ClassicLayout) svg(d *svgDoc, o Options) {
	d.line(fmt.Sprintf("hmap: count %d · flags %#x · B %d · noverflow %d · hash0 %s · nevacuate %d",
		c.Count, c.Flags, c.B, c.NOverflow, seedText(o, uint64(c.Hash0)), c.Nevacuate), false)
	maxRows := o.maxRows(256)
	size, small := geometry(min(len(c.Buckets), maxRows) + min(len(c.OldBuckets), maxRows))
	bucketW := BucketSlots * size
	arrow := 3 * size / 2
	array := func(name string, arr []Bucket) {
		d.y += 6
		shown := min(len(arr), maxRows)
		for i := range shown {
			if !small || i%8 == 0 {
				d.text(svgMargin, d.y+size-size/4, fmt.Sprintf("%s%d", name, i), min(11, size+2), `fill="#555"`)
			}
			x := svgMargin + 48
			for k, th := range arr[i].Chain {
				if k > 0 {
					mid := d.y + size/2
					fmt.Fprintf(&d.b, `<path d="M%d %d H%d m-4 -3 l4 3 l-4 3" fill="none" stroke="#555"/>`+"\n",
						x+2, mid, x+arrow-2)
					x += arrow
				}
				for j, t := range th {
					d.cell(x+j*size, d.y, size, classicStyle(t, o), small)
				}
				x += bucketW
			}
			d.y += size + 2
		}
		if shown < len(arr) {
			d.line(fmt.Sprintf("… %d more buckets", len(arr)-shown), false)
		}
	}
	if c.Buckets == nil {
		d.line("no bucket array yet: nothing allocated", false)
	} else {
		d.y += 6
		d.line(fmt.Sprintf("buckets: %d = 2^%d (overflow buckets to the right)", len(c.Buckets), c.B), false)
		array("b", c.Buckets)
	}
	if c.Growing() {
		how := "doubling"
		if c.SameSizeGrow() {
			how = "same-size growth"
		}
		d.y += 6
		d.line(fmt.Sprintf("oldbuckets: %d, %s in progress; old buckets below nevacuate %d are evacuated",
			len(c.OldBuckets), how, c.Nevacuate), false)
		array("old", c.OldBuckets)
	}
	full := "full: tophash"
	if o.NoSeed {
		full = "full"
	}
	d.legend([]cellStyle{styleFull, styleEmpty, styleOne, styleEvacX, styleEvacE},
		[]string{full, "emptyRest", "emptyOne", "evacuated to X (or Y)", "evacuatedEmpty"})
}
