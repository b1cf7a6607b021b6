package swiss

import (
	"fmt"
	"math"
	"slices"
	"testing"
)

// Step 7: iteration: the rotation, the directory offset, and a map that
// changes under the iteration.

func TestStep7SmallRotation(t *testing.T) {
	needSteps(t, 1, 2)
	withHash(t, smallHash)
	m := newGeneric[int64, int64](0)
	if !putAll(t, m, 1, 2, 3, 4, 5) { // slots 0 to 4
		return
	}
	mustLen(t, m, 5, "5 Puts into New(0)")
	for _, c := range []struct {
		offset uint64
		want   []int64
	}{
		{0, []int64{1, 2, 3, 4, 5}},
		{1, []int64{2, 3, 4, 5, 1}},
		{4, []int64{5, 1, 2, 3, 4}},
		{5, []int64{1, 2, 3, 4, 5}}, // slots 5 to 7 are empty: on to slot 0
		{7, []int64{1, 2, 3, 4, 5}},
		{8 + 2, []int64{3, 4, 5, 1, 2}},
	} {
		if got := collect(t, m, c.offset, 0); !slices.Equal(got, c.want) {
			t.Errorf("iterate with entryOffset %d over a small map holding keys 1 to 5 in slots 0 to 4 produced %v; want %v: start at slot entryOffset %% 8 and wrap around, skipping empty slots",
				c.offset, got, c.want)
		}
	}
	var values []int64
	try(t, "iterate", func() {
		m.iterate(0, 0, func(k, v int64) bool { values = append(values, v); return true })
	})
	if !slices.Equal(values, []int64{10, 20, 30, 40, 50}) {
		t.Errorf("iterate produced the values %v; want [10 20 30 40 50]", values)
	}
}

func TestStep7TableRotation(t *testing.T) {
	needSteps(t, 1, 3)
	// A 16-slot table: keys 1 to 8 fill group 0, keys 9 to 12 take slots 0
	// to 3 of group 1, so slot number 8*group+slot holds key number+1.
	hashes := map[int64]uint64{}
	for k := int64(1); k <= 12; k++ {
		hashes[k] = makeHash(uint64(k-1)/8, ctrl(0x20+k))
	}
	withHashes(t, hashes)
	m, _ := tableMap(16)
	if !putAll(t, m, keyRange(1, 12)...) {
		return
	}
	mustLen(t, m, 12, "12 Puts")
	for _, c := range []struct {
		offset uint64
		want   []int64
	}{
		{0, keyRange(1, 12)},
		{6, append(keyRange(7, 12), keyRange(1, 6)...)},
		{13, keyRange(1, 12)}, // slots 13 to 15 are empty
		{16 + 9, append(keyRange(10, 12), keyRange(1, 9)...)},
	} {
		if got := collect(t, m, c.offset, 0); !slices.Equal(got, c.want) {
			t.Errorf("iterate with entryOffset %d over a 16-slot table holding keys 1 to 12 in slots 0 to 11 produced %v; want %v: start at slot entryOffset %% 16 (group slot/8, slot slot%%8) and wrap around",
				c.offset, got, c.want)
		}
	}
}

