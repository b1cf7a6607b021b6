package maptest

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// Rotation checks that All starts at a fresh random position on every call,
// and that a small map's orders are rotations of one cyclic order, never a
// shuffle: the runtime picks a random start, not a random permutation.
func Rotation(t *testing.T, impl Impl) {
	t.Helper()
	for _, n := range []int{2, 4, 7} {
		m := impl.Int(0)
		for i := range int64(n) {
			m.Put(i, i)
		}
		orders := map[string][]int64{}
		for range 400 {
			var order []int64
			for k := range m.All() {
				order = append(order, k)
			}
			if len(order) != n {
				t.Fatalf("a map of %d entries: All produced %d (%v)", n, len(order), order)
			}
			orders[fmt.Sprint(order)] = order
		}
		if len(orders) == 1 {
			t.Fatalf("a map of %d entries: All produced the same order %v in 400 calls; want a fresh random start on every call", n, slices.Collect(mapsKeys(orders)))
		}
		var base []int64
		for _, o := range orders {
			base = o
			break
		}
		for s, o := range orders {
			if !isRotation(base, o) {
				t.Fatalf("a map of %d entries: All produced the orders %v and %s, which are not rotations of each other; the runtime starts at a random slot and walks on, so only rotations appear", n, base, s)
			}
		}
	}

	m := impl.Int(0)
	for i := range int64(1000) {
		m.Put(i, i)
	}
	first := map[int64]bool{}
	for range 100 {
		for k := range m.All() {
			first[k] = true
			break
		}
	}
	if len(first) < 10 {
		t.Fatalf("a map of 1000 entries: in 100 calls of All, only %d different keys came first; want a random start over the whole map", len(first))
	}
}

