package races

import (
	"hash/maphash"
	"sync"
)

// Steps 4 and 5: a sharded map.

// Sharded maps string keys to values of type V, split into shards: each key
// belongs to one shard, chosen by its hash, and each shard has its own lock.
// Goroutines that use keys of different shards never wait for each other.
// Many goroutines may call its methods at the same time.
type Sharded[V any] struct {
	seed   maphash.Seed // for hashing keys to shards; random per map
	shards []shard[V]   // len(shards) is a power of two
}

// A shard is one part of a Sharded map: its entries and the lock that
// guards them.
type shard[V any] struct {
	mu sync.RWMutex // guards m: RLock to read, Lock to write
	m  map[string]V

	// Padding: mu and m take 32 bytes, so without it two shards would
	// share a 64-byte cache line, and goroutines locking different shards
	// would still slow each other down (false sharing).
	_ [64]byte
}

// NewSharded returns an empty map of n shards, rounded up to a power of two
// (at least 1).
func NewSharded[V any](n int) *Sharded[V] {
	size := 1
	for size < n {
		size *= 2
	}
	m := &Sharded[V]{seed: maphash.MakeSeed(), shards: make([]shard[V], size)}
	for i := range m.shards {
		m.shards[i].m = map[string]V{}
	}
	return m
}

// shardFor returns the index of key's shard, from 0 to len(m.shards)-1. The
// same key always gets the same shard, and keys spread evenly over shards.
func (m *Sharded[V]) shardFor(key string) int {
	return int(maphash.String(m.seed, key) & uint64(len(m.shards)-1))
}

// Get returns the value stored under key, and whether there is one.
func (m *Sharded[V]) Get(key string) (V, bool) {
	s := &m.shards[m.shardFor(key)]
	s.mu.RLock()
	defer s.mu.RUnlock()
	v, ok := s.m[key]
	return v, ok
}

// Set stores v under key.
func (m *Sharded[V]) Set(key string, v V) {
	s := &m.shards[m.shardFor(key)]
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m[key] = v
}

// Delete removes key, if it is there.
func (m *Sharded[V]) Delete(key string) {
	s := &m.shards[m.shardFor(key)]
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.m, key)
}

// Len returns the number of entries. Shards are counted one after the
// other, each under its read lock, so while other goroutines write, the
// result is not a snapshot of one instant.
func (m *Sharded[V]) Len() int {
	n := 0
	for i := range m.shards {
		s := &m.shards[i]
		s.mu.RLock()
		n += len(s.m)
		s.mu.RUnlock()
	}
	return n
}
