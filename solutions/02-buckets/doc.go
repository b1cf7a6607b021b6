// Package buckets is lab 02 of "Go maps under the hood": a working model of
// the classic built-in map, the bucketed hash table of Go 1.0 to 1.23 (and of
// Go 1.24 and 1.25 built with GOEXPERIMENT=noswissmap).
//
// The runtime's own code is runtime/map_noswiss.go in Go 1.25. This package
// keeps its algorithms, its constants and its vocabulary, so that you can read
// the two side by side, but stores its data in ordinary Go structs and slices
// instead of raw memory.
//
// # Terminology
//
//   - bucket: 8 slots, each holding one key and its value, plus one tophash
//     byte per slot and a pointer to an overflow bucket.
//   - bucket array: 2^B buckets. The low B bits of a key's hash choose its
//     bucket.
//   - tophash: the top 8 bits of a key's hash, kept in the bucket next to the
//     slot, so that a lookup compares keys only where the byte matches. Values
//     below minTopHash are sentinels, not hashes (see below).
//   - overflow chain: the buckets linked from one bucket of the array when
//     more than 8 keys land in it.
//   - load: the average number of entries per bucket of the array.
//   - growth: replacing the bucket array by a new one, twice as big (when the
//     load passes 6.5) or the same size (when there are about as many overflow
//     buckets as buckets: the chains are long and mostly empty).
//   - evacuation: moving the entries of one old bucket to the new array. An old
//     bucket i goes to new bucket i (X, the low half) or i+len(old) (Y, the
//     high half), by one more bit of each key's hash.
//
// # Tophash sentinels
//
//	emptyRest      0  this slot is empty, and so is every later slot of the chain
//	emptyOne       1  this slot is empty
//	evacuatedX     2  the entry was moved to the X half of the new array
//	evacuatedY     3  the entry was moved to the Y half of the new array
//	evacuatedEmpty 4  this slot was empty, and its bucket has been evacuated
//	minTopHash     5  the smallest tophash of a full slot: a hash whose top byte
//	                  is below 5 is stored as that byte plus 5
//
// # Invariants
//
// The checker in invariants.go (build with -tags invariants) tests all of
// these after every Put, Delete and Clear (on maps of more than 256 entries,
// after a share of them, so that checking costs the same per operation):
//
//  1. len(buckets) is 2^B (buckets is nil only before the first Put of a map
//     made with a small hint).
//  2. While growing, oldbuckets has 2^(B-1) buckets (doubling) or 2^B (same
//     size), the old buckets below nextEvacuate are all evacuated, and a new
//     bucket whose old bucket is not evacuated yet is empty.
//  3. In one chain, the slots read in order are full or emptyOne, then
//     emptyRest to the end; an emptyOne is never the last of the non-empty
//     run. An old bucket is evacuated in all its slots or in none.
//  4. A full slot holds a key whose hash has that tophash and leads to that
//     bucket (a key that is not equal to itself, a NaN, hashes differently on
//     every call and is exempt).
//  5. count is the number of full slots in the new array plus those in the
//     old buckets not evacuated yet; noverflow is the number of overflow
//     buckets of the new array (while B < 16, where it is exact).
//
// # The lab
//
// Each file below is one step, with an edit point marked TODO and the
// number of the lab; the tests TestStepN..., in the files stepN_*_test.go,
// check step N. The chapter chapters/02-buckets.md explains every step and
// has hints:
//
//	step 1  lookup.go    tophash, and search in one chain
//	step 2  insert.go    insert into the first free slot
//	step 3  overflow.go  chain an overflow bucket, count it
//	step 4  delete.go    delete: emptyOne, then emptyRest
//	step 5  grow.go      when to grow, and hashGrow
//	step 6  evacuate.go  evacuate, growWork, and reads during growth
//	step 7  iterate.go   iteration from a random start, safe during growth
//	step 8  (no code)    the shared suite against the built-in map
//	step 9  fast.go      fast paths: keyPathOf, hash64, hashString, Map.hash
//
// The invariant checks (invariants.go and noinvariants.go, which the tests run with
// -tags invariants) and the layout dump (layout.go, which the layout test
// reads) are part of the grader, like the tests: the runner does not count
// the lab as passing while one of them differs from the shipped file.
//
//lab:given invariants.go noinvariants.go layout.go
package buckets
