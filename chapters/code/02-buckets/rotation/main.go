// Rotation ranges 80,000 times over one small built-in map of 4 keys and
// counts the orders it sees. Both runtimes start each range at a random slot
// and walk on from there, so every order is a rotation of one cyclic order:
//
//   - the classic map: mapiterinit (runtime/map_noswiss.go of Go 1.25) draws
//     one random number per range; its low B bits choose the first bucket and
//     the next 3 bits the first slot, the same offset in every bucket. A map
//     of 4 keys has one bucket (B = 0) holding the keys in slots 0 to 3;
//   - Swiss tables: Iter.Init (internal/runtime/maps/table.go) draws
//     entryOffset, and a small map of 4 keys is one group, slots 0 to 3.
//
// The shares are rounded to eighths: the offset is one of 8 slots, and the 4
// offsets that land on empty slots all start at the first full one.
//
// Chapter 02 runs it on the classic map, chapter 03 on Swiss tables:
//
//	env $(go run ./tools/course lanes -env classic) go run ./chapters/code/02-buckets/rotation
//	go run ./chapters/code/02-buckets/rotation
package main

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

func main() {
	m := map[string]int{"a": 1, "b": 2, "c": 3, "d": 4}
	const runs = 80_000
	counts := map[string]int{}
	for range runs {
		var order []string
		for k := range m {
			order = append(order, k)
		}
		counts[strings.Join(order, " ")]++
	}
	orders := make([]string, 0, len(counts))
	for o := range counts {
		orders = append(orders, o)
	}
	slices.Sort(orders)
	fmt.Printf("%d ranges over a map of 4 keys gave %d of the 24 possible orders:\n", runs, len(orders))
	for _, o := range orders {
		eighths := math.Round(float64(counts[o]) / runs * 8)
		fmt.Printf("  %s   about %v/8 of the ranges\n", o, eighths)
	}
}
