//go:build explorer

// This file is not part of lab 03. The explorer (chapters/code/explorer) adds it to the lab's package
// when it builds, with go build's -overlay, next to the lab's solution: it exports the little
// the explorer needs that a program outside the package cannot reach. It draws nothing and
// decides nothing: the map, its growth, its iteration and its layout dump are the lab's own.
package swiss

import (
	"fmt"
	"iter"
	"strings"
)

// SetHashHook replaces the hash of every key of every map of this package with f, or restores
// each map's own hash when f is nil (the lab's testHash).
func SetHashHook(f func(key any) uint64) { testHash = f }

// LayoutText returns the lab's text layout dump (step 8).
func (m *Map[K, V]) LayoutText() string { return m.layoutString() }

// LayoutMermaid returns the lab's Mermaid layout dump (step 8): the chapters' diagrams.
func (m *Map[K, V]) LayoutMermaid() string {
	var b strings.Builder
	m.layoutMermaid(&b)
	return b.String()
}

// TableInfo is what a growth changes of a table: its place in the directory, its size, its depth.
type TableInfo struct{ Index, Capacity, LocalDepth int }

// Shape returns the map's global depth, whether it is small (one group, no table), and its
// distinct tables in directory order.
func (m *Map[K, V]) Shape() (globalDepth int, small bool, tables []TableInfo) {
	for _, t := range m.tables() {
		tables = append(tables, TableInfo{t.index, t.capacity, int(t.localDepth)})
	}
	return int(m.globalDepth), m.directory == nil, tables
}

// Counters returns the header fields chapter 03 names, in the order the explorer shows them.
func (m *Map[K, V]) Counters() [][2]string {
	if m.directory == nil {
		return [][2]string{{"used", fmt.Sprint(m.used)}, {"small", "one group of 8 slots, no table, no directory"}}
	}
	c := [][2]string{
		{"used", fmt.Sprint(m.used)},
		{"globalDepth", fmt.Sprint(m.globalDepth)},
		{"directory", plural(len(m.directory), "entry", "entries")},
	}
	for _, t := range m.tables() {
		c = append(c, [2]string{fmt.Sprintf("table %d", t.index), fmt.Sprintf("capacity %d · used %d · growthLeft %d · tombstones %d · localDepth %d",
			t.capacity, t.used, t.growthLeft, t.tombstones(), t.localDepth)})
	}
	return c
}

// Range starts an iteration at the two offsets the runtime picks at random, and says where it
// starts, and which node of the Mermaid layout dump it starts at: a slot, or a table too big to
// draw its slots ("" when the range produces nothing). The iteration runs in its own goroutine
// (iter.Pull2); stop ends it.
func (m *Map[K, V]) Range(entryOffset, dirOffset uint64) (next func() (K, V, bool), stop func(), start, node string) {
	switch {
	case m.used == 0:
		start = "the map is empty: the range produces nothing"
	case m.directory == nil:
		start = fmt.Sprintf("small map: starts at slot %d of its group (entryOffset %% 8)", entryOffset%groupSlots)
		node = fmt.Sprintf("g0_s%d", entryOffset%groupSlots)
	default:
		i := dirOffset & uint64(len(m.directory)-1)
		t := m.directory[i]
		pos := entryOffset & uint64(t.capacity-1)
		start = fmt.Sprintf("starts at directory entry %d (table %d), then in every table at slot %d modulo its capacity: in table %d, group %d, slot %d",
			i, t.index, entryOffset&(maxTableCapacity-1), t.index, pos/groupSlots, pos%groupSlots)
		node = fmt.Sprintf("t%d_g%d_s%d", t.index, pos/groupSlots, pos%groupSlots)
		if t.capacity > detailSlots {
			node = fmt.Sprintf("t%d", t.index) // the layout draws the table, not its slots
		}
	}
	next, stop = iter.Pull2(func(yield func(K, V) bool) { m.iterate(entryOffset, dirOffset, yield) })
	return next, stop, start, node
}
