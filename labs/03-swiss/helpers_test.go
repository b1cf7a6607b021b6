package swiss

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"gomaps/labs/internal/labtest"
)

// newGeneric is New for the tests of steps 1 to 8: a map on the generic
// path whatever its key type, as New makes every map until step 9. Those
// steps check the map, not step 9's fast paths (keyPathOf, hash64,
// hashString), so that a bug of step 9 fails step 9's tests, which name it,
// and not an earlier step's test, which the runner would show first: a
// keyPathOf that sent float64 keys to path64 would fail step 8's NaN test
// ("0 == -0, so they are one key") and hide TestStep9KeyPath. TestStep9Suite
// runs step 8's suite again on the paths New chooses.
func newGeneric[K comparable, V any](hint int) *Map[K, V] {
	m := New[K, V](hint)
	m.path = pathGeneric
	return m
}

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

// showBitset describes a bitset for messages (bitsetOf and slotsOf, of the
// representation this build's matches use, are in bitset_swar_test.go and
// bitset_simd_test.go).
func showBitset(b bitset) string {
	slots, junk := slotsOf(b)
	s := fmt.Sprintf("slots %v", slots)
	if junk {
		s += fmt.Sprintf(" plus stray bits (%#016x): %s", uint64(b), junkRule)
	}
	return s
}

