package maptest

import (
	"fmt"
	"maps"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
	"unsafe"
)

// The checks of step 9 of labs 02 and 03, "fast paths": which path each key
// type takes, the quality of the 8-byte hash, and that a map on a fast path
// behaves as the built-in map.

// wantPaths is the path each key type named in KeyPathTypes must take.
func wantPaths() map[string]string {
	word := "path32"
	if unsafe.Sizeof(int(0)) == 8 {
		word = "path64"
	}
	return map[string]string{
		"int64": "path64", "uint64": "path64", "userID (int64)": "path64",
		"int": word, "uint": word, "uintptr": word,
		"int32": "path32", "uint32": "path32", "rune": "path32", "code (uint32)": "path32",
		"string": "pathString", "name (string)": "pathString",
		"float64": "pathGeneric", "float32": "pathGeneric", "complex64": "pathGeneric", "complex128": "pathGeneric",
		"bool": "pathGeneric", "int8": "pathGeneric", "int16": "pathGeneric", "uint16": "pathGeneric",
		"any": "pathGeneric", "[2]string": "pathGeneric",
	}
}

// KeyPaths checks the path that keyPathOf chooses for each key type: got
// returns the path, by its name, for a type as named in wantPaths.
func KeyPaths(t *testing.T, got func(typ string) (path string, ok bool)) {
	t.Helper()
	want := wantPaths()
	for _, typ := range slices.Sorted(maps.Keys(want)) {
		want := want[typ]
		path, ok := got(typ)
		if !ok {
			t.Fatalf("the test lists no keyPathOf for %s", typ)
		}
		if path == want {
			continue
		}
		why := ""
		switch {
		case want == "pathGeneric" && (typ[0] == 'f' || typ[0] == 'c'):
			why = ": floats must stay generic, since two floats can be == with different bits (+0.0 and -0.0) and not == with the same bits (NaN)"
		case want == "pathGeneric":
			why = ": only integer kinds of 8 and 4 bytes and strings have a fast path"
		case typ[len(typ)-1] == ')':
			why = ": a defined type takes the path of its kind (reflect's Kind), as the compiler chooses by the key's memory, not its name"
		}
		t.Errorf("keyPathOf[%s]() = %s; want %s%s", typ, path, want, why)
	}
}

// A HashName names the hash that a check of this file grades, for its
// messages: step 9's multiplies (Step9Hash64, Step9HashString) or lab 03's
// AES rounds of step 11.
type HashName struct {
	Func   string // the function: "hash64"
	NotYet string // what its stub means: "step 9 is not written yet (fast.go)"
	Reach  string // how each bit reaches every bit of the hash: "(a multiply alone moves a bit only upwards)"
	Seed   string // how the seed must enter: "the seed must enter every multiply"
}

// The names of step 9's hashes, in labs 02 and 03.
var (
	Step9Hash64 = HashName{Func: "hash64", NotYet: "step 9 is not written yet (fast.go)", Reach: "(a multiply alone moves a bit only upwards)",
		Seed: "the seed must enter both factors of the first multiply, so that no key can make either of them a constant"}
	Step9HashString = HashName{Func: "hashString", NotYet: "step 9 is not written yet (fast.go)", Reach: "(a multiply alone moves a bit only upwards)",
		Seed: "so the seed must enter every multiply"}
)

// The seeds Hash64 tries: fixed, so that the check gives the same result on
// every run.
var hashSeeds = []uint64{0, 1, 0x5eed, 0xdead_beef_cafe_f00d, 1 << 63}

// Hash64 checks the properties a map needs of hash64: the same key and seed
// give the same hash; another seed gives other hashes; flipping any one bit
// of the key flips about half of the bits of the hash (so that the top bits,
// which choose a table or are the tophash, and the low bits, which choose a
// bucket or are H2, all depend on every bit of the key); and keys 0 to 8191,
// the keys a program most often has, spread evenly over the values of the
// top 7 and the low 7 bits.
func Hash64(t *testing.T, hash64 func(seed, x uint64) uint64) {
	t.Helper()
	Hash64Of(t, Step9Hash64, hash64)
}

