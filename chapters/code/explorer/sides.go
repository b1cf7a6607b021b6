//go:build explorer

package main

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	buckets "gomaps/labs/02-buckets"
	swiss "gomaps/labs/03-swiss"
)

func parseInt(s string) (int64, error) {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("key %q: the maps have int keys: want a number", s)
	}
	return n, nil
}

func parseString(s string) (string, error) { return s, nil }

// keyText turns the next of a lab's iteration into one that produces keys as text.
func keyText[K comparable](next func() (K, int64, bool)) func() (string, bool) {
	return func() (string, bool) {
		k, _, ok := next()
		return fmt.Sprint(k), ok
	}
}

// labMap is what both labs' maps offer the explorer.
type labMap[K comparable] interface {
	Put(key K, value int64)
	Delete(key K)
	Clear()
	Counters() [][2]string
	LayoutText() string
	LayoutMermaid() string
}

// common is what both sides do the same way, through labMap.
type common[K comparable] struct {
	labMap[K]
	parse func(string) (K, error)
	puts  int64
}

// put stores ten times an int key, as the labs' layout samples do, so that the explorer's
// layouts are the chapters'; with a string key, the number of puts so far.
func (c *common[K]) put(s string) error {
	k, err := c.parse(s)
	if err != nil {
		return err
	}
	c.puts++
	v := c.puts
	if n, ok := any(k).(int64); ok {
		v = 10 * n
	}
	c.Put(k, v)
	return nil
}

func (c *common[K]) del(s string) error {
	k, err := c.parse(s)
	if err == nil {
		c.Delete(k)
	}
	return err
}

// bucketsSide is lab 02's map.
type bucketsSide[K comparable] struct {
	common[K]
	bm *buckets.Map[K, int64]
}

func newBuckets[K comparable](parse func(string) (K, error)) side {
	m := buckets.New[K, int64](0)
	return &bucketsSide[K]{common[K]{labMap: m, parse: parse}, m}
}

func (b *bucketsSide[K]) name() string  { return "buckets" }
func (b *bucketsSide[K]) title() string { return "Classic buckets (lab 02)" }

func (b *bucketsSide[K]) snap() any { return b.bm.Header() }

func (b *bucketsSide[K]) evacuate() []string {
	h := b.snap()
	i := b.bm.EvacuateNext()
	if i < 0 {
		return []string{"not growing: nothing to evacuate"}
	}
	ev := []string{fmt.Sprintf("old bucket %d evacuated", i)}
	if end := b.describe(h, b.snap()); len(end) > 0 {
		return append(ev, end...) // the growth is over
	}
	return append(ev, b.progress(h, b.snap())...)
}

// describe says what one write did to the growth: which growth ended, which started. A put
// starts at most one growth: it grows only when no growth is under way, and a growth it starts
// doubles the array (after which the map is not overloaded) or keeps its size because noverflow
// reached the number of buckets, which the same write can only end if the old array has at most
// two buckets, too few to hold that many overflow buckets again.
func (b *bucketsSide[K]) describe(before, after any) []string {
	x, y := before.(buckets.Header), after.(buckets.Header)
	doubled := y.B > x.B
	// noverflow only drops when a growth starts (or a clear): a same-size growth that started
	// and ended within this write left no other trace.
	sameSize := y.B == x.B && (y.Growing && y.SameSize && (!x.Growing || !x.SameSize || y.OldBuckets != x.OldBuckets || y.Nevacuate < x.Nevacuate) ||
		!x.Growing && !y.Growing && y.NOverflow < x.NOverflow)
	started := doubled || sameSize
	var ev []string
	if x.Growing && (!y.Growing || started) {
		ev = append(ev, fmt.Sprintf("the growth is over: %s evacuated, the old array dropped", allOld(x.OldBuckets)))
	}
	switch {
	case doubled:
		ev = append(ev, fmt.Sprintf("a growth started: one more entry would pass the load factor (more than 8 entries and 6.5 per bucket), so B %d → %d (%d → %d buckets)", x.B, y.B, 1<<x.B, 1<<y.B))
	case sameSize:
		ev = append(ev, fmt.Sprintf("a same-size growth started: %d buckets again, because noverflow (%d) reached the number of buckets: too many overflow buckets", 1<<y.B, x.NOverflow))
	}
	switch {
	case started && !y.Growing:
		ev = append(ev, fmt.Sprintf("this growth ended within the same write: its growWork evacuated %s (a write evacuates up to two)", allOld(1<<x.B)))
	case started && y.Nevacuate > 0:
		ev = append(ev, fmt.Sprintf("evacuation: nevacuate %d of %d old buckets", y.Nevacuate, y.OldBuckets))
	}
	return ev
}

// allOld names n old buckets, all of them.
func allOld(n int) string {
	if n == 1 {
		return "the 1 old bucket"
	}
	return fmt.Sprintf("all %d old buckets", n)
}

// progress says how far a growth in progress went, and how many overflow buckets were added,
// since the last write that started or ended a growth.
func (b *bucketsSide[K]) progress(since, now any) []string {
	x, y := since.(buckets.Header), now.(buckets.Header)
	var ev []string
	if y.Growing && x.Growing && y.Nevacuate != x.Nevacuate {
		ev = append(ev, fmt.Sprintf("evacuation: nevacuate %d → %d of %d old buckets", x.Nevacuate, y.Nevacuate, y.OldBuckets))
	}
	if x.NOverflow != y.NOverflow {
		ev = append(ev, fmt.Sprintf("noverflow %d → %d", x.NOverflow, y.NOverflow))
	}
	return ev
}

func (b *bucketsSide[K]) clearEvents(before any) []string {
	if x := before.(buckets.Header); x.Growing {
		return []string{fmt.Sprintf("clear ended the growth in progress: it dropped the old array (%d buckets) without evacuating what was left in it", x.OldBuckets)}
	}
	return nil
}