func TestStep7DirectoryOffset(t *testing.T) {
	needSteps(t, 1, 3)
	// The directory [A A B C] of globalDepth 2: keys 1 and 2 are in A, 3 in
	// B, 4 in C.
	tops := map[int64]uint64{1: 0b00, 2: 0b01, 3: 0b10, 4: 0b11}
	hashes := map[int64]uint64{}
	for k, top := range tops {
		hashes[k] = top<<62 | makeHash(0, ctrl(0x20+k)) // group 0 of each table
	}
	withHashes(t, hashes)
	m := newGeneric[int64, int64](0)
	a := newTable[int64, int64](16, 0, 1)
	b := newTable[int64, int64](16, 2, 2)
	c := newTable[int64, int64](16, 3, 2)
	m.directory = []*table[int64, int64]{a, a, b, c}
	m.globalDepth = 2
	if !putAll(t, m, 1, 2, 3, 4) {
		return
	}
	mustLen(t, m, 4, "4 Puts")
	// Key 1 is in slot 0 of A and key 2 in slot 1, so with entryOffset 0
	// A gives 1, 2.
	for _, c := range []struct {
		offset uint64
		want   []int64
	}{
		{0, []int64{1, 2, 3, 4}},
		{1, []int64{1, 2, 3, 4}}, // entry 1 is A's second entry: start at A
		{2, []int64{3, 4, 1, 2}},
		{3, []int64{4, 1, 2, 3}},
		{4 + 2, []int64{3, 4, 1, 2}},
	} {
		if got := collect(t, m, 0, c.offset); !slices.Equal(got, c.want) {
			t.Errorf("iterate with dirOffset %d over the directory [A A B C] (keys 1, 2 in A, 3 in B, 4 in C) produced %v; want %v: start at entry dirOffset %% 4, at the first entry of its table, and visit each table once",
				c.offset, got, c.want)
		}
	}
}

// iterCheck ranges over m with iterate and the given offsets, calling
// mutate(n, k) after the n-th entry (from 0), and checks each produced entry
// against model, which mutate keeps up to date. It returns the keys
// produced.
func iterCheck(t *testing.T, m *Map[int64, int64], model map[int64]int64, entryOffset, dirOffset uint64, mutate func(n int, k int64)) []int64 {
	t.Helper()
	entries := m.Len()
	var keys []int64
	seen := map[int64]bool{}
	n := 0
	try(t, "iterate", func() {
		m.iterate(entryOffset, dirOffset, func(k, v int64) bool {
			if seen[k] {
				t.Fatalf("iterate produced key %d twice", k)
			}
			seen[k] = true
			if mv, ok := model[k]; !ok {
				t.Fatalf("iterate produced key %d, which is not in the map at that moment (deleted or cleared)", k)
			} else if mv != v {
				t.Fatalf("iterate produced key %d with value %d; its latest value is %d", k, v, mv)
			}
			keys = append(keys, k)
			mutate(n, k)
			n++
			return true
		})
	})
	if n == 0 && entries > 0 && !t.Failed() {
		t.Fatalf("iterate(%d, %d) produced nothing from a map of %d entries: %s", entryOffset, dirOffset, entries, iterateDoes)
	}
	return keys
}

func TestStep7DeleteAndUpdateDuringIteration(t *testing.T) {
	needSteps(t, 1, 2, 3, 4, 5)
	for _, size := range []int64{6, 100} {
		m := newGeneric[int64, int64](0)
		model := map[int64]int64{}
		for k := range size {
			m.Put(k, k)
			model[k] = k
		}
		mustLen(t, m, int(size), fmt.Sprintf("%d Puts", size))
		var deleted []int64
		keys := iterCheck(t, m, model, 3, 1, func(n int, k int64) {
			if n != 0 {
				return
			}
			// Delete the even keys, update the odd ones.
			for d := range size {
				if d%2 == 0 && d != k {
					m.Delete(d)
					delete(model, d)
					deleted = append(deleted, d)
				} else if d%2 == 1 {
					m.Put(d, 1000+d)
					model[d] = 1000 + d
				}
			}
		})
		if len(keys) == 0 {
			t.Fatalf("a map of %d keys: iterate produced nothing", size)
		}
		for _, k := range keys[1:] {
			if k%2 == 0 {
				t.Errorf("a map of %d keys: iterate produced key %d after it was deleted", size, k)
			}
		}
		if want := int(size)/2 + int(1-keys[0]%2); len(keys) != want {
			t.Errorf("a map of %d keys, the even ones deleted at the first entry: iterate produced %d entries; want %d", size, len(keys), want)
		}
	}
}

