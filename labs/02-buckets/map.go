package buckets

import (
	"hash/maphash"
	"iter"
	"math/rand/v2"
)

const (
	// bucketCnt is the number of slots in a bucket (abi.OldMapBucketCount
	// in the runtime).
	bucketCnt = 8

	// The load that starts a doubling growth, 13/2 = 6.5 entries per bucket
	// on average, as the fraction loadFactorNum/loadFactorDen, to allow
	// integer math. The runtime writes it bucketCnt*13/16: about 80% full.
	loadFactorDen = 2
	loadFactorNum = loadFactorDen * bucketCnt * 13 / 16

	// Tophash values below minTopHash are sentinels: see doc.go.
	emptyRest      = 0
	emptyOne       = 1
	evacuatedX     = 2
	evacuatedY     = 3
	evacuatedEmpty = 4
	minTopHash     = 5
)

// Map is a hash map from K to V that works as the classic built-in map does.
// The zero Map is not ready to use: make one with New.
type Map[K comparable, V any] struct {
	count     int          // live entries: what Len returns
	B         uint8        // log2 of len(buckets)
	noverflow uint16       // overflow buckets of buckets: exact while B < 16, estimated above
	seed      maphash.Seed // the seed of maphash; changes when the map empties
	seed64    uint64       // the seed of hash64 (step 9); changes with seed
	path      keyPath      // how the map hashes its keys, chosen once by New (step 9)

	buckets []bucket[K, V] // 2^B buckets; nil until the first Put if New made no array

	// While the map grows, oldbuckets is the previous array and its entries
	// move to buckets a few old buckets at a time; nil when not growing.
	oldbuckets   []bucket[K, V]
	sameSizeGrow bool // the current growth keeps the number of buckets
	nextEvacuate int  // old buckets below this index are all evacuated

	clearSeq uint64 // counts the Clears, so that an iteration can notice one
}

// A bucket holds up to 8 entries, and chains to an overflow bucket when more
// keys land in it. As in the runtime, the tophash bytes come first, then the
// 8 keys, then the 8 values, then the overflow pointer.
type bucket[K comparable, V any] struct {
	tophash  [bucketCnt]uint8
	keys     [bucketCnt]K
	values   [bucketCnt]V
	overflow *bucket[K, V]
}

// New returns an empty map with room for about hint entries before it grows.
// Like makemap, it allocates no bucket array when hint fits in one bucket:
// the first Put does.
func New[K comparable, V any](hint int) *Map[K, V] {
	m := &Map[K, V]{path: keyPathOf[K]()}
	m.reseed()
	// The smallest B whose array holds hint entries without passing the
	// load factor. (The bound stops a broken overLoadFactor from looping.)
	for m.B < 48 && overLoadFactor(hint, m.B) {
		m.B++
	}
	if m.B > 0 {
		m.buckets = make([]bucket[K, V], 1<<m.B)
	}
	return m
}

// reseed gives the map new seeds.
func (m *Map[K, V]) reseed() {
	m.seed = maphash.MakeSeed()
	m.seed64 = rand.Uint64()
}

// hashHook, when not nil, replaces the hash of every key. Tests set it, and
// reset it with t.Cleanup, to make every key collide or to place keys in
// chosen buckets. It is always nil outside tests.
var hashHook func(key any) uint64

// bucketMask returns 2^b - 1: hash & bucketMask(B) is a bucket index.
func bucketMask(b uint8) uint64 { return 1<<b - 1 }

// growing reports whether entries are moving from oldbuckets to buckets.
func (m *Map[K, V]) growing() bool { return m.oldbuckets != nil }

// isEmpty reports whether a tophash byte marks an empty slot of a bucket that
// has not been evacuated.
func isEmpty(top uint8) bool { return top <= emptyOne }

// evacuated reports whether the old bucket b has been evacuated. Evacuation
// marks every slot, so looking at the first one is enough.
func (b *bucket[K, V]) evacuated() bool {
	top := b.tophash[0]
	return top > emptyOne && top < minTopHash
}

// Len returns the number of entries.
func (m *Map[K, V]) Len() int { return m.count }

// Get returns the value stored under key, and whether there is one.
// Like mapaccess2, it never moves an entry, even while the map grows.
//
// It does the work of find itself, rather than calling it: one call less
// per lookup, which the lab map of chapter 03 showed to matter (see its
// Get).
func (m *Map[K, V]) Get(key K) (V, bool) {
	hash := m.hash(key)
	if m.count != 0 {
		if b, i := m.readBucket(hash).search(tophash(hash), key); b != nil { // steps 6 and 1
			return b.values[i], true
		}
	}
	var zero V
	return zero, false
}

