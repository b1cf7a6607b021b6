package growth

import (
	"fmt"
	"runtime"
	"testing"
	"time"
	"weak"
)

// Step 2: delete frees an entry's value at once (but not its slot).

const bodySize = 64 << 10

// putBodies puts n entries with a fresh Body of 64 KiB each into c, under
// keyOf(i), and returns weak pointers to the bodies: a weak pointer does
// not keep its object alive, so it shows whether anything else still does.
func putBodies(c *Cache, n int, expires time.Time) []weak.Pointer[byte] {
	bodies := make([]weak.Pointer[byte], n)
	for i := range n {
		body := make([]byte, bodySize)
		body[0] = byte(i)
		bodies[i] = weak.Make(&body[0])
		c.Put(keyOf(i), Entry{Body: body, Expires: expires})
	}
	return bodies
}

func keyOf(i int) string { return fmt.Sprintf("key-%05d", i) }

func TestStep2InvalidateDeletesTheEntry(t *testing.T) {
	now := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	const n = 64
	c := NewCache()
	bodies := putBodies(c, n, now.Add(time.Hour))
	slots := capacity(t, c.entries)

	for i := range n {
		if !try(t, fmt.Sprintf("Invalidate(%q)", keyOf(i)), func() { c.Invalidate(keyOf(i)) }) {
			return
		}
	}
	if _, ok := c.Get(keyOf(0), now); ok {
		t.Errorf("Get(%q) after Invalidate(%q) found the entry; want a miss", keyOf(0), keyOf(0))
	}
	if c.Len() != 0 {
		t.Errorf("after Invalidate of all %d keys, Len() = %d; want 0: Invalidate must remove the entry from the map, not leave it there marked", n, c.Len())
	}
	runtime.GC()
	reachable := 0
	for _, b := range bodies {
		if b.Value() != nil {
			reachable++
		}
	}
	if reachable > 0 {
		t.Errorf("after Invalidate of all %d keys and a garbage collection, %d of the %d bodies (%d KiB each) are still reachable; want 0: "+
			"the map still holds their entries, and every Body with them", n, reachable, n, bodySize>>10)
	}
	if t.Failed() {
		return
	}

	// What delete does not do: give back the slot.
	if got := capacity(t, c.entries); got != slots {
		t.Errorf("after Invalidate of every key, the map has %d slots; want the %d it had: Invalidate only deletes (delete empties a slot and frees its value, and the map keeps the slot)", got, slots)
	}
	c = NewCache()
	putBodies(c, 200, now.Add(time.Hour))
	keys := make([]string, 200)
	for i := range keys {
		keys[i] = keyOf(i)
	}
	next := 0
	allocs := testing.AllocsPerRun(100, func() {
		c.Invalidate(keys[next])
		next++
	})
	if allocs != 0 {
		t.Errorf("Invalidate allocates %v times per call; want 0: delete allocates nothing", allocs)
	}
}
