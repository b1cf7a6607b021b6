// Growth watches the classic runtime's map grow, reading the map header
// (hmap in runtime/map_noswiss.go of Go 1.25) with the course's inspector,
// package gomaps/labs/inspect:
//
//  1. B, the log2 of the number of buckets, as a map[int]int fills up: it
//     doubles when the next entry would make the load pass 6.5 per bucket;
//  2. one doubling, write by write: each write evacuates at most two old
//     buckets, and lookups evacuate nothing;
//  3. a map whose size stays the same while keys come and go: overflow
//     buckets pile up until a same-size growth packs them.
//
// It needs the classic map: run it with
//
//	env $(go run ./tools/course lanes -env classic) go run ./chapters/code/02-buckets/growth
package main

import (
	"fmt"
	"os"
	"strings"

	"gomaps/labs/inspect"
	"gomaps/labs/lanes"
)

func main() {
	fmt.Println("1. B as the map fills (the count at which each doubling starts):")
	m := map[int]int{}
	b := header(m).B
	for n := 1; n <= 6657; n++ {
		m[n] = n
		h := header(m)
		if h.B != b {
			fmt.Printf("  len %4d: B %2d -> %2d (%4d buckets), %4d > 6.5 * %d\n", n, b, h.B, 1<<h.B, n, 1<<b)
			b = h.B
		}
	}

	h := header(m)
	fmt.Printf("\n2. the last doubling, from %d to %d buckets, write by write:\n", 1<<(h.B-1), 1<<h.B)
	fmt.Printf("  right after the write that started it: growing %v, nevacuate %d of %d\n", h.Growing(), h.Nevacuate, 1<<(h.B-1))
	before := h.Nevacuate
	for k := 1; k <= 10_000; k++ {
		_ = m[k] // lookups
	}
	fmt.Printf("  after 10000 lookups: nevacuate moved %d (reads never evacuate)\n", header(m).Nevacuate-before)
	writes := 0
	for header(m).Growing() {
		m[-writes-1] = 0 // a write: a new key
		writes++
	}
	fmt.Printf("  the growth ended after %d more writes (at most 1024: each write evacuates the old bucket at nevacuate, and maybe one more)\n", writes)

	fmt.Println("\n3. same size, keys coming and going:")
	c := make(map[int]int, 1000)
	for k := range 1000 {
		c[k] = k
	}
	h = header(c)
	fmt.Printf("  1000 entries: B %d, noverflow %d\n", h.B, h.NOverflow)
	startB, churn := h.B, 0
	for ; churn < 10_000_000; churn++ {
		delete(c, churn)
		c[churn+1000] = churn
		if h := header(c); h.Growing() {
			break
		}
	}
	h = header(c)
	fmt.Printf("  deleting the oldest key and adding a new one, after %d writes: a growth with B %d -> %d (same size: %v), len still %d\n", 2*(churn+1), startB, h.B, h.SameSizeGrow(), len(c))
}

// header reads the classic map's header of m, or ends the program with one
// sentence when this is not the classic runtime.
func header(m map[int]int) *inspect.ClassicLayout {
	l, err := inspect.Inspect(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, "growth:", err)
		os.Exit(2)
	}
	if l.Classic == nil {
		fmt.Fprintln(os.Stderr, "growth reads the classic map's header: run it with "+strings.TrimSpace(lanes.Classic().Prefix()))
		os.Exit(2)
	}
	return l.Classic
}

//course:every-lane it reads the map runtime's layout through the inspector
