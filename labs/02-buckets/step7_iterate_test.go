package buckets

import (
	"fmt"
	"math"
	"slices"
	"testing"
)

// Step 7: iteration.

// walk runs it to the end, calling each (if not nil) after every entry, and
// returns the keys in order and the last value seen for each. It stops after
// limit entries, so that a broken iterator cannot loop forever, and it stops
// the test when the iterator produces nothing from a map that has entries:
// the test's own checks, about what the loop body changed, would then blame
// the wrong thing.
func walk(t *testing.T, it *iterator[int64, int64], limit int, each func(k int64)) ([]int64, map[int64]int64) {
	t.Helper()
	entries := 0
	if it != nil && it.m != nil {
		entries = it.m.count
	}
	var order []int64
	values := map[int64]int64{}
	for len(order) <= limit {
		var k, v int64
		var ok bool
		try(t, "next", func() { k, v, ok = it.next() })
		if !ok {
			if len(order) == 0 && entries > 0 {
				t.Fatalf("the iterator produced nothing from a map of %d entries: newIterator must start a walk (only an iterator over an empty map starts done), and next must return the entries one by one", entries)
			}
			return order, values
		}
		order = append(order, k)
		values[k] = v
		if each != nil {
			each(k)
		}
	}
	t.Fatalf("the iterator produced more than %d entries from a map of fewer: it must stop when it is back at startBucket after wrapping around (first keys: %v)", limit, order[:20])
	return nil, nil
}

func TestStep7NewIterator(t *testing.T) {
	needSteps(t, 1, 2, 5)
	m := newGeneric[int64, int64](20) // B = 2
	putAll(t, m, 1, 2, 3)
	r := uint64(0b1_0110) // bits 0-1: bucket 2; bits 2-4: offset 5
	var it *iterator[int64, int64]
	try(t, "newIterator", func() { it = m.newIterator(r) })
	if it.startBucket != 2 || it.bucket != 2 {
		t.Errorf("newIterator(0b10110) on a map with B = 2: startBucket = %d, bucket = %d; want 2, 2: startBucket = r & (2^B-1), and the walk starts there", it.startBucket, it.bucket)
	}
	if it.offset != 5 {
		t.Errorf("newIterator(0b10110) on a map with B = 2: offset = %d; want 5: offset = (r >> B) & 7, the next 3 bits", it.offset)
	}
	if !sameArray(it.buckets, m.buckets) || it.B != 2 || it.m != m || it.checkBucket != noCheck || it.done {
		t.Errorf("newIterator must keep the map, its current array and B, with checkBucket = noCheck and done = false")
	}

	empty := newGeneric[int64, int64](0)
	try(t, "newIterator", func() { it = empty.newIterator(r) })
	if order, _ := walk(t, it, 10, nil); len(order) != 0 || !it.done {
		t.Errorf("an iterator over an empty map produced %v (done = %v); want nothing, and done", order, it.done)
	}
}

func TestStep7Order(t *testing.T) {
	needSteps(t, 1, 2, 3, 5)
	identityHash(t)
	m := newGeneric[int64, int64](9) // B = 1
	var a, b []int64
	for i := range 10 {
		a = append(a, placed(0x50+uint8(i), 0, i)) // bucket 0: 8 slots and 2 in an overflow bucket
	}
	for i := range 3 {
		b = append(b, placed(0x60+uint8(i), 1, i)) // bucket 1: 3 slots
	}
	putAll(t, m, a...)
	putAll(t, m, b...)
	if m.B != 1 || m.growing() {
		t.Fatalf("step 5 must pass first: New(9) and 13 Puts gave B = %d, growing = %v; want 1, false: 13 entries in 2 buckets is a load of 6.5, not more", m.B, m.growing())
	}
	// startBucket 1, offset 2: bucket 1 from slot 2 (slots 2..7, 0, 1), then
	// bucket 0 from slot 2, then its overflow bucket from slot 2.
	want := []int64{b[2], b[0], b[1], a[2], a[3], a[4], a[5], a[6], a[7], a[0], a[1], a[8], a[9]}
	it := m.newIterator(1 | 2<<1)
	got, values := walk(t, it, 100, nil)
	if !slices.Equal(got, want) {
		t.Fatalf("iteration with startBucket 1 and offset 2 produced\n%s\nwant\n%s\n(b0-b2 are slots 0-2 of bucket 1, a0-a7 slots 0-7 of bucket 0, a8-a9 slots 0-1 of its overflow bucket): walk buckets from startBucket, wrapping around; in each bucket, and each overflow bucket, look at slot (i+offset)&7 for i = 0..7", names(got, a, b), names(want, a, b))
	}
	for k, v := range values {
		if v != k*10 {
			t.Fatalf("the iterator produced key %d with value %d; want %d", k, v, k*10)
		}
	}
	for r := range uint64(16) {
		got, _ := walk(t, m.newIterator(r), 100, nil)
		if len(got) != len(want) {
			t.Fatalf("newIterator(%d) produced %d entries; want %d", r, len(got), len(want))
		}
	}
}

