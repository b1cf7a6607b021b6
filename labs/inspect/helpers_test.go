package inspect_test

import (
	"fmt"
	"hash/maphash"
	"testing"
	"unsafe"

	"gomaps/labs/inspect"
)

// The tests check the inspector against what the runtime does and against
// hashes computed on their own (hash/maphash), not against the inspector's
// own helpers: they count full slots from the raw control and tophash bytes
// and compute H2, tophash, bucket and probe sequence themselves.

// mustInspect inspects m or ends the test.
func mustInspect[K comparable, V any](t *testing.T, m map[K]V) *inspect.Layout {
	t.Helper()
	l, err := inspect.Inspect(m)
	if err != nil {
		t.Fatalf("Inspect: %v", err)
	}
	if l.Len != len(m) {
		t.Fatalf("Layout.Len = %d, len(m) = %d", l.Len, len(m))
	}
	return l
}

// seedOf is the seed the runtime hashes m's keys with: Map.seed, or
// hmap.hash0 widened (the runtime passes uintptr(hash0) to the hasher).
func seedOf(l *inspect.Layout) uint64 {
	if l.Swiss != nil {
		return l.Swiss.Seed
	}
	return uint64(l.Classic.Hash0)
}

// maphashOf computes the hash of k with seed through hash/maphash:
// maphash.Comparable calls the hasher of map[K]struct{}'s type with the
// seed's value, which is how the runtime hashes a key of m. maphash.Seed is
// struct{ s uint64 }; the test writes s through unsafe.
func maphashOf[K comparable](seed uint64, k K) uint64 {
	var s maphash.Seed
	if unsafe.Sizeof(s) != 8 {
		panic("maphash.Seed is no longer a single uint64")
	}
	*(*uint64)(unsafe.Pointer(&s)) = seed
	return maphash.Comparable(s, k)
}

// rawFull counts the full slots from the raw bytes: a control byte with its
// top bit clear, or a tophash of at least 5 (below are the empty and
// evacuated marks).
func rawFull(l *inspect.Layout) int {
	n := 0
	if s := l.Swiss; s != nil {
		var groups []inspect.Group
		if s.Small != nil {
			groups = append(groups, *s.Small)
		}
		for _, t := range s.Tables {
			groups = append(groups, t.Groups...)
		}
		for _, g := range groups {
			for _, c := range g.Ctrl {
				if c < 0x80 {
					n++
				}
			}
		}
	}
	if c := l.Classic; c != nil {
		for _, arr := range [][]inspect.Bucket{c.Buckets, c.OldBuckets} {
			for _, b := range arr {
				for _, th := range b.Chain {
					for _, t := range th {
						if t >= 5 {
							n++
						}
					}
				}
			}
		}
	}
	return n
}

// checkFull checks that the full slots add up to len(m).
func checkFull[K comparable, V any](t *testing.T, m map[K]V, what string) *inspect.Layout {
	t.Helper()
	l := mustInspect(t, m)
	if got := rawFull(l); got != len(m) {
		t.Fatalf("%s: %d full slots in the control/tophash bytes, len(m) = %d\n%s", what, got, len(m), l.Text())
	}
	return l
}

