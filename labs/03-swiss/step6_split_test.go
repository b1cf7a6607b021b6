package swiss

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// Step 6: the directory: splitting full 1024-slot tables, extendible hashing.

func TestStep6FirstSplit(t *testing.T) {
	needSteps(t, 1, 2, 3, 5)
	withHash(t, mixHash)
	m := newGeneric[int64, int64](0)
	if !putAll(t, m, keyRange(1, 896)...) {
		return
	}
	if len(m.directory) != 1 || m.directory[0].capacity != maxTableCapacity || m.directory[0].growthLeft != 0 {
		t.Fatalf("after 896 Puts into New(0), want one full table of 1024 slots (step 5); got a directory of %d entries", len(m.directory))
	}
	old := m.directory[0]
	if !putAll(t, m, 897) {
		return
	}
	if len(m.directory) != 2 || m.globalDepth != 1 {
		t.Fatalf("after 897 Puts into New(0), the directory has %d entries (globalDepth %d); want 2 (globalDepth 1): a full 1024-slot table splits in two instead of doubling, and its single directory entry becomes two",
			len(m.directory), m.globalDepth)
	}
	left, right := m.directory[0], m.directory[1]
	if old.index != -1 {
		t.Errorf("after the split, the old table has index %d; want -1 (stale)", old.index)
	}
	if left == right || left.index != 0 || right.index != 1 || left.localDepth != 1 || right.localDepth != 1 {
		t.Fatalf("after the first split: tables with index %d and %d, localDepth %d and %d; want two tables, index 0 and 1, localDepth 1 each", left.index, right.index, left.localDepth, right.localDepth)
	}
	if left.capacity != maxTableCapacity || right.capacity != maxTableCapacity {
		t.Errorf("after the first split, the tables have %d and %d slots; want %d each", left.capacity, right.capacity, maxTableCapacity)
	}
	if left.used+right.used != 897 || m.Len() != 897 {
		t.Errorf("after the first split, the tables hold %d + %d entries and Len() = %d; want 897 in all", left.used, right.used, m.Len())
	}
	for i, tb := range []*table[int64, int64]{left, right} {
		for gi := range tb.groups {
			for match := tb.groups[gi].ctrl.matchFull(); match != 0; match = match.removeFirst() {
				k := tb.groups[gi].slots[match.first()].key
				if top := mix(k) >> 63; int(top) != i {
					t.Fatalf("key %d, whose hash has top bit %d, is in the table of index %d; a split sends each entry to the table of its next hash bit", k, top, i)
				}
			}
		}
	}
	for k := int64(1); k <= 897; k++ {
		if v, ok := m.Get(k); !ok || v != 10*k {
			t.Fatalf("after the first split, Get(%d) = %d, %v; want %d, true", k, v, ok, 10*k)
		}
	}
}

// dirNames shows a directory with a name for each table.
func dirNames(dir []*table[int64, int64], names map[*table[int64, int64]]string) string {
	var s []string
	for _, t := range dir {
		n, ok := names[t]
		if !ok {
			n = "?"
		}
		s = append(s, n)
	}
	return "[" + strings.Join(s, " ") + "]"
}

