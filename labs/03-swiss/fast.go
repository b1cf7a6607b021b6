package swiss

import (
	"hash/maphash"
	"strconv"
)

// Step 9: fast paths. The compiler gives the built-in map a specialised
// lookup for three families of key types (mapaccess1_fast64, _fast32 and
// _faststr), and keeps a generic one for all others. This map does the same:
// New chooses a path once, from the key type, and hash follows it on every
// operation.

// keyPath is the way a map hashes its keys.
type keyPath uint8

const (
	// pathGeneric hashes with maphash.Comparable: any comparable type,
	// including floats (NaN, +0 and -0), interfaces and structs.
	pathGeneric keyPath = iota
	// path64 hashes the 8 bytes of an integer key with hash64.
	path64
	// path32 hashes the 4 bytes of an integer key, widened, with hash64.
	path32
	// pathString hashes the bytes of a string with hashString.
	pathString
)

func (p keyPath) String() string {
	switch p {
	case pathGeneric:
		return "pathGeneric"
	case path64:
		return "path64"
	case path32:
		return "path32"
	case pathString:
		return "pathString"
	}
	return "keyPath(" + strconv.Itoa(int(p)) + ")"
}

// keyPathOf returns the path for keys of type K, chosen by K's kind, so that
// a type defined on one (type userID int64) takes the same path: path64 for
// an integer kind of 8 bytes (int64, uint64, and int, uint and uintptr on a
// 64-bit machine), path32 for an integer kind of 4 bytes, pathString for a
// string kind, and pathGeneric for every other type. Floats stay generic: two
// floats can be == with different bits (+0 and -0), or not == with the same
// bits (NaN).
func keyPathOf[K comparable]() keyPath {
	// TODO(03): step 9: return the path for K as said above (all integer types
	// of 8 bytes, all of 4 bytes, all strings), and pathGeneric for the rest.
	// See chapter 03, section "Step 9: fast paths".
	// stuck: go run ./tools/lab hint 03
	return pathGeneric
}

// Two odd 64-bit constants that hash64 mixes into its operands, so that the
// key 0 and the seed 0 are not multiplied by zero. Under each seed, some key
// still makes a factor 0 (the key seed^hashK0 does), and its hash is then
// made of the seed alone: the seed must enter the hash again after that
// multiply.
const (
	hashK0 = 0xa076_1d64_78bd_642f
	hashK1 = 0xe703_7ed1_a0b4_28db
)

// hash64 returns the hash of an 8-byte key x under seed. Every bit of x and
// of seed changes about half of the bits of the result (the top ones that
// choose a table and a group, and the bottom 7 that are H2), and the same x
// and seed always give the same result. Every key's hash depends on the
// seed: the seed enters both factors of the first multiply, so that no key
// fixed in advance can make either of them 0, 1 or any other constant.
// Not promised: under each seed, some keys make a factor 0 (the key
// seed^hashK0 does) and hash alike, keys that only one who knows the seed
// can compute.
func hash64(seed, x uint64) uint64 {
	// TODO(03): step 9: return a hash of x under seed, with the properties said
	// above.
	// See chapter 03, section "Step 9: fast paths".
	// stuck: go run ./tools/lab hint 03
	return 0
}

// hashString returns the hash of the string s under seed, with hash64's
// properties: every bit of s, of its length and of seed changes about half
// of the bits of the result; strings that differ only in their length ("",
// "\x00", "\x00\x00") hash apart; and the same s and seed always give the
// same result. It reads the string's bytes 8 at a time (le64), in plain
// portable Go, and runs no loop for a string of up to 16 bytes.
func hashString(seed uint64, s string) uint64 {
	// TODO(03): step 9: return a hash of s under seed, with the properties
	// said above, using le64, le32 and hash64. See chapter 03, section
	// "Step 9: fast paths".
	// stuck: go run ./tools/lab hint 03
	return 0
}

// le64 returns the 8 bytes of s from i on as a little-endian integer, and
// le32 the 4 bytes from i on. The compiler turns each into one load.
func le64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

func le32(s string, i int) uint64 {
	s = s[i : i+4]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24
}

// hash returns the 64-bit hash of key, on the path that New chose: path64
// and path32 read the key's bytes as an integer and hash them with
// memHash64 and m.seed64, pathString hashes the string with strHash and
// m.seed64, and pathGeneric calls maphash.Comparable(m.seed, key).
// memHash64 and strHash are hash64 and hashString (memhash_noaes.go; step
// 11 gives them AES rounds). maphash.Comparable
// panics for an interface key whose dynamic type is not comparable, as the
// built-in map does; when testHash is set, it replaces the result on every
// path.
func (m *Map[K, V]) hash(key K) uint64 {
	if m.hashFunc != nil {
		return m.hashFunc(key) // a map made by NewWithHasher (step 10): no path
	}
	// TODO(03): step 9: hash key on the path m.path as said above. As shipped,
	// every key takes the generic path.
	// See chapter 03, section "Step 9: fast paths".
	// stuck: go run ./tools/lab hint 03
	h := maphash.Comparable(m.seed, key)
	if testHash != nil {
		h = testHash(key)
	}
	return h
}