func mapsKeys[K comparable, V any](m map[K]V) func(func(K) bool) {
	return func(yield func(K) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func isRotation(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 0 {
		return true
	}
	i := slices.Index(a, b[0])
	if i < 0 {
		return false
	}
	return slices.Equal(append(slices.Clone(a[i:]), a[:i]...), b)
}

// MutateDuringAll checks the spec's rules for changing a map while ranging
// over it, one rule per subtest.
func MutateDuringAll(t *testing.T, impl Impl) {
	t.Helper()
	fill := func(n int) Map[int64, int64] {
		m := impl.Int(0)
		for i := range int64(n) {
			m.Put(i, 0)
		}
		return m
	}
	t.Run("deleted-before-reached", func(t *testing.T) {
		for trial := range 20 {
			m := fill(1000)
			var first int64 = -1
			seen := map[int64]bool{}
			for k := range m.All() {
				if seen[k] {
					t.Fatalf("trial %d: All produced key %d twice", trial, k)
				}
				seen[k] = true
				if first < 0 {
					first = k
					for d := range int64(1000) {
						if d != k && d%2 == 0 {
							m.Delete(d)
						}
					}
					continue
				}
				if k%2 == 0 {
					t.Fatalf("trial %d: All produced key %d, which was deleted before it was reached; the spec says it is not produced", trial, k)
				}
			}
			for k := int64(1); k < 1000; k += 2 {
				if !seen[k] && k != first {
					t.Fatalf("trial %d: key %d was in the map during the whole loop but All never produced it", trial, k)
				}
			}
		}
	})
	t.Run("puts-that-grow", func(t *testing.T) {
		for trial := range 10 {
			m := fill(100)
			seen := map[int64]bool{}
			next := int64(1000)
			for k, v := range m.All() {
				if seen[k] {
					t.Fatalf("trial %d: All produced key %d twice while Puts made the map grow from 100 to %d entries", trial, k, m.Len())
				}
				seen[k] = true
				if k >= 1000 && v != k {
					t.Fatalf("trial %d: All produced new key %d with value %d; it was put with value %d", trial, k, v, k)
				}
				for range 30 {
					m.Put(next, next)
					next++
				}
			}
			for k := range int64(100) {
				if !seen[k] {
					t.Fatalf("trial %d: key %d was in the map from the start but All never produced it (the map grew from 100 to %d entries during the loop)", trial, k, m.Len())
				}
			}
		}
	})
	t.Run("latest-value", func(t *testing.T) {
		for trial := range 10 {
			m := fill(1000)
			first := true
			var firstKey int64
			for k, v := range m.All() {
				if first {
					first = false
					firstKey = k
					for i := range int64(3000) {
						m.Put(10_000+i, 0) // grow first, so updates land in the new layout
					}
					for i := range int64(1000) {
						m.Put(i, 1)
					}
					continue
				}
				if k < 1000 && v != 1 {
					t.Fatalf("trial %d: All produced key %d with value %d; it was updated to 1 during the loop (after key %d was produced), before it was reached: the latest value must be produced", trial, k, v, firstKey)
				}
			}
		}
	})
	t.Run("break", func(t *testing.T) {
		m := fill(100)
		calls := 0
		m.All()(func(int64, int64) bool {
			calls++
			return false
		})
		if calls != 1 {
			t.Fatalf("when the loop body returns false on the first entry, All called it %d times; want 1: stop as soon as yield returns false", calls)
		}
		if m.Len() != 100 {
			t.Fatalf("after breaking out of a loop over All, Len() = %d; want 100", m.Len())
		}
	})
	t.Run("clear", func(t *testing.T) {
		for trial := range 10 {
			m := fill(500)
			first := true
			for k, v := range m.All() {
				if first {
					first = false
					m.Clear()
					for i := range int64(10) {
						m.Put(5000+i, 5000+i)
					}
					continue
				}
				if k < 5000 {
					t.Fatalf("trial %d: All produced key %d after Clear had removed it", trial, k)
				}
				if v != k {
					t.Fatalf("trial %d: All produced key %d with value %d; want %d", trial, k, v, k)
				}
			}
		}
	})
}

// iterChecker follows one run of All while the caller mutates the map, and
// checks each produced entry against a model of the map (a built-in map).
type iterChecker struct {
	model    map[int64]int64
	must     map[int64]bool // in the map since the loop began: must be produced
	produced map[int64]bool // this entry was already produced
}

func newIterChecker(model map[int64]int64) *iterChecker {
	c := &iterChecker{model: model, must: map[int64]bool{}, produced: map[int64]bool{}}
	for k := range model {
		c.must[k] = true
	}
	return c
}

func (c *iterChecker) saw(k, v int64) error {
	mv, ok := c.model[k]
	switch {
	case !ok:
		return fmt.Errorf("All produced key %d, which is not in the map at that moment", k)
	case mv != v:
		return fmt.Errorf("All produced key %d with value %d; its latest value is %d", k, v, mv)
	case c.produced[k]:
		return fmt.Errorf("All produced key %d twice", k)
	}
	c.produced[k] = true
	delete(c.must, k)
	return nil
}

func (c *iterChecker) put(k, v int64) { c.model[k] = v }

func (c *iterChecker) del(k int64) {
	delete(c.model, k)
	delete(c.must, k)
	delete(c.produced, k) // if it comes back, it is a new entry
}

func (c *iterChecker) clear() {
	clear(c.model)
	clear(c.must)
	clear(c.produced)
}

func (c *iterChecker) missing() error {
	for k := range c.must {
		return fmt.Errorf("key %d was in the map during the whole loop, but All never produced it (%d such keys)", k, len(c.must))
	}
	return nil
}

// opLog keeps the last operations, to show what led to a failure.
type opLog []string

func (l *opLog) add(format string, args ...any) {
	*l = append(*l, fmt.Sprintf(format, args...))
	if len(*l) > 12 {
		*l = (*l)[1:]
	}
}

func (l opLog) String() string { return "last operations: " + strings.Join(l, "; ") }

// driver runs operations on a map and on the built-in model side by side.
type driver struct {
	m     Map[int64, int64]
	model map[int64]int64
	log   opLog
}

func (d *driver) put(k, v int64) {
	d.log.add("Put(%d, %d)", k, v)
	d.m.Put(k, v)
	d.model[k] = v
}

func (d *driver) del(k int64) {
	d.log.add("Delete(%d)", k)
	d.m.Delete(k)
	delete(d.model, k)
}

func (d *driver) clear() {
	d.log.add("Clear()")
	d.m.Clear()
	clear(d.model)
}

func (d *driver) check(k int64) error {
	v, ok := d.m.Get(k)
	mv, mok := d.model[k]
	if v != mv || ok != mok {
		return fmt.Errorf("Get(%d) = %d, %v; the built-in map says %d, %v", k, v, ok, mv, mok)
	}
	if d.m.Len() != len(d.model) {
		return fmt.Errorf("Len() = %d; the built-in map says %d", d.m.Len(), len(d.model))
	}
	return nil
}

func (d *driver) checkAll() error {
	got := map[int64]int64{}
	for k, v := range d.m.All() {
		if _, dup := got[k]; dup {
			return fmt.Errorf("All produced key %d twice", k)
		}
		got[k] = v
	}
	for k, v := range d.model {
		if gv, ok := got[k]; !ok || gv != v {
			return fmt.Errorf("All did not produce %d=%d (it holds %d entries, All produced %d)", k, v, len(d.model), len(got))
		}
	}
	if len(got) != len(d.model) {
		return fmt.Errorf("All produced %d entries; the map holds %d", len(got), len(d.model))
	}
	return nil
}

// iterate ranges over the map and, after each produced entry, runs up to
// muts random mutations drawn from next; it stops early when next says so.
func (d *driver) iterate(next func(n int) int, keys int64) error {
	c := newIterChecker(d.model)
	d.log.add("range All")
	broke := false
	for k, v := range d.m.All() {
		if err := c.saw(k, v); err != nil {
			return err
		}
		for range next(4) {
			k2 := int64(next(int(keys)))
			switch next(10) {
			case 0, 1, 2, 3:
				d.put(k2, int64(next(1000)))
			case 4, 5, 6:
				d.del(k2)
				c.del(k2) // d.model is c.model: keep must/produced in step
			case 7:
				if next(20) == 0 {
					d.clear()
					c.clear()
				}
			default:
				if err := d.check(k2); err != nil {
					return err
				}
			}
		}
		if next(50) == 0 {
			broke = true
			d.log.add("break")
			break
		}
	}
	if broke {
		return nil
	}
	return c.missing()
}

// Differential runs long random sequences of operations on the map and on a
// built-in map side by side, comparing every result, including ranges with
// mutation and Clear.
func Differential(t *testing.T, impl Impl) {
	t.Helper()
	seed := rand.Uint64()
	rounds := []struct {
		keys, ops int
	}{{16, 3000}, {300, 10000}, {5000, 30000}}
	for _, r := range rounds {
		rng := rand.New(rand.NewPCG(seed, uint64(r.keys)))
		d := &driver{m: impl.Int(0), model: map[int64]int64{}}
		next := func(n int) int { return rng.IntN(n) }
		for i := range r.ops {
			var err error
			k := rng.Int64N(int64(r.keys))
			switch op := rng.IntN(200); {
			case op < 90:
				d.put(k, rng.Int64())
			case op < 140:
				d.del(k)
			case op < 196:
				err = d.check(k)
			case op < 197:
				d.clear()
			case op < 198:
				err = d.checkAll()
			default:
				err = d.iterate(next, int64(r.keys))
			}
			if err == nil {
				err = d.check(k)
			}
			if err != nil {
				t.Fatalf("random operations on %d keys (seed %d), operation %d: %v\n%s", r.keys, seed, i, err, d.log)
			}
		}
		if err := d.checkAll(); err != nil {
			t.Fatalf("random operations on %d keys (seed %d), at the end: %v\n%s", r.keys, seed, err, d.log)
		}
	}
}

// Fuzz is the body of a fuzz target: every input is a program of
// operations, run on the map and on a built-in map side by side.
func Fuzz(f *testing.F, impl Impl) {
	f.Add([]byte{0, 1, 0, 2, 4, 1, 3, 1, 4, 1})
	f.Add([]byte{0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8, 0, 9, 6, 0, 3, 5, 6, 7})
	f.Add(slices.Repeat([]byte{0, 200, 1, 17, 6, 3}, 40))
	f.Add(slices.Repeat([]byte{0, 9, 2, 88, 3, 9, 5, 1, 0, 4}, 30))
	f.Fuzz(func(t *testing.T, prog []byte) {
		d := &driver{m: impl.Int(0), model: map[int64]int64{}}
		for i := 0; i+1 < len(prog); i += 2 {
			op, arg := prog[i], prog[i+1]
			k := int64(arg)
			var err error
			switch op % 8 {
			case 0, 1:
				d.put(k, int64(i))
			case 2:
				// A run of distinct keys, to make the map grow.
				for j := range int64(arg) * 4 {
					d.put(1000+k*1000+j, j)
				}
			case 3:
				d.del(k)
			case 4:
				err = d.check(k)
			case 5:
				if arg < 32 {
					d.clear()
				}
			case 6:
				rest := prog[i:]
				pos := 0
				next := func(n int) int {
					if len(rest) == 0 {
						return 0
					}
					b := int(rest[pos%len(rest)])<<8 | int(rest[(pos+1)%len(rest)])
					pos += 2
					return b % n
				}
				err = d.iterate(next, 256)
			default:
				err = d.checkAll()
			}
			if err == nil {
				err = d.check(k)
			}
			if err != nil {
				t.Fatalf("operation %d: %v\n%s", i/2, err, d.log)
			}
		}
		if err := d.checkAll(); err != nil {
			t.Fatalf("at the end: %v\n%s", err, d.log)
		}
	})
}

// Collide runs small versions of the suite; the lab calls it while its test
// hook gives every key the same hash, so that every key collides.
func Collide(t *testing.T, impl Impl) {
	t.Helper()
	m := impl.Int(0)
	fillAndCheck(t, m, 300, "every key with the same hash, 300 keys")
	s := impl.String(0)
	for i := range 100 {
		s.Put(fmt.Sprint(i), i)
	}
	for i := range 100 {
		if v, ok := s.Get(fmt.Sprint(i)); !ok || v != i {
			t.Fatalf("every key with the same hash: Get(%q) = %d, %v; want %d, true: when hashes are equal, only comparing the keys tells them apart", fmt.Sprint(i), v, ok, i)
		}
	}
	rng := rand.New(rand.NewPCG(rand.Uint64(), 1))
	d := &driver{m: impl.Int(0), model: map[int64]int64{}}
	next := func(n int) int { return rng.IntN(n) }
	for i := range 3000 {
		k := rng.Int64N(200)
		var err error
		switch op := rng.IntN(100); {
		case op < 50:
			d.put(k, int64(i))
		case op < 80:
			d.del(k)
		case op < 97:
			err = d.check(k)
		case op < 98:
			d.clear()
		default:
			err = d.iterate(next, 200)
		}
		if err == nil {
			err = d.check(k)
		}
		if err != nil {
			t.Fatalf("every key with the same hash, random operation %d: %v\n%s", i, err, d.log)
		}
	}
	nan := impl.Float(0)
	for i := range 50 {
		nan.Put(float64(i), i)
		nan.Put(math.NaN(), i)
	}
	if nan.Len() != 100 {
		t.Fatalf("every key with the same hash: 50 numbers and 50 NaNs gave Len() = %d; want 100", nan.Len())
	}
}
