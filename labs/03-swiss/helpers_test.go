package swiss

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"gomaps/labs/internal/labtest"
)

// withHash makes every key hash to hashOf(key) until the test ends.
func withHash(t *testing.T, hashOf func(key any) uint64) {
	t.Helper()
	old := testHash
	testHash = hashOf
	t.Cleanup(func() { testHash = old })
}

// withHashes gives each int64 key of hashes its hash; any other key gets
// mix(key).
func withHashes(t *testing.T, hashes map[int64]uint64) {
	t.Helper()
	withHash(t, func(key any) uint64 {
		k := key.(int64)
		if h, ok := hashes[k]; ok {
			return h
		}
		return mix(k)
	})
}

// mix is a hash for tests: a bijection of the key that spreads it over all
// 64 bits (Fibonacci hashing), the same on every run.
func mix(k int64) uint64 { return uint64(k) * 0x9E37_79B9_7F4A_7C15 }

// mixHash is a testHash for int64 keys that uses mix.
func mixHash(key any) uint64 { return mix(key.(int64)) }

// makeHash builds a hash from its H1 and H2.
func makeHash(h1 uint64, h2 ctrl) uint64 { return h1<<7 | uint64(h2) }

// try runs f and turns a panic into a test failure naming call (package labtest).
var try = labtest.Try

// ctrlWord builds a control word from control bytes, slot 0 first.
func ctrlWord(cs ...ctrl) ctrlGroup {
	var g ctrlGroup
	g.setEmpty()
	for i, c := range cs {
		g.set(i, c)
	}
	return g
}

// ctrlBytes shows a control word as its bytes, slot 0 first.
func ctrlBytes(g ctrlGroup) string {
	var parts []string
	for i := range groupSlots {
		parts = append(parts, fmt.Sprintf("%02x", uint8(g.get(i))))
	}
	return "[" + strings.Join(parts, " ") + "] (slot 0 first)"
}

// bitsetOf returns the bitset of the given slots.
func bitsetOf(slots ...int) bitset {
	var b bitset
	for _, s := range slots {
		b |= 0x80 << (8 * s)
	}
	return b
}

// slotsOf lists the slots of b, lowest first, without using first; junk
// reports bits set outside the 0x80 bit of each byte.
func slotsOf(b bitset) (slots []int, junk bool) {
	for i := range groupSlots {
		if b>>(8*i)&0x80 != 0 {
			slots = append(slots, i)
		}
	}
	return slots, uint64(b)&^bitsetMSB != 0
}

// showBitset describes a bitset for messages.
func showBitset(b bitset) string {
	slots, junk := slotsOf(b)
	s := fmt.Sprintf("slots %v", slots)
	if junk {
		s += fmt.Sprintf(" plus stray bits (%#016x): only bit 7 of each byte may be set", uint64(b))
	}
	return s
}

// tableMap returns a map whose directory is one empty table of capacity
// slots, for tests of a single table.
func tableMap(capacity int) (*Map[int64, int64], *table[int64, int64]) {
	m := New[int64, int64](0)
	t := newTable[int64, int64](capacity, 0, 0)
	m.directory = []*table[int64, int64]{t}
	return m, t
}

// place puts an entry by hand into slot j of group gi of t, as if an insert
// had put it there.
func place(m *Map[int64, int64], t *table[int64, int64], gi, j int, key, value int64, hash uint64) {
	t.groups[gi].slots[j] = slot[int64, int64]{key, value}
	t.groups[gi].ctrl.set(j, h2(hash))
	t.used++
	t.growthLeft--
	m.used++
}

// where returns the group and slot of t that hold key, or -1, -1.
func where(t *table[int64, int64], key int64) (int, int) {
	for gi := range t.groups {
		for j := range groupSlots {
			if t.groups[gi].ctrl.get(j) < 0x80 && t.groups[gi].slots[j].key == key {
				return gi, j
			}
		}
	}
	return -1, -1
}

// putAll puts key k with value 10*k for each k, and reports whether no Put
// panicked.
func putAll(t *testing.T, m *Map[int64, int64], keys ...int64) bool {
	t.Helper()
	for _, k := range keys {
		if !try(t, fmt.Sprintf("Put(%d, %d)", k, 10*k), func() { m.Put(k, 10*k) }) {
			return false
		}
	}
	return true
}

// keyRange returns the keys from..to, inclusive.
func keyRange(from, to int64) []int64 {
	var ks []int64
	for k := from; k <= to; k++ {
		ks = append(ks, k)
	}
	return ks
}

// collect runs iterate with the given offsets and returns the keys in the
// order produced; it fails the test on a panic.
func collect(t *testing.T, m *Map[int64, int64], entryOffset, dirOffset uint64) []int64 {
	t.Helper()
	var keys []int64
	try(t, fmt.Sprintf("iterate(%d, %d)", entryOffset, dirOffset), func() {
		m.iterate(entryOffset, dirOffset, func(k, v int64) bool {
			keys = append(keys, k)
			return true
		})
	})
	return keys
}

// sorted returns a sorted copy of keys.
func sorted(keys []int64) []int64 {
	s := slices.Clone(keys)
	slices.Sort(s)
	return s
}

// mustLen stops the test when m does not hold want entries after what.
func mustLen(t *testing.T, m *Map[int64, int64], want int, what string) {
	t.Helper()
	if m.Len() != want {
		t.Fatalf("after %s, Len() = %d; want %d", what, m.Len(), want)
	}
}

// at describes a position found by where.
func at(gi, j int) string {
	if gi < 0 {
		return "nowhere in the table"
	}
	return fmt.Sprintf("in group %d, slot %d", gi, j)
}
