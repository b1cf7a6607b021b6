package maptest

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

// Basics checks Put, Get, Delete, Len and Clear on small and large maps,
// with int64 and string keys.
func Basics(t *testing.T, impl Impl) {
	t.Helper()
	m := impl.Int(0)
	if n := m.Len(); n != 0 {
		t.Fatalf("New(0).Len() = %d; want 0", n)
	}
	if v, ok := m.Get(1); ok || v != 0 {
		t.Fatalf("Get(1) on an empty map = %d, %v; want 0, false", v, ok)
	}
	m.Put(1, 10)
	if v, ok := m.Get(1); !ok || v != 10 {
		t.Fatalf("after Put(1, 10), Get(1) = %d, %v; want 10, true", v, ok)
	}
	m.Put(1, 11)
	if v, ok := m.Get(1); !ok || v != 11 || m.Len() != 1 {
		t.Fatalf("after Put(1, 10) and Put(1, 11), Get(1) = %d, %v and Len() = %d; want 11, true and 1: a second Put of a key replaces its value", v, ok, m.Len())
	}
	m.Delete(1)
	if v, ok := m.Get(1); ok || m.Len() != 0 {
		t.Fatalf("after Delete(1), Get(1) = %d, %v and Len() = %d; want 0, false and 0", v, ok, m.Len())
	}
	m.Delete(1) // deleting a missing key is a no-op

	for _, n := range []int{8, 9, 100, 5000} {
		for _, hint := range []int{0, n} {
			fillAndCheck(t, impl.Int(hint), n, fmt.Sprintf("New(%d) filled with %d keys", hint, n))
		}
	}

	s := impl.String(0)
	for i := range 2000 {
		s.Put(fmt.Sprintf("key-%d", i), i)
	}
	for i := range 2000 {
		if v, ok := s.Get(fmt.Sprintf("key-%d", i)); !ok || v != i {
			t.Fatalf("string keys: after 2000 Puts, Get(%q) = %d, %v; want %d, true", fmt.Sprintf("key-%d", i), v, ok, i)
		}
	}
	if _, ok := s.Get("key-2000"); ok {
		t.Fatalf("string keys: Get(%q) found a key that was never put", "key-2000")
	}
	if s.Len() != 2000 {
		t.Fatalf("string keys: Len() = %d after 2000 distinct Puts; want 2000", s.Len())
	}
}

// fillAndCheck puts keys 0..n-1, overwrites the even ones, deletes the odd
// ones, clears the map and fills it again.
func fillAndCheck(t *testing.T, m Map[int64, int64], n int, what string) {
	t.Helper()
	for i := range int64(n) {
		m.Put(i, i*10)
		if m.Len() != int(i)+1 {
			t.Fatalf("%s: after Put of key %d, Len() = %d; want %d", what, i, m.Len(), i+1)
		}
	}
	for i := range int64(n) {
		if v, ok := m.Get(i); !ok || v != i*10 {
			t.Fatalf("%s: Get(%d) = %d, %v; want %d, true", what, i, v, ok, i*10)
		}
	}
	if v, ok := m.Get(int64(n)); ok {
		t.Fatalf("%s: Get(%d) = %d, true for a key that was never put", what, n, v)
	}
	for i := int64(0); i < int64(n); i += 2 {
		m.Put(i, -i)
	}
	for i := int64(1); i < int64(n); i += 2 {
		m.Delete(i)
	}
	if want := (n + 1) / 2; m.Len() != want {
		t.Fatalf("%s: after deleting the %d odd keys, Len() = %d; want %d", what, n/2, m.Len(), want)
	}
	for i := range int64(n) {
		v, ok := m.Get(i)
		switch {
		case i%2 == 1 && ok:
			t.Fatalf("%s: Get(%d) = %d, true after Delete(%d)", what, i, v, i)
		case i%2 == 0 && (!ok || v != -i):
			t.Fatalf("%s: Get(%d) = %d, %v after Put(%d, %d); want %d, true", what, i, v, ok, i, -i, -i)
		}
	}
	got := collect(t, m, what)
	if len(got) != m.Len() {
		t.Fatalf("%s: All produced %d entries; Len() is %d", what, len(got), m.Len())
	}
	m.Clear()
	if m.Len() != 0 {
		t.Fatalf("%s: after Clear, Len() = %d; want 0", what, m.Len())
	}
	for i := range int64(n) {
		if v, ok := m.Get(i); ok {
			t.Fatalf("%s: after Clear, Get(%d) = %d, true; want nothing found", what, i, v)
		}
	}
	for range m.All() {
		t.Fatalf("%s: after Clear, All still produces entries", what)
	}
	for i := range int64(n) {
		m.Put(i+1_000_000, i)
	}
	if m.Len() != n {
		t.Fatalf("%s: after Clear and %d new Puts, Len() = %d; want %d", what, n, m.Len(), n)
	}
}

