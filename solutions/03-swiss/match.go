//go:build !(go1.27 && goexperiment.simd && amd64)

package swiss

import "math/bits"

// Step 1: compare the 8 control bytes of a group with one operation each,
// treating the control word as a uint64 (SWAR: SIMD within a register). Built
// with GOEXPERIMENT=simd on amd64 (Go 1.27), the lab compiles match_simd.go,
// step 11, in place of this file.

// matchH2 returns the set of slots whose control byte equals h, a 7-bit H2.
//
// It may return false positives: a full slot whose byte is h^1, just above a
// slot that truly matches. Callers compare the keys of every slot in the set,
// so a false positive costs one key comparison and nothing else. Empty and
// deleted slots are never in the set.
func (g ctrlGroup) matchH2(h ctrl) bitset {
	// Bytes equal to h become 0x00; the others stay nonzero.
	v := uint64(g) ^ (bitsetLSB * uint64(h))
	// A byte that was 0x00 borrows when 1 is subtracted and becomes 0xFF:
	// its top bit turns on. &^ v drops bytes whose top bit was already on
	// in v (empty and deleted slots, which differ from h in the top bit).
	return bitset(((v - bitsetLSB) &^ v) & bitsetMSB)
}

// matchEmpty returns the set of empty slots (control byte 0x80).
func (g ctrlGroup) matchEmpty() bitset {
	// Empty is the only control byte with bit 7 set and bit 1 clear:
	// shifting left by 6 moves bit 1 under bit 7.
	v := uint64(g)
	return bitset((v &^ (v << 6)) & bitsetMSB)
}

// matchEmptyOrDeleted returns the set of slots that are empty or deleted:
// those whose control byte has its top bit set.
func (g ctrlGroup) matchEmptyOrDeleted() bitset {
	return bitset(uint64(g) & bitsetMSB)
}

// first returns the lowest slot in the set. b must not be empty.
func (b bitset) first() int {
	return bits.TrailingZeros64(uint64(b)) / 8
}

// matchFull returns the set of full slots: those whose top bit is 0.
func (g ctrlGroup) matchFull() bitset {
	return bitset(^uint64(g) & bitsetMSB)
}
