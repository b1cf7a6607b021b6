//go:build ignore

// The step snapshot of labs/06-races/cache.go: the file once step 1 is done, and no later step.
// go run ./tools/lab checkpoint 06 2 takes its funcs from here. It builds only in the lab, in
// place of its twin.

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
	// TODO(06): step 1. Get must not read c.m while another goroutine writes
	// it, and must never leave c.mu locked when it returns. Step 2: while
	// no one writes, readers must not wait for each other, only for a
	// writer. As shipped, Get reads c.m with no lock at all.
	// See chapter 06, section "Fix 1: one lock around the map".
	// stuck: go run ./tools/lab hint 06
	c.mu.Lock()
	defer c.mu.Unlock()
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
	// TODO(06): step 1. len reads the map's header, which every write
	// changes: Len must not run while another goroutine writes c.m. Step 2:
	// it only reads, so it must not wait for other readers.
	// See chapter 06, section "Fix 1: one lock around the map".
	// stuck: go run ./tools/lab hint 06
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m)
}

// Snapshot returns a copy of the cache's entries. The caller may change the
// copy; the cache does not see it.
func (c *Cache[V]) Snapshot() map[string]V {
	// TODO(06): step 1. Copying c.m ranges over it, and no write may happen
	// until the copy is done. Step 2: it only reads, so it must not wait for
	// other readers.
	// See chapter 06, section "Fix 1: one lock around the map".
	// stuck: go run ./tools/lab hint 06
	c.mu.Lock()
	defer c.mu.Unlock()
	return maps.Clone(c.m)
}
