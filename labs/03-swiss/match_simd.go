//go:build go1.27 && goexperiment.simd && amd64

package swiss

import "simd/archsimd"

// Step 11: the runtime's own instructions. On amd64 the compiler does not
// run the runtime's portable matches (ctrlGroupMatchH2 and friends, the
// SWAR of step 1): it replaces them with SIMD instructions, one PCMPEQB that
// compares 16 bytes with 16 bytes and one PMOVMSKB that packs the top bit of
// each byte into an integer, one bit per byte. Go 1.27's simd/archsimd
// (GOEXPERIMENT=simd) gives the same instructions, in their AVX form, to any
// package. Built with GOEXPERIMENT=simd on amd64, the lab compiles this file
// in place of match.go, and a bitset holds one bit per slot, bit i for slot
// i, as the runtime's does on amd64.

func init() {
	// archsimd's docs: Equal, Less, GreaterEqual, ToBits and SetElem are AVX,
	// BroadcastUint8x16 (VPBROADCASTB) AVX2; a processor with AVX2 has AVX.
	if !archsimd.X86.AVX2() {
		panic("swiss: match_simd.go (step 11, built with GOEXPERIMENT=simd) matches groups with AVX2 instructions, and this processor has no AVX2: run the lab without GOEXPERIMENT=simd")
	}
}

// vec returns the control word as a vector of 16 bytes: control byte i is
// byte i, for the 8 slots, and the 8 bytes above them are 0. A group has 8
// control bytes; the vector has room for 16.
func (g ctrlGroup) vec() archsimd.Uint8x16 {
	var v archsimd.Uint64x2
	return v.SetElem(0, uint64(g)).AsUint8x16()
}

// matchH2 returns the set of slots whose control byte equals h, a 7-bit H2.
// A byte compare has no false positive: the set is exactly those slots.
func (g ctrlGroup) matchH2(h ctrl) bitset {
	// TODO(03): step 11: return the set of slots whose control byte is h, one
	// bit per slot, with one vector compare: exactly those slots.
	// See chapter 03, section "Step 11: the runtime's own instructions".
	// stuck: go run ./tools/lab hint 03
	return 0
}

// matchEmpty returns the set of empty slots (control byte 0x80).
func (g ctrlGroup) matchEmpty() bitset {
	// TODO(03): step 11: return the set of slots whose control byte is
	// ctrlEmpty, one bit per slot, with one vector compare.
	// See chapter 03, section "Step 11: the runtime's own instructions".
	// stuck: go run ./tools/lab hint 03
	return 0
}

// matchEmptyOrDeleted returns the set of slots that are empty or deleted:
// those whose control byte has its top bit set, that is, whose byte is
// negative as an int8.
func (g ctrlGroup) matchEmptyOrDeleted() bitset {
	// TODO(03): step 11: return the set of slots whose control byte has its
	// top bit set, one bit per slot, with one vector compare (matchFull below
	// does the opposite).
	// See chapter 03, section "Step 11: the runtime's own instructions".
	// stuck: go run ./tools/lab hint 03
	return 0
}

// matchFull returns the set of full slots: those whose control byte is not
// negative as an int8. The 8 bytes above the slots are 0, not negative
// either: uint8 keeps the bits of the slots.
func (g ctrlGroup) matchFull() bitset {
	return bitset(uint8(g.vec().AsInt8x16().GreaterEqual(archsimd.Int8x16{}).ToBits()))
}

// first returns the lowest slot in the set. b must not be empty.
func (b bitset) first() int {
	// TODO(03): step 11: return the lowest slot in b, whose bit i is slot i.
	// See chapter 03, section "Step 11: the runtime's own instructions".
	// stuck: go run ./tools/lab hint 03
	return 0
}