// names prints keys as a0..., b0...
func names(keys, a, b []int64) string {
	var s []string
	for _, k := range keys {
		switch {
		case slices.Contains(a, k):
			s = append(s, fmt.Sprintf("a%d", slices.Index(a, k)))
		case slices.Contains(b, k):
			s = append(s, fmt.Sprintf("b%d", slices.Index(b, k)))
		default:
			s = append(s, fmt.Sprint(k))
		}
	}
	return fmt.Sprint(s)
}

func TestStep7MutationWithoutGrowth(t *testing.T) {
	needSteps(t, 1, 2, 3, 4, 5)
	for r := range uint64(64) {
		m := newGeneric[int64, int64](100)
		for k := range int64(100) {
			putAll(t, m, k)
		}
		B := m.B
		var first int64 = -1
		order, values := walk(t, m.newIterator(r), 200, func(k int64) {
			if first >= 0 {
				return
			}
			first = k
			for d := range int64(100) {
				if d != k && d%3 == 0 {
					m.Delete(d)
				} else if d%3 == 1 {
					m.Put(d, -d)
				}
			}
		})
		if m.B != B || m.growing() {
			t.Fatalf("step 5 must pass first: updates and deletes during the iteration made the map grow (B %d, now %d); only a Put of a new key may start a growth", B, m.B)
		}
		seen := map[int64]bool{}
		for _, k := range order {
			if seen[k] {
				t.Fatalf("iteration (r = %d) produced key %d twice", r, k)
			}
			seen[k] = true
			if k != first && k%3 == 0 {
				t.Fatalf("iteration (r = %d) produced key %d, deleted before it was reached", r, k)
			}
			if k != first && k%3 == 1 && values[k] != -k {
				t.Fatalf("iteration (r = %d) produced key %d with value %d; it was updated to %d before it was reached", r, k, values[k], -k)
			}
		}
		want := 66 // the keys not deleted, and the first key if it was one of those deleted
		if first%3 == 0 {
			want++
		}
		if len(order) != want {
			t.Fatalf("iteration (r = %d) produced %d entries; want %d: the first one and the 66 keys not deleted", r, len(order), want)
		}
	}
}

func TestStep7GrowthDuringIteration(t *testing.T) {
	needSteps(t, 1, 2, 3, 4, 5, 6)
	for r := range uint64(64) {
		m := newGeneric[int64, int64](0)
		for k := range int64(50) {
			putAll(t, m, k)
		}
		next := int64(1000)
		deleted := map[int64]bool{}
		order, values := walk(t, m.newIterator(r), 10_000, func(k int64) {
			// Every entry produced puts 20 new keys (the map grows, twice
			// over), updates one original and deletes another.
			for range 20 {
				m.Put(next, next)
				next++
			}
			m.Put((k+7)%50, -1)
			if d := (k + 13) % 50; !deleted[d] {
				m.Delete(d)
				deleted[d] = true
			}
		})
		if m.B < 6 {
			t.Fatalf("iteration (r = %d) produced %d entries, each followed by 20 Puts of new keys, and the map grew only to B = %d; want B >= 6: did the iteration stop early?", r, len(order), m.B)
		}
		seen := map[int64]bool{}
		for _, k := range order {
			if seen[k] {
				t.Fatalf("iteration (r = %d) produced key %d twice while Puts made the map grow from B = 3 to B = %d: an evacuated entry must be looked up, not produced again from its new bucket", r, k, m.B)
			}
			seen[k] = true
		}
		for k := range int64(50) {
			if !seen[k] && !deleted[k] {
				t.Fatalf("iteration (r = %d) never produced key %d, which was in the map the whole time (the map grew from B = 3 to B = %d): keep walking the array the iteration started on", r, k, m.B)
			}
		}
		for k, v := range values {
			if k < 50 && v != k*10 && v != -1 {
				t.Fatalf("iteration produced key %d with value %d", k, v)
			}
		}
	}
}

func TestStep7LatestValueAfterGrowth(t *testing.T) {
	needSteps(t, 1, 2, 3, 4, 5, 6)
	for r := range uint64(32) {
		m := newGeneric[int64, int64](0)
		for k := range int64(100) {
			putAll(t, m, k)
		}
		var first int64 = -1
		_, values := walk(t, m.newIterator(r), 10_000, func(k int64) {
			if first >= 0 {
				return
			}
			first = k
			for i := range int64(2000) {
				m.Put(10_000+i, 0) // the map grows; the old array is left behind
			}
			for d := range int64(100) {
				if d%2 == 0 {
					m.Put(d, -d)
				} else if d != k {
					m.Delete(d)
				}
			}
		})
		if first < 0 {
			t.Fatalf("iteration (r = %d) over a map of 100 entries produced nothing", r)
		}
		for k := range int64(100) {
			v, ok := values[k]
			switch {
			case k == first:
			case k%2 == 0 && (!ok || v != -k):
				t.Fatalf("iteration (r = %d) produced key %d with value %d (produced: %v); want %d: the entry moved to the new array and was updated there, so look the key up again (find) to get its latest value", r, k, v, ok, -k)
			case k%2 == 1 && ok:
				t.Fatalf("iteration (r = %d) produced key %d, deleted after the map grew and before it was reached: a look-up that finds nothing means deleted", r, k)
			}
		}
	}
}

