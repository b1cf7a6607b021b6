// Swar works through the control-word tricks of Swiss tables on one word:
// matching an H2, finding empty slots, finding empty or deleted slots, and
// the false positive of the H2 match. It redoes the arithmetic of
// labs/03-swiss step 1 (and of the runtime's portable code in
// internal/runtime/maps/group.go) one operation per line.
package main

import (
	"fmt"
	"math/bits"
	"strings"
)

const (
	lsb = 0x0101_0101_0101_0101
	msb = 0x8080_8080_8080_8080
)

// show prints a word as its 8 bytes, slot 7 first, the way the word reads
// as a number.
func show(label string, w uint64) {
	var b strings.Builder
	for i := 7; i >= 0; i-- {
		fmt.Fprintf(&b, " %02x", uint8(w>>(8*i)))
	}
	fmt.Printf("%-34s%s\n", label, b.String())
}

// slots lists the slots whose byte has bit 7 set.
func slots(w uint64) []int {
	var s []int
	for w != 0 {
		s = append(s, bits.TrailingZeros64(w)/8) // first()
		w &= w - 1                               // removeFirst()
	}
	return s
}

func main() {
	// Slot 0 first: full 0x15, empty, full 0x2a, deleted, full 0x15,
	// full 0x14, empty, empty.
	ctrls := []uint64{0x15, 0x80, 0x2a, 0xfe, 0x15, 0x14, 0x80, 0x80}
	var g uint64
	for i, c := range ctrls {
		g |= c << (8 * i)
	}
	fmt.Printf("%-34s%s\n", "slot", "  7  6  5  4  3  2  1  0")
	show("control word g", g)
	fmt.Println()

	const h = 0x15
	fmt.Printf("matchH2(0x%02x)\n", h)
	show("  h in every byte (lsb * h)", lsb*h)
	v := g ^ lsb*h
	show("  v = g ^ (lsb * h)", v)
	show("  v - lsb", v-lsb)
	show("  (v - lsb) &^ v", (v-lsb)&^v)
	match := (v - lsb) &^ v & msb
	show("  ... & msb", match)
	fmt.Printf("  slots %v; slot 5 (0x14) is the false positive\n\n", slots(match))

	fmt.Println("matchEmpty")
	show("  g << 6", g<<6)
	show("  g &^ (g << 6)", g&^(g<<6))
	empty := g &^ (g << 6) & msb
	show("  ... & msb", empty)
	fmt.Printf("  slots %v\n\n", slots(empty))

	fmt.Println("matchEmptyOrDeleted")
	show("  g & msb", g&msb)
	fmt.Printf("  slots %v\n\n", slots(g&msb))

	fmt.Printf("first() of matchH2: TrailingZeros64(%#x) = %d, / 8 = slot %d\n",
		match, bits.TrailingZeros64(match), bits.TrailingZeros64(match)/8)
}
