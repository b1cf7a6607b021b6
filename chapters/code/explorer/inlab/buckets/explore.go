//go:build explorer

// This file is not part of lab 02. The explorer (chapters/code/explorer) adds it to the lab's package
// when it builds, with go build's -overlay, next to the lab's solution: it exports the little
// the explorer needs that a program outside the package cannot reach. It draws nothing and
// decides nothing: the map, its growth, its iteration and its layout dump are the lab's own.
package buckets

import (
	"fmt"
	"io"
	"strings"
)

// SetHashHook replaces the hash of every key of every map of this package with f, or restores
// each map's own hash when f is nil (the lab's hashHook).
func SetHashHook(f func(key any) uint64) { hashHook = f }

// LayoutText returns the lab's text layout dump (step 8).
func (m *Map[K, V]) LayoutText() string { return dump(m.layoutText) }

// LayoutMermaid returns the lab's Mermaid layout dump (step 8): the chapters' diagrams.
func (m *Map[K, V]) LayoutMermaid() string { return dump(m.layoutMermaid) }

func dump(layout func(io.Writer)) string {
	var b strings.Builder
	layout(&b)
	return b.String()
}

// Counters returns the header fields chapter 02 names, in the order the explorer shows them.
func (m *Map[K, V]) Counters() [][2]string {
	c := [][2]string{
		{"count", fmt.Sprint(m.count)},
		{"B", fmt.Sprint(m.B)},
		{"buckets", fmt.Sprint(len(m.buckets))},
		{"noverflow", fmt.Sprint(m.noverflow)},
	}
	switch {
	case !m.growing():
		return append(c, [2]string{"growing", "no"})
	case m.sameSizeGrow:
		c = append(c, [2]string{"growing", "same-size"})
	default:
		c = append(c, [2]string{"growing", "doubling"})
	}
	return append(c, [2]string{"oldbuckets", fmt.Sprint(len(m.oldbuckets))}, [2]string{"nevacuate", fmt.Sprint(m.nextEvacuate)})
}

// Header is what a growth changes of the map's header, the fields chapter 02 names: not the
// count, nor the number of buckets allocated, which is 0 until the first put allocates 2^B.
type Header struct {
	B, NOverflow          int
	Growing, SameSize     bool
	OldBuckets, Nevacuate int // while growing
}

// Header returns the map's header.
func (m *Map[K, V]) Header() Header {
	return Header{int(m.B), int(m.noverflow), m.growing(), m.sameSizeGrow, len(m.oldbuckets), m.nextEvacuate}
}

// EvacuateNext moves the old bucket at nevacuate (nextEvacuate) to the new array, as the second
// half of a write's growWork does, and returns which old bucket moved, or -1 if the map is not
// growing.
func (m *Map[K, V]) EvacuateNext() int {
	if !m.growing() {
		return -1
	}
	i := m.nextEvacuate
	m.evacuate(i)
	checkInvariants(m)
	return i
}

// Range starts an iteration from the position the random number r chooses, as mapiterinit
// does, and says where it starts. startNode returns the id, in the Mermaid layout dump, of the
// bucket the range started from, in the array it walks: "b" and its index while that array is
// the map's, "o" and its index when a growth started since and it became the old array; ""
// when the map no longer has it (a growth ended since) or the range produces nothing.
func (m *Map[K, V]) Range(r uint64) (next func() (K, V, bool), startNode func() string, start string) {
	it := m.newIterator(r)
	startNode = func() string {
		switch {
		case len(it.buckets) == 0:
		case len(m.buckets) == len(it.buckets) && &m.buckets[0] == &it.buckets[0]:
			return fmt.Sprintf("b%d", it.startBucket)
		case len(m.oldbuckets) == len(it.buckets) && &m.oldbuckets[0] == &it.buckets[0]:
			return fmt.Sprintf("o%d", it.startBucket)
		}
		return ""
	}
	if it.done {
		return it.next, startNode, "the map is empty: the range produces nothing"
	}
	return it.next, startNode, fmt.Sprintf("starts at bucket %d of %d, slot offset %d (r = %#x: bucket = r & %d, offset = r>>%d & 7)",
		it.startBucket, len(it.buckets), it.offset, r, len(it.buckets)-1, it.B)
}
