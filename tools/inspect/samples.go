package main

import (
	"fmt"

	"gomaps/labs/inspect"
)

// A sample builds one map on the running runtime and returns its layout.
type sample struct {
	name  string
	kind  inspect.Kind // the implementation it shows
	about string
	build func() (*inspect.Layout, error)
}

// samples are in the order of the growth chapter: how a map starts, fills,
// grows, and keeps its memory after deletes and clear.
var samples = []sample{
	{"small", inspect.Swiss, "8 keys: one group of 8 slots at dirPtr, no table (dirLen 0)", swissSmall},
	{"table", inspect.Swiss, "9 keys: the 9th moved the map into a 16-slot table (dirLen 1)", swissTable},
	{"full", inspect.Swiss, "14 keys: the 16-slot table at its 7/8 limit (growthLeft 0)", swissFull},
	{"grown", inspect.Swiss, "15 keys: the 15th doubled the table to 32 slots", swissGrown},
	{"directory", inspect.Swiss, "897 keys: a 1024-slot table split in two (dirLen 2, globalDepth 1)", swissDirectory},
	{"tombstones", inspect.Swiss, "800 keys, every other one deleted: tombstones where groups were full", swissTombstones},
	{"cleared", inspect.Swiss, "the same map after clear(): no tombstones, the same capacity", swissCleared},
	{"presized", inspect.Swiss, "make(map[int]int, 1000) holding 10 keys: tables sized from the hint", swissPresized},
	{"groups", inspect.Swiss, "map[int64]int8, 9 keys: groups of 8 slots of 16 bytes (136), or split: 8 keys then 8 values (80)", swissGroups},

	{"buckets", inspect.Classic, "40 keys: B=3, 8 buckets, 5 keys a bucket on average", classicBuckets},
	{"overflow", inspect.Classic, "13 keys chosen by hash for bucket 0 of 2: an overflow chain", classicOverflow},
	{"growing", inspect.Classic, "105 keys: the 105th passed 6.5 x 16 and started doubling; evacuation in progress", classicGrowing},
	{"samesize", inspect.Classic, "few keys, many overflow buckets: a same-size growth in progress", classicSameSize},
	{"deleted", inspect.Classic, "40 keys, 20 deleted: emptyOne and emptyRest slots", classicDeleted},
}

func fill(m map[int]int, from, to int) map[int]int {
	for k := from; k < to; k++ {
		m[k] = k
	}
	return m
}

func swissSmall() (*inspect.Layout, error) { return inspect.Inspect(fill(map[int]int{}, 0, 8)) }
func swissTable() (*inspect.Layout, error) { return inspect.Inspect(fill(map[int]int{}, 0, 9)) }
func swissFull() (*inspect.Layout, error)  { return inspect.Inspect(fill(map[int]int{}, 0, 14)) }
func swissGrown() (*inspect.Layout, error) { return inspect.Inspect(fill(map[int]int{}, 0, 15)) }
func swissDirectory() (*inspect.Layout, error) {
	return inspect.Inspect(fill(map[int]int{}, 0, 897))
}

func halfDeleted() map[int]int {
	m := fill(map[int]int{}, 0, 800)
	for k := 0; k < 800; k += 2 {
		delete(m, k)
	}
	return m
}

func swissTombstones() (*inspect.Layout, error) { return inspect.Inspect(halfDeleted()) }

func swissCleared() (*inspect.Layout, error) {
	m := halfDeleted()
	clear(m)
	return inspect.Inspect(m)
}

func swissPresized() (*inspect.Layout, error) {
	return inspect.Inspect(fill(make(map[int]int, 1000), 0, 10))
}

func swissGroups() (*inspect.Layout, error) {
	m := map[int64]int8{}
	for k := range int64(9) {
		m[k] = int8(k)
	}
	return inspect.Inspect(m)
}

func classicBuckets() (*inspect.Layout, error) { return inspect.Inspect(fill(map[int]int{}, 0, 40)) }

// keysIn returns n keys from next on whose hash in m puts them in bucket b of
// an array of 1<<B buckets.
func keysIn(m map[int]int, B uint8, b uint64, next *int, n int) ([]int, error) {
	var keys []int
	for ; len(keys) < n; *next++ {
		h, err := inspect.Hash(m, *next)
		if err != nil {
			return nil, err
		}
		if h&(1<<B-1) == b {
			keys = append(keys, *next)
		}
	}
	return keys, nil
}

func classicOverflow() (*inspect.Layout, error) {
	m := make(map[int]int, 9) // B=1 from the start: 9 > 8 and 9 > 6.5
	next := 0
	keys, err := keysIn(m, 1, 0, &next, 13)
	if err != nil {
		return nil, err
	}
	for _, k := range keys {
		m[k] = k
	}
	return inspect.Inspect(m)
}

func classicGrowing() (*inspect.Layout, error) { return inspect.Inspect(fill(map[int]int{}, 0, 105)) }

// classicSameSize fills bucket 0 of 4 with 24 keys (two overflow buckets),
// deletes them, then puts 17 keys in bucket 1 (two more): noverflow reaches
// 1<<B = 4 while the map holds 18 keys, far below 6.5 x 4, so the next
// insert starts a same-size growth.
func classicSameSize() (*inspect.Layout, error) {
	m := make(map[int]int, 14) // B=2: 14 > 6.5 x 2
	next := 0
	keep, err := keysIn(m, 2, 3, &next, 1) // one key stays, so the seed does not change
	if err != nil {
		return nil, err
	}
	m[keep[0]] = 0
	b0, err := keysIn(m, 2, 0, &next, 24)
	if err != nil {
		return nil, err
	}
	for _, k := range b0 {
		m[k] = k
	}
	for _, k := range b0 {
		delete(m, k)
	}
	b1, err := keysIn(m, 2, 1, &next, 17)
	if err != nil {
		return nil, err
	}
	for _, k := range b1 {
		m[k] = k
	}
	last, err := keysIn(m, 2, 2, &next, 1)
	if err != nil {
		return nil, err
	}
	m[last[0]] = 0
	l, err := inspect.Inspect(m)
	if err == nil && !l.Classic.SameSizeGrow() {
		return nil, fmt.Errorf("inspect: expected a same-size growth in progress, got flags %#x", l.Classic.Flags)
	}
	return l, err
}

func classicDeleted() (*inspect.Layout, error) {
	m := fill(map[int]int{}, 0, 40)
	for k := 0; k < 40; k += 2 {
		delete(m, k)
	}
	return inspect.Inspect(m)
}