// checkPlacement checks every key of m: Entries finds it exactly once with
// its value; Hash agrees with maphash; its slot's control byte is H2 of the
// hash (Swiss) or its tophash is the hash's top byte (classic); and it sits
// where a lookup looks for it: the directory entry hash >> globalShift and a
// group on its probe sequence with no empty slot before it (Swiss), or bucket
// hash & mask of the array it is in, an old bucket only if not yet evacuated
// (classic).
func checkPlacement[K comparable, V comparable](t *testing.T, m map[K]V, what string) {
	t.Helper()
	l := mustInspect(t, m)
	entries, err := inspect.Entries(m)
	if err != nil {
		t.Fatalf("%s: Entries: %v", what, err)
	}
	if len(entries) != len(m) {
		t.Fatalf("%s: Entries found %d keys, len(m) = %d", what, len(entries), len(m))
	}
	seen := make(map[K]bool, len(m))
	seed := seedOf(l)
	for _, e := range entries {
		v, ok := m[e.Key]
		switch {
		case !ok:
			t.Fatalf("%s: Entries found key %v at %v, which the map does not hold", what, e.Key, e.Loc)
		case v != e.Elem:
			t.Fatalf("%s: Entries found %v: %v at %v, the map says %v", what, e.Key, e.Elem, e.Loc, v)
		case seen[e.Key]:
			t.Fatalf("%s: Entries found key %v twice", what, e.Key)
		}
		seen[e.Key] = true

		h := maphashOf(seed, e.Key)
		if got, err := inspect.Hash(m, e.Key); err != nil || got != h {
			t.Fatalf("%s: Hash(m, %v) = %#x, %v; maphash says %#x", what, e.Key, got, err, h)
		}
		if l.Swiss != nil {
			checkSwissSlot(t, l.Swiss, e.Loc, h, fmt.Sprintf("%s: key %v", what, e.Key))
		} else {
			checkClassicSlot(t, l.Classic, e.Loc, h, fmt.Sprintf("%s: key %v", what, e.Key))
		}
	}
}

func checkSwissSlot(t *testing.T, s *inspect.SwissLayout, loc inspect.Location, h uint64, what string) {
	t.Helper()
	h2 := uint8(h & 0x7f)
	if loc.Table < 0 {
		if s.DirLen != 0 || s.Small == nil || loc.Group != 0 {
			t.Fatalf("%s: in a small group at %v, but dirLen is %d", what, loc, s.DirLen)
		}
		if c := s.Small.Ctrl[loc.Slot]; c != h2 || loc.Ctrl != c {
			t.Fatalf("%s: %v has control byte %#x, H2 of its hash %#x is %#x", what, loc, c, h, h2)
		}
		return
	}
	dir := h >> s.GlobalShift // a shift by 64 gives 0 in Go
	if s.Directory[dir] != loc.Table {
		t.Fatalf("%s: in table %d, but directory entry %d (hash %#x >> %d) points to table %d",
			what, loc.Table, dir, h, s.GlobalShift, s.Directory[dir])
	}
	groups := s.Tables[loc.Table].Groups
	if c := groups[loc.Group].Ctrl[loc.Slot]; c != h2 || loc.Ctrl != c {
		t.Fatalf("%s: %v has control byte %#x, H2 of its hash %#x is %#x", what, loc, c, h, h2)
	}
	// The probe sequence: group (h >> 7) & mask, then +1, +2, +3... (mod
	// the group count). A lookup stops at a group with an empty slot, so
	// no group before the key's own may have one.
	mask := uint64(len(groups) - 1)
	g := (h >> 7) & mask
	for i := uint64(1); g != uint64(loc.Group); i++ {
		if i > mask+1 {
			t.Fatalf("%s: group %d is not on the probe sequence of hash %#x", what, loc.Group, h)
		}
		for _, c := range groups[g].Ctrl {
			if c == 0x80 {
				t.Fatalf("%s: at group %d, but group %d before it on the probe sequence has an empty slot", what, loc.Group, g)
			}
		}
		g = (g + i) & mask
	}
}

func checkClassicSlot(t *testing.T, c *inspect.ClassicLayout, loc inspect.Location, h uint64, what string) {
	t.Helper()
	top := uint8(h >> 56)
	if top < 5 {
		top += 5
	}
	arr := c.Buckets
	if loc.Old {
		arr = c.OldBuckets
	}
	if want := int(h & uint64(len(arr)-1)); loc.Bucket != want {
		t.Fatalf("%s: in bucket %d (old %v) of %d, but hash %#x gives bucket %d", what, loc.Bucket, loc.Old, len(arr), h, want)
	}
	b := arr[loc.Bucket]
	if th := b.Chain[loc.Overflow][loc.Slot]; th != top || loc.Ctrl != th {
		t.Fatalf("%s: %v has tophash %#x, the top byte of hash %#x gives %#x", what, loc, th, h, top)
	}
	if loc.Old {
		if first := b.Chain[0][0]; first >= 2 && first <= 4 {
			t.Fatalf("%s: in old bucket %d, which is evacuated", what, loc.Bucket)
		}
	}
}