// Hash64Of is Hash64 of the hash that hn names.
func Hash64Of(t *testing.T, hn HashName, hash64 func(seed, x uint64) uint64) {
	t.Helper()
	if hash64(1, 2) == hash64(1, 3) && hash64(1, 3) == hash64(2, 3) {
		t.Fatalf("%s returns %#x whatever the key and the seed: %s", hn.Func, hash64(1, 2), hn.NotYet)
	}
	rng := rand.New(rand.NewPCG(9, 9))
	for _, seed := range hashSeeds {
		for range 100 {
			x := rng.Uint64()
			if a, b := hash64(seed, x), hash64(seed, x); a != b {
				t.Fatalf("%s(%#x, %#x) returned %#x, then %#x: the same key and seed must give the same hash", hn.Func, seed, x, a, b)
			}
		}
	}
	same := 0
	for x := range uint64(1000) {
		if hash64(hashSeeds[2], x) == hash64(hashSeeds[3], x) {
			same++
		}
	}
	if same > 10 {
		t.Errorf("%d of keys 0 to 999 hash alike under seeds %#x and %#x: the seed must change the hash, so that each map has its own layout and an attacker cannot compute colliding keys", same, hashSeeds[2], hashSeeds[3])
	}
	// Avalanche: flip each bit of random keys and count the bits that change.
	for _, seed := range hashSeeds {
		for bit := range 64 {
			flipped := 0
			const n = 200
			for range n {
				x := rng.Uint64()
				flipped += bits.OnesCount64(hash64(seed, x) ^ hash64(seed, x^1<<bit))
			}
			if avg := float64(flipped) / n; avg < 24 || avg > 40 {
				t.Fatalf("with seed %#x, flipping bit %d of a key flips %.1f bits of %s on average; want about 32 (24 to 40): "+
					"each bit of the key must reach every bit of the hash %s", seed, bit, avg, hn.Func, hn.Reach)
			}
		}
	}
	// Spread of small keys over the top and the low 7 bits.
	for _, seed := range hashSeeds {
		var top, low [128]int
		for x := range uint64(8192) {
			h := hash64(seed, x)
			top[h>>57]++
			low[h&127]++
		}
		for _, c := range []struct {
			name   string
			counts *[128]int
		}{{"top 7 bits (h >> 57)", &top}, {"low 7 bits (h & 127)", &low}} {
			lo, hi := slices.Min(c.counts[:]), slices.Max(c.counts[:])
			if lo < 32 || hi > 96 {
				t.Fatalf("with seed %#x, keys 0 to 8191 spread over the 128 values of the %s from %d to %d times each; want about 64 (32 to 96)", seed, c.name, lo, hi)
			}
		}
	}
}

// SameAsBuiltin runs random Puts, Deletes, Gets and Clears on m and on a
// built-in map, with keys made by key from numbers up to 4000 (so the map
// grows past several thousand entries), and checks that every result and the
// final contents agree.
func SameAsBuiltin[K comparable](t *testing.T, m Map[K, int], key func(n int) K) {
	t.Helper()
	model := map[K]int{}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 20_000 {
		k := key(rng.IntN(4000))
		var what string
		switch op := rng.IntN(100); {
		case op < 55:
			m.Put(k, i)
			model[k] = i
			what = fmt.Sprintf("Put(%v, %d)", k, i)
		case op < 80:
			m.Delete(k)
			delete(model, k)
			what = fmt.Sprintf("Delete(%v)", k)
		case op < 99:
			v, ok := m.Get(k)
			wv, wok := model[k]
			if v != wv || ok != wok {
				t.Fatalf("operation %d: Get(%v) = %d, %v; the built-in map has %d, %v", i, k, v, ok, wv, wok)
			}
			continue
		default:
			m.Clear()
			clear(model)
			what = "Clear()"
		}
		if m.Len() != len(model) {
			t.Fatalf("operation %d, %s: Len() = %d; the built-in map has %d", i, what, m.Len(), len(model))
		}
	}
	seen := map[K]int{}
	for k, v := range m.All() {
		if _, dup := seen[k]; dup {
			t.Fatalf("All yields key %v twice", k)
		}
		seen[k] = v
		if wv, ok := model[k]; !ok || wv != v {
			t.Fatalf("All yields %v: %d; the built-in map has %d, %v", k, v, wv, ok)
		}
	}
	if len(seen) != len(model) {
		t.Fatalf("All yields %d entries; the built-in map has %d", len(seen), len(model))
	}
}