func (b *bucketsSide[K]) startRange(r1, _ uint64) *RangeState {
	next, node, start := b.bm.Range(r1)
	return &RangeState{Start: start, Produced: []string{}, next: keyText(next), node: node}
}

// swissSide is lab 03's map.
type swissSide[K comparable] struct {
	common[K]
	sm *swiss.Map[K, int64]
}

func newSwiss[K comparable](parse func(string) (K, error)) side {
	m := swiss.New[K, int64](0)
	return &swissSide[K]{common[K]{labMap: m, parse: parse}, m}
}

func (w *swissSide[K]) name() string  { return "swiss" }
func (w *swissSide[K]) title() string { return "Swiss tables (lab 03)" }

// progress is nil: a Swiss table grows or splits whole, within the put that needs the room.
func (w *swissSide[K]) progress(since, now any) []string { return nil }

func (w *swissSide[K]) clearEvents(before any) []string { return nil }

func (w *swissSide[K]) evacuate() []string {
	return []string{"Swiss tables do not grow incrementally: a table grows or splits whole, inside one put"}
}

// swissShape is what a growth changes: the directory and each table's size and depth.
type swissShape struct {
	depth  int
	small  bool
	tables []swiss.TableInfo
}

func (w *swissSide[K]) snap() any {
	depth, small, tables := w.sm.Shape()
	return swissShape{depth, small, tables}
}

// describe says what one write did to the map's shape. A put grows or splits at most one
// table: the lab's put rehashes the full table once, and the table it makes has room.
func (w *swissSide[K]) describe(before, after any) []string {
	x, y := before.(swissShape), after.(swissShape)
	if x.small && !y.small {
		return []string{fmt.Sprintf("the small group (8 slots) was full: the map moved into a table, of %d slots now", y.tables[0].Capacity)}
	}
	var ev []string
	grown := y.depth - x.depth
	if grown > 0 {
		ev = append(ev, fmt.Sprintf("the directory doubled: globalDepth %d → %d, %d → %d entries", x.depth, y.depth, 1<<x.depth, 1<<y.depth))
	}
	// covering returns the old table that served directory entry e of the new directory.
	covering := func(e int) swiss.TableInfo {
		e >>= grown
		for _, t := range x.tables {
			if e >= t.Index && e < t.Index+1<<(x.depth-t.LocalDepth) {
				return t
			}
		}
		return swiss.TableInfo{Index: -1}
	}
	for _, t := range y.tables {
		o := covering(t.Index)
		switch {
		case t.LocalDepth > o.LocalDepth && t.Index == o.Index<<grown:
			ev = append(ev, fmt.Sprintf("table %d (capacity %d) was full at the largest size: it split in two by top hash bit %d, localDepth %d → %d; this half is table %d", o.Index, o.Capacity, t.LocalDepth, o.LocalDepth, t.LocalDepth, t.Index))
		case t.LocalDepth > o.LocalDepth:
			ev = append(ev, fmt.Sprintf("the other half of the split is table %d, capacity %d", t.Index, t.Capacity))
		case t.Capacity != o.Capacity:
			ev = append(ev, fmt.Sprintf("table %d was full: it grew, capacity %d → %d (its keys rehashed into a new table)", t.Index, o.Capacity, t.Capacity))
		}
	}
	return ev
}

// startRange marks the slot the range starts at while the map keeps the shape it had then:
// after a growth, the slot is no longer in the layout.
func (w *swissSide[K]) startRange(r1, r2 uint64) *RangeState {
	next, stop, start, node := w.sm.Range(r1, r2)
	shape := w.snap()
	return &RangeState{Start: start, Produced: []string{}, next: keyText(next), stop: stop, node: func() string {
		if !sameShape(w.snap(), shape) {
			return ""
		}
		return node
	}}
}

// sameShape reports whether two snapshots of a side are equal: no growth between them.
func sameShape(before, after any) bool { return reflect.DeepEqual(before, after) }

// mermaidNode parses a line of a lab's Mermaid layout dump that declares a node, `id["label"]` or
// `id["label"]:::class`, into its id and label (whose lines are separated by <br>). (Not with
// regexp: the package would add about half a megabyte to the page's program.)
func mermaidNode(line string) (id, label string, ok bool) {
	line = strings.TrimSpace(line)
	id, rest, ok := strings.Cut(line, `["`)
	if !ok || id == "" || strings.ContainsFunc(id, func(r rune) bool {
		return !(r == '_' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z')
	}) {
		return "", "", false
	}
	label, tail, ok := strings.Cut(rest, `"]`)
	if !ok || tail != "" && !strings.HasPrefix(tail, ":::") {
		return "", "", false
	}
	return id, label, true
}

// nodeOfKey returns the id of the node of a Mermaid layout dump that holds key: a Swiss slot
// whose label has the line "key K", or a classic bucket whose line "keys: ..." lists K, in the
// map's array before its old one (an evacuated old bucket still shows its keys). It returns ""
// when no node holds the key: it was deleted, or its table is too big to draw its slots.
func nodeOfKey(mermaid, key string) string {
	old := ""
	for _, line := range strings.Split(mermaid, "\n") {
		id, label, ok := mermaidNode(line)
		if !ok {
			continue
		}
		for _, l := range strings.Split(label, "<br>") {
			found := l == "key "+key
			if rest, ok := strings.CutPrefix(l, "keys: "); ok {
				found = slices.Contains(strings.Fields(rest), key)
			}
			if found && !strings.HasPrefix(id, "o") {
				return id
			}
			if found && old == "" {
				old = id
			}
		}
	}
	return old
}