// find returns the bucket and slot of key, or nil.
func (m *Map[K, V]) find(key K) (*bucket[K, V], int) {
	hash := m.hash(key)
	if m.count == 0 {
		return nil, 0
	}
	return m.readBucket(hash).search(tophash(hash), key) // steps 6 and 1
}

// Put stores value under key, replacing the value already there. It follows
// mapassign: find the key, or grow if this insert would overload the map,
// then take a free slot.
func (m *Map[K, V]) Put(key K, value V) {
	hash := m.hash(key)
	top := tophash(hash) // step 1
	if m.buckets == nil {
		m.buckets = make([]bucket[K, V], 1)
	}
again:
	idx := int(hash & bucketMask(m.B))
	if m.growing() {
		m.growWork(idx) // step 6: the writer pays for the move
	}
	b := &m.buckets[idx]
	if fb, i := b.search(top, key); fb != nil { // step 1
		// Replace the key too: a Put under -0.0 replaces a +0.0 key, as the
		// built-in map does (it calls that NeedKeyUpdate).
		fb.keys[i] = key
		fb.values[i] = value
		checkInvariants(m)
		return
	}
	// A new key. Growth starts only here, and only when no growth is under
	// way: a growth in progress must end before the next one starts.
	if !m.growing() && (overLoadFactor(m.count+1, m.B) || tooManyOverflowBuckets(m.noverflow, m.B)) { // step 5
		m.hashGrow() // step 5
		if m.growing() {
			goto again // the array changed: find the key's bucket again
		}
	}
	if m.insert(b, top, key, value) { // steps 2 and 3
		m.count++
	}
	checkInvariants(m)
}

// Delete removes the entry of key, if there is one.
func (m *Map[K, V]) Delete(key K) {
	hash := m.hash(key)
	if m.count == 0 {
		return
	}
	idx := int(hash & bucketMask(m.B))
	if m.growing() {
		m.growWork(idx) // step 6: a delete is a write, it moves entries too
	}
	if m.remove(&m.buckets[idx], tophash(hash), key) { // step 4
		m.count--
		if m.count == 0 {
			// As the runtime does (issue 25237): a new seed makes it harder
			// to keep sending keys that collide.
			m.reseed()
		}
	}
	checkInvariants(m)
}

// Clear removes every entry. Like mapclear, it keeps the bucket array, emptied
// in place (the memory of a map never shrinks), drops the old array of a
// growth in progress and picks a new seed.
func (m *Map[K, V]) Clear() {
	if m.count == 0 {
		return
	}
	m.count = 0
	m.noverflow = 0
	m.oldbuckets = nil
	m.sameSizeGrow = false
	m.nextEvacuate = 0
	m.clearSeq++
	m.reseed()
	clear(m.buckets) // every tophash is emptyRest again, and the chains are gone
	checkInvariants(m)
}

// All returns an iterator over the entries, in the runtime's order: from a
// random bucket, and from the same random slot offset in every bucket.
func (m *Map[K, V]) All() iter.Seq2[K, V] {
	return func(yield func(K, V) bool) {
		it := m.newIterator(rand.Uint64()) // step 7
		for {
			k, v, ok := it.next() // step 7
			if !ok || !yield(k, v) {
				return
			}
		}
	}
}

// incrnoverflow counts one more overflow bucket in noverflow. Same-size
// growth starts when there are about as many overflow buckets as buckets,
// up to 2^15. While B < 16 the count is exact; for bigger arrays, which
// would need a wider counter, it counts each new overflow bucket with
// probability 1/2^(B-15), as the runtime does.
func (m *Map[K, V]) incrnoverflow() {
	if m.B < 16 {
		m.noverflow++
		return
	}
	if rand.Uint32()&(1<<(m.B-15)-1) == 0 {
		m.noverflow++
	}
}

// advanceEvacuationMark moves nextEvacuate past the old buckets already
// evacuated (by growWork on behalf of some write), looking at most 1024
// buckets ahead so that one write stays O(1). When it reaches the end, the
// growth is over: the old array is dropped (and nextEvacuate is 0 again,
// where the runtime leaves it at the end until the next growth).
func (m *Map[K, V]) advanceEvacuationMark() {
	m.nextEvacuate++
	stop := min(m.nextEvacuate+1024, len(m.oldbuckets))
	for m.nextEvacuate < stop && m.oldbuckets[m.nextEvacuate].evacuated() {
		m.nextEvacuate++
	}
	if m.nextEvacuate == len(m.oldbuckets) {
		m.oldbuckets = nil
		m.sameSizeGrow = false
		m.nextEvacuate = 0
	}
}
