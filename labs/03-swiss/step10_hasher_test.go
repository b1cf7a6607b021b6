//go:build go1.27

package swiss

import (
	"fmt"
	"hash/maphash"
	"strings"
	"testing"
	"unicode"

	"gomaps/labs/internal/maptest"
)

// Step 10: a map that takes a maphash.Hasher (Go 1.27). NewWithHasher makes a
// map that hashes its keys with the Hasher's Hash, into a maphash.Hash that
// the map seeds, and compares them with its Equal; foldHasher and
// objectHasher are two Hashers of your own.

// modHasher is a Hasher of the tests: two int64 keys are one key when they
// are equal modulo 1000 (7, 1007 and 2007 are one key), and Hash writes the
// key modulo 1000, so that one-key keys hash alike.
type modHasher struct{}

func (modHasher) Hash(h *maphash.Hash, k int64) { maphash.WriteComparable(h, k%1000) }
func (modHasher) Equal(a, b int64) bool         { return a%1000 == b%1000 }

// disagreeingHasher breaks the Hasher's contract: its Equal is modHasher's
// (7 and 1007 are one key), but its Hash writes the whole key, so that 7 and
// 1007 hash apart.
type disagreeingHasher struct{}

func (disagreeingHasher) Hash(h *maphash.Hash, k int64) { maphash.WriteComparable(h, k) }
func (disagreeingHasher) Equal(a, b int64) bool         { return a%1000 == b%1000 }

// constHasher writes nothing: every key has the same hash under a seed. It
// keeps the contract (equal keys hash alike), and leaves Equal alone to tell
// keys apart.
type constHasher[K comparable] struct{}

func (constHasher[K]) Hash(*maphash.Hash, K) {}
func (constHasher[K]) Equal(a, b K) bool     { return a == b }

// hashWith is what m.hash must return for key on a map whose seed is seed.
func hashWith[K any](seed maphash.Seed, h maphash.Hasher[K], key K) uint64 {
	var mh maphash.Hash
	mh.SetSeed(seed)
	h.Hash(&mh, key)
	return mh.Sum64()
}

// needHasher stops the test when the steps it builds on are not written yet:
// steps 1 to 7, and NewWithHasher giving the map the Hasher's Hash and Equal.
func needHasher(t testing.TB) {
	t.Helper()
	needSteps(t, allSteps...)
	m := NewWithHasher[int64, int](modHasher{}, 0)
	switch {
	case m == nil:
		t.Fatal("step 10 is not written yet: NewWithHasher returned nil; it makes the map as New does (hasher.go)")
	case m.hashFunc == nil || m.equalFunc == nil:
		t.Fatal("step 10 is not written yet: NewWithHasher returns a map whose hashFunc or equalFunc is nil, " +
			"so it hashes and compares keys as a map of New does, not with the Hasher: set both (hasher.go)")
	}
}

func TestStep10NewWithHasher(t *testing.T) {
	needHasher(t)
	h := modHasher{}
	m := NewWithHasher[int64, int](h, 0)
	keys := []int64{0, 1, 7, 1007, 999, 123456}
	for round, when := range []string{"on a new map", "after Clear, which gives the map a new seed"} {
		if round == 1 {
			m.Put(5, 5)
			m.Clear()
		}
		for _, k := range keys {
			if got, want := m.hash(k), hashWith(m.seed, h, k); got != want {
				t.Fatalf("%s, m.hash(%d) = %#x; want %#x, the Sum64 of a maphash.Hash seeded with m.seed after the Hasher's Hash "+
					"wrote the key: hashFunc resets m.hashState (which reseed seeds again with each new m.seed) and lets h.Hash write into it",
					when, k, got, want)
			}
		}
	}

	// The same Hasher in two maps: two seeds, two hash functions.
	m2 := NewWithHasher[int64, int](h, 0)
	same := 0
	for _, k := range keys {
		if m.hash(k) == m2.hash(k) {
			same++
		}
	}
	if same == len(keys) {
		t.Fatalf("two maps made with the same Hasher hash keys %v alike: each map seeds its maphash.Hash with its own seed, m.seed", keys)
	}

	if big := NewWithHasher[int64, int](h, 100); big.directory == nil {
		t.Fatal("NewWithHasher(h, 100) made no table; want the map that New(100) makes, with room for 100 entries")
	}
	if v, ok := m.Get(1007); ok {
		t.Fatalf("after Clear, Get(1007) = %d, true; want 0, false", v)
	}
}

