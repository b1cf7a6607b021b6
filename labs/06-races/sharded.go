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
	// TODO(06): step 4. Hash the key with maphash.String(m.seed, key); keep
	// its low bits: len(m.shards) is a power of two, so & (len-1) is the
	// remainder of the division by len.
	return 0
}

// Get returns the value stored under key, and whether there is one.
func (m *Sharded[V]) Get(key string) (V, bool) {
	// TODO(06): step 4, take key's shard (&m.shards[m.shardFor(key)]: a
	// pointer, since a shard holds a lock and must not be copied) and read
	// its map; step 5, under the shard's read lock (RLock, defer RUnlock).
	var zero V
	return zero, false
}

// Set stores v under key.
func (m *Sharded[V]) Set(key string, v V) {
	// TODO(06): step 4, write to key's shard's map; step 5, under the
	// shard's write lock (Lock, defer Unlock).
}

// Delete removes key, if it is there.
func (m *Sharded[V]) Delete(key string) {
	// TODO(06): step 4, delete from key's shard's map; step 5, under the
	// shard's write lock.
}

// Len returns the number of entries. Shards are counted one after the
// other, each under its read lock, so while other goroutines write, the
// result is not a snapshot of one instant.
func (m *Sharded[V]) Len() int {
	// TODO(06): step 4, add up len(s.m) of every shard; step 5, each under
	// its read lock, taken and released in turn (never hold two shards'
	// locks at once).
	return 0
}
