package maptest

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// The check that a new seed gives each key a new hash (step 9 of labs 02
// and 03): that is what seeding buys, and a single key whose hash ignores
// the seed lands in the same place in every map.

// seedCount is how many seeds EveryKeyHasASeed tries for each key.
const seedCount = 1000

// manySeeds returns the seeds EveryKeyHasASeed tries: 0 and ^0, the two
// seeds a hash is most likely to treat alike (a product by 0 is 0 and one
// by ^0, that is -1, folds to ^0, whatever the other factor if it is not
// 0), then random
// ones from a fixed generator, so that the check gives the same result on
// every run.
func manySeeds() []uint64 {
	rng := rand.New(rand.NewPCG(47, 1))
	seeds := []uint64{0, ^uint64(0)}
	for len(seeds) < seedCount {
		seeds = append(seeds, rng.Uint64())
	}
	return seeds
}

// A NamedKey is a key of hash64 and its name in messages.
type NamedKey struct {
	Name string
	Key  uint64
}

// withFlips returns keys and, after each, the key with its lowest bit
// flipped, named "name^1" (unless it is one of keys: 0^1 is 1): a key one
// away from a constant of the hash makes a factor 1 where the constant
// makes it 0.
func withFlips(keys []NamedKey) []NamedKey {
	var all []NamedKey
	for _, k := range keys {
		all = append(all, k)
		if !slices.ContainsFunc(keys, func(o NamedKey) bool { return o.Key == k.Key^1 }) {
			all = append(all, NamedKey{k.Name + "^1", k.Key ^ 1})
		}
	}
	return all
}

// randomKeys is how many random keys (or strings) EveryKeyHasASeed and
// EveryStringHasASeed try, after the named ones.
const randomKeys = 10_000

// EveryKeyHasASeed checks that hash64 gives each key a different hash under
// each of seedCount seeds: the keys named (the lab passes 0, 1, ^0 and its
// two constants), each of them with its lowest bit flipped, and randomKeys
// random keys. It wants all seedCount hashes of a key distinct. A hash whose
// values are as good as random 64-bit numbers repeats one of a key's 1000
// hashes with a chance of about 1000²/2 in 2⁶⁴ (3 in 10¹⁴), 3 in 10¹⁰ over
// every key tried, and the seeds and keys are fixed, so a hash that passes
// once passes on every run: a repeat is a flaw of the formula, such as a
// seed that enters twice and cancels out for some key. Of the keys that
// fail, the message names the first of those with the fewest distinct
// hashes: a key whose hash ignores the seed first.
func EveryKeyHasASeed(t *testing.T, hash64 func(seed, x uint64) uint64, named []NamedKey) {
	t.Helper()
	EveryKeyHasASeedOf(t, Step9Hash64, hash64, named)
}

// EveryKeyHasASeedOf is EveryKeyHasASeed of the hash that hn names.
func EveryKeyHasASeedOf(t *testing.T, hn HashName, hash64 func(seed, x uint64) uint64, named []NamedKey) {
	t.Helper()
	keys := withFlips(named)
	rng := rand.New(rand.NewPCG(47, 2))
	for range randomKeys {
		keys = append(keys, NamedKey{"", rng.Uint64()}) // named when it fails
	}
	seeds := manySeeds()
	i, distinct, a, b, h := fewest(seeds, len(keys), func(i int, seed uint64) uint64 { return hash64(seed, keys[i].Key) })
	if i < 0 {
		return
	}
	key := fmt.Sprintf("the key %s (%#x)", keys[i].Name, keys[i].Key)
	if keys[i].Name == "" {
		key = fmt.Sprintf("the random key %#x", keys[i].Key)
	}
	if distinct == 1 {
		t.Fatalf("%s gives %s the hash %#x under each of %d seeds: its hash ignores the seed, so it lands in the same place in every map; "+
			"%s", hn.Func, key, h, len(seeds), hn.Seed)
	}
	t.Fatalf("%s gives %s the same hash %#x under the seeds %#x and %#x (%d distinct hashes under %d seeds; want %d): "+
		"a new seed must give every key a new hash (if its hashes were as good as random, two would be alike with a chance of 3 in 10¹⁴); "+
		"look for a seed that enters the hash twice in ways that cancel", hn.Func, key, h, a, b, distinct, len(seeds), len(seeds))
}

