package swiss

import (
	"hash/maphash"
	"math/bits"
	"math/rand/v2"
	"testing"

	"gomaps/labs/internal/maptest"
)

// Step 9: fast paths. New chooses how the map hashes its keys, once, from
// the key type: hash64 for integer keys of 8 and 4 bytes, hashString for
// strings, maphash.Comparable for everything else.

// Key types defined on the kinds that have a fast path.
type (
	userID int64
	code   uint32
	name   string
)

func TestStep9KeyPath(t *testing.T) {
	got := map[string]keyPath{
		"int64": keyPathOf[int64](), "uint64": keyPathOf[uint64](), "userID (int64)": keyPathOf[userID](),
		"int": keyPathOf[int](), "uint": keyPathOf[uint](), "uintptr": keyPathOf[uintptr](),
		"int32": keyPathOf[int32](), "uint32": keyPathOf[uint32](), "rune": keyPathOf[rune](), "code (uint32)": keyPathOf[code](),
		"string": keyPathOf[string](), "name (string)": keyPathOf[name](),
		"float64": keyPathOf[float64](), "float32": keyPathOf[float32](), "complex64": keyPathOf[complex64](),
		"complex128": keyPathOf[complex128](), "bool": keyPathOf[bool](), "int8": keyPathOf[int8](),
		"int16": keyPathOf[int16](), "uint16": keyPathOf[uint16](), "any": keyPathOf[any](), "[2]string": keyPathOf[[2]string](),
	}
	maptest.KeyPaths(t, func(typ string) (string, bool) { p, ok := got[typ]; return p.String(), ok })
}

func TestStep9Hash64(t *testing.T) {
	maptest.Hash64(t, hash64)

	// Each bit of the seed too must reach every bit of the hash. A seed
	// xored onto the result (hash64 = mix(x) ^ seed) leaves the keys that
	// collide under one seed colliding under every seed, so a new seed
	// would not change which keys share a group.
	rng := rand.New(rand.NewPCG(1, 2))
	for bit := range 64 {
		flipped := 0
		const n = 200
		for range n {
			seed, x := rng.Uint64(), rng.Uint64()
			flipped += bits.OnesCount64(hash64(seed, x) ^ hash64(seed^1<<bit, x))
		}
		if avg := float64(flipped) / n; avg < 24 || avg > 40 {
			t.Fatalf("flipping bit %d of the seed flips %.1f bits of hash64 on average; want about 32 (24 to 40), as for a bit of the key: mix the seed into the key before the multiplies, not into the result after them", bit, avg)
		}
	}

	// Every key's hash depends on the seed: under 1000 seeds, each key takes
	// 1000 hashes (maptest.EveryKeyHasASeed says why all of them).
	maptest.EveryKeyHasASeed(t, hash64, seedKeys)
}

func TestStep9HashString(t *testing.T) {
	maptest.HashString(t, hashString)
	maptest.EveryStringHasASeed(t, hashString, seedKeys)
}

// seedKeys are the keys most likely to make a factor of a multiply 0 or 1
// whatever the seed: 0, 1, ^0 and the two constants of hash64 (the check
// tries each with its lowest bit flipped too).
var seedKeys = []maptest.NamedKey{
	{Name: "0", Key: 0}, {Name: "1", Key: 1}, {Name: "^0", Key: ^uint64(0)},
	{Name: "hashK0", Key: hashK0}, {Name: "hashK1", Key: hashK1},
}

// TestStep9HashStringCost checks that hashString costs about as much on a
// 16-byte string as on a 1-byte one, as its doc comment promises: it times
// both, side by side (maptest.HashStringCost says why that cannot fail a
// correct hashString). go test -v -run TestStep9HashStringCost prints the two
// times.
func TestStep9HashStringCost(t *testing.T) {
	maptest.HashStringCost(t, hashString)
}

// TestStep9Hash checks that Map.hash takes the path New chose, with the
// map's own seeds: memHash64 and strHash are hash64 and hashString
// (memhash_noaes.go), or step 11's AES hashes (memhash_aes.go).
func TestStep9Hash(t *testing.T) {
	checkHash(t, New[int64, int](0), "memHash64(m.seed64, uint64(key))", []int64{0, 1, -1, 1 << 40},
		func(m *Map[int64, int], k int64) uint64 { return memHash64(m.seed64, uint64(k)) })
	checkHash(t, New[userID, int](0), "memHash64(m.seed64, uint64(key))", []userID{0, 7, -7},
		func(m *Map[userID, int], k userID) uint64 { return memHash64(m.seed64, uint64(k)) })
	checkHash(t, New[int32, int](0), "memHash64(m.seed64, uint64(uint32(key)))", []int32{0, 1, -1, 1 << 30},
		func(m *Map[int32, int], k int32) uint64 { return memHash64(m.seed64, uint64(uint32(k))) })
	checkHash(t, New[string, int](0), "strHash(m.seed64, key)", []string{"", "a", "key-0001", "a longer key, of more than sixteen bytes"},
		func(m *Map[string, int], k string) uint64 { return strHash(m.seed64, k) })
	checkHash(t, New[name, int](0), "strHash(m.seed64, string(key))", []name{"x", "y"},
		func(m *Map[name, int], k name) uint64 { return strHash(m.seed64, string(k)) })
	checkHash(t, New[float64, int](0), "maphash.Comparable(m.seed, key)", []float64{0, 1.5, -2},
		func(m *Map[float64, int], k float64) uint64 { return maphash.Comparable(m.seed, k) })

	t.Run("test-hook", func(t *testing.T) {
		// The tests' hook replaces the hash on the fast paths too.
		withHash(t, func(any) uint64 { return 42 })
		if h := New[int64, int](0).hash(7); h != 42 {
			t.Fatalf("with testHash set, m.hash(7) = %#x; want testHash's 42: the hook replaces the result on every path", h)
		}
	})
}