func TestStep7GrowDuringIteration(t *testing.T) {
	needSteps(t, 1, 2, 3, 4, 5, 6)
	for _, size := range []int64{5, 8, 14, 100, 896, 1500} {
		for trial := range uint64(3) {
			m := newGeneric[int64, int64](0)
			model := map[int64]int64{}
			for k := range size {
				m.Put(k, k)
				model[k] = k
			}
			mustLen(t, m, int(size), fmt.Sprintf("%d Puts", size))
			var first int64
			keys := iterCheck(t, m, model, trial*5, trial, func(n int, k int64) {
				if n != 0 {
					return
				}
				first = k
				// Grow (several doublings and splits), then update the
				// original keys and delete two of them.
				for i := range int64(2500) {
					m.Put(10_000+i, 10_000+i)
					model[10_000+i] = 10_000 + i
				}
				for i := range size {
					m.Put(i, 1000+i)
					model[i] = 1000 + i
				}
				for _, d := range []int64{(k + 1) % size, (k + 2) % size} {
					m.Delete(d)
					delete(model, d)
				}
			})
			if t.Failed() {
				return
			}
			got := map[int64]bool{}
			for _, k := range keys {
				got[k] = true
			}
			for k := range size {
				deleted := k == (first+1)%size || k == (first+2)%size
				if !deleted && !got[k] {
					t.Fatalf("a map of %d keys that grew to %d during the iteration: key %d was there all along but was not produced", size, m.Len(), k)
				}
			}
		}
	}
}

func TestStep7ClearDuringIteration(t *testing.T) {
	needSteps(t, 1, 2, 3, 5)
	for _, size := range []int64{6, 500} {
		m := newGeneric[int64, int64](0)
		model := map[int64]int64{}
		for k := range size {
			m.Put(k, k)
			model[k] = k
		}
		mustLen(t, m, int(size), fmt.Sprintf("%d Puts", size))
		keys := iterCheck(t, m, model, 0, 0, func(n int, k int64) {
			if n != 0 {
				return
			}
			m.Clear()
			clear(model)
			for i := range int64(20) {
				m.Put(5000+i, 5000+i)
				model[5000+i] = 5000 + i
			}
		})
		if len(keys) == 0 {
			t.Fatalf("a map of %d keys: iterate produced nothing", size)
		}
		for _, k := range keys[1:] {
			if k < 5000 {
				t.Errorf("a map of %d keys, cleared at the first entry: iterate produced key %d afterwards", size, k)
			}
		}
	}
}

func TestStep7NaNKeys(t *testing.T) {
	needSteps(t, 1, 2, 3, 5)
	for _, clearIt := range []bool{false, true} {
		m := newGeneric[float64, int64](0)
		for i := range 3 {
			m.Put(math.NaN(), int64(i))
			m.Put(float64(i), 10+int64(i))
		}
		if m.Len() != 6 {
			t.Fatalf("after 3 Puts of NaN and 3 of numbers, Len() = %d; want 6", m.Len())
		}
		nans, afterClear := 0, 0
		first := true
		try(t, "iterate", func() {
			m.iterate(0, 0, func(k float64, v int64) bool {
				if k != k {
					nans++
				}
				if !first && clearIt {
					afterClear++
				}
				if first {
					first = false
					for i := range 100 { // grow from small to a table
						m.Put(float64(100+i), 0)
					}
					if clearIt {
						m.Clear()
					}
				}
				return true
			})
		})
		if first {
			t.Fatalf("iterate(0, 0) produced nothing from a small map of 6 entries (3 of them NaNs): %s", iterateDoes)
		}
		switch {
		case !clearIt && nans != 3:
			t.Errorf("a small map with 3 NaN keys grew into a table during the iteration, which then produced %d NaN entries; want 3: a NaN cannot be looked up again, but it cannot be deleted either, so produce it from the old group", nans)
		case clearIt && afterClear != 0:
			t.Errorf("a small map with 3 NaN keys grew and was cleared at the first entry; iterate then produced %d more entries; want 0: after Clear, even a NaN entry is gone (compare clearSeq)", afterClear)
		}
	}
}

