// Probe prints the triangular probe sequence of Swiss tables, p(i) = h1 +
// i(i+1)/2 modulo the number of groups, for a table of 8 groups, and checks
// for several table sizes that it visits every group once before repeating.
// It is the sequence of labs/03-swiss step 3 (probeSeq), and of the
// runtime's probeSeq in internal/runtime/maps/table.go.
package main

import "fmt"

// sequence returns the first n groups of the probe sequence from h1 over
// groups groups (a power of two).
func sequence(h1, groups, n uint64) []uint64 {
	var seq []uint64
	mask := groups - 1
	offset := h1 & mask
	for i := range n {
		seq = append(seq, offset)
		offset = (offset + i + 1) & mask // step i+1 adds i+1
	}
	return seq
}

func main() {
	for _, h1 := range []uint64{0, 5} {
		fmt.Printf("8 groups, h1 = %d: %v\n", h1, sequence(h1, 8, 16))
	}
	fmt.Println()
	for _, groups := range []uint64{2, 16, 128, 1 << 16} {
		ok := true
		for h1 := range uint64(64) {
			seen := map[uint64]bool{}
			for _, g := range sequence(h1, groups, groups) {
				seen[g] = true
			}
			ok = ok && len(seen) == int(groups)
		}
		fmt.Printf("%7d groups: the first %d steps visit every group once, from each of 64 starts: %v\n", groups, groups, ok)
	}
}
