//go:build !(go1.27 && goexperiment.simd && amd64)

package swiss

// The bitsets of match.go (step 1): one byte per slot, 0x80 when the slot is
// in the set. Built with GOEXPERIMENT=simd on amd64, bitset_simd_test.go
// replaces this file.

const (
	matchFile = "match.go"                           // the file of the matches the map uses
	slotBit   = "slot i is bit 8i+7"                 // where a bitset holds slot i
	junkRule  = "only bit 7 of each byte may be set" // what else a bitset may hold
)

// simdSteps are the steps that every test needs before its own: none here.
var simdSteps []int

// simdMissing is stepMissing(11): step 11 is not built here.
func simdMissing() string { return "" }

// bitsetOf returns the bitset of the given slots.
func bitsetOf(slots ...int) bitset {
	var b bitset
	for _, s := range slots {
		b |= 0x80 << (8 * s)
	}
	return b
}

// slotsOf lists the slots of b, lowest first, without using first; junk
// reports bits set outside the 0x80 bit of each byte.
func slotsOf(b bitset) (slots []int, junk bool) {
	for i := range groupSlots {
		if b>>(8*i)&0x80 != 0 {
			slots = append(slots, i)
		}
	}
	return slots, uint64(b)&^bitsetMSB != 0
}