func TestStep7Break(t *testing.T) {
	needSteps(t, 1, 2, 3, 5)
	for _, size := range []int64{6, 100} {
		m := newGeneric[int64, int64](0)
		for k := range size {
			m.Put(k, k)
		}
		mustLen(t, m, int(size), fmt.Sprintf("%d Puts", size))
		calls := 0
		try(t, "iterate", func() {
			m.iterate(0, 0, func(int64, int64) bool { calls++; return calls < 3 })
		})
		if calls == 0 {
			t.Fatalf("iterate(0, 0) produced nothing from a map of %d entries: %s", size, iterateDoes)
		}
		if calls != 3 {
			t.Errorf("a map of %d keys: yield returned false on the 3rd entry, but iterate called it %d times; want 3: stop as soon as yield returns false", size, calls)
		}
	}
}

func TestStep7AllStartsAtRandom(t *testing.T) {
	needSteps(t, 1, 2)
	withHash(t, smallHash)
	m := newGeneric[int64, int64](0)
	if !putAll(t, m, 1, 2, 3, 4, 5) {
		return
	}
	mustLen(t, m, 5, "5 Puts")
	firsts := map[int64]bool{}
	for range 200 {
		for k := range m.All() {
			firsts[k] = true
			break
		}
	}
	if len(firsts) == 0 {
		t.Fatalf("in 200 loops over All on a small map of 5 keys, nothing came out: All calls iterate, which must %s", iterateDoes)
	}
	if len(firsts) < 5 {
		t.Errorf("in 200 loops over All on a small map of 5 keys, only %d different keys came first; want all 5: All draws a random entryOffset for each loop, and iterate must start there", len(firsts))
	}
}

// TestStep7EmptiedAfterGrowth grows the map under the loop (so the loop goes
// on over a stale table or group), then empties it, by Clear or by deleting
// every key, and puts the first keys back. Emptying gives the map new seeds:
// the test's hash changes with them, so a key put back lands elsewhere, in a
// part of the map the loop may reach later. Each key put back is a new entry:
// the loop may produce it or not, but not twice. (The built-in Swiss map does
// produce it twice here: chapter 05.)
func TestStep7EmptiedAfterGrowth(t *testing.T) {
	needSteps(t, 1, 2, 3, 4, 5, 6)
	salt := uint64(0)
	withHash(t, func(key any) uint64 { return mix(key.(int64)) ^ salt })
	for _, how := range []string{"Clear", "Delete of every key"} {
		for _, size := range []int64{6, 500, 1500} {
			salt = 0
			m := newGeneric[int64, int64](0)
			for k := range size {
				m.Put(k, k)
			}
			mustLen(t, m, int(size), fmt.Sprintf("%d Puts", size))
			seen := map[int64]int{}
			first := true
			try(t, "iterate", func() {
				m.iterate(0, 0, func(k, v int64) bool {
					seen[k]++
					if seen[k] > 1 {
						t.Fatalf("a map of %d keys grown under the loop, emptied by %s and refilled: iterate produced key %d twice "+
							"(once the map was emptied, a stale table's keys are all gone: latest must not find the keys put back since)", size, how, k)
					}
					if !first {
						return true
					}
					first = false
					for i := range int64(3000) {
						m.Put(10_000+i, i)
					}
					if how == "Clear" {
						m.Clear()
					} else {
						for i := range int64(3000) {
							m.Delete(10_000 + i)
						}
						for i := range size {
							m.Delete(i)
						}
					}
					clear(seen)
					salt = 0xdead_beef_dead_beef // new seeds, new hashes: the top bit flips
					for i := range size {
						m.Put(i, i)
					}
					return true
				})
			})
		}
	}
}
