package races

import (
	"maps"
	"sync"
)

// Steps 1 and 2: a cache that many goroutines use at once.

// Cache maps string keys to values of type V. Many goroutines may call its
// methods at the same time.
//
// The zero Cache is not ready for use: make one with NewCache.
type Cache[V any] struct {
	// mu guards m and calls. A goroutine that only reads m holds it with
	// RLock, so that readers do not wait for each other; one that writes
	// holds it with Lock.
	mu sync.RWMutex
	m  map[string]V

	// calls holds the computations of GetOrCompute in flight (step 3).
	calls map[string]*call[V]
}

// NewCache returns an empty cache.
func NewCache[V any]() *Cache[V] {
	return &Cache[V]{m: map[string]V{}, calls: map[string]*call[V]{}}
}

// Get returns the value stored under key, and whether there is one.
func (c *Cache[V]) Get(key string) (V, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	v, ok := c.m[key]
	return v, ok
}

// Set stores v under key.
func (c *Cache[V]) Set(key string, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m[key] = v
}

// Delete removes key, if it is there.
func (c *Cache[V]) Delete(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.m, key)
}

// Len returns the number of entries.
func (c *Cache[V]) Len() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.m)
}

// Snapshot returns a copy of the cache's entries. The caller may change the
// copy; the cache does not see it.
func (c *Cache[V]) Snapshot() map[string]V {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return maps.Clone(c.m)
}