// collect runs All once and fails on a key produced twice.
func collect[K comparable, V any](t *testing.T, m Map[K, V], what string) map[K]V {
	t.Helper()
	got := map[K]V{}
	for k, v := range m.All() {
		if _, dup := got[k]; dup {
			t.Fatalf("%s: All produced key %v twice", what, k)
		}
		got[k] = v
	}
	return got
}

// NaN checks that every NaN key is a new entry that no Get or Delete finds,
// and that 0 and -0 are one key.
func NaN(t *testing.T, impl Impl) {
	t.Helper()
	nan := math.NaN()
	m := impl.Float(0)
	m.Put(nan, 1)
	m.Put(nan, 2)
	if m.Len() != 2 {
		t.Fatalf("after Put(NaN, 1) and Put(NaN, 2), Len() = %d; want 2: NaN != NaN, so every Put of a NaN adds an entry", m.Len())
	}
	if v, ok := m.Get(nan); ok {
		t.Fatalf("Get(NaN) = %d, true; want 0, false: no key is == NaN, so a NaN is never found", v)
	}
	m.Delete(nan)
	if m.Len() != 2 {
		t.Fatalf("after Delete(NaN), Len() = %d; want 2: Delete cannot find a NaN either", m.Len())
	}
	m.Put(0.0, 7)
	m.Put(math.Copysign(0, -1), 8)
	if v, ok := m.Get(0.0); m.Len() != 3 || !ok || v != 8 {
		t.Fatalf("after Put(0, 7) and Put(-0, 8): Len() = %d, Get(0) = %d, %v; want 3 and 8, true: 0 == -0, so they are one key", m.Len(), v, ok)
	}
	var vals []int
	for k, v := range m.All() {
		if k == k {
			continue
		}
		vals = append(vals, v)
	}
	slices.Sort(vals)
	if !slices.Equal(vals, []int{1, 2}) {
		t.Fatalf("All produced the NaN entries with values %v; want [1 2]: All finds what Get cannot", vals)
	}

	// Many NaNs, so that the map grows with them inside.
	for i := range 200 {
		m.Put(nan, 100+i)
	}
	if m.Len() != 203 {
		t.Fatalf("after 202 Puts of NaN and one of 0, Len() = %d; want 203", m.Len())
	}
	seen := map[int]bool{}
	for k, v := range m.All() {
		if k != k {
			if seen[v] {
				t.Fatalf("All produced the NaN entry with value %d twice", v)
			}
			seen[v] = true
		}
	}
	if len(seen) != 202 {
		t.Fatalf("All produced %d NaN entries; want 202 (growth must move NaN entries too)", len(seen))
	}
	m.Clear()
	if m.Len() != 0 {
		t.Fatalf("after Clear, Len() = %d; want 0: Clear removes NaN entries too", m.Len())
	}

	a := impl.Any(0)
	a.Put(nan, 1)
	a.Put(nan, 2)
	if _, ok := a.Get(nan); ok || a.Len() != 2 {
		t.Fatalf("key type any holding NaN: Len() = %d and Get found it = %v; want 2 and false", a.Len(), ok)
	}
}

