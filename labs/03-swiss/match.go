package swiss

// Step 1: compare the 8 control bytes of a group with one operation each,
// treating the control word as a uint64 (SWAR: SIMD within a register).

// matchH2 returns the set of slots whose control byte equals h, a 7-bit H2.
//
// It may return false positives: a full slot whose byte is h^1, just above a
// slot that truly matches. Callers compare the keys of every slot in the set,
// so a false positive costs one key comparison and nothing else. Empty and
// deleted slots are never in the set.
func (g ctrlGroup) matchH2(h ctrl) bitset {
	// TODO(03): XOR the word with h repeated in all 8 bytes (bitsetLSB * h),
	// so that matching bytes become 0x00; then find the zero bytes without a
	// loop: ((v - bitsetLSB) &^ v) & bitsetMSB.
	return 0
}

// matchEmpty returns the set of empty slots (control byte 0x80).
func (g ctrlGroup) matchEmpty() bitset {
	// TODO(03): empty (1000 0000) is the only control byte with bit 7 set and
	// bit 1 clear. Shift the word so that bit 1 of each byte lands on bit 7,
	// combine, and keep bit 7 of each byte with bitsetMSB.
	return 0
}

// matchEmptyOrDeleted returns the set of slots that are empty or deleted:
// those whose control byte has its top bit set.
func (g ctrlGroup) matchEmptyOrDeleted() bitset {
	// TODO(03): keep bit 7 of every byte.
	return 0
}

// first returns the lowest slot in the set. b must not be empty.
func (b bitset) first() int {
	// TODO(03): the lowest set bit is bit 8i+7 of slot i; count the trailing
	// zeros with math/bits and turn the bit number into a slot number.
	return 0
}
