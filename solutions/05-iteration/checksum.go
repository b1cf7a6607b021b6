package iteration

import (
	"crypto/sha256"
	"encoding/binary"
)

// Checksum returns a 64-bit checksum of the entries of m, for telling whether
// two maps hold the same entries without comparing them (say, a map here and
// a map in another process). It is:
//
//   - the same for maps with the same entries, whatever their order, however
//     the maps were built, on every call and in every process;
//   - different for different maps, except by bad luck (about 1 pair of maps
//     in 2^64): an entry moved from one key to another, a key and its value
//     swapped, or a byte moved from the end of a key to the start of its
//     value all change it.
func Checksum(m map[string]string) uint64 {
	var sum uint64
	for k, v := range m {
		sum += entryHash(k, v)
	}
	return sum
}

// entryHash hashes one entry with SHA-256, whose definition is fixed and whose
// output has no structure that the sum could cancel: the key's length, so
// that the key's end is known, then the key and the value. The checksum keeps
// the first 8 bytes of each entry's hash.
func entryHash(k, v string) uint64 {
	h := sha256.New()
	h.Write(binary.AppendUvarint(nil, uint64(len(k))))
	h.Write([]byte(k))
	h.Write([]byte(v))
	return binary.BigEndian.Uint64(h.Sum(nil))
}