// checkHash checks m.hash against want for keys, on a new map and again
// after Clear, which gives the map new seeds.
func checkHash[K comparable](t *testing.T, m *Map[K, int], wantText string, keys []K, want func(*Map[K, int], K) uint64) {
	t.Helper()
	for round, when := range []string{"on a new map", "after Clear, which gives the map new seeds"} {
		if round == 1 {
			m.Clear()
		}
		for _, k := range keys {
			if got, w := m.hash(k), want(m, k); got != w {
				t.Fatalf("%s, on a Map[%T, int] (path %v), m.hash(%#v) = %#x; want %s = %#x",
					when, k, m.path, k, got, wantText, w)
			}
		}
	}
}

// fastImpl makes the suite's maps with New, on the paths it chooses: int64
// keys on path64, strings on pathString, the others on the generic path.
var fastImpl = maptest.Impl{
	Int:    func(hint int) maptest.Map[int64, int64] { return New[int64, int64](hint) },
	String: func(hint int) maptest.Map[string, int] { return New[string, int](hint) },
	Float:  func(hint int) maptest.Map[float64, int] { return New[float64, int](hint) },
	Any:    func(hint int) maptest.Map[any, int] { return New[any, int](hint) },
}

// TestStep9Suite runs step 8's suite again, on the paths New chooses: the
// tests of steps 1 to 8 make their maps on the generic path (newGeneric).
func TestStep9Suite(t *testing.T) {
	needFastHashes(t)
	for _, c := range []struct {
		name  string
		check func(*testing.T, maptest.Impl)
	}{
		{"Basics", maptest.Basics}, {"NaN", maptest.NaN}, {"Unhashable", maptest.Unhashable},
		{"Rotation", maptest.Rotation}, {"MutateDuringAll", maptest.MutateDuringAll}, {"Differential", maptest.Differential},
	} {
		t.Run(c.name, func(t *testing.T) { suiteOn(t, fastImpl, c.name, c.check) })
	}
}

// needFastHashes stops a test of maps on the fast paths while hash64 or
// hashString is still a stub: every key of its path would hash alike, and
// the test's messages would be about the effects. Built with
// GOEXPERIMENT=simd, it needs step 11's hashes too (needSteps).
func needFastHashes(t *testing.T) {
	t.Helper()
	needSteps(t)
	if hash64(1, 2) == hash64(1, 3) && hash64(1, 3) == hash64(2, 3) {
		t.Fatalf("hash64 returns %#x whatever the key and the seed: it is not written yet, and this test's integer keys take it (TestStep9Hash64 checks it alone)", hash64(1, 2))
	}
	if hashString(1, "a") == hashString(1, "b") && hashString(1, "b") == hashString(2, "b") {
		t.Fatalf("hashString returns %#x whatever the string and the seed: it is not written yet, and this test's string keys take it (TestStep9HashString checks it alone)", hashString(1, "a"))
	}
}

// TestStep9SameAsBuiltin runs random operations on maps of key types of each
// path, against the built-in map.
func TestStep9SameAsBuiltin(t *testing.T) {
	needSteps(t, allSteps...)
	needFastHashes(t)
	t.Run("int32", func(t *testing.T) {
		maptest.SameAsBuiltin(t, New[int32, int](0), func(n int) int32 { return int32(n) - 2000 })
	})
	t.Run("uint64", func(t *testing.T) {
		maptest.SameAsBuiltin(t, New[uint64, int](0), func(n int) uint64 { return uint64(n) << 40 })
	})
	t.Run("userID", func(t *testing.T) {
		maptest.SameAsBuiltin(t, New[userID, int](0), func(n int) userID { return userID(n * 7) })
	})
	t.Run("name", func(t *testing.T) {
		maptest.SameAsBuiltin(t, New[name, int](0), func(n int) name {
			return name(string(rune('a'+n%26)) + string(rune('A'+n/26%26)) + string(rune('0'+n/676)))
		})
	})
	t.Run("float32", func(t *testing.T) {
		maptest.SameAsBuiltin(t, New[float32, int](0), func(n int) float32 { return float32(n) / 4 })
	})
}

// TestStep9GetAllocs: the fast paths allocate nothing either.
func TestStep9GetAllocs(t *testing.T) {
	needSteps(t, allSteps...)
	needFastHashes(t)
	suiteOn(t, fastImpl, "GetAllocs", maptest.GetAllocs)
	m := New[int32, int](0)
	for i := range int32(1000) {
		m.Put(i, int(i))
	}
	if n := testing.AllocsPerRun(200, func() { m.Get(500); m.Get(-1) }); n != 0 {
		t.Errorf("Get on a map of int32 keys allocates %.1f times per call; want 0", n/2)
	}
}
