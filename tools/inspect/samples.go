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

// samples are in the order of the growth chapter: how a map starts, fills, grows, and keeps its
// memory after deletes and clear.
var samples = []sample{
	{"small", inspect.Swiss, "8 keys: one group of 8 slots at dirPtr, no table (dirLen 0)", filled(8)},
	{"table", inspect.Swiss, "9 keys: the 9th moved the map into a 16-slot table (dirLen 1)", filled(9)},
	{"full", inspect.Swiss, "14 keys: the 16-slot table at its 7/8 limit (growthLeft 0)", filled(14)},
	{"grown", inspect.Swiss, "15 keys: the 15th doubled the table to 32 slots", filled(15)},
	{"directory", inspect.Swiss, "897 keys: a 1024-slot table split in two (dirLen 2, globalDepth 1)", filled(897)},
	{"tombstones", inspect.Swiss, "800 keys, every other one deleted: tombstones where groups were full", func() (*inspect.Layout, error) {
		return inspect.Inspect(halfDeleted(800))
	}},
	{"cleared", inspect.Swiss, "the same map after clear(): no tombstones, the same capacity", func() (*inspect.Layout, error) {
		m := halfDeleted(800)
		clear(m)
		return inspect.Inspect(m)
	}},
	{"presized", inspect.Swiss, "make(map[int]int, 1000) holding 10 keys: tables sized from the hint", func() (*inspect.Layout, error) {
		return inspect.Inspect(fill(make(map[int]int, 1000), 10))
	}},
	{"groups", inspect.Swiss, "map[int64]int8, 9 keys: groups of 8 slots of 16 bytes (136), or split: 8 keys then 8 values (80)", swissGroups},

	{"buckets", inspect.Classic, "40 keys: B=3, 8 buckets, 5 keys a bucket on average", filled(40)},
	{"overflow", inspect.Classic, "13 keys chosen by hash for bucket 0 of 2: an overflow chain", classicOverflow},
	{"growing", inspect.Classic, "105 keys: the 105th passed 6.5 x 16 and started doubling; evacuation in progress", filled(105)},
	{"samesize", inspect.Classic, "few keys, many overflow buckets: a same-size growth in progress", classicSameSize},
	{"deleted", inspect.Classic, "40 keys, 20 deleted: emptyOne and emptyRest slots", func() (*inspect.Layout, error) {
		return inspect.Inspect(halfDeleted(40))
	}},
}

// fill puts the keys 0 to n-1 into m, each its own value.
func fill(m map[int]int, n int) map[int]int {
	for k := range n {
		m[k] = k
	}
	return m
}

// filled is the sample of a map of n keys, 0 to n-1.
func filled(n int) func() (*inspect.Layout, error) {
	return func() (*inspect.Layout, error) { return inspect.Inspect(fill(map[int]int{}, n)) }
}

// halfDeleted is a map of n keys of which every other one, from 0, was deleted.
func halfDeleted(n int) map[int]int {
	m := fill(map[int]int{}, n)
	for k := 0; k < n; k += 2 {
		delete(m, k)
	}
	return m
}

func swissGroups() (*inspect.Layout, error) {
	m := map[int64]int8{}
	for k := range int64(9) {
		m[k] = int8(k)
	}
	return inspect.Inspect(m)
}

// keyPicker picks keys by their hash in m, a classic map of 1<<B buckets, trying next, then
// next+1, and so on. err is the first error of inspect.Hash, after which it picks no more.
type keyPicker struct {
	m    map[int]int
	B    uint8
	next int
	err  error
}

// put picks n keys whose hash puts them in bucket b, then puts them into m, each its own value.
func (p *keyPicker) put(b uint64, n int) []int {
	var keys []int
	for ; len(keys) < n && p.err == nil; p.next++ {
		var h uint64
		if h, p.err = inspect.Hash(p.m, p.next); p.err == nil && h&(1<<p.B-1) == b {
			keys = append(keys, p.next)
		}
	}
	for _, k := range keys {
		p.m[k] = k
	}
	return keys
}

func classicOverflow() (*inspect.Layout, error) {
	p := &keyPicker{m: make(map[int]int, 9), B: 1} // B=1 from the start: 9 > 8 and 9 > 6.5
	p.put(0, 13)
	if p.err != nil {
		return nil, p.err
	}
	return inspect.Inspect(p.m)
}

// classicSameSize fills bucket 0 of 4 with 24 keys (two overflow buckets), deletes them, then
// puts 17 keys in bucket 1 (two more): noverflow reaches 1<<B = 4 while the map holds 18 keys,
// far below 6.5 x 4, so the next insert starts a same-size growth.
func classicSameSize() (*inspect.Layout, error) {
	p := &keyPicker{m: make(map[int]int, 14), B: 2} // B=2: 14 > 6.5 x 2
	p.put(3, 1)                                     // one key stays, so the seed does not change
	for _, k := range p.put(0, 24) {
		delete(p.m, k)
	}
	p.put(1, 17)
	p.put(2, 1)
	if p.err != nil {
		return nil, p.err
	}
	l, err := inspect.Inspect(p.m)
	if err == nil && !l.Classic.SameSizeGrow() {
		return nil, fmt.Errorf("inspect: expected a same-size growth in progress, got flags %#x", l.Classic.Flags)
	}
	return l, err
}
