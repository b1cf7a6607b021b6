package growth

import (
	"testing"
	"time"
)

// Step 3: a map never shrinks, so a cache shrinks by copying.

func TestStep3PurgeShrinksAfterASpike(t *testing.T) {
	now := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	const spike, kept = 20_000, 100
	keptKeys := make([]string, kept) // made before the heap is measured
	for i := range keptKeys {
		keptKeys[i] = keyOf(i * (spike / kept))
	}

	before := liveHeap()
	c := NewCache()
	for i := range spike {
		expires := now // expired at now
		if i%(spike/kept) == 0 {
			expires = now.Add(time.Hour)
		}
		c.Put(keyOf(i), Entry{Expires: expires})
	}
	full := liveHeap()
	spikeSlots := capacity(t, c.entries)

	var removed int
	if !try(t, "Purge(now)", func() { removed = c.Purge(now) }) {
		return
	}
	if removed != spike-kept || c.Len() != kept {
		t.Fatalf("Purge(now) removed %d entries and left %d; want %d removed and %d left: every entry expired at now goes", removed, c.Len(), spike-kept, kept)
	}
	for _, k := range keptKeys {
		if _, ok := c.Get(k, now); !ok {
			t.Fatalf("after Purge(now), Get(%q) misses; want the entry: it expires in an hour", k)
		}
	}
	purged := liveHeap()

	// The reference: a map holding only the survivors, made for them.
	fresh := make(map[string]Entry, kept)
	for _, k := range keptKeys {
		fresh[k] = Entry{}
	}
	want := capacity(t, fresh)
	got := capacity(t, c.entries)
	if got > 2*want {
		t.Errorf("after Purge(now) left %d of %d entries, the map has %d slots; want at most %d: a map made for %d entries has %d. "+
			"delete never shrinks a map (%s): move the survivors to a new map made with room for them",
			kept, spike, got, 2*want, kept, want, cloneShrinks())
	}
	// The heap says the same: the slots of the spike are still reachable.
	spikeBytes, leftBytes := int64(full)-int64(before), int64(purged)-int64(before)
	if leftBytes*10 > spikeBytes {
		t.Errorf("the cache took %.0f KiB of heap at its peak of %d entries, and still %.0f KiB after Purge(now) left %d; want at most a tenth of the peak: "+
			"the map still has the %d slots of the spike", kib(spikeBytes), spike, kib(leftBytes), kept, spikeSlots)
	}
	if t.Failed() {
		return
	}

	// After the shrink, a Purge that removes a few entries keeps the map.
	c.Put("expired", Entry{Expires: now})
	slots := capacity(t, c.entries)
	allocs := testing.AllocsPerRun(10, func() { c.Purge(now) })
	if allocs != 0 || capacity(t, c.entries) != slots {
		t.Errorf("a Purge that removes 1 of %d entries allocates %v times and leaves a map of %d slots (it had %d); want 0 allocations and the same map: "+
			"copy only when fewer than half of the peak are left, and the peak of the new map is what it holds", kept+1, allocs, capacity(t, c.entries), slots)
	}
}