// EveryStringHasASeed checks the same of hashString: the empty string, the
// 4, 8, 16 and 24 bytes made of each named key (little-endian, repeated),
// each of them with its lowest bit flipped, and randomKeys random strings of
// 0 to 40 bytes.
func EveryStringHasASeed(t *testing.T, hashString func(seed uint64, s string) uint64, named []NamedKey) {
	t.Helper()
	EveryStringHasASeedOf(t, Step9HashString, hashString, named)
}

// EveryStringHasASeedOf is EveryStringHasASeed of the hash that hn names.
func EveryStringHasASeedOf(t *testing.T, hn HashName, hashString func(seed uint64, s string) uint64, named []NamedKey) {
	t.Helper()
	hashStringWritten(t, hn, hashString)
	names, strs := []string{`""`}, []string{""}
	for _, k := range withFlips(named) {
		word := binary.LittleEndian.AppendUint64(nil, k.Key)
		for _, n := range []int{4, 8, 16, 24} {
			var b []byte
			for len(b) < n {
				b = append(b, word...)
			}
			names, strs = append(names, fmt.Sprintf("of %d bytes made of %s", n, k.Name)), append(strs, string(b[:n]))
		}
	}
	rng := rand.New(rand.NewPCG(47, 3))
	for range randomKeys {
		b := make([]byte, rng.IntN(41))
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		names, strs = append(names, fmt.Sprintf("%q", b)), append(strs, string(b))
	}
	seeds := manySeeds()
	i, distinct, a, b, h := fewest(seeds, len(strs), func(i int, seed uint64) uint64 { return hashString(seed, strs[i]) })
	if i >= 0 {
		t.Fatalf("%s gives the string %s the same hash %#x under the seeds %#x and %#x (%d distinct hashes under %d seeds; want %d): "+
			"a new seed must give every string a new hash, %s", hn.Func, names[i], h, a, b, distinct, len(seeds), len(seeds), hn.Seed)
	}
}

// fewest returns, of n keys, the first of those with the fewest distinct
// hashes under seeds, by its index (-1 when each key has as many as there
// are seeds), with how many, and a repeat: two seeds that give that key the
// same hash, and the hash. h gives the hash of key i under seed.
func fewest(seeds []uint64, n int, h func(i int, seed uint64) uint64) (worst, fewest int, a, b, v uint64) {
	worst, fewest = -1, len(seeds)
	for i := range n {
		ka, kb, kv, distinct := repeat(seeds, func(seed uint64) uint64 { return h(i, seed) })
		if distinct < fewest {
			worst, fewest, a, b, v = i, distinct, ka, kb, kv
		}
	}
	return worst, fewest, a, b, v
}

// repeat returns how many distinct values h takes over seeds, and a
// repeat: two seeds that give the same value, and the value. It counts them
// in an open-addressed table of 2048 slots, indexed by 11 bits of the value
// multiplied and folded (so that values that differ in any bit spread),
// which lives on the stack: the race detector does not watch a function's
// own variables, and -race makes a built-in map or a table on the heap
// several times slower. It takes at most 2047 seeds.
func repeat(seeds []uint64, h func(seed uint64) uint64) (a, b, v uint64, distinct int) {
	var hashes [2048]uint64
	var at [2048]uint16 // 1 + the index in seeds of the seed that gave hashes[i]; 0 for none
	for j, seed := range seeds {
		x := h(seed)
		hi, lo := bits.Mul64(x, 0x9e37_79b9_7f4a_7c15)
		i := (hi ^ lo) >> 53
		for at[i] != 0 && hashes[i] != x {
			i = (i + 1) % 2048
		}
		if at[i] != 0 {
			a, b, v = seeds[at[i]-1], seed, x
			continue
		}
		hashes[i], at[i] = x, uint16(j+1)
		distinct++
	}
	return a, b, v, distinct
}