// TestStep10EqualEverywhere checks that every comparison of two keys goes
// through m.equal, in a small map and in a table: with modHasher, key 1003 is
// key 3.
func TestStep10EqualEverywhere(t *testing.T) {
	needHasher(t)
	const use = "compare keys with m.equal(a, b), which is the Hasher's Equal, never with =="
	t.Run("small-map", func(t *testing.T) {
		m := NewWithHasher[int64, int64](modHasher{}, 0)
		for k := int64(1); k <= 5; k++ {
			m.Put(k, 10*k)
		}
		for k := int64(1); k <= 5; k++ {
			if v, ok := m.Get(k + 1000); !ok || v != 10*k {
				t.Fatalf("small map: after Put(%d, %d), Get(%d) = %d, %v; want %d, true: %d and %d are one key for the Hasher, so findSmall must %s",
					k, 10*k, k+1000, v, ok, 10*k, k, k+1000, use)
			}
		}
		m.Put(1003, 99)
		if m.Len() != 5 {
			t.Fatalf("small map of keys 1 to 5: after Put(1003, 99), Len() = %d; want 5: 1003 is key 3 for the Hasher, so putSmall must find it (findSmall must %s)", m.Len(), use)
		}
		got := map[int64]int64{}
		for k, v := range m.All() {
			got[k] = v
		}
		if v, ok := got[1003]; !ok || v != 99 {
			t.Fatalf("small map: after Put(3, 30) and Put(1003, 99), All produced %v; want key 1003 with 99: Put replaces the key of the entry too", got)
		}
		m.Delete(2002)
		if _, ok := m.Get(2); ok || m.Len() != 4 {
			t.Fatalf("small map: after Delete(2002), Len() = %d and Get(2) found = %v; want 4 and false: 2002 is key 2 for the Hasher, so deleteSmall must %s", m.Len(), ok, use)
		}
	})
	t.Run("table", func(t *testing.T) {
		m := NewWithHasher[int64, int64](modHasher{}, 0)
		for k := range int64(1000) {
			m.Put(k, k)
		}
		if m.Len() != 1000 || m.directory == nil {
			t.Fatalf("after Put of keys 0 to 999, Len() = %d and the map has %d tables; want 1000 entries in tables", m.Len(), len(m.directory))
		}
		for k := range int64(1000) {
			if v, ok := m.Get(k + 1000); !ok || v != k {
				t.Fatalf("table: after Put(%d, %d), Get(%d) = %d, %v; want %d, true: %d and %d are one key for the Hasher, so table.find must %s",
					k, k, k+1000, v, ok, k, k, k+1000, use)
			}
		}
		for k := range int64(500) {
			m.Put(k+1000, -k)
		}
		if m.Len() != 1000 {
			t.Fatalf("table of keys 0 to 999: after Put of keys 1000 to 1499, Len() = %d; want 1000: key 1000+k is key k for the Hasher, so table.put must %s", m.Len(), use)
		}
		if v, ok := m.Get(7); !ok || v != -7 {
			t.Fatalf("table: after Put(7, 7) and Put(1007, -7), Get(7) = %d, %v; want -7, true", v, ok)
		}
		for k := range int64(250) {
			m.Delete(k + 2000)
		}
		if _, ok := m.Get(3); ok || m.Len() != 750 {
			t.Fatalf("table of keys 0 to 999: after Delete of keys 2000 to 2249, Len() = %d and Get(3) found = %v; want 750 and false: key 2000+k is key k, so table.delete must %s", m.Len(), ok, use)
		}
	})
}

// foldPairs are pairs of strings and whether strings.EqualFold calls them equal.
var foldPairs = []struct {
	a, b  string
	equal bool
}{
	{"Go", "GO", true},
	{"gopher", "GoPhEr", true},
	{"Go", "Goo", false},
	{"Go", "Og", false},
	{"", "", true},
	{"a", "", false},
	{"k", "\u212a", true},        // the Kelvin sign folds with k and K
	{"sS", "\u017f\u017f", true}, // ſ, the long s, folds with s and S
	{"Σίσυφος", "ΣΊΣΥΦΟΣ", true},
	{"σ", "ς", true},             // final sigma
	{"ǅ", "ǆ", true},             // the titlecase digraph dz
	{"straße", "STRASSE", false}, // one rune against two: simple folding keeps ß
	{"\xff", "\xfe", true},       // not UTF-8: both are utf8.RuneError to EqualFold
	{"i", "\u0130", false},       // dotted capital I folds with nothing
}

