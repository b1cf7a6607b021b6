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
	delete(c.entries, key)
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
	if len(c.entries) < c.peak/2 {
		survivors := make(map[string]Entry, len(c.entries))
		for key, e := range c.entries {
			survivors[key] = e
		}
		c.entries = survivors
		c.peak = len(survivors)
	}
	return removed
}
