package swiss

// ctrl is a control byte:
//
//	  empty: 1 0 0 0 0 0 0 0   0x80
//	deleted: 1 1 1 1 1 1 1 0   0xFE, a tombstone
//	   full: 0 h h h h h h h   H2 of the key's hash
//
// The top bit alone tells a full slot from the two others.
type ctrl uint8

const (
	ctrlEmpty   ctrl = 0b1000_0000
	ctrlDeleted ctrl = 0b1111_1110

	// bitsetLSB has the lowest bit of every byte set, bitsetMSB the highest.
	// Multiplying a byte by bitsetLSB repeats it in all 8 bytes.
	bitsetLSB = 0x0101_0101_0101_0101
	bitsetMSB = 0x8080_8080_8080_8080

	// bitsetEmpty is a control word of 8 empty slots.
	bitsetEmpty = bitsetLSB * uint64(ctrlEmpty)
)

// ctrlGroup is the control word of a group: control byte i is byte i, so
// slot 0 is the lowest byte and the word prints as slot 7 ... slot 0.
type ctrlGroup uint64

// get returns the control byte of slot i.
func (g ctrlGroup) get(i int) ctrl {
	return ctrl(g >> (8 * i))
}

// set sets the control byte of slot i to c.
func (g *ctrlGroup) set(i int, c ctrl) {
	shift := 8 * uint(i)
	*g = *g&^(0xFF<<shift) | ctrlGroup(c)<<shift
}

// setEmpty marks all 8 slots empty.
func (g *ctrlGroup) setEmpty() {
	*g = ctrlGroup(bitsetEmpty)
}

// bitset is a set of slots of one group. The matches of match.go (step 1)
// give one byte per slot: byte i is 0x80 when slot i is in the set and 0x00
// otherwise, the runtime's portable representation. Those of match_simd.go
// (step 11, built with GOEXPERIMENT=simd on amd64) give one bit per slot: bit
// i is slot i, as the SSE instructions of the runtime's amd64 matches return.
// first and matchFull, in the same file as the matches, follow them.
type bitset uint64

// removeFirst removes the lowest slot from the set: b-1 turns the lowest set
// bit into 0 and the zeros below it into ones, and the & keeps only what b
// and b-1 share.
func (b bitset) removeFirst() bitset {
	return b & (b - 1)
}

// h1 returns the upper 57 bits of a hash, which choose the groups to probe.
func h1(hash uint64) uint64 {
	return hash >> 7
}

// h2 returns the lower 7 bits of a hash, which a full slot keeps in its
// control byte.
func h2(hash uint64) ctrl {
	return ctrl(hash & 0x7F)
}