func TestStep10FoldHasher(t *testing.T) {
	h := foldHasher{}
	seed := maphash.MakeSeed()
	for _, p := range foldPairs {
		if got := h.Equal(p.a, p.b); got != p.equal {
			t.Fatalf("foldHasher{}.Equal(%+q, %+q) = %v; want %v, as strings.EqualFold says", p.a, p.b, got, p.equal)
		}
	}
	for _, p := range foldPairs {
		if ha, hb := hashWith[string](seed, h, p.a), hashWith[string](seed, h, p.b); p.equal && ha != hb {
			t.Fatalf("foldHasher{}.Equal(%+q, %+q) is true, but Hash writes them differently (hashes %#x and %#x under one seed): "+
				"keys that are Equal must be written alike, or a map stores them as two entries", p.a, p.b, ha, hb)
		}
	}

	// Keys that are not one key should rarely share a hash.
	hashes := map[uint64]bool{}
	for i := range 1000 {
		hashes[hashWith[string](seed, h, fmt.Sprintf("Key-%d", i))] = true
	}
	if len(hashes) < 990 {
		t.Fatalf("foldHasher's Hash gives 1000 keys that are not one key (Key-0 to Key-999) %d different hashes; want nearly 1000: write every rune of the key, folded", len(hashes))
	}

	var mh maphash.Hash
	mh.SetSeed(seed)
	if n := testing.AllocsPerRun(100, func() { mh.Reset(); h.Hash(&mh, "Hello, Gophers: \u017f and \u212a") }); n != 0 {
		t.Fatalf("foldHasher{}.Hash allocates %.1f times per call; want 0: it runs on every Get (strings.ToLower makes a new string: write the folded runes one by one)", n)
	}
}

func TestStep10FoldKeys(t *testing.T) {
	needHasher(t)
	m := NewWithHasher[string, int](foldHasher{}, 0)
	m.Put("Go", 1)
	if v, ok := m.Get("GO"); !ok || v != 1 {
		t.Fatalf("after Put(\"Go\", 1), Get(\"GO\") = %d, %v; want 1, true: \"Go\" and \"GO\" are one key for foldHasher (its Equal and Hash)", v, ok)
	}
	m.Put("gO", 2)
	if v, _ := m.Get("go"); m.Len() != 1 || v != 2 {
		t.Fatalf("after Put(\"Go\", 1) and Put(\"gO\", 2), Len() = %d and Get(\"go\") = %d; want 1 and 2", m.Len(), v)
	}
	for k := range m.All() {
		if k != "gO" {
			t.Fatalf("after Put(\"Go\", 1) and Put(\"gO\", 2), All produced key %+q; want \"gO\": Put replaces the key of the entry too", k)
		}
	}

	// Enough keys for tables and a split, each put in one case and read in
	// others.
	const n = 3000
	key := func(i int, upper bool) string {
		s := fmt.Sprintf("gopher-%d-\u017fs", i)
		if upper {
			return strings.ToUpper(s)
		}
		return s
	}
	m = NewWithHasher[string, int](foldHasher{}, 0)
	for i := range n {
		m.Put(key(i, i%2 == 0), i)
	}
	if m.Len() != n {
		t.Fatalf("after Put of %d keys that are not one key, Len() = %d; want %d", n, m.Len(), n)
	}
	for i := range n {
		if v, ok := m.Get(key(i, i%2 == 1)); !ok || v != i {
			t.Fatalf("after Put(%+q, %d) and the growth of the map to %d keys, Get(%+q) = %d, %v; want %d, true: one key for foldHasher (TestStep10FoldHasher checks it alone)", key(i, i%2 == 0), i, n, key(i, i%2 == 1), v, ok, i)
		}
	}
	for i := range n / 2 {
		m.Delete(key(i, i%2 == 1))
	}
	if _, ok := m.Get(key(0, false)); ok || m.Len() != n-n/2 {
		t.Fatalf("after Delete of the first %d keys in the other case, Len() = %d and Get(%+q) found = %v; want %d and false", n/2, m.Len(), key(0, false), ok, n-n/2)
	}
}

