//go:build invariants

package buckets

import (
	"fmt"
	"sync/atomic"
	"unsafe"
)

// checks counts the calls of checkInvariants (atomically: maps of different
// tests may be checked at the same time).
var checks atomic.Uint64

// fullCheckEntries is the size up to which every call walks the whole map.
// Above it, a call walks it once every count/fullCheckEntries calls, so that
// a check costs about the same per operation on big maps as on small ones.
const fullCheckEntries = 256

// checkInvariants checks the invariants listed in doc.go and panics with
// "invariant failed: <name>: <details>" on the first one that does not hold.
// Put, Delete and Clear call it after every change. It walks the whole map
// (on big maps, on a share of the calls: see fullCheckEntries), so it is
// compiled in only with -tags invariants.
func checkInvariants[K comparable, V any](m *Map[K, V]) {
	fail := func(name, format string, args ...any) {
		panic(fmt.Sprintf("invariant failed: %s: %s", name, fmt.Sprintf(format, args...)))
	}

	// 1. The array.
	if m.buckets == nil {
		if m.B != 0 || m.count != 0 || m.growing() {
			fail("array", "no bucket array, but B = %d, count = %d, growing = %v", m.B, m.count, m.growing())
		}
		return
	}
	if len(m.buckets) != 1<<m.B {
		fail("array", "len(buckets) = %d; want 2^B = %d", len(m.buckets), 1<<m.B)
	}

	// 2. The growth.
	if !m.growing() {
		if m.sameSizeGrow || m.nextEvacuate != 0 {
			fail("growth", "not growing, but sameSizeGrow = %v and nextEvacuate = %d", m.sameSizeGrow, m.nextEvacuate)
		}
	} else {
		want := len(m.buckets) / 2
		if m.sameSizeGrow {
			want = len(m.buckets)
		}
		if len(m.oldbuckets) != want {
			fail("growth", "len(oldbuckets) = %d with len(buckets) = %d and sameSizeGrow = %v; want %d", len(m.oldbuckets), len(m.buckets), m.sameSizeGrow, want)
		}
		if m.nextEvacuate < 0 || m.nextEvacuate >= len(m.oldbuckets) {
			fail("growth", "nextEvacuate = %d, outside the %d old buckets: the growth should have ended", m.nextEvacuate, len(m.oldbuckets))
		}
		for i := range m.nextEvacuate {
			if !m.oldbuckets[i].evacuated() {
				fail("growth", "old bucket %d is below nextEvacuate = %d but is not evacuated", i, m.nextEvacuate)
			}
		}
	}

	if n := checks.Add(1); m.count > fullCheckEntries && n%uint64(m.count/fullCheckEntries) != 0 {
		return
	}

	count := 0
	var chain []K // the keys of one chain, to find duplicates
	checkChain := func(b *bucket[K, V], idx int, mask uint64, old bool) {
		where := func() string {
			if old {
				return fmt.Sprintf("old bucket %d", idx)
			}
			return fmt.Sprintf("bucket %d", idx)
		}
		evacuated := old && b.evacuated()
		rest := false    // an emptyRest was seen earlier in the chain
		lastOne := false // the last slot before it was emptyOne
		chain = chain[:0]
		for n := 0; b != nil; b, n = b.overflow, n+1 {
			at := func(s int) string { return fmt.Sprintf("%s, chain bucket %d, slot %d", where(), n, s) }
			for s := range bucketCnt {
				top := b.tophash[s]
				if evacuated {
					if top != evacuatedX && top != evacuatedY && top != evacuatedEmpty {
						fail("sentinels", "%s: tophash %#x in an evacuated bucket; want evacuatedX, evacuatedY or evacuatedEmpty", at(s), top)
					}
					continue
				}
				switch {
				case top == emptyRest:
					if !rest && lastOne {
						fail("emptyRest", "%s: emptyRest right after an emptyOne: the deleted slots at the end of a chain must all be emptyRest", at(s))
					}
					rest = true
				case rest:
					fail("emptyRest", "%s: tophash %#x after an emptyRest; every later slot of the chain must be emptyRest", at(s), top)
				case top == emptyOne:
					lastOne = true
				case top < minTopHash:
					fail("sentinels", "%s: tophash %#x (an evacuation mark) in a bucket that is not evacuated", at(s), top)
				default:
					lastOne = false
				}
				if isEmpty(top) {
					if !isZero(b.keys[s]) || !isZero(b.values[s]) {
						fail("empty slots", "%s: an empty slot holds key %v, value %v; Delete and Clear must zero them", at(s), b.keys[s], b.values[s])
					}
					continue
				}
				count++
				k := b.keys[s]
				if k != k {
					continue // a NaN: its hash is random, nothing more to check
				}
				hash := m.hash(k)
				if want := tophash(hash); top != want {
					fail("tophash", "%s: key %v has tophash %#x; its hash says %#x", at(s), k, top, want)
				}
				if got := int(hash & mask); got != idx {
					fail("placement", "%s: key %v is in bucket %d; its hash says bucket %d", at(s), k, idx, got)
				}
				chain = append(chain, k)
			}
		}
		if !evacuated && !rest && lastOne {
			fail("emptyRest", "%s: the chain ends with an emptyOne slot; it must be emptyRest", where())
		}
		// Placement puts every copy of a key in one chain, so duplicates
		// can only be found within a chain.
		if len(chain) <= 32 {
			for i, k := range chain {
				for _, k2 := range chain[i+1:] {
					if k == k2 {
						fail("duplicate", "%s: key %v is in the chain twice", where(), k)
					}
				}
			}
		} else {
			seen := make(map[K]bool, len(chain))
			for _, k := range chain {
				if seen[k] {
					fail("duplicate", "%s: key %v is in the chain twice", where(), k)
				}
				seen[k] = true
			}
		}
	}

	overflows := 0
	for i := range m.buckets {
		b := &m.buckets[i]
		for o := b.overflow; o != nil; o = o.overflow {
			overflows++
		}
		if m.growing() {
			if old := &m.oldbuckets[i&(len(m.oldbuckets)-1)]; !old.evacuated() && (b.tophash != [bucketCnt]uint8{} || b.overflow != nil) {
				fail("growth", "new bucket %d holds entries, but its old bucket %d is not evacuated yet: growWork must evacuate it before a write uses it", i, i&(len(m.oldbuckets)-1))
			}
		}
		checkChain(b, i, bucketMask(m.B), false)
	}
	if m.B < 16 && int(m.noverflow) != overflows {
		fail("noverflow", "noverflow = %d; the array has %d overflow buckets", m.noverflow, overflows)
	}
	for i := range m.oldbuckets {
		checkChain(&m.oldbuckets[i], i, uint64(len(m.oldbuckets)-1), true)
	}
	if count != m.count {
		fail("count", "count = %d, but the buckets hold %d entries", m.count, count)
	}
}

// isZero reports whether v is its type's zero value: all its bytes are 0.
// (reflect.Value.IsZero says the same, but is too slow to call on every
// empty slot after every operation.)
func isZero[T any](v T) bool {
	for _, c := range unsafe.Slice((*byte)(unsafe.Pointer(&v)), unsafe.Sizeof(v)) {
		if c != 0 {
			return false
		}
	}
	return true
}
