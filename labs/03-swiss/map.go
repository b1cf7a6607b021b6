package swiss

import (
	"fmt"
	"hash/maphash"
	"iter"
	"math/bits"
	"math/rand/v2"
)

const (
	// groupSlots is the number of slots in a group, and of control bytes in
	// a control word (the runtime's abi.MapGroupSlots).
	groupSlots = 8

	// maxAvgGroupLoad is the maximum load of a table: 7 full or deleted
	// slots per group of 8, on average. At least one slot in 8 stays empty,
	// so probing always finds an empty slot and stops.
	maxAvgGroupLoad = 7

	// maxTableCapacity is the largest table, in slots. A full table of this
	// size splits into two tables instead of doubling, so one insert never
	// moves more than 1024 slots' worth of entries.
	maxTableCapacity = 1024

	// minTableCapacity is the capacity of the table that a small map grows
	// into, and the smallest table this lab makes.
	minTableCapacity = 2 * groupSlots
)

// slot holds one entry. The runtime lays out slots the same way: the key and
// its value side by side.
type slot[K comparable, V any] struct {
	key   K
	value V
}

// group is 8 slots and their control word. The control byte of slot i is
// byte i of ctrl (bits 8i to 8i+7).
type group[K comparable, V any] struct {
	ctrl  ctrlGroup
	slots [groupSlots]slot[K, V]
}

// table is one Swiss table: an open-addressed hash table of groups.
type table[K comparable, V any] struct {
	// used is the number of full slots.
	used int

	// capacity is the number of slots (always 2^N, from 16 to 1024):
	// len(groups) * 8.
	capacity int

	// growthLeft is the number of empty slots an insert may still fill before
	// the table must be rehashed: 7/8 of capacity, minus used, minus the
	// tombstones.
	growthLeft int

	// localDepth is the number of top hash bits that all keys of this table
	// share. It is at most the map's globalDepth; when it is smaller, the
	// table fills 2^(globalDepth-localDepth) consecutive directory entries.
	localDepth uint8

	// index is the first directory entry that points at this table, or -1
	// once the table has been replaced (grown or split) and is stale.
	index int

	// groups has a power-of-two length.
	groups []group[K, V]
}

// Map is a hash map from K to V, built like Go's built-in map.
type Map[K comparable, V any] struct {
	// used is the number of entries (what Len returns).
	used int

	// seed and seed64 are this map's hash seeds: seed for maphash, seed64
	// for hash64 (step 9). They change when the map becomes empty (by Delete
	// or Clear), as the runtime's seed does, so that an attacker cannot keep
	// a set of colliding keys across a reset.
	seed   maphash.Seed
	seed64 uint64

	// path is how the map hashes its keys, chosen once by New (step 9).
	path keyPath

	// hashFunc and equalFunc are nil for a map made by New. A map made by
	// NewWithHasher (step 10, Go 1.27) sets them from its maphash.Hasher:
	// hashFunc replaces the path in m.hash, and equalFunc replaces == between
	// keys (see equal). They are funcs, so that this file, which every Go of
	// the course compiles, names no type of Go 1.27.
	hashFunc  func(key K) uint64
	equalFunc func(a, b K) bool

	// hashState is the maphash.Hash that hashFunc writes a key into, or nil
	// for a map made by New: the map's own, seeded with seed, and seeded
	// again by reseed when seed changes.
	hashState *maphash.Hash

	// small is the group of a small map: a map that never held more than 8
	// entries. It is nil before the first Put and once the map has a
	// directory.
	small *group[K, V]

	// directory holds 2^globalDepth table pointers, or is nil for a small
	// map. Entry i serves the keys whose hash has i as its top globalDepth
	// bits.
	directory   []*table[K, V]
	globalDepth uint8

	// clearSeq counts the times the map was emptied, by Clear or by the
	// Delete of its last entry, each of which gives the map new seeds. An
	// iteration that started before can tell that every entry it began
	// with is gone, and that a key put since hashes elsewhere.
	clearSeq uint64
}

// testHash, when not nil, replaces the hash of every key: tests set it (and
// reset it with t.Cleanup) to choose where keys land, or to make every key
// collide. It is nil in production.
var testHash func(key any) uint64