func TestStep10ObjectHasher(t *testing.T) {
	h := objectHasher{}
	a := objectKey{"default", "web", "41"}
	for _, c := range []struct {
		b     objectKey
		equal bool
	}{
		{objectKey{"default", "web", "42"}, true},
		{objectKey{"default", "web", ""}, true},
		{objectKey{"default", "web", "41"}, true},
		{objectKey{"default", "api", "41"}, false},
		{objectKey{"kube-system", "web", "41"}, false},
		{objectKey{"web", "default", "41"}, false},
	} {
		if got := h.Equal(a, c.b); got != c.equal {
			t.Fatalf("objectHasher{}.Equal(%s, %s) = %v; want %v: an object is its Namespace and Name, whatever its ResourceVersion", showObject(a), showObject(c.b), got, c.equal)
		}
	}
	seed := maphash.MakeSeed()
	b := objectKey{"default", "web", "42"}
	if ha, hb := hashWith[objectKey](seed, h, a), hashWith[objectKey](seed, h, b); ha != hb {
		t.Fatalf("objectHasher hashes %s and %s, which Equal calls one object, differently (%#x and %#x under one seed): Hash must not write ResourceVersion", showObject(a), showObject(b), ha, hb)
	}

	// Fields that run into each other: under three seeds, one hash function
	// in 2^64 would make them collide by chance three times.
	x, y := objectKey{Namespace: "ab", Name: "c"}, objectKey{Namespace: "a", Name: "bc"}
	apart := false
	for range 3 {
		s := maphash.MakeSeed()
		apart = apart || hashWith[objectKey](s, h, x) != hashWith[objectKey](s, h, y)
	}
	if !apart {
		t.Fatalf("objectHasher hashes %s and %s alike under every seed: the fields run into each other (\"ab\"+\"c\" is \"a\"+\"bc\"); write each field as a unit of its own", showObject(x), showObject(y))
	}
	hashes := map[uint64]bool{}
	for i := range 1000 {
		hashes[hashWith[objectKey](seed, h, objectKey{fmt.Sprintf("ns-%d", i%10), fmt.Sprintf("pod-%d", i/10), "1"})] = true
	}
	if len(hashes) < 990 {
		t.Fatalf("objectHasher gives 1000 different objects (10 namespaces of 100 names) %d different hashes; want nearly 1000: write both Namespace and Name", len(hashes))
	}
}

func TestStep10ObjectKeys(t *testing.T) {
	needHasher(t)
	m := NewWithHasher[objectKey, string](objectHasher{}, 0)
	m.Put(objectKey{"default", "web", "41"}, "v41")
	m.Put(objectKey{"default", "web", "42"}, "v42")
	if v, ok := m.Get(objectKey{Namespace: "default", Name: "web"}); m.Len() != 1 || !ok || v != "v42" {
		t.Fatalf("after Put of default/web at ResourceVersion 41, then at 42: Len() = %d, Get(default/web) = %q, %v; want 1 and \"v42\", true: one object, whatever its ResourceVersion", m.Len(), v, ok)
	}
	for k := range m.All() {
		if k.ResourceVersion != "42" {
			t.Fatalf("after Put of default/web at ResourceVersion 41, then at 42, All produced key %s; want ResourceVersion 42: Put replaces the key of the entry too", showObject(k))
		}
	}
	const n = 2000
	obj := func(i int, rv string) objectKey {
		return objectKey{fmt.Sprintf("ns-%d", i%7), fmt.Sprintf("pod-%d", i), rv}
	}
	m = NewWithHasher[objectKey, string](objectHasher{}, 0)
	for i := range n {
		m.Put(obj(i, "1"), "first")
	}
	for i := range n {
		m.Put(obj(i, "2"), "second")
	}
	if m.Len() != n {
		t.Fatalf("after Put of %d objects at ResourceVersion 1, then at 2, Len() = %d; want %d", n, m.Len(), n)
	}
	for i := range n {
		if v, ok := m.Get(obj(i, "")); !ok || v != "second" {
			t.Fatalf("after Put of %s and %s, Get(%s) = %q, %v; want \"second\", true", showObject(obj(i, "1")), showObject(obj(i, "2")), showObject(obj(i, "")), v, ok)
		}
		m.Delete(obj(i, "3"))
	}
	if m.Len() != 0 {
		t.Fatalf("after Delete of each object at ResourceVersion 3, Len() = %d; want 0", m.Len())
	}
}

