//go:build !(go1.27 && goexperiment.simd && amd64)

package swiss

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
	// TODO(03): step 1: return the set of slots whose control byte is h (the false
	// positive described above may be in the set too).
	// See chapter 03, section "Step 1: eight comparisons in one (SWAR)".
	// stuck: go run ./tools/lab hint 03
	return 0
}

// matchEmpty returns the set of empty slots (control byte 0x80).
func (g ctrlGroup) matchEmpty() bitset {
	// TODO(03): step 1: return the set of slots whose control byte is ctrlEmpty, and
	// no deleted or full slot.
	// See chapter 03, section "Step 1: eight comparisons in one (SWAR)".
	// stuck: go run ./tools/lab hint 03
	return 0
}

// matchEmptyOrDeleted returns the set of slots that are empty or deleted:
// those whose control byte has its top bit set.
func (g ctrlGroup) matchEmptyOrDeleted() bitset {
	// TODO(03): step 1: return the set of slots whose control byte has its top bit
	// set.
	// See chapter 03, section "Step 1: eight comparisons in one (SWAR)".
	// stuck: go run ./tools/lab hint 03
	return 0
}

// first returns the lowest slot in the set. b must not be empty.
func (b bitset) first() int {
	// TODO(03): step 1: return the number (0 to 7) of the lowest slot in b.
	// See chapter 03, section "Step 1: eight comparisons in one (SWAR)".
	// stuck: go run ./tools/lab hint 03
	return 0
}

// matchFull returns the set of full slots: those whose top bit is 0.
func (g ctrlGroup) matchFull() bitset {
	return bitset(^uint64(g) & bitsetMSB)
}
