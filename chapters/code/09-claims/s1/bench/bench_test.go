// Package bench measures the two caches of post S1's comparison table (§4.2): a plain sync.Map,
// and the post's OrderedCache, a sync.Map plus an atomic.Value holding the keys in order, rebuilt
// after every insert or delete. The post rates them with stars; these benchmarks measure what
// the rows name: reads, an insert, and a walk in key order, on a cache of 1000 keys.
package bench

import (
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
)

const size = 1000

// orderedCache is the post's OrderedCache: the map for reads and writes, and a sorted snapshot
// of its keys, replaced as a whole after each insert or delete.
type orderedCache struct {
	m     sync.Map
	order atomic.Value // []string
}

func (c *orderedCache) rebuild() {
	var keys []string
	c.m.Range(func(k, _ any) bool { keys = append(keys, k.(string)); return true })
	slices.Sort(keys)
	c.order.Store(keys)
}

func (c *orderedCache) Store(k string, v int) {
	_, loaded := c.m.Swap(k, v)
	if !loaded {
		c.rebuild()
	}
}

func (c *orderedCache) Delete(k string) {
	if _, loaded := c.m.LoadAndDelete(k); loaded {
		c.rebuild()
	}
}

func (c *orderedCache) Load(k string) (any, bool) { return c.m.Load(k) }

// Range visits the keys in order, from one snapshot.
func (c *orderedCache) Range(f func(k string, v any)) {
	for _, k := range c.order.Load().([]string) {
		if v, ok := c.m.Load(k); ok {
			f(k, v)
		}
	}
}

// plainCache is a sync.Map alone; a walk in key order collects and sorts the keys first.
type plainCache struct{ m sync.Map }

func (c *plainCache) Store(k string, v int)     { c.m.Store(k, v) }
func (c *plainCache) Delete(k string)           { c.m.Delete(k) }
func (c *plainCache) Load(k string) (any, bool) { return c.m.Load(k) }
func (c *plainCache) Range(f func(string, any)) {
	var keys []string
	c.m.Range(func(k, _ any) bool { keys = append(keys, k.(string)); return true })
	slices.Sort(keys)
	for _, k := range keys {
		if v, ok := c.m.Load(k); ok {
			f(k, v)
		}
	}
}

type cache interface {
	Store(string, int)
	Delete(string)
	Load(string) (any, bool)
	Range(func(string, any))
}

var keys = func() []string {
	var out []string
	for i := range size {
		out = append(out, fmt.Sprintf("key-%04d", i))
	}
	return out
}()

func caches() []struct {
	name string
	make func() cache
} {
	return []struct {
		name string
		make func() cache
	}{
		{"syncmap", func() cache { return &plainCache{} }},
		{"ordered", func() cache { return &orderedCache{} }},
	}
}

// filled returns a cache holding the 1000 keys (the ordered one rebuilt once, not per key).
func filled(mk func() cache) cache {
	c := mk()
	if oc, ok := c.(*orderedCache); ok {
		for i, k := range keys {
			oc.m.Store(k, i)
		}
		oc.rebuild()
		return c
	}
	for i, k := range keys {
		c.Store(k, i)
	}
	return c
}

// BenchmarkRead: Load of a present key, from parallel goroutines.
func BenchmarkRead(b *testing.B) {
	for _, c := range caches() {
		b.Run("impl="+c.name, func(b *testing.B) {
			m := filled(c.make)
			var next atomic.Uint64
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				i := next.Add(7919)
				for pb.Next() {
					if _, ok := m.Load(keys[i%size]); !ok {
						b.Fatal("missing key")
					}
					i++
				}
			})
		})
	}
}

// BenchmarkInsert: delete a key and insert it again, so the cache keeps its 1000 keys.
func BenchmarkInsert(b *testing.B) {
	for _, c := range caches() {
		b.Run("impl="+c.name, func(b *testing.B) {
			m := filled(c.make)
			i := 0
			for b.Loop() {
				k := keys[i%size]
				m.Delete(k)
				m.Store(k, i)
				i++
			}
		})
	}
}

// BenchmarkRangeInOrder: visit every entry in key order.
func BenchmarkRangeInOrder(b *testing.B) {
	for _, c := range caches() {
		b.Run("impl="+c.name, func(b *testing.B) {
			m := filled(c.make)
			for b.Loop() {
				n := 0
				m.Range(func(string, any) { n++ })
				if n != size {
					b.Fatalf("visited %d entries", n)
				}
			}
		})
	}
}
