//go:build ignore

// The step snapshot of labs/06-races/sharded.go: the file once steps 1 to 4 are done, and no
// later step. go run ./tools/lab checkpoint 06 5 takes its funcs from here. It builds only in
// the lab, in place of its twin.

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
	// TODO(06): step 4. Get reads key from the map of key's shard. Step 5:
	// it must not read while another goroutine writes that shard, must not
	// wait for other readers, and must never wait for goroutines that use
	// other shards.
	// As shipped, it finds nothing.
	// See chapter 06, section "Fix 3: a sharded map".
	// stuck: go run ./tools/lab hint 06
	v, ok := m.shards[m.shardFor(key)].m[key]
	return v, ok
}

// Set stores v under key.
func (m *Sharded[V]) Set(key string, v V) {
	// TODO(06): step 4. Set stores v in the map of key's shard. Step 5: while
	// it writes, no other goroutine may use that shard, and goroutines using
	// other shards must not wait for it. As shipped, it stores nothing.
	// See chapter 06, section "Fix 3: a sharded map".
	// stuck: go run ./tools/lab hint 06
	m.shards[m.shardFor(key)].m[key] = v
}

// Delete removes key, if it is there.
func (m *Sharded[V]) Delete(key string) {
	// TODO(06): step 4. Delete removes key from the map of key's shard.
	// Step 5: like Set, it has its shard to itself while it writes, and
	// leaves the other shards alone. As shipped, it removes nothing.
	// See chapter 06, section "Fix 3: a sharded map".
	// stuck: go run ./tools/lab hint 06
	delete(m.shards[m.shardFor(key)].m, key)
}

// Len returns the number of entries. Shards are counted one after the
// other, each under its read lock, so while other goroutines write, the
// result is not a snapshot of one instant.
func (m *Sharded[V]) Len() int {
	// TODO(06): step 4. Len counts the entries of every shard. Step 5: it
	// counts each shard while no one writes that shard, one shard after the
	// other, so that a writer waits for Len only while Len counts the
	// writer's own shard. As shipped, it returns 0.
	// See chapter 06, section "Fix 3: a sharded map".
	// stuck: go run ./tools/lab hint 06
	n := 0
	for i := range m.shards {
		n += len(m.shards[i].m)
	}
	return n
}
