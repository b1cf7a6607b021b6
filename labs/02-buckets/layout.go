package buckets

import (
	"fmt"
	"io"
	"strings"
)

// The layout dump: what the map looks like inside, for the chapter's
// diagrams and for debugging. layoutText prints one row of tophash bytes and
// one row of keys per bucket; layoutMermaid draws the same as a Mermaid
// flowchart. A full slot's tophash is printed in hex; the sentinels by name.

// slotName returns how the dump prints a tophash byte.
func slotName(top uint8) string {
	switch top {
	case emptyRest:
		return "rest"
	case emptyOne:
		return "one"
	case evacuatedX:
		return "evX"
	case evacuatedY:
		return "evY"
	case evacuatedEmpty:
		return "evE"
	}
	return fmt.Sprintf("%02x", top)
}

// rows returns the tophash and key cells of one bucket. An empty slot has no
// key; an evacuated slot still holds its key, which the dump shows.
func (b *bucket[K, V]) rows() (tops, keys []string) {
	for s := range bucketCnt {
		top := b.tophash[s]
		tops = append(tops, slotName(top))
		if top == emptyRest || top == emptyOne || top == evacuatedEmpty {
			keys = append(keys, "-")
		} else {
			keys = append(keys, fmt.Sprint(b.keys[s]))
		}
	}
	return tops, keys
}

// summary is the dump's first line.
func (m *Map[K, V]) summary() string {
	s := fmt.Sprintf("B=%d: %s, count %d, noverflow %d", m.B, plural(len(m.buckets), "bucket"), m.count, m.noverflow)
	switch {
	case !m.growing():
		return s + ", not growing"
	case m.sameSizeGrow:
		return s + fmt.Sprintf(", same-size growth from %s, nextEvacuate %d", plural(len(m.oldbuckets), "old bucket"), m.nextEvacuate)
	default:
		return s + fmt.Sprintf(", growing from %s, nextEvacuate %d", plural(len(m.oldbuckets), "old bucket"), m.nextEvacuate)
	}
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// layoutText writes the layout as text:
//
//	B=1: 2 buckets, count 12, noverflow 1, not growing
//	bucket 0   tophash  9d   5b   one  ...
//	           keys     17   3    -    ...
//	  overflow tophash  ...
func (m *Map[K, V]) layoutText(w io.Writer) {
	fmt.Fprintln(w, m.summary())
	width := 4
	each := func(arr []bucket[K, V], f func(i, n int, b *bucket[K, V])) {
		for i := range arr {
			n := 0
			for b := &arr[i]; b != nil; b = b.overflow {
				f(i, n, b)
				n++
			}
		}
	}
	measure := func(_, _ int, b *bucket[K, V]) {
		tops, keys := b.rows()
		for _, c := range append(tops, keys...) {
			width = max(width, len(c))
		}
	}
	each(m.oldbuckets, measure)
	each(m.buckets, measure)
	pad := func(cells []string) string {
		var sb strings.Builder
		for _, c := range cells {
			fmt.Fprintf(&sb, " %-*s", width, c)
		}
		return strings.TrimRight(sb.String(), " ")
	}
	show := func(prefix string) func(i, n int, b *bucket[K, V]) {
		return func(i, n int, b *bucket[K, V]) {
			head := fmt.Sprintf("%s %d", prefix, i)
			if n > 0 {
				head = "  overflow"
			}
			tops, keys := b.rows()
			fmt.Fprintf(w, "%-14s tophash%s\n", head, pad(tops))
			fmt.Fprintf(w, "%-14s keys   %s\n", "", pad(keys))
		}
	}
	if m.growing() {
		fmt.Fprintf(w, "old array (%s):\n", plural(len(m.oldbuckets), "bucket"))
		each(m.oldbuckets, show("old bucket"))
		fmt.Fprintf(w, "new array (%s):\n", plural(len(m.buckets), "bucket"))
	}
	each(m.buckets, show("bucket"))
}

// layoutMermaid writes the layout as a Mermaid flowchart: one node per
// bucket, an edge to each overflow bucket and, while growing, the old array
// beside the new one, with an edge from each evacuated old bucket to the new
// buckets that received its entries (X: same index, Y: index + old size).
//
// The front matter widens the labels: Mermaid wraps a label at 200 pixels
// by default, which would break the rows of tophash bytes.
func (m *Map[K, V]) layoutMermaid(w io.Writer) {
	fmt.Fprint(w, "---\nconfig:\n  flowchart:\n    wrappingWidth: 500\n---\n")
	fmt.Fprintln(w, "flowchart LR")
	node := func(id, title string, b *bucket[K, V]) {
		if b.tophash == [bucketCnt]uint8{} && b.overflow == nil {
			// Every slot is emptyRest: say so in one line.
			fmt.Fprintf(w, "    %s[\"%s<br>empty: all rest\"]\n", id, title)
			return
		}
		tops, keys := b.rows()
		fmt.Fprintf(w, "    %s[\"%s<br>tophash: %s<br>keys: %s\"]\n", id, title, strings.Join(tops, " "), strings.Join(keys, " "))
	}
	array := func(arr []bucket[K, V], prefix, name string) {
		for i := range arr {
			id := fmt.Sprintf("%s%d", prefix, i)
			node(id, fmt.Sprintf("%s %d", name, i), &arr[i])
			n := 1
			for b := arr[i].overflow; b != nil; b = b.overflow {
				oid := fmt.Sprintf("%s%do%d", prefix, i, n)
				node(oid, fmt.Sprintf("overflow of %s %d", name, i), b)
				fmt.Fprintf(w, "    %s -- overflow --> %s\n", id, oid)
				id = oid
				n++
			}
		}
	}
	title := fmt.Sprintf("B=%d, %s, count %d, noverflow %d", m.B, plural(len(m.buckets), "bucket"), m.count, m.noverflow)
	if !m.growing() {
		fmt.Fprintf(w, "    subgraph arr[\"%s\"]\n", title)
		array(m.buckets, "b", "bucket")
		fmt.Fprintln(w, "    end")
		return
	}
	fmt.Fprintf(w, "    subgraph old[\"old array, %s, nextEvacuate %d\"]\n", plural(len(m.oldbuckets), "bucket"), m.nextEvacuate)
	array(m.oldbuckets, "o", "old bucket")
	fmt.Fprintln(w, "    end")
	fmt.Fprintf(w, "    subgraph new[\"new array, %s\"]\n", title)
	array(m.buckets, "b", "bucket")
	fmt.Fprintln(w, "    end")
	for i := range m.oldbuckets {
		if !m.oldbuckets[i].evacuated() {
			continue
		}
		fmt.Fprintf(w, "    o%d -. X .-> b%d\n", i, i)
		if !m.sameSizeGrow {
			fmt.Fprintf(w, "    o%d -. Y .-> b%d\n", i, i+len(m.oldbuckets))
		}
	}
}