func TestStep6InstallTableSplit(t *testing.T) {
	// The runtime's example: a directory of globalDepth 2 where table A
	// (localDepth 1) fills entries 0 and 1, B is entry 2 and C entry 3.
	m := newGeneric[int64, int64](0)
	a := newTable[int64, int64](16, 0, 1)
	b := newTable[int64, int64](16, 2, 2)
	c := newTable[int64, int64](16, 3, 2)
	m.directory = []*table[int64, int64]{a, a, b, c}
	m.globalDepth = 2
	a0, a1 := newTable[int64, int64](16, -1, 2), newTable[int64, int64](16, -1, 2)
	b0, b1 := newTable[int64, int64](16, -1, 3), newTable[int64, int64](16, -1, 3)
	names := map[*table[int64, int64]]string{a: "A", b: "B", c: "C", a0: "A0", a1: "A1", b0: "B0", b1: "B1"}

	if !try(t, "installTableSplit(A, A0, A1)", func() { m.installTableSplit(a, a0, a1) }) {
		return
	}
	if want := []*table[int64, int64]{a0, a1, b, c}; !slices.Equal(m.directory, want) || m.globalDepth != 2 {
		t.Fatalf("splitting A (localDepth 1 < globalDepth 2) into A0 and A1 gave the directory %s, globalDepth %d; want %s and 2: A had two entries, so each half takes one and the directory keeps its size",
			dirNames(m.directory, names), m.globalDepth, dirNames(want, names))
	}
	if a0.index != 0 || a1.index != 1 {
		t.Errorf("after splitting A, A0.index = %d and A1.index = %d; want 0 and 1", a0.index, a1.index)
	}

	// A table of localDepth 0 in a directory of globalDepth 2 fills all
	// four entries: each half takes two.
	m2 := newGeneric[int64, int64](0)
	z := newTable[int64, int64](16, 0, 0)
	m2.directory = []*table[int64, int64]{z, z, z, z}
	m2.globalDepth = 2
	z0, z1 := newTable[int64, int64](16, -1, 1), newTable[int64, int64](16, -1, 1)
	names[z], names[z0], names[z1] = "Z", "Z0", "Z1"
	if !try(t, "installTableSplit(Z, Z0, Z1)", func() { m2.installTableSplit(z, z0, z1) }) {
		return
	}
	if want := []*table[int64, int64]{z0, z0, z1, z1}; !slices.Equal(m2.directory, want) || z0.index != 0 || z1.index != 2 {
		t.Errorf("splitting Z (localDepth 0, all 4 entries of a directory of globalDepth 2) gave the directory %s, Z0.index %d, Z1.index %d; want %s, 0 and 2: each half covers 2^(globalDepth-localDepth) = 2 entries",
			dirNames(m2.directory, names), z0.index, z1.index, dirNames(want, names))
	}

	if !try(t, "installTableSplit(B, B0, B1)", func() { m.installTableSplit(b, b0, b1) }) {
		return
	}
	want := []*table[int64, int64]{a0, a0, a1, a1, b0, b1, c, c}
	if !slices.Equal(m.directory, want) || m.globalDepth != 3 {
		t.Fatalf("splitting B (localDepth 2 == globalDepth 2) into B0 and B1 gave the directory %s, globalDepth %d; want %s and 3: B had one entry, so the directory doubles first (entry i becomes 2i and 2i+1)",
			dirNames(m.directory, names), m.globalDepth, dirNames(want, names))
	}
	for _, c := range []struct {
		t    *table[int64, int64]
		want int
	}{{a0, 0}, {a1, 2}, {b0, 4}, {b1, 5}, {c, 6}} {
		if c.t.index != c.want {
			t.Errorf("after the directory doubled, %s.index = %d; want %d, its first entry", names[c.t], c.t.index, c.want)
		}
	}
}

func TestStep6SplitByHashBit(t *testing.T) {
	needSteps(t, 1, 3, 5)
	// A directory of globalDepth 1: table T (index 0) and table U (index 1).
	// Keys 1 to 3 have hashes starting with bits 00, keys 4 to 6 with 01.
	hashes := map[int64]uint64{}
	for k := int64(1); k <= 6; k++ {
		top := uint64(k-1) / 3 // 0 or 1
		hashes[k] = top<<62 | makeHash(uint64(k), ctrl(0x20+k))
	}
	withHashes(t, hashes)
	m := newGeneric[int64, int64](0)
	tt := newTable[int64, int64](16, 0, 1)
	u := newTable[int64, int64](16, 1, 1)
	m.directory = []*table[int64, int64]{tt, u}
	m.globalDepth = 1
	if !putAll(t, m, keyRange(1, 6)...) {
		return
	}
	mustLen(t, m, 6, "6 Puts")
	if !try(t, "split of T", func() { tt.split(m) }) {
		return
	}
	if len(m.directory) != 4 || m.globalDepth != 2 {
		t.Fatalf("splitting T (localDepth 1 == globalDepth 1) gave a directory of %d entries, globalDepth %d; want 4 and 2", len(m.directory), m.globalDepth)
	}
	left, right := m.directory[0], m.directory[1]
	if tt.index != -1 || left == tt || right == tt || left == right || m.directory[2] != u || m.directory[3] != u {
		t.Fatalf("after splitting T, the directory must be [left right U U] with T stale (index -1); got T.index %d", tt.index)
	}
	if left.localDepth != 2 || right.localDepth != 2 || left.capacity != maxTableCapacity || right.capacity != maxTableCapacity {
		t.Errorf("the halves of T have localDepth %d and %d, capacity %d and %d; want 2 and 2, %d and %d", left.localDepth, right.localDepth, left.capacity, right.capacity, maxTableCapacity, maxTableCapacity)
	}
	for k := int64(1); k <= 6; k++ {
		wantTable, name := left, "left (bits 00)"
		if k > 3 {
			wantTable, name = right, "right (bits 01)"
		}
		if gi, _ := where(wantTable, k); gi < 0 {
			t.Errorf("key %d, whose hash starts with bits %02b, is not in the %s table: a split sends an entry by the hash bit after the table's localDepth top bits", k, hashes[k]>>62, name)
		}
	}
	if left.used+right.used != 6 || m.Len() != 6 || u.index != 2 {
		t.Errorf("after splitting T: %d + %d entries, Len() %d, U.index %d; want 6 in all, 6, and 2", left.used, right.used, m.Len(), u.index)
	}
}

