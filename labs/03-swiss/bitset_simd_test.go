//go:build go1.27 && goexperiment.simd && amd64

package swiss

import (
	"fmt"
	"simd/archsimd"
)

// The bitsets of match_simd.go (step 11): one bit per slot, bit i for slot
// i, as VPMOVMSKB packs them. This file replaces bitset_swar_test.go when
// the lab is built with GOEXPERIMENT=simd on amd64; then step 1's tests
// check step 11's matches, which the map uses in place of match.go's.

const (
	matchFile = "match_simd.go"
	slotBit   = "slot i is bit i"
	junkRule  = "only the low 8 bits, one per slot, may be set (the vector's 8 bytes above a group's control bytes are 0, which H2 0 matches)"
)

// simdSteps: in this build the map matches and hashes with step 11's code,
// so every test needs it before the steps of its own.
var simdSteps = []int{11}

// simdMissing says what step 11 does not do yet, or "".
func simdMissing() string {
	if m := matchesMissing(); m != "" {
		return "built with GOEXPERIMENT=simd, the map matches groups with match_simd.go, not match.go: " + m
	}
	if !archsimd.X86.AVXAES() {
		return "" // the AES hashes cannot run here, nor does the map run them (see needAES)
	}
	if aesHash64(1, 2) == aesHash64(1, 3) && aesHash64(1, 3) == aesHash64(2, 3) {
		return fmt.Sprintf("built with GOEXPERIMENT=simd, the map hashes integer keys with aesHash64 (memhash_aes.go) in place of hash64, and it returns %#x whatever the key and the seed", aesHash64(1, 2))
	}
	if aesHashString(1, "a") == aesHashString(1, "b") && aesHashString(1, "b") == aesHashString(2, "b") {
		return fmt.Sprintf("built with GOEXPERIMENT=simd, the map hashes strings with aesHashString (memhash_aes.go) in place of hashString, and it returns %#x whatever the string and the seed", aesHashString(1, "a"))
	}
	return ""
}

// bitsetOf returns the bitset of the given slots.
func bitsetOf(slots ...int) bitset {
	var b bitset
	for _, s := range slots {
		b |= 1 << s
	}
	return b
}

// slotsOf lists the slots of b, lowest first, without using first; junk
// reports bits set above the 8 of the slots.
func slotsOf(b bitset) (slots []int, junk bool) {
	for i := range groupSlots {
		if b>>i&1 != 0 {
			slots = append(slots, i)
		}
	}
	return slots, b>>groupSlots != 0
}