// Unhashable checks that a key of interface type whose dynamic value is not
// comparable panics in Put, Get and Delete, empty map or not, as the
// built-in map does.
func Unhashable(t *testing.T, impl Impl) {
	t.Helper()
	builtin := mustPanic(func() { m := map[any]int{}; m[[]int{1}] = 1 })
	if builtin == "" {
		t.Fatal("the built-in map did not panic on a []int key: this suite's assumption is wrong")
	}
	for _, filled := range []bool{false, true} {
		m := impl.Any(0)
		state := "an empty map"
		if filled {
			state = "a map of 20 entries"
			for i := range 20 {
				m.Put(i, i)
			}
		}
		for _, op := range []struct {
			name string
			f    func()
		}{
			{"Put", func() { m.Put([]int{1}, 1) }},
			{"Get", func() { m.Get([]int{1}) }},
			{"Delete", func() { m.Delete([]int{1}) }},
			{"Put of a struct holding a map", func() { m.Put(struct{ m map[int]int }{}, 1) }},
		} {
			msg := mustPanic(op.f)
			if msg == "" {
				t.Fatalf("%s with key []int{1} on %s did not panic; the built-in map panics with %q: hash the key even when there is nothing to compare it with", op.name, state, builtin)
			}
			if !strings.Contains(msg, "unhashable type") {
				t.Fatalf("%s with key []int{1} on %s panicked with %q; want a panic about an unhashable type, like the built-in map's %q", op.name, state, msg, builtin)
			}
		}
		if want := map[bool]int{false: 0, true: 20}[filled]; m.Len() != want {
			t.Fatalf("after the panicking Puts on %s, Len() = %d; want %d: a Put that panics must not add an entry", state, m.Len(), want)
		}
	}
	m := impl.Any(0)
	m.Put([2]int{1, 2}, 5)
	m.Put("x", 6)
	if v, ok := m.Get([2]int{1, 2}); !ok || v != 5 {
		t.Fatalf("key type any: after Put([2]int{1, 2}, 5), Get = %d, %v; want 5, true: arrays are comparable", v, ok)
	}
}

func mustPanic(f func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint(r)
			if msg == "" {
				msg = "(empty panic)"
			}
		}
	}()
	f()
	return ""
}

// GetAllocs checks that Get allocates nothing, for a hit and for a miss.
func GetAllocs(t *testing.T, impl Impl) {
	t.Helper()
	m := impl.Int(0)
	for i := range int64(1000) {
		m.Put(i, i)
	}
	s := impl.String(0)
	for i := range 1000 {
		s.Put(fmt.Sprint(i), i)
	}
	hit, miss := "500", "no such key"
	if v, ok := m.Get(500); !ok || v != 500 {
		t.Fatalf("after 1000 Puts, Get(500) = %d, %v; want 500, true: make Get work first, then its allocations count", v, ok)
	}
	if v, ok := s.Get(hit); !ok || v != 500 {
		t.Fatalf("after 1000 Puts, Get(%q) = %d, %v; want 500, true: make Get work first, then its allocations count", hit, v, ok)
	}
	for _, c := range []struct {
		name string
		f    func()
	}{
		{"Get of an int64 key that is present", func() { m.Get(500) }},
		{"Get of an int64 key that is missing", func() { m.Get(-1) }},
		{"Get of a string key that is present", func() { s.Get(hit) }},
		{"Get of a string key that is missing", func() { s.Get(miss) }},
	} {
		if n := testing.AllocsPerRun(200, c.f); n != 0 {
			t.Errorf("%s allocates %.1f times per call; want 0: a lookup must not allocate", c.name, n)
		}
	}
}
