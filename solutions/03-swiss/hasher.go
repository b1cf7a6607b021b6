//go:build go1.27

package swiss

import (
	"hash/maphash"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Step 10: a map that takes a maphash.Hasher. Go 1.27's
// hash/maphash.Hasher[K] gives keys a hash (Hash, which writes a key into a
// maphash.Hash that the map seeds) and an equality (Equal) of their own, so
// that keys that are not == can be one key: strings that differ only in
// case, or structs whose identity is some of their fields. NewWithHasher
// makes a map that uses them in place of its own hash and ==. This file
// builds only with Go 1.27 or newer; the rest of the lab with Go 1.25 too.

// NewWithHasher returns an empty map with room for about hint entries, as
// New does, that hashes its keys with h.Hash and compares them with h.Equal
// in place of its key path and ==.
//
// The map owns the seed: m.hash(key) resets m.hashState, a maphash.Hash of
// the map's own seeded with m.seed (reseed seeds it again when the map gets
// a new seed), lets h.Hash write key into it, and returns its Sum64. So one
// Hasher serves any number of maps, each with a hash function of its own.
// m.equal(a, b) is h.Equal(a, b).
//
// h must keep the contract of maphash.Hasher: when Equal(a, b) is true,
// Hash writes a and b alike. With a Hasher that breaks it, the map still
// never panics, loops or drops an entry because of it, and every entry keeps
// the key and value of one Put; but keys that Equal calls one key may be
// stored as several entries, as their hashes send them to different slots:
//
//   - Put(b, v) replaces the key and value of the first entry Equal to b that
//     b's probe sequence meets, and adds an entry when it meets none (as a
//     rule, when b hashes apart from the key stored).
//   - Get(b) returns the value of that first entry, and Delete(b) removes
//     that entry alone: Len goes down by one at most.
//   - Len counts every entry, All yields each of them once, and Clear removes
//     them all.
//
// So Get(b) finds an entry whenever one whose key == b is in the map, but it
// may be the entry of another key Equal to b; and after Puts alone, Len lies
// between the number of keys put that Equal tells apart and the number that
// == tells apart.
//
// Get writes into m.hashState, so unlike a map made by New, a map made by
// NewWithHasher is not safe for concurrent use even by readers alone.
func NewWithHasher[K comparable, V any](h maphash.Hasher[K], hint int) *Map[K, V] {
	m := New[K, V](hint)
	state := new(maphash.Hash)
	state.SetSeed(m.seed)
	m.hashState = state
	m.hashFunc = func(key K) uint64 {
		state.Reset() // back to the seed, which Reset keeps
		h.Hash(state, key)
		return state.Sum64()
	}
	m.equalFunc = h.Equal
	return m
}

// foldHasher is a maphash.Hasher[string] for case-insensitive keys: two
// strings are one key when strings.EqualFold says so. "Go", "GO" and "go"
// are one key; so are "s" and "ſ" (U+017F), and "k" and "K" (the Kelvin sign,
// U+212A), which Unicode's simple case folding puts with them.
type foldHasher struct{}

// Hash writes s folded: the same bytes for any two strings that Equal calls
// one key, and different ones, as a rule, for two that it does not. It
// allocates nothing.
func (foldHasher) Hash(h *maphash.Hash, s string) {
	// EqualFold compares rune by rune (a byte that is not UTF-8 is
	// utf8.RuneError), and two runes match when they are in one orbit of
	// unicode.SimpleFold. So write, for each rune, the smallest rune of its
	// orbit: the same one for every rune of the orbit.
	for _, r := range s {
		if r < utf8.RuneSelf {
			if 'a' <= r && r <= 'z' {
				r -= 'a' - 'A' // the smallest of {A, a} is A
			}
			h.WriteByte(byte(r))
			continue
		}
		// SimpleFold returns the next larger rune of the orbit, and the
		// smallest after the largest.
		f := unicode.SimpleFold(r)
		for f > r {
			f = unicode.SimpleFold(f)
		}
		var buf [utf8.UTFMax]byte
		h.Write(utf8.AppendRune(buf[:0], f))
	}
}

// Equal reports whether a and b are one key: strings.EqualFold(a, b).
func (foldHasher) Equal(a, b string) bool {
	return strings.EqualFold(a, b)
}

// objectKey names a Kubernetes object as a watch event does (chapters 07
// and 08): the object is the one with this Namespace and Name, and
// ResourceVersion is the version of it that the event saw. Every update of
// the object changes its ResourceVersion, so ResourceVersion is not part of
// the object's identity.
type objectKey struct {
	Namespace       string
	Name            string
	ResourceVersion string
}

// objectHasher is a maphash.Hasher[objectKey]: two keys are one object when
// their Namespace and Name are ==, whatever their ResourceVersion. A map made
// with it keeps one entry per object, and Put replaces its key too: the
// entry holds the ResourceVersion of the last Put.
type objectHasher struct{}

// Hash writes the fields of k that make the object's identity, each on its
// own, so that {Namespace: "ab", Name: "c"} and {Namespace: "a", Name: "bc"}
// hash apart.
func (objectHasher) Hash(h *maphash.Hash, k objectKey) {
	// Each WriteComparable hashes one whole string into the state, where
	// two WriteStrings would hash "ab"+"c" as "a"+"bc".
	maphash.WriteComparable(h, k.Namespace)
	maphash.WriteComparable(h, k.Name)
}

// Equal reports whether a and b are the same object: the same Namespace and
// Name.
func (objectHasher) Equal(a, b objectKey) bool {
	return a.Namespace == b.Namespace && a.Name == b.Name
}
