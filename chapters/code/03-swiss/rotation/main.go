// Rotation ranges 80,000 times over one small built-in map of 4 keys and
// counts the orders it sees. Swiss tables start each range at a random slot
// of the group and walk on from there (Iter.Init draws entryOffset in
// internal/runtime/maps/table.go), so every order is a rotation of one
// cyclic order. The shares are rounded to eighths: the offset is one of 8
// slots, and the 4 offsets that land on empty slots all start at the first
// full one.
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
