package growth

import (
	"fmt"
	"slices"
	"testing"
)

// Step 4: clear keeps the map's slots, so a map reused with clear stops
// allocating.

// makeBatch returns n events with distinct IDs, in which every third event
// repeats an earlier ID.
func makeBatch(n int, salt uint64) (batch, unique []Event) {
	for i := range n {
		id := (uint64(i) + salt) * 0x9E37_79B9_7F4A_7C15
		if i%3 == 2 {
			id = batch[i/2].ID
		} else {
			unique = append(unique, Event{ID: id, Payload: fmt.Sprint(i)})
		}
		batch = append(batch, Event{ID: id, Payload: fmt.Sprint(i)})
	}
	return batch, unique
}

// sinkSeen keeps a new map alive after it is filled, as d.seen would.
var sinkSeen map[uint64]struct{}

func TestStep4UniqueReusesItsMap(t *testing.T) {
	const n = 2250 // 1500 distinct IDs
	batch, unique := makeBatch(n, 1)
	var d Deduper
	buf := slices.Clone(batch)
	var got []Event
	if !try(t, "Unique(batch)", func() { got = d.Unique(buf) }) {
		return
	}
	if !slices.Equal(got, unique) {
		t.Fatalf("Unique(batch of %d events, %d distinct) returned %d events; want the %d first occurrences, in order", n, len(unique), len(got), len(unique))
	}
	if got := d.Unique(slices.Clone(batch)); len(got) != len(unique) {
		t.Fatalf("Unique of the same batch a second time returned %d events; want %d: batches are independent, an ID seen in the previous batch counts again", len(got), len(unique))
	}

	// The references, measured here: refilling a cleared map, made with a
	// size hint or grown (the classic map drops its overflow buckets on
	// clear, and a grown map has more of them).
	fill := func(m map[uint64]struct{}) {
		for _, e := range batch {
			m[e.ID] = struct{}{}
		}
	}
	presized := make(map[uint64]struct{}, n)
	fill(presized)
	refPresized := testing.AllocsPerRun(20, func() { clear(presized); fill(presized) })
	grown := map[uint64]struct{}{}
	fill(grown)
	refGrown := testing.AllocsPerRun(20, func() { clear(grown); fill(grown) })
	fresh := testing.AllocsPerRun(20, func() { m := map[uint64]struct{}{}; fill(m); sinkSeen = m })
	sinkSeen = nil
	limit := max(refPresized, refGrown) + 1

	allocs := testing.AllocsPerRun(20, func() {
		copy(buf, batch)
		d.Unique(buf)
	})
	if allocs > limit {
		t.Errorf("Unique allocates %v times per batch of %d events, after the first batch; want at most %v: a cleared map refilled with the batch allocates %v times (or %v when it was grown), "+
			"and a new map %v: keep the map between batches and empty it with clear, which keeps its slots", allocs, n, limit, refPresized, refGrown, fresh)
	}

	// clear keeps the slots: after a small batch, the map still has room
	// for the big one.
	small, _ := makeBatch(10, 99)
	d.Unique(small)
	if slots := capacity(t, d.seen); slots < len(unique) {
		t.Errorf("after a batch of %d distinct IDs and then one of 10 events, d.seen has %d slots; want at least %d: "+
			"clear empties the map and keeps its slots, so the next big batch finds them (a new map, even made with a size hint, starts over)", len(unique), slots, len(unique))
	}
}
