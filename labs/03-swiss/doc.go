// Package swiss is lab 03 of "Go maps under the hood": a working model of the
// Swiss tables that implement Go's built-in map since Go 1.24
// (internal/runtime/maps in the Go source).
//
// The exported API (New, Get, Put, Delete, Len, Clear, All) is given, and so
// are the types, the hashing and the checks. The core is yours, step by step:
// each file with a TODO comment is one step, and the tests named TestStep<N>...
// (in the files step<N>_*_test.go) grade step N. Run
//
//	go test ./labs/03-swiss
//
// and make them pass without editing the tests. The chapter
// chapters/03-swiss.md explains every mechanism and has hints.
//
// # Terminology
//
// The names are the runtime's, so that its source reads like this lab:
//
//   - Slot: the storage of one key and its value.
//   - Group: 8 slots plus a control word of 8 control bytes, one per slot.
//   - Control byte: 0x80 for an empty slot, 0xFE for a deleted slot (a
//     tombstone), and 0b0hhhhhhh for a full slot, where hhhhhhh is H2.
//   - H1: the upper 57 bits of a key's 64-bit hash; it picks the first group
//     to probe.
//   - H2: the lower 7 bits of the hash, kept in the control byte, so that 8
//     slots are compared with a key's hash in a few arithmetic operations.
//   - Table: an open-addressed hash table of 2^N groups, at most 1024 slots.
//   - Directory: the array of tables, indexed by the top globalDepth bits of
//     the hash. Several entries may point at the same table.
//   - Small map: a map of at most 8 entries is a single group, with no table
//     and no directory.
//
// # Invariants
//
// The build tag invariants compiles in a checker (invariants.go) that runs
// after every Put, Delete and Clear and panics with "invariant failed: ..."
// when one of these breaks:
//
//  1. A table's group count is a power of two, and at least one slot of the
//     table is empty, so every probe sequence ends.
//  2. A group never holds both an empty slot and a tombstone: tombstones are
//     only made in full groups.
//  3. used + tombstones + growthLeft == 7/8 of the capacity, for every table.
//  4. A small map has no tombstones.
//  5. The control byte of a full slot is H2 of its key's hash, and looking
//     the key up from its hash reaches that slot.
//  6. Directory entry i points at the table whose index is i rounded down to
//     a multiple of 2^(globalDepth-localDepth).
//
// The invariant checks (invariants.go and invariants_off.go, which the tests run with
// -tags invariants) and the layout dump (layout.go, which the layout test
// reads) are part of the grader, like the tests: the runner does not count
// the lab as passing while one of them differs from the shipped file.
//
// Built with GOEXPERIMENT=simd on amd64, step 11's files replace match.go and
// memhash_noaes.go, so that every step's code matches and hashes with them:
// there the runner puts step 11 first (//lab:first 11).
//
//lab:given invariants.go invariants_off.go layout.go
//lab:first 11
package swiss
