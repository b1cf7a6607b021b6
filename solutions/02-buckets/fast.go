package buckets

import (
	"hash/maphash"
	"math/bits"
	"reflect"
	"strconv"
	"unsafe"
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
	t := reflect.TypeFor[K]()
	switch t.Kind() {
	case reflect.Int, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		switch t.Size() {
		case 8:
			return path64
		case 4:
			return path32
		}
	case reflect.String:
		return pathString
	}
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
// of seed changes about half of the bits of the result (the top 8 that
// make the tophash, and the low ones that choose a bucket), and the same x
// and seed always give the same result. Every key's hash depends on the
// seed: the seed enters both factors of the first multiply, so that no key
// fixed in advance can make either of them 0, 1 or any other constant.
// Not promised: under each seed, some keys make a factor 0 (the key
// seed^hashK0 does) and hash alike, keys that only one who knows the seed
// can compute.
func hash64(seed, x uint64) uint64 {
	// A 64x64 -> 128 bit multiply spreads every input bit over the middle
	// of the product; folding its halves with ^ brings them to both ends.
	// The seed enters both factors of the first multiply, as itself and
	// with its halves swapped: no fixed key can make a factor a constant.
	// Under each seed s, the keys s^hashK0 and swap(s)^hashK1 still make
	// the product 0, so the second round brings the seed in again. It adds
	// the seed, not xors it: fold(^0 * b) is ^0 for every b != 0, as
	// fold(0 * b) is 0, so with ^ a key x would hash alike under the seeds
	// x^hashK0 and ^(x^hashK0) (the key hashK0 under 0 and ^0).
	hi, lo := bits.Mul64(x^seed^hashK0, x^bits.RotateLeft64(seed, 32)^hashK1)
	hi, lo = bits.Mul64(hi^lo^(seed+hashK1), hashK0)
	return hi ^ lo
}

// hashString returns the hash of the string s under seed, with hash64's
// properties: every bit of s, of its length and of seed changes about half
// of the bits of the result; strings that differ only in their length ("",
// "\x00", "\x00\x00") hash apart; and the same s and seed always give the
// same result. It reads the string's bytes 8 at a time (le64), in plain
// portable Go, and runs no loop for a string of up to 16 bytes.
func hashString(seed uint64, s string) uint64 {
	// The length first, so that "" and "\x00" differ; then 16 bytes a
	// round while more than 16 are left, each round folding two words
	// into h with one multiply. The last 1 to 16 bytes are read as two
	// words that may overlap (or two 4-byte words, or three bytes), folded
	// in the same way, and hash64 finishes, so that every bit of every
	// word reaches every bit of the result. The seed enters every
	// multiply, so that no key can zero one without knowing it.
	h := seed ^ uint64(len(s))*hashK0
	for len(s) > 16 {
		h = fold(le64(s, 0)^seed^hashK1, le64(s, 8)^h)
		s = s[16:]
	}
	var a, b uint64
	switch {
	case len(s) >= 8:
		a, b = le64(s, 0), le64(s, len(s)-8)
	case len(s) >= 4:
		a, b = le32(s, 0), le32(s, len(s)-4)
	case len(s) > 0:
		a = uint64(s[0])<<16 | uint64(s[len(s)/2])<<8 | uint64(s[len(s)-1])
	}
	return hash64(seed, fold(a^seed^hashK1, b^h))
}

// fold multiplies a by b and folds the 128-bit product's halves together.
func fold(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return hi ^ lo
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
// m.seed64, pathString hashes the string with hashString and m.seed64, and
// pathGeneric calls maphash.Comparable(m.seed, key). maphash.Comparable
// panics for an interface key whose dynamic type is not comparable, as the
// built-in map does; when hashHook is set, it replaces the result on every
// path.
func (m *Map[K, V]) hash(key K) uint64 {
	var h uint64
	switch m.path {
	case path64:
		h = hash64(m.seed64, *(*uint64)(unsafe.Pointer(&key)))
	case path32:
		h = hash64(m.seed64, uint64(*(*uint32)(unsafe.Pointer(&key))))
	case pathString:
		h = hashString(m.seed64, *(*string)(unsafe.Pointer(&key)))
	default:
		h = maphash.Comparable(m.seed, key)
	}
	if hashHook != nil {
		h = hashHook(key)
	}
	return h
}