// New returns an empty map with room for about hint entries. A hint of 8 or
// less allocates no table: the map starts small.
func New[K comparable, V any](hint int) *Map[K, V] {
	m := &Map[K, V]{path: keyPathOf[K]()}
	m.reseed()
	if hint <= groupSlots {
		return m
	}
	// Room for hint entries at the maximum load of 7/8.
	target := hint * groupSlots / maxAvgGroupLoad
	if target < hint || target > 1<<40 {
		return m // too large a hint: start empty, as the runtime does
	}
	tables := ceilPow2((target + maxTableCapacity - 1) / maxTableCapacity)
	m.globalDepth = uint8(bits.TrailingZeros(uint(tables)))
	m.directory = make([]*table[K, V], tables)
	for i := range m.directory {
		m.directory[i] = newTable[K, V](target/tables, i, m.globalDepth)
	}
	return m
}

// Len returns the number of entries.
func (m *Map[K, V]) Len() int { return m.used }

// Get returns the value stored under key, and whether there is one.
//
// It does the work of find itself, rather than calling it: one call less
// per lookup, so fewer instructions around each load that waits on memory
// (chapter 03, "How fast is it?").
func (m *Map[K, V]) Get(key K) (V, bool) {
	hash := m.hash(key)
	if m.used != 0 {
		var s *slot[K, V]
		if m.directory == nil {
			s = m.findSmall(hash, key)
		} else {
			s = m.directory[m.directoryIndex(hash)].find(m, hash, key)
		}
		if s != nil {
			return s.value, true
		}
	}
	var zero V
	return zero, false
}

// Put stores value under key, replacing the key and the value of an entry
// whose key is equal to key (as the built-in map does, so that a +0.0 entry
// stored with -0.0 keeps -0.0).
func (m *Map[K, V]) Put(key K, value V) {
	hash := m.hash(key)
	m.put(hash, key, value)
	m.checkInvariants(hash)
}

// Delete removes the entry whose key is equal to key, if there is one.
func (m *Map[K, V]) Delete(key K) {
	hash := m.hash(key) // first, so that an unhashable key panics even here
	if m.used == 0 {
		return
	}
	if m.directory == nil {
		m.deleteSmall(hash, key)
	} else {
		m.directory[m.directoryIndex(hash)].delete(m, hash, key)
	}
	if m.used == 0 {
		m.reseed()
	}
	m.checkInvariants(hash)
}

// Clear removes every entry. Like the runtime, it keeps the tables (a map
// never shrinks) and empties them in place.
func (m *Map[K, V]) Clear() {
	if m.directory == nil {
		if m.small != nil {
			*m.small = group[K, V]{}
			m.small.ctrl.setEmpty()
		}
	} else {
		for i, t := range m.directory {
			if t.index == i { // each table once
				t.clear()
			}
		}
	}
	m.used = 0
	m.reseed()
	m.checkInvariants(0)
}

// All returns an iterator over the entries, for use with range. Each call of
// the iterator starts at a new random position, as ranging over a built-in
// map does.
func (m *Map[K, V]) All() iter.Seq2[K, V] {
	return func(yield func(K, V) bool) {
		m.iterate(rand.Uint64(), rand.Uint64(), yield)
	}
}

// reseed gives the map new seeds, and counts one more emptying (clearSeq).
func (m *Map[K, V]) reseed() {
	m.seed = maphash.MakeSeed()
	m.seed64 = rand.Uint64()
	if m.hashState != nil {
		m.hashState.SetSeed(m.seed)
	}
	m.clearSeq++
}

// equal reports whether a and b are the same key: a == b for a map made by
// New, the Equal of its maphash.Hasher for a map made by NewWithHasher (step
// 10). Every comparison of two keys goes through it.
func (m *Map[K, V]) equal(a, b K) bool {
	if m.equalFunc != nil {
		return m.equalFunc(a, b)
	}
	return a == b
}

