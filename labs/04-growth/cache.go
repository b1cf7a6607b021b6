package growth

import "time"

// Entry is a cached response.
type Entry struct {
	Body    []byte
	Expires time.Time
}

// Cache holds responses by key until they expire. Make one with NewCache.
// It is not safe for concurrent use.
type Cache struct {
	entries map[string]Entry

	// peak is the most entries the map has held since it was made: the
	// map's slots were grown for that many, and deleting entries never
	// gives them back.
	peak int
}

// NewCache returns an empty cache.
func NewCache() *Cache {
	return &Cache{entries: map[string]Entry{}}
}

// Put stores e under key, replacing what was there.
func (c *Cache) Put(key string, e Entry) {
	c.entries[key] = e
	c.peak = max(c.peak, len(c.entries))
}

// Get returns the entry under key, if there is one and it has not expired
// at now.
func (c *Cache) Get(key string, now time.Time) (Entry, bool) {
	e, ok := c.entries[key]
	if !ok || !now.Before(e.Expires) {
		return Entry{}, false
	}
	return e, true
}

// Len returns the number of entries the cache holds, expired or not.
func (c *Cache) Len() int { return len(c.entries) }

// Invalidate removes the entry under key, if any, at once: after it
// returns, the cache holds nothing of the entry, so that its Body can be
// garbage collected. It allocates nothing.
func (c *Cache) Invalidate(key string) {
	// TODO(04): step 2. Remove the entry at once, without allocating: after
	// the call, Len no longer counts it and nothing in the cache refers to
	// its Body any more, so that a garbage collection frees it. As shipped,
	// the entry is only marked as expired: Get misses it, but the map still
	// holds it, Body and all, until a Purge that may never come.
	// See chapter 04, section "`delete` frees the values, not the slots".
	// stuck: go run ./tools/lab hint 04
	if e, ok := c.entries[key]; ok {
		e.Expires = time.Time{}
		c.entries[key] = e
	}
}

// Purge removes every entry expired at now and reports how many it
// removed.
//
// A cache often shrinks after a spike, and a map keeps the slots it grew
// for the spike. So when fewer than half of the peak number of entries are
// left, Purge moves the survivors to a new map made for them, and the cache
// then holds no more memory than one filled with the survivors alone.
// Otherwise it allocates nothing.
func (c *Cache) Purge(now time.Time) int {
	removed := 0
	for key, e := range c.entries {
		if !now.Before(e.Expires) {
			delete(c.entries, key)
			removed++
		}
	}
	// TODO(04): step 3. When fewer than half of the peak are left, the cache
	// must end up with the same entries in at most twice the slots of a map
	// made for them alone, and with peak true to its comment again;
	// otherwise Purge must allocate nothing, and a later Purge that removes
	// a few entries must not copy again. As shipped, the loop above empties
	// slots but keeps them all: after a spike, the map is as big as it ever
	// was.
	// See chapter 04, section "Maps never shrink".
	// stuck: go run ./tools/lab hint 04
	return removed
}
