//go:build go1.27

package swiss

import "hash/maphash"

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
	// TODO(03): step 10: make the map as New does; give it m.hashState, seeded with
	// m.seed; set m.hashFunc to a func that resets m.hashState, lets h.Hash
	// write the key into it and returns its Sum64; and set m.equalFunc to
	// h.Equal. Then check that every comparison of two keys in your steps 2
	// to 7 goes through m.equal.
	// See chapter 03, section "Step 10: a map that takes a maphash.Hasher".
	// stuck: go run ./tools/lab hint 03
	return New[K, V](hint)
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
	// TODO(03): step 10: write s so that every string EqualFold calls equal to it is
	// written alike, without allocating (strings.ToLower allocates, and does
	// not fold "ſ" with "s").
	// See chapter 03, section "Step 10: a map that takes a maphash.Hasher".
	// stuck: go run ./tools/lab hint 03
	h.WriteString(s)
}

// Equal reports whether a and b are one key: strings.EqualFold(a, b).
func (foldHasher) Equal(a, b string) bool {
	// TODO(03): step 10: compare a and b without case, as strings.EqualFold does.
	// See chapter 03, section "Step 10: a map that takes a maphash.Hasher".
	// stuck: go run ./tools/lab hint 03
	return a == b
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
	// TODO(03): step 10: write Namespace and Name, and not ResourceVersion, so that
	// the two fields cannot run into each other.
	// See chapter 03, section "Step 10: a map that takes a maphash.Hasher".
	// stuck: go run ./tools/lab hint 03
	maphash.WriteComparable(h, k)
}

// Equal reports whether a and b are the same object: the same Namespace and
// Name.
func (objectHasher) Equal(a, b objectKey) bool {
	// TODO(03): step 10: compare the fields of the object's identity, and only those.
	// See chapter 03, section "Step 10: a map that takes a maphash.Hasher".
	// stuck: go run ./tools/lab hint 03
	return a == b
}
