// Command lookup is what chapter 03 compiles to see the calls of a map lookup: one function per
// form of m[k], each a single lookup, and one that hashes a string as the lab maps do, for the
// compiler's assembly listing (go build -gcflags=-S). It is a command, not a library, so that go
// build compiles (and lists) the runtime with it.
package main

import (
	"fmt"
	"hash/maphash"
)

// int64Lookup is v := m[k] with an 8-byte key.
func int64Lookup(m map[int64]int, k int64) int {
	return m[k]
}

// int64CommaOK is v, ok := m[k] with an 8-byte key.
func int64CommaOK(m map[int64]int, k int64) (int, bool) {
	v, ok := m[k]
	return v, ok
}

// stringLookup is v := m[k] with a string key.
func stringLookup(m map[string]int, k string) int {
	return m[k]
}

// bigValueCommaOK is v, ok := m[k] with an 8-byte key and a value of 129 bytes, one more than
// abi.MapMaxElemBytes: the map keeps such a value outside its slot, and the compiler does not
// use a fast path for the map, whatever its key.
func bigValueCommaOK(m map[int64][129]byte, k int64) ([129]byte, bool) {
	v, ok := m[k]
	return v, ok
}

// stringHash is hash/maphash.String, whose calls step 9's hashString does without.
func stringHash(seed maphash.Seed, k string) uint64 {
	return maphash.String(seed, k)
}

func main() {
	v, ok := int64CommaOK(map[int64]int{1: 2}, 1)
	fmt.Println(int64Lookup(map[int64]int{1: 2}, 1), v, ok, stringLookup(map[string]int{"a": 3}, "a"))
	fmt.Println(stringHash(maphash.MakeSeed(), "a") != 0)
	_, ok = bigValueCommaOK(map[int64][129]byte{1: {}}, 1)
	fmt.Println(ok)
}