// HashString checks the properties a map needs of hashString: the same
// string and seed give the same hash, wherever the string's bytes are;
// strings that differ only in their length hash apart; flipping any one bit
// of a string of any length up to 40 bytes, or of the seed, flips about
// half of the bits of the hash; and the keys of the course's benchmark
// ("key-" and 16 hexadecimal digits) spread evenly over the top and the
// low 7 bits.
func HashString(t *testing.T, hashString func(seed uint64, s string) uint64) {
	t.Helper()
	HashStringOf(t, Step9HashString, hashString)
}

// HashStringOf is HashString of the hash that hn names.
func HashStringOf(t *testing.T, hn HashName, hashString func(seed uint64, s string) uint64) {
	t.Helper()
	hashStringWritten(t, hn, hashString)
	rng := rand.New(rand.NewPCG(7, 7))
	text := make([]byte, 48)
	for i := range text {
		text[i] = byte(rng.Uint32())
	}
	for _, seed := range hashSeeds {
		for n := range 41 {
			s := string(text[:n])
			copied := string(append([]byte(nil), s...))
			if a, b := hashString(seed, s), hashString(seed, copied); a != b {
				t.Fatalf("%s(%#x, %q) returned %#x, then %#x for the same bytes elsewhere in memory: the hash must depend on the bytes only", hn.Func, seed, s, a, b)
			}
		}
	}
	// Lengths: n zero bytes for n from 0 to 40, all different.
	for _, seed := range hashSeeds {
		seen := map[uint64]int{}
		for n := range 41 {
			h := hashString(seed, string(make([]byte, n)))
			if m, ok := seen[h]; ok {
				t.Fatalf("with seed %#x, %d zero bytes and %d zero bytes hash alike (%#x): mix the length into the hash, so that strings that differ only in length hash apart", seed, m, n, h)
			}
			seen[h] = n
		}
	}
	// Avalanche: for each length, flip each bit of random strings.
	for _, size := range []int{1, 2, 3, 4, 5, 7, 8, 9, 12, 15, 16, 17, 20, 24, 31, 32, 33, 40} {
		for bit := range size * 8 {
			flipped := 0
			const runs = 60
			b := make([]byte, size)
			for range runs {
				for i := range b {
					b[i] = byte(rng.Uint32())
				}
				seed := rng.Uint64()
				h := hashString(seed, string(b))
				b[bit/8] ^= 1 << (bit % 8)
				flipped += bits.OnesCount64(h ^ hashString(seed, string(b)))
			}
			if avg := float64(flipped) / runs; avg < 24 || avg > 40 {
				t.Fatalf("flipping bit %d of byte %d of a string of %d bytes flips %.1f bits of %s on average; want about 32 (24 to 40): every byte, the last ones too, must reach every bit of the hash", bit%8, bit/8, size, avg, hn.Func)
			}
		}
	}
	for bit := range 64 {
		flipped := 0
		const runs = 200
		for range runs {
			seed, s := rng.Uint64(), fmt.Sprintf("key-%016x", rng.Uint64())
			flipped += bits.OnesCount64(hashString(seed, s) ^ hashString(seed^1<<bit, s))
		}
		if avg := float64(flipped) / runs; avg < 24 || avg > 40 {
			t.Fatalf("flipping bit %d of the seed flips %.1f bits of %s on average; want about 32 (24 to 40): the seed must reach every bit of the hash, so that a new seed changes which keys collide", bit, avg, hn.Func)
		}
	}
	for _, seed := range hashSeeds {
		var top, low [128]int
		for x := range uint64(8192) {
			h := hashString(seed, fmt.Sprintf("key-%016x", x))
			top[h>>57]++
			low[h&127]++
		}
		for _, c := range []struct {
			name   string
			counts *[128]int
		}{{"top 7 bits (h >> 57)", &top}, {"low 7 bits (h & 127)", &low}} {
			lo, hi := slices.Min(c.counts[:]), slices.Max(c.counts[:])
			if lo < 32 || hi > 96 {
				t.Fatalf("with seed %#x, the keys key-0000000000000000 to key-0000000000001fff spread over the 128 values of the %s from %d to %d times each; want about 64 (32 to 96)", seed, c.name, lo, hi)
			}
		}
	}
}

