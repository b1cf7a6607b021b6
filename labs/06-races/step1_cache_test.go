package races

import (
	"fmt"
	"testing"
)

// Step 1: every method of Cache locks c.mu.

func init() {
	workloads["cache-sets"] = cacheSets
	workloads["cache-reads-and-writes"] = cacheReadsAndWrites
}

// cacheSets: 8 goroutines Set 1000 keys of their own and 10 shared keys.
func cacheSets() error {
	const goroutines, keys = 8, 1000
	c := NewCache[int]()
	own := make([][]string, goroutines)
	for g := range own {
		own[g] = keyNames(fmt.Sprintf("g%d-", g), keys)
	}
	shared := keyNames("shared-", 10)
	err := together(goroutines, keys, func(g, i int) error {
		c.Set(own[g][i%keys], i%keys)
		c.Set(shared[i%10], g)
		return nil
	})
	if err != nil {
		return err
	}
	if n := c.Len(); n != goroutines*keys+10 {
		return fmt.Errorf("after %d goroutines each Set %d keys of their own and 10 shared keys, Len() = %d; want %d", goroutines, keys, n, goroutines*keys+10)
	}
	for g := range goroutines {
		for i, k := range own[g] {
			if v, ok := c.Get(k); !ok || v != i {
				return fmt.Errorf("after %d goroutines each Set %d keys of their own, Get(%q) = %d, %v; want %d, true", goroutines, keys, k, v, ok, i)
			}
		}
	}
	return nil
}

// cacheReadsAndWrites: 4 goroutines Set and Delete keys of their own while
// 4 others Get, Len and Snapshot.
func cacheReadsAndWrites() error {
	const writers, readers, keys = 4, 4, 1000
	c := NewCache[int]()
	own := make([][]string, writers)
	for g := range own {
		own[g] = keyNames(fmt.Sprintf("w%d-", g), keys)
	}
	err := together(writers+readers, keys, func(g, i int) error {
		j := i % keys
		if g < writers {
			k := own[g][j]
			c.Set(k, j)
			if j%2 == 1 {
				c.Delete(k)
			}
			return nil
		}
		k := own[g-writers][j]
		if v, ok := c.Get(k); ok && v != j {
			return fmt.Errorf("Get(%q) = %d, true; want %d: no goroutine ever stored another value there", k, v, j)
		}
		if n := c.Len(); n < 0 || n > writers*keys {
			return fmt.Errorf("Len() = %d while the writers worked; want between 0 and %d", n, writers*keys)
		}
		if j%100 == 0 {
			snap := c.Snapshot()
			snap["snapshot-only"] = 1
		}
		return nil
	})
	if err != nil {
		return err
	}
	if n := c.Len(); n != writers*keys/2 {
		return fmt.Errorf("after %d goroutines each Set %d keys and deleted half, Len() = %d; want %d", writers, keys, n, writers*keys/2)
	}
	if _, ok := c.Get("snapshot-only"); ok {
		return fmt.Errorf("a key added to a Snapshot's map is in the cache: Snapshot must return a copy")
	}
	return nil
}

const lockAdvice = "lock c.mu around every use of c.m, in every method"

// cacheMethods calls every method of a Cache, each by its name.
var cacheMethods = []struct {
	name   string
	writes bool
	call   func(c *Cache[int])
}{
	{"Get", false, func(c *Cache[int]) { c.Get("a") }},
	{"Len", false, func(c *Cache[int]) { c.Len() }},
	{"Snapshot", false, func(c *Cache[int]) { c.Snapshot() }},
	{"Set", true, func(c *Cache[int]) { c.Set("b", 2) }},
	{"Delete", true, func(c *Cache[int]) { c.Delete("a") }},
}

// mustLock checks that the cache's methods (the writers, or the readers)
// wait while another goroutine holds c.mu. That catches a missing lock
// every time, where a race crashes a program only most of the time.
func mustLock(t *testing.T, writers bool) {
	t.Helper()
	for _, m := range cacheMethods {
		if m.writes != writers {
			continue
		}
		c := NewCache[int]()
		c.m["a"] = 1
		c.mu.Lock()
		o := start("c."+m.name, func() { m.call(c) })
		mustWait(t, o, "another goroutine held c.mu locked", m.name+" uses c.m without locking c.mu first: "+lockAdvice)
		c.mu.Unlock()
		await(t, o)
	}
}

func TestStep1ConcurrentSets(t *testing.T) {
	inChild(t, "cache-sets", "the cache", "8 goroutines called Set at once", lockAdvice)
	mustLock(t, true)
}

func TestStep1ConcurrentReadsAndWrites(t *testing.T) {
	inChild(t, "cache-reads-and-writes", "the cache", "4 goroutines called Set and Delete and 4 others Get, Len and Snapshot", lockAdvice)
	mustLock(t, false)
	t.Run("its crash messages", testCrashMessages)
}