func TestStep6DirectoryGrowsOnlyWhenNeeded(t *testing.T) {
	needSteps(t, 1, 2, 3, 5)
	withHash(t, mixHash)
	m := newGeneric[int64, int64](0)
	splits, withoutDoubling := 0, 0
	for k := int64(1); k <= 6000; k++ {
		before := m.tables()
		depth := m.globalDepth
		if !try(t, fmt.Sprintf("Put(%d)", k), func() { m.Put(k, 10*k) }) {
			return
		}
		after := m.tables()
		if len(before) == 0 || len(after) <= len(before) {
			continue // no split (or the small map's growth into a table)
		}
		// A split: find the table that is gone.
		var split *table[int64, int64]
		for _, tb := range before {
			if tb.index == -1 {
				split = tb
			}
		}
		if split == nil || len(after) != len(before)+1 {
			t.Fatalf("Put(%d) turned %d tables into %d; want one table split into two", k, len(before), len(after))
		}
		splits++
		grew := m.globalDepth != depth
		switch {
		case split.localDepth == depth && !grew:
			t.Fatalf("Put(%d) split a table of localDepth %d == globalDepth %d, but the directory kept %d entries; it must double to give the two halves an entry each", k, split.localDepth, depth, len(m.directory))
		case split.localDepth < depth && grew:
			t.Fatalf("Put(%d) split a table of localDepth %d < globalDepth %d, and the directory doubled to %d entries; it need not: the table had 2^%d entries, enough for both halves", k, split.localDepth, depth, len(m.directory), depth-split.localDepth)
		case !grew:
			withoutDoubling++
		}
	}
	if splits < 4 || withoutDoubling == 0 {
		t.Errorf("6000 Puts made %d splits, %d of them without doubling the directory; want at least 4 and 1", splits, withoutDoubling)
	}
	for k := int64(1); k <= 6000; k++ {
		if v, ok := m.Get(k); !ok || v != 10*k {
			t.Fatalf("after 6000 Puts and %d splits, Get(%d) = %d, %v; want %d, true", splits, k, v, ok, 10*k)
		}
	}
}

func TestStep6CollidingKeysStopCleanly(t *testing.T) {
	needSteps(t, 1, 3, 5)
	// When every key has the same hash, a split cannot separate them: the
	// map must stop with a clear panic, not split forever.
	withHash(t, func(any) uint64 { return 0x1234_5678_9abc_def0 })
	m := newGeneric[int64, int64](0)
	tb := newTable[int64, int64](maxTableCapacity, 0, 0)
	m.directory = []*table[int64, int64]{tb}
	for k := int64(1); k <= 896; k++ {
		tb.uncheckedPut(m.hash(k), k, k)
		m.used++
	}
	var r any
	func() {
		defer func() { r = recover() }()
		m.Put(897, 897)
	}()
	if msg := fmt.Sprint(r); r == nil || !strings.Contains(msg, "share their top") {
		t.Errorf("Put of a 897th key into a full 1024-slot table whose keys all have the same hash: recovered %v; want the panic of the scaffolding about keys that share their top hash bits: split them once, and the full half that results makes put fail with that message",
			r)
	}
}