// TestStep10DisagreeingHasher checks the behaviour that NewWithHasher's doc
// comment gives a map whose Hasher breaks the contract: with
// disagreeingHasher, k and 1000+k are one key to Equal but hash apart.
func TestStep10DisagreeingHasher(t *testing.T) {
	needHasher(t)
	m := NewWithHasher[int64, int64](disagreeingHasher{}, 0)
	const pairs = 300
	put := map[int64]int64{} // every key put, with its value
	for _, base := range []int64{0, 1000} {
		for k := range int64(pairs) {
			if !try(t, fmt.Sprintf("Put(%d, %d)", base+k, -(base+k)), func() { m.Put(base+k, -(base + k)) }) {
				return
			}
			put[base+k] = -(base + k)
		}
	}
	stored := map[int64]int64{}
	for k, v := range m.All() {
		if _, dup := stored[k]; dup {
			t.Fatalf("All produced key %d twice", k)
		}
		if want, ok := put[k]; !ok || v != want {
			t.Fatalf("All produced %d: %d; want the key and value of one Put (each key k was put with -k)", k, v)
		}
		stored[k] = v
	}
	if len(stored) != m.Len() {
		t.Fatalf("All produced %d entries and Len() = %d; want the same: Len counts every entry, Equal to another or not", len(stored), m.Len())
	}
	if m.Len() < pairs || m.Len() > 2*pairs {
		t.Fatalf("after Put of %d pairs of keys that Equal calls one (k and 1000+k), Len() = %d; want from %d to %d", pairs, m.Len(), pairs, 2*pairs)
	}
	// Each pair lands apart unless a probe sequence happens to meet the
	// other key's slot with the same H2: a chance of a few in a thousand per
	// pair.
	if m.Len() < pairs*3/2 {
		t.Fatalf("after Put of %d pairs of keys that Equal calls one but Hash writes apart, Len() = %d; want most pairs stored as two entries "+
			"(the map looks for a key only where its hash leads): does m.hash come from the Hasher's Hash?", pairs, m.Len())
	}
	for k := range stored {
		v, ok := m.Get(k)
		if !ok {
			t.Fatalf("key %d is in the map (All produced it), yet Get(%d) = %d, false; want true: a lookup of a key meets its own entry, or another one Equal to it before", k, k, v)
		}
		if v != -(k%1000) && v != -(k%1000+1000) {
			t.Fatalf("Get(%d) = %d; want the value of an entry Equal to %d (%d or %d)", k, v, k, -(k % 1000), -(k%1000 + 1000))
		}
	}
	for k := range int64(pairs) {
		before := m.Len()
		m.Delete(1000 + k)
		if m.Len() != before-1 {
			t.Fatalf("Delete(%d) took Len() from %d to %d; want %d: Delete removes the first entry Equal to the key on its probe sequence, and that one alone", 1000+k, before, m.Len(), before-1)
		}
	}
	m.Clear()
	for k := range m.All() {
		t.Fatalf("after Clear, All produced key %d; want nothing", k)
	}
	if m.Len() != 0 {
		t.Fatalf("after Clear, Len() = %d; want 0", m.Len())
	}
}

// hasherImpl builds the suite's maps with maphash.ComparableHasher, whose
// Equal is == and whose Hash is maphash.WriteComparable.
var hasherImpl = maptest.Impl{
	Int: func(hint int) maptest.Map[int64, int64] {
		return NewWithHasher[int64, int64](maphash.ComparableHasher[int64]{}, hint)
	},
	String: func(hint int) maptest.Map[string, int] {
		return NewWithHasher[string, int](maphash.ComparableHasher[string]{}, hint)
	},
	Float: func(hint int) maptest.Map[float64, int] {
		return NewWithHasher[float64, int](maphash.ComparableHasher[float64]{}, hint)
	},
	Any: func(hint int) maptest.Map[any, int] {
		return NewWithHasher[any, int](maphash.ComparableHasher[any]{}, hint)
	},
}

// constImpl builds them with constHasher: every key collides.
var constImpl = maptest.Impl{
	Int: func(hint int) maptest.Map[int64, int64] {
		return NewWithHasher[int64, int64](constHasher[int64]{}, hint)
	},
	String: func(hint int) maptest.Map[string, int] {
		return NewWithHasher[string, int](constHasher[string]{}, hint)
	},
	Float: func(hint int) maptest.Map[float64, int] {
		return NewWithHasher[float64, int](constHasher[float64]{}, hint)
	},
	Any: func(hint int) maptest.Map[any, int] { return NewWithHasher[any, int](constHasher[any]{}, hint) },
}

