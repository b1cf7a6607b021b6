// Orders ranges 100,000 times over built-in maps of 3 to 1000 int keys, all
// in one process, and counts the distinct orders it sees, next to the n!
// orders a shuffle could give and the number of starts the runtime can draw
// (read from the map's own header through labs/inspect):
//
//   - the classic map: mapiterinit (runtime/map_noswiss.go of Go 1.25) draws
//     one random number per range: a start bucket out of 2^B and an offset out
//     of 8, the same offset in every bucket. 2^B x 8 starts;
//   - Swiss tables: Iter.Init (internal/runtime/maps/table.go) draws
//     entryOffset (the start slot, modulo the table's capacity, or modulo 8 in
//     a small map) and dirOffset (the start in the directory of tables).
//     Directory entries x the largest table's capacity starts.
//
// The last column says whether every order seen is a rotation of one cyclic
// order. A number marked * depends on where the keys landed, which depends on
// the map's random hash seed: it changes from run to run. The last line
// checks which keys came first against the layout: on Swiss tables every key
// does; on the classic map every key but those in overflow buckets, which
// mapiternext reaches only after the bucket itself (whose own slots are full:
// these maps are filled by inserts only).
//
//	go run ./chapters/code/05-iteration/orders
//	env $(go run ./tools/course lanes -env classic) go run ./chapters/code/05-iteration/orders
package main

import (
	"fmt"
	"log"
	"maps"
	"math"
	"math/big"
	"slices"

	"gomaps/labs/inspect"
)

const ranges = 100_000

func main() {
	log.SetFlags(0)
	log.SetPrefix("orders: ")
	fmt.Printf("%s: %d ranges over each map, all in this one process\n\n", inspect.Build(), ranges)
	fmt.Printf("%5s  %-17s  %-36s  %11s  %10s  %s\n", "keys", "orders possible", "starts the runtime can draw", "orders seen", "first keys", "all rotations of one order?")
	sizes := []int{3, 8, 9, 100, 896, 897, 1000}
	firstsAsLaidOut := 0
	for _, n := range sizes {
		m := make(map[int]int)
		for i := range n {
			m[i] = i
		}
		if err := finishGrowth(m); err != nil {
			log.Fatal(err)
		}
		starts, twoLevels, err := startsOf(m)
		if err != nil {
			log.Fatal(err)
		}
		orders, firsts, rotations := count(m)
		fmt.Printf("%5d  %-17s  %-36s  %11s  %10s  %s\n",
			n, factorial(n), starts, mark(orders, twoLevels), mark(len(firsts), twoLevels), yesNo(rotations))
		canBeFirst, err := notInOverflow(m)
		if err != nil {
			log.Fatal(err)
		}
		if maps.Equal(firsts, canBeFirst) {
			firstsAsLaidOut++
		}
	}
	fmt.Println("\n* depends on where the keys landed, so on the map's random hash seed: changes from run to run")
	fmt.Printf("maps whose first keys were exactly the keys outside overflow buckets: %d of %d\n", firstsAsLaidOut, len(sizes))
}

// finishGrowth ends the growth of a classic map in the middle of one, such as
// the maps of 896 and 897 keys (the 833rd insert started it): the iterator of
// a growing map also walks old buckets (chapter 02). Each write evacuates at
// least one old bucket, so it rewrites one key until the growth is over.
// Swiss maps have no such state.
func finishGrowth(m map[int]int) error {
	for {
		l, err := inspect.Inspect(m)
		if err != nil || l.Classic == nil || !l.Classic.Growing() {
			return err
		}
		m[0] = 0
	}
}

// notInOverflow returns the keys of m that sit in a group or a bucket itself,
// not in an overflow bucket (Swiss tables have none).
func notInOverflow(m map[int]int) (map[int]bool, error) {
	entries, err := inspect.Entries(m)
	if err != nil {
		return nil, err
	}
	keys := map[int]bool{}
	for _, e := range entries {
		if e.Loc.Overflow == 0 && !e.Loc.Old {
			keys[e.Key] = true
		}
	}
	return keys, nil
}

// count ranges over m and returns the number of distinct orders, the keys
// that came first, and whether every order is a rotation of the first.
func count(m map[int]int) (orders int, firsts map[int]bool, rotations bool) {
	seen := map[uint64][]int{} // an FNV-1a fingerprint of each order, and the order
	firsts = map[int]bool{}
	var base []int
	rotations = true
	order := make([]int, 0, len(m))
	for range ranges {
		order = order[:0]
		h := uint64(14695981039346656037)
		for k := range m {
			order = append(order, k)
			h = (h ^ uint64(k)) * 1099511628211
		}
		firsts[order[0]] = true
		if _, ok := seen[h]; ok {
			continue
		}
		seen[h] = slices.Clone(order)
		if base == nil {
			base = seen[h]
		} else if !isRotation(base, order) {
			rotations = false
		}
	}
	return len(seen), firsts, rotations
}

func isRotation(a, b []int) bool {
	i := slices.Index(a, b[0])
	return len(a) == len(b) && i >= 0 && slices.Equal(a[i:], b[:len(a)-i]) && slices.Equal(a[:i], b[len(a)-i:])
}

// startsOf returns how many different starts the runtime can draw for m, as
// text, and whether the start is random at two levels.
func startsOf(m map[int]int) (string, bool, error) {
	l, err := inspect.Inspect(m)
	if err != nil {
		return "", false, err
	}
	switch {
	case l.Classic != nil && l.Classic.B == 0:
		return "8 (1 bucket: 8 slots)", false, nil
	case l.Classic != nil:
		b := 1 << l.Classic.B
		return fmt.Sprintf("%d (%d buckets x 8 offsets)", b*8, b), true, nil
	case l.Swiss.DirLen == 0:
		return "8 (1 group: 8 slots)", false, nil
	case len(l.Swiss.Tables) == 1:
		c := l.Swiss.Tables[0].Capacity
		return fmt.Sprintf("%d (1 table of %d slots)", c, c), false, nil
	}
	c := 0
	for _, t := range l.Swiss.Tables {
		c = max(c, t.Capacity)
	}
	return fmt.Sprintf("%d (%d directory entries x %d slots)", l.Swiss.DirLen*c, l.Swiss.DirLen, c), true, nil
}

// factorial returns n! exactly up to 20!, and as a power of ten above.
func factorial(n int) string {
	if n <= 20 {
		return new(big.Int).MulRange(1, int64(n)).String()
	}
	lg, _ := math.Lgamma(float64(n + 1))
	return fmt.Sprintf("about 10^%.0f", lg/math.Ln10)
}

func mark(v int, varies bool) string {
	if varies {
		return fmt.Sprintf("%d*", v)
	}
	return fmt.Sprint(v)
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

//course:every-lane it reads the map runtime's layout through the inspector