func TestStep7StartedDuringGrowth(t *testing.T) {
	needSteps(t, 1, 2, 3, 4, 5, 6)
	m := growingMap(t) // old buckets 0 and 2 evacuated, 1 and 3 not
	// From bucket 0, offset 0. New buckets 1, 3, 5 and 7 are still empty:
	// their entries are in old buckets 1 and 3, which hold the keys k%4 == 1
	// and k%4 == 3; produce from them only the keys bound for the new bucket
	// being walked (k%8).
	want := []int64{0, 8, 16, 24, 1, 9, 17, 25, 2, 10, 18, 26, 3, 11, 19, 4, 12, 20, 5, 13, 21, 6, 14, 22, 7, 15, 23}
	got, _ := walk(t, m.newIterator(0), 100, nil)
	if !slices.Equal(got, want) {
		t.Fatalf("iteration from bucket 0 of a map growing from 4 to 8 buckets (old buckets 1 and 3 not evacuated) produced\n%v\nwant\n%v\nwhen a new bucket's old bucket is not evacuated, walk the old bucket and produce only the keys whose hash & (2^B-1) is the new bucket", got, want)
	}

	// The same walk, but the first entry deletes key 13: that write
	// evacuates old buckets 1 and 3 and ends the growth.
	m = growingMap(t)
	got, _ = walk(t, m.newIterator(0), 100, func(k int64) {
		if k == 0 {
			m.Delete(13)
		}
	})
	want = slices.DeleteFunc(want, func(k int64) bool { return k == 13 })
	if !slices.Equal(got, want) {
		t.Fatalf("iteration from bucket 0 of a growing map, whose first entry deleted key 13 (which ended the growth), produced\n%v\nwant\n%v", got, want)
	}
}

func TestStep7NaNStartedDuringGrowth(t *testing.T) {
	needSteps(t, 1, 2, 3, 5, 6)
	nan := math.NaN()
	for trial := range 50 {
		m := newGeneric[float64, int](0)
		for i := range 20 {
			m.Put(float64(i), i)
		}
		for i := range 6 {
			m.Put(nan, 100+i)
		}
		m.Put(20, 20) // the 27th entry: the growth from 4 to 8 buckets starts
		if !m.growing() {
			t.Fatalf("step 5 must pass first: 20 Puts of numbers, 6 of NaNs and one more number into New(0) started no growth; the 27th entry must start one from 4 to 8 buckets")
		}
		it := m.newIterator(uint64(trial))
		counts := map[int]int{}
		produced := 0
		for ; produced < 1000; produced++ {
			var k float64
			var v int
			var ok bool
			try(t, "next", func() { k, v, ok = it.next() })
			if !ok {
				break
			}
			if k != k {
				counts[v]++
			}
		}
		if produced == 0 {
			t.Fatalf("the iterator produced nothing from a map of %d entries, started while it grows from 4 to 8 buckets: newIterator must start a walk, and next must return the entries one by one", m.Len())
		}
		for i := range 6 {
			if counts[100+i] != 1 {
				t.Fatalf("iteration started during a growth produced the NaN entry with value %d %d times; want once: a NaN's hash is random, so to tell whether it is bound for the new bucket being walked, use the low bit of its tophash (as evacuate does): checkBucket >> (B-1) == tophash & 1", 100+i, counts[100+i])
			}
		}
	}
}

func TestStep7ClearDuringIteration(t *testing.T) {
	needSteps(t, 1, 2, 3, 5, 6)
	for r := range uint64(32) {
		m := newGeneric[int64, int64](0)
		for k := range int64(200) {
			putAll(t, m, k)
		}
		first := true
		order, values := walk(t, m.newIterator(r), 1000, func(k int64) {
			if first {
				first = false
				m.Clear()
				for i := range int64(10) {
					m.Put(5000+i, i)
				}
			}
		})
		if len(order) == 0 {
			t.Fatalf("iteration (r = %d) over a map of 200 entries produced nothing", r)
		}
		for _, k := range order[1:] {
			if k < 5000 {
				t.Fatalf("iteration (r = %d) produced key %d after a Clear removed it: when clearSeq changed, look every key up again (find)", r, k)
			}
			if values[k] != k-5000 {
				t.Fatalf("iteration produced key %d with value %d; want %d", k, values[k], k-5000)
			}
		}
	}
}