// find returns the slot holding key, or nil.
func (m *Map[K, V]) find(key K) *slot[K, V] {
	hash := m.hash(key)
	if m.used == 0 {
		return nil
	}
	if m.directory == nil {
		return m.findSmall(hash, key)
	}
	return m.directory[m.directoryIndex(hash)].find(m, hash, key)
}

// put stores key and value, growing the map when there is no room.
func (m *Map[K, V]) put(hash uint64, key K, value V) {
	if m.directory == nil {
		if m.small == nil {
			m.small = new(group[K, V])
			m.small.ctrl.setEmpty()
		}
		if m.used < groupSlots || m.findSmall(hash, key) != nil {
			m.putSmall(hash, key, value)
			return
		}
		m.growToTable()
		if m.directory == nil {
			panic("swiss: growToTable returned without installing a table in m.directory (step 5)")
		}
	}

	t := m.directory[m.directoryIndex(hash)]
	if t.put(m, hash, key, value) {
		return
	}
	t.rehash(m)
	if t.index != -1 {
		panic(fmt.Sprintf("swiss: rehash returned, but the full table (capacity %d) is still in the directory: "+
			"rehash must replace it with a new table, or with two at %d slots (steps 5 and 6)", t.capacity, maxTableCapacity))
	}
	nt := m.directory[m.directoryIndex(hash)]
	if nt.put(m, hash, key, value) {
		return
	}
	if nt.capacity == maxTableCapacity && nt.growthLeft == 0 {
		panic(fmt.Sprintf("swiss: cannot make room for a key: the %d entries of a full %d-slot table share their top %d hash bits, "+
			"so splitting the table cannot separate them (do all keys hash alike?)", nt.used, nt.capacity, nt.localDepth))
	}
	panic(fmt.Sprintf("swiss: put found no room in the table that rehash made (capacity %d, growthLeft %d) (steps 3 and 5)",
		nt.capacity, nt.growthLeft))
}

// directoryIndex returns the directory entry for hash: its top globalDepth
// bits (0 when globalDepth is 0: in Go, a shift by 64 gives 0).
func (m *Map[K, V]) directoryIndex(hash uint64) int {
	return int(hash >> (64 - m.globalDepth))
}

// replaceTable points the directory entries of nt (from nt.index, as many as
// its localDepth covers) at nt.
func (m *Map[K, V]) replaceTable(nt *table[K, V]) {
	for i := range 1 << (m.globalDepth - nt.localDepth) {
		m.directory[nt.index+i] = nt
	}
}

// newTable returns an empty table with room for at least capacity slots,
// rounded up to a power of two between 16 and 1024.
func newTable[K comparable, V any](capacity, index int, localDepth uint8) *table[K, V] {
	capacity = ceilPow2(max(capacity, minTableCapacity))
	if capacity > maxTableCapacity {
		panic(fmt.Sprintf("swiss: newTable(%d): a table has at most %d slots", capacity, maxTableCapacity))
	}
	t := &table[K, V]{
		capacity:   capacity,
		localDepth: localDepth,
		index:      index,
		groups:     make([]group[K, V], capacity/groupSlots),
	}
	t.clear()
	return t
}

// maxGrowthLeft is growthLeft of an empty table: 7/8 of its capacity.
func (t *table[K, V]) maxGrowthLeft() int {
	return t.capacity * maxAvgGroupLoad / groupSlots
}

// tombstones returns the number of deleted slots.
func (t *table[K, V]) tombstones() int {
	return t.maxGrowthLeft() - t.used - t.growthLeft
}

// groupMask is the number of groups minus one: h & groupMask is h modulo the
// number of groups.
func (t *table[K, V]) groupMask() uint64 {
	return uint64(len(t.groups) - 1)
}

// clear empties every slot of t.
func (t *table[K, V]) clear() {
	clear(t.groups)
	for i := range t.groups {
		t.groups[i].ctrl.setEmpty()
	}
	t.used = 0
	t.growthLeft = t.maxGrowthLeft()
}

// ceilPow2 returns the smallest power of two >= n (1 for n <= 1).
func ceilPow2(n int) int {
	if n <= 1 {
		return 1
	}
	return 1 << bits.Len(uint(n-1))
}
