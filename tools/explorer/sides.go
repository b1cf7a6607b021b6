//go:build explorer

package main

import (
	"fmt"
	"reflect"
	"strconv"

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

// ranger holds one side's range in progress.
type ranger[K comparable] struct {
	next func() (K, int64, bool)
	stop func()
}

func (r *ranger[K]) step() (string, bool) {
	if r.next == nil {
		return "", false
	}
	k, _, ok := r.next()
	if !ok {
		r.end()
	}
	return fmt.Sprint(k), ok
}

func (r *ranger[K]) end() {
	if r.stop != nil {
		r.stop()
	}
	r.next, r.stop = nil, nil
}

// valueOf is the value a put stores: ten times an int key, as the labs' layout samples store, so
// that the explorer's layouts are the chapters'; for a string key, the number of puts so far.
func valueOf[K comparable](k K, puts int64) int64 {
	if n, ok := any(k).(int64); ok {
		return 10 * n
	}
	return puts
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
	m     labMap[K]
	parse func(string) (K, error)
	puts  int64
	r     ranger[K]
}

func (c *common[K]) put(s string) error {
	k, err := c.parse(s)
	if err != nil {
		return err
	}
	c.puts++
	c.m.Put(k, valueOf(k, c.puts))
	return nil
}

func (c *common[K]) del(s string) error {
	k, err := c.parse(s)
	if err != nil {
		return err
	}
	c.m.Delete(k)
	return nil
}

func (c *common[K]) clear()                { c.m.Clear() }
func (c *common[K]) counters() [][2]string { return c.m.Counters() }
func (c *common[K]) text() string          { return c.m.LayoutText() }
func (c *common[K]) mermaid() string       { return c.m.LayoutMermaid() }
func (c *common[K]) next() (string, bool)  { return c.r.step() }
func (c *common[K]) stopRange()            { c.r.end() }

// bucketsSide is lab 02's map.
type bucketsSide[K comparable] struct {
	common[K]
	bm *buckets.Map[K, int64]
}

func newBuckets[K comparable](parse func(string) (K, error)) side {
	m := buckets.New[K, int64](0)
	return &bucketsSide[K]{common[K]{m: m, parse: parse}, m}
}

func (b *bucketsSide[K]) name() string  { return "buckets" }
func (b *bucketsSide[K]) title() string { return "Classic buckets (lab 02)" }

// snap is the header without the count, which every put changes.
func (b *bucketsSide[K]) snap() any {
	h := b.bm.Header()
	h.Count = 0
	return h
}

func (b *bucketsSide[K]) evacuate() []string {
	h := b.snap()
	i := b.bm.EvacuateNext()
	if i < 0 {
		return []string{"not growing: nothing to evacuate"}
	}
	return append([]string{fmt.Sprintf("old bucket %d evacuated", i)}, describe(b, h, b.snap())...)
}

func (b *bucketsSide[K]) describe(before, after any) []string {
	x, y := before.(buckets.Header), after.(buckets.Header)
	var ev []string
	started := x.B != y.B || !x.Growing && y.Growing
	if started {
		if y.SameSize {
			ev = append(ev, fmt.Sprintf("a same-size growth started: %d buckets again, because noverflow (%d) reached the number of buckets: too many overflow buckets", y.Buckets, x.NOverflow))
		} else {
			ev = append(ev, fmt.Sprintf("a growth started: one more entry would pass the load factor (more than 8 entries and 6.5 per bucket), so B %d → %d, %d → %d buckets", x.B, y.B, x.Buckets, y.Buckets))
		}
	}
	switch {
	case y.Growing && x.Growing && y.Nevacuate != x.Nevacuate:
		ev = append(ev, fmt.Sprintf("evacuation: nevacuate %d → %d of %d old buckets", x.Nevacuate, y.Nevacuate, y.OldBuckets))
	case y.Growing && y.Nevacuate > 0:
		ev = append(ev, fmt.Sprintf("evacuation: nevacuate %d of %d old buckets", y.Nevacuate, y.OldBuckets))
	case started && !y.Growing:
		ev = append(ev, "the growth also ended within this operation: each write's growWork evacuates up to two old buckets")
	case x.Growing && !y.Growing:
		ev = append(ev, fmt.Sprintf("the growth is over: all %d old buckets evacuated, the old array dropped", x.OldBuckets))
	}
	if len(ev) == 0 && x.NOverflow != y.NOverflow {
		ev = append(ev, fmt.Sprintf("noverflow %d → %d", x.NOverflow, y.NOverflow))
	}
	return ev
}

func (b *bucketsSide[K]) startRange(r1, _ uint64) string {
	b.r.end()
	it, start := b.bm.Range(r1)
	b.r = ranger[K]{next: it.Next}
	return start
}

// swissSide is lab 03's map.
type swissSide[K comparable] struct {
	common[K]
	sm *swiss.Map[K, int64]
}

func newSwiss[K comparable](parse func(string) (K, error)) side {
	m := swiss.New[K, int64](0)
	return &swissSide[K]{common[K]{m: m, parse: parse}, m}
}

func (w *swissSide[K]) name() string  { return "swiss" }
func (w *swissSide[K]) title() string { return "Swiss tables (lab 03)" }

func (w *swissSide[K]) evacuate() []string {
	return []string{"Swiss tables do not grow incrementally: a table grows or splits whole, inside one put"}
}

// swissShape is what a growth changes: the directory and each table's size and depth.
type swissShape struct {
	depth  int
	small  bool
	tables []swiss.TableInfo // Index, Capacity and LocalDepth only: the rest change every put
}

func (w *swissSide[K]) snap() any {
	depth, small, tables := w.sm.Shape()
	for i, t := range tables {
		tables[i] = swiss.TableInfo{Index: t.Index, Capacity: t.Capacity, LocalDepth: t.LocalDepth}
	}
	return swissShape{depth, small, tables}
}

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

func (w *swissSide[K]) startRange(r1, r2 uint64) string {
	w.r.end()
	it, start := w.sm.Range(r1, r2)
	w.r = ranger[K]{next: it.Next, stop: it.Stop}
	return start
}

// sameShape reports whether two snapshots of a side are equal: no growth between them.
func sameShape(before, after any) bool { return reflect.DeepEqual(before, after) }

// describe says what changed between two snapshots of a side, or nothing if nothing did.
func describe(sd side, before, after any) []string {
	if sameShape(before, after) {
		return nil
	}
	return sd.describe(before, after)
}