// tableMap returns a map whose directory is one empty table of capacity
// slots, for tests of a single table.
func tableMap(capacity int) (*Map[int64, int64], *table[int64, int64]) {
	m := newGeneric[int64, int64](0)
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
// order produced; it fails the test on a panic, and stops it when iterate
// produces nothing from a map that has entries.
func collect(t *testing.T, m *Map[int64, int64], entryOffset, dirOffset uint64) []int64 {
	t.Helper()
	var keys []int64
	try(t, fmt.Sprintf("iterate(%d, %d)", entryOffset, dirOffset), func() {
		m.iterate(entryOffset, dirOffset, func(k, v int64) bool {
			keys = append(keys, k)
			return true
		})
	})
	if len(keys) == 0 && m.Len() > 0 {
		t.Fatalf("iterate(%d, %d) produced nothing from a map of %d entries: %s", entryOffset, dirOffset, m.Len(), iterateDoes)
	}
	return keys
}

// iterateDoes says what iterate must do, for the messages of a test that it
// stops because iterate produced nothing.
const iterateDoes = "walk the slots of the small group, or of each table of the directory, and call yield with the key and value of every full slot"

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

// needSteps stops the test before it builds anything when an earlier step it
// builds on is still a stub: "step 3 is not written yet: ...". Without it, a
// test that needs, say, growth to set itself up would blame its setup, or
// report a number that means nothing, while the real cause is a step the
// learner has not reached. Each step is checked on a group, table or map
// made by hand, with the seeded hash, so that it depends on no other step.
//
// Built with GOEXPERIMENT=simd on amd64, the map matches groups and hashes
// with step 11's code (match_simd.go, memhash_aes.go) in place of steps 1
// and 9's, so every test needs step 11 first (simdSteps).
func needSteps(t testing.TB, steps ...int) {
	t.Helper()
	saved := testHash
	testHash = nil
	defer func() { testHash = saved }()
	labtest.NeedSteps(t, stepMissing, append(simdSteps, steps...)...)
}

// stepMissing says what step n does not do yet, or "" when its functions do
// their basic job.
func stepMissing(n int) (missing string) {
	what := map[int]string{1: "matchH2, matchEmpty, matchEmptyOrDeleted or first", 2: "findSmall, putSmall or deleteSmall",
		3: "makeProbeSeq, next, table.find or table.put", 4: "table.delete", 5: "uncheckedPut, growToTable, rehash or grow",
		6: "split or installTableSplit", 7: "iterate or latest", 11: "matchH2, matchEmpty, matchEmptyOrDeleted, first, aesHash64 or aesHashString"}[n]
	defer func() {
		if r := recover(); r != nil {
			missing = fmt.Sprintf("%s panicked: %v", what, r)
		}
	}()
	hash := makeHash(1, 0x15) // group 1 of a table, H2 0x15
	// small returns a small map that holds key 7 (value 70) in slot 0.
	small := func() *Map[int64, int64] {
		m := newGeneric[int64, int64](0)
		m.small = new(group[int64, int64])
		m.small.ctrl.setEmpty()
		m.small.slots[0] = slot[int64, int64]{7, 70}
		m.small.ctrl.set(0, h2(m.hash(7)))
		m.used = 1
		return m
	}
	switch n {
	case 1:
		return matchesMissing()
	case 11:
		return simdMissing()
	case 2:
		m := small()
		if s := m.findSmall(m.hash(7), 7); s != &m.small.slots[0] {
			return "findSmall does not find a key in the group of a small map (small.go)"
		}
		m.deleteSmall(m.hash(7), 7)
		if m.used != 0 || m.small.ctrl.matchFull() != 0 {
			return "deleteSmall does not delete a key from the group of a small map (small.go)"
		}
		m.putSmall(hash, 8, 80)
		if m.used != 1 || m.small.ctrl.matchFull() == 0 {
			return "putSmall stores nothing in the group of a small map (small.go)"
		}
	case 3:
		if s := makeProbeSeq(5, 7); s.offset != 5 || s.next().offset != 6 {
			return "makeProbeSeq and next do not walk the groups of a table: from h1 = 5, the first two groups of 8 must be 5 and 6 (probe.go)"
		}
		m, t := tableMap(16)
		if !t.put(m, hash, 7, 70) || t.used != 1 {
			return "table.put stores nothing in a table (probe.go)"
		}
		if s := t.find(m, hash, 7); s == nil || s.key != 7 {
			return "table.find does not find a key in a table (probe.go)"
		}
	case 4:
		m, t := tableMap(16)
		place(m, t, 1, 0, 7, 70, hash)
		t.delete(m, hash, 7)
		if t.used != 0 || m.used != 0 {
			return "table.delete does not delete a key from a table (delete.go)"
		}
	case 5:
		t := newTable[int64, int64](16, 0, 0)
		t.uncheckedPut(hash, 7, 70)
		if gi, _ := where(t, 7); gi < 0 || t.used != 1 {
			return "uncheckedPut stores nothing in a new table (grow.go)"
		}
		m := small()
		m.growToTable()
		if m.small != nil || len(m.directory) != 1 || m.directory[0].used != 1 {
			return "growToTable does not move a small map into a table (grow.go)"
		}
		m, t = tableMap(16)
		for k := range int64(14) {
			t.uncheckedPut(m.hash(k), k, k)
			m.used++
		}
		t.rehash(m)
		if t.index != -1 || m.directory[0].capacity != 32 || m.directory[0].used != 14 {
			return "rehash does not replace a full table of 16 slots by one of 32 (grow.go)"
		}
	case 6:
		m := newGeneric[int64, int64](0)
		t := newTable[int64, int64](maxTableCapacity, 0, 0)
		m.directory = []*table[int64, int64]{t}
		t.uncheckedPut(m.hash(7), 7, 70)
		m.used = 1
		t.split(m)
		if t.index != -1 || len(m.directory) != 2 || m.directory[0] == m.directory[1] {
			return "split and installTableSplit do not replace a full 1024-slot table by two tables (split.go)"
		}
	case 7:
		m := small()
		produced := 0
		m.iterate(0, 0, func(int64, int64) bool { produced++; return produced < 10 })
		if produced == 0 {
			return "iterate produces nothing from a small map of 1 entry, so All produces nothing (iter.go)"
		}
		if produced != 1 {
			return fmt.Sprintf("iterate produced %d entries from a small map of 1 entry (iter.go)", produced)
		}
		if k, v, ok := m.latest(&slot[int64, int64]{7, 0}, m.clearSeq); !ok || k != 7 || v != 70 {
			return "latest does not return the current entry of a key, so an iteration produces nothing from a table that the loop body replaced (iter.go)"
		}
	}
	return ""
}

// matchesMissing says what the matches of this build (matchFile) do not do
// yet, or "" when they do their basic job.
func matchesMissing() string {
	if ctrlWord(0x15).matchH2(0x15)&bitsetOf(0) == 0 {
		return "matchH2 does not find a slot whose control byte is the H2 it looks for (" + matchFile + ")"
	}
	if got := ctrlWord(0x00).matchH2(0x00); got != bitsetOf(0) {
		// A stray bit makes first return a slot past the 8 of a group.
		return fmt.Sprintf("matchH2(0x00) on a group whose slot 0 holds 0x00 and the others are empty returns %s; want slots [0] (%s)", showBitset(got), matchFile)
	}
	if ctrlWord().matchEmpty() == 0 {
		return "matchEmpty finds no empty slot in an empty group (" + matchFile + ")"
	}
	if ctrlWord(ctrlDeleted).matchEmptyOrDeleted()&bitsetOf(0) == 0 {
		return "matchEmptyOrDeleted does not find a deleted slot (" + matchFile + ")"
	}
	if first := bitsetOf(3).first(); first != 3 {
		return fmt.Sprintf("first() of the set of slot 3 is %d; want 3 (%s)", first, matchFile)
	}
	return ""
}