// TestStep10ComparableHasher runs the suite of step 8 on maps made with
// maphash.ComparableHasher: the same results as the map's own hash and ==.
func TestStep10ComparableHasher(t *testing.T) {
	needHasher(t)
	for _, c := range []struct {
		name string
		f    func(*testing.T, maptest.Impl)
	}{
		{"Basics", maptest.Basics}, {"NaN", maptest.NaN}, {"Unhashable", maptest.Unhashable},
		{"Rotation", maptest.Rotation}, {"MutateDuringAll", maptest.MutateDuringAll},
		{"Differential", maptest.Differential}, {"GetAllocs", maptest.GetAllocs},
	} {
		t.Run(c.name, func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("maptest.%s on maps made with maphash.ComparableHasher panicked: %v", c.name, r)
				}
			}()
			c.f(t, hasherImpl)
		})
	}
	t.Run("every-key-hashing-alike", func(t *testing.T) {
		// A Hasher whose Hash writes nothing keeps the contract: Equal
		// alone tells the keys apart.
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("maptest.Collide on maps whose Hasher writes nothing panicked: %v", r)
			}
		}()
		maptest.Collide(t, constImpl)
	})
}

// FuzzStep10HashersAgree checks the contract on your Hashers: Equal(a, b)
// implies that Hash writes a and b alike. Its seed corpus runs with every go
// test; go test -fuzz=FuzzStep10 ./labs/03-swiss searches for more.
func FuzzStep10HashersAgree(f *testing.F) {
	f.Add("Go", "GO", uint64(0))
	f.Add("k", "\u212a", uint64(1))
	f.Add("sS", "\u017f\u017f", uint64(3))
	f.Add("Σίσυφος", "ΣΊΣΥΦΟΣ", uint64(0xff))
	f.Add("\xff", "\xfe", uint64(1))
	f.Add("ǅ", "ǆ", uint64(1))
	f.Add("ab", "c", uint64(0))
	f.Add("", "", uint64(0))
	f.Fuzz(func(t *testing.T, a, b string, flips uint64) {
		seed := maphash.MakeSeed()
		fold := foldHasher{}
		agree := func(x, y string) {
			t.Helper()
			if want := strings.EqualFold(x, y); fold.Equal(x, y) != want {
				t.Fatalf("foldHasher{}.Equal(%+q, %+q) = %v; want %v, as strings.EqualFold says", x, y, !want, want)
			}
			if hx, hy := hashWith[string](seed, fold, x), hashWith[string](seed, fold, y); fold.Equal(x, y) && hx != hy {
				t.Fatalf("foldHasher{}.Equal(%+q, %+q) is true, but Hash writes them differently (%#x and %#x under one seed)", x, y, hx, hy)
			}
		}
		agree(a, b)
		// c is a with some runes replaced by the next rune of their fold
		// orbit: EqualFold(a, c) always holds.
		var c strings.Builder
		i := 0
		for _, r := range a {
			if flips>>(i%64)&1 == 1 {
				r = unicode.SimpleFold(r)
			}
			c.WriteRune(r)
			i++
		}
		agree(a, c.String())

		obj := objectHasher{}
		x, y, z := objectKey{a, b, "1"}, objectKey{a, b, c.String()}, objectKey{b, a, "1"}
		for _, p := range [][2]objectKey{{x, y}, {x, z}} {
			want := p[0].Namespace == p[1].Namespace && p[0].Name == p[1].Name
			if obj.Equal(p[0], p[1]) != want {
				t.Fatalf("objectHasher{}.Equal(%s, %s) = %v; want %v: the same object when Namespace and Name are ==", showObject(p[0]), showObject(p[1]), !want, want)
			}
			if h0, h1 := hashWith[objectKey](seed, obj, p[0]), hashWith[objectKey](seed, obj, p[1]); want && h0 != h1 {
				t.Fatalf("objectHasher{}.Equal(%s, %s) is true, but Hash writes them differently (%#x and %#x under one seed)", showObject(p[0]), showObject(p[1]), h0, h1)
			}
		}
	})
}

// showObject prints an objectKey for a message, its strings quoted with
// %+q, so that a space, an empty field or a rune that looks like another
// (the Kelvin sign, U+212A, beside the letter K) can be told apart: "\u212a".
func showObject(k objectKey) string {
	return fmt.Sprintf("{Namespace:%+q Name:%+q ResourceVersion:%+q}", k.Namespace, k.Name, k.ResourceVersion)
}