// hashStringWritten stops the test when the hash that hn names is still the
// stub.
func hashStringWritten(t *testing.T, hn HashName, hashString func(seed uint64, s string) uint64) {
	t.Helper()
	if hashString(1, "a") == hashString(1, "b") && hashString(1, "b") == hashString(2, "b") {
		t.Fatalf("%s returns %#x whatever the string and the seed: %s", hn.Func, hashString(1, "a"), hn.NotYet)
	}
}

// The measure of HashStringCost: the fastest of costRounds batches of
// costCalls chained calls, for each length; up to costTries measures before
// the check fails; and the most that a 16-byte string may cost, in times
// what a 1-byte string costs.
const (
	costCalls  = 2000
	costRounds = 50
	costTries  = 5
	costMax    = 3.0
)

// HashStringCost checks what hashString's doc comment promises of its
// cost: it reads a string 8 bytes at a time and runs no loop for a string of
// up to 16 bytes, so a 16-byte string costs about what a 1-byte string
// costs, where a loop over the bytes costs 16 times a byte's work.
//
// It is the one check of the lab's step 9 that times code, and it cannot
// fail a correct hashString for a busy or slow machine: it never compares a
// time with a figure, only two times of the same function taken in one
// process, side by side. Each batch chains costCalls calls (each call's
// result is the next one's seed, so that calls cannot overlap); the batches
// of the two lengths alternate, so that whatever slows the machine down
// (frequency, other programs, the other tests) falls on both alike; and of
// costRounds batches of each length it keeps the fastest, since anything else
// running only makes a batch slower. A correct hashString does the same work
// for 1 byte and for 16 (one fold and hash64): 1.0 times as long on the
// course's machines, 1.7 with the optimizations off (-gcflags=all=-N -l);
// loops over the bytes measured 4.3 times (one multiply a byte, as FNV-1a
// does) to 8.2 times (hash64 on each byte). The check fails above costMax,
// 3 times, and only when costTries measures in a row are all above it.
func HashStringCost(t *testing.T, hashString func(seed uint64, s string) uint64) {
	t.Helper()
	hashStringWritten(t, Step9HashString, hashString)
	strs := []string{"k", "key-0123456789ab"} // 1 and 16 bytes, not constants to the compiler
	var ratio float64
	var one, sixteen time.Duration
	for range costTries {
		one, sixteen = time.Duration(math.MaxInt64), time.Duration(math.MaxInt64)
		for range costRounds {
			one = min(one, chainedCalls(hashString, strs[0]))
			sixteen = min(sixteen, chainedCalls(hashString, strs[1]))
		}
		ratio = float64(sixteen) / float64(max(one, 1))
		if ratio <= costMax {
			break
		}
	}
	perCall := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / costCalls }
	if ratio <= costMax {
		t.Logf("hashString takes %.1f ns a call on a 1-byte string and %.1f ns on a 16-byte string: %.2f times as long (the fastest of %d batches of %d calls)",
			perCall(one), perCall(sixteen), ratio, costRounds, costCalls)
	} else {
		t.Fatalf("hashString takes %.1f times as long on a 16-byte string as on a 1-byte string (%.1f ns and %.1f ns a call, the fastest of %d batches, "+
			"measured %d times); want about as long, at most %.0f times: for up to 16 bytes, run no loop, and read the bytes as two 8-byte words "+
			"that may overlap (le64), not one by one, as hashString's doc comment says",
			ratio, perCall(sixteen), perCall(one), costRounds, costTries, costMax)
	}
}

// chainedCalls times costCalls calls of hashString on s, each call's result
// the next call's seed.
func chainedCalls(hashString func(seed uint64, s string) uint64, s string) time.Duration {
	h := uint64(1)
	start := time.Now()
	for range costCalls {
		h = hashString(h, s)
	}
	d := time.Since(start)
	costSink += h
	return d
}

// costSink keeps the compiler from dropping the calls whose result nothing reads.
var costSink uint64
