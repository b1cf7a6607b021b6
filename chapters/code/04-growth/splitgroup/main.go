// Splitgroup prints what one slot of a Swiss-table group costs, for five map
// types, on the runtime it runs on: the group the map type describes (its
// size, and where its keys and values start and how far apart they are),
// the arithmetic of a group (control word, keys, values, padding), and the
// bytes a full map holds per slot and per entry, measured two ways: by the
// course's inspector (package gomaps/labs/inspect), which reads the map's
// tables and groups, and by the allocator's counters (runtime.MemStats),
// which count every byte the map's allocations took.
//
// Go 1.27 has two group layouts: by default a group is its control word,
// then 8 slots of a key followed by its value (interleaved); with
// GOEXPERIMENT=mapsplitgroup it is the control word, then the 8 keys, then
// the 8 values (split). Run it on both:
//
//	env $(go run ./tools/course lanes -env swiss-1.27) go run ./chapters/code/04-growth/splitgroup
//	env $(go run ./tools/course lanes -env split-1.27) go run ./chapters/code/04-growth/splitgroup
//
// On Go 1.26 it shows the interleaved layout; on the classic map, which has
// buckets instead of groups, it says so and measures nothing.
//
// It runs with one P (runtime.GOMAXPROCS(1)), so that the allocator's
// counters, which count every allocation of the process, count the maps'
// alone, on every run: with more than one P, the scheduler may start a
// thread while the maps are built (runtime.newm), whose structures are
// allocated on the heap. What the runtime still allocates for itself
// meanwhile is a few bytes at most (the scavenger's first timer: 16 bytes,
// one object), which does not show once divided by the 1000 maps.
//
// splitgroup_test.go holds benchmarks of the same map types;
// go run ./chapters/code/04-growth/splitbench runs them on both layouts and
// compares them with benchstat.
package main

//course:every-lane it reads the map runtime's group layout through the inspector

import (
	"fmt"
	"os"
	"runtime"
	"strconv"

	"gomaps/labs/inspect"
)

const (
	// entries is the length of every map measured. make(map[K]V, 896)
	// makes one table of 1024 slots (NewMap: a capacity of 896*8/7 = 1024,
	// one directory entry), and 896 is 7/8 of 1024, the most a table holds
	// before it grows: the map is as full as a table gets, and its layout
	// does not depend on the hash seed.
	entries = 896
	// maps is how many such maps each measurement builds, so that the
	// allocator's counters see megabytes, not a few kilobytes.
	maps = 1000
)

// A result is what one map type measured.
type result struct {
	name     string
	layout   *inspect.Layout // of the first map built
	heap     uint64          // bytes allocated building the maps
	objects  uint64          // objects allocated building them
	tables   int             // tables, groups and slots of every map (checked to be equal)
	groups   int
	capacity int
}

func main() {
	runtime.GOMAXPROCS(1)
	if err := inspect.Check(); err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	if inspect.Build() != inspect.Swiss {
		fmt.Printf("%s (%s): this program measures the slots of Swiss-table groups, and this runtime's map has buckets instead (chapter 02), so it measures nothing.\n",
			inspect.Build(), runtime.Version())
		return
	}
	ints := make([]int64, entries)
	int32s := make([]int32, entries)
	strs := make([]string, entries)
	for i := range entries {
		ints[i], int32s[i], strs[i] = int64(i), int32(i), "key-"+strconv.Itoa(i)
	}
	var results []result
	for _, measure := range []func() (result, error){
		func() (result, error) { return measure[int64, struct{}]("map[int64]struct{}", ints) },
		func() (result, error) { return measure[int64, bool]("map[int64]bool", ints) },
		func() (result, error) { return measure[int32, int64]("map[int32]int64", int32s) },
		func() (result, error) { return measure[string, int8]("map[string]int8", strs) },
		func() (result, error) { return measure[int64, int64]("map[int64]int64", ints) },
	} {
		r, err := measure()
		if err != nil {
			fmt.Fprintln(os.Stderr, "splitgroup:", err)
			os.Exit(1)
		}
		results = append(results, r)
	}
	report(results)
}

// build makes a map with room for keys and puts every key in it.
func build[K comparable, V any](keys []K) map[K]V {
	m := make(map[K]V, len(keys))
	var v V
	for _, k := range keys {
		m[k] = v
	}
	return m
}

// measure builds maps maps of type map[K]V holding keys and returns the bytes
// and objects their allocations took and the layout of the maps, which must
// all have the same tables, groups and slots.
func measure[K comparable, V any](name string, keys []K) (result, error) {
	r := result{name: name}
	held := make([]map[K]V, maps) // allocated before the counters are read
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := range held {
		held[i] = build[K, V](keys)
	}
	runtime.ReadMemStats(&after)
	r.heap, r.objects = after.TotalAlloc-before.TotalAlloc, after.Mallocs-before.Mallocs
	for i, m := range held {
		l, err := inspect.Inspect(m)
		if err != nil {
			return r, err
		}
		tables, groups := len(l.Swiss.Tables), 0
		for _, t := range l.Swiss.Tables {
			groups += len(t.Groups)
		}
		if r.layout == nil {
			r.layout, r.tables, r.groups, r.capacity = l, tables, groups, l.Capacity()
		} else if tables != r.tables || groups != r.groups || l.Capacity() != r.capacity {
			return r, fmt.Errorf("%s: map %d has %d tables, %d groups and %d slots; the first had %d, %d and %d",
				name, i, tables, groups, l.Capacity(), r.tables, r.groups, r.capacity)
		}
	}
	return r, nil
}

// report prints the three tables.
func report(results []result) {
	s0 := results[0].layout.Swiss
	fmt.Printf("%s (%s), groups %s\n", inspect.Build(), runtime.Version(), s0.GroupLayout())
	fmt.Printf("each map: make(map[K]V, %d), then %d keys\n\n", entries, entries)

	fmt.Println("the group, from the map type (bytes)")
	fmt.Printf("%-20s %4s %5s %8s %10s %9s %11s %10s\n", "type", "key", "elem", "KeysOff", "KeyStride", "ElemsOff", "ElemStride", "GroupSize")
	for _, r := range results {
		l, s := r.layout, r.layout.Swiss
		fmt.Printf("%-20s %4d %5d %8d %10d %9d %11d %10d\n", r.name, l.KeySize, l.ElemSize, s.KeysOff, s.KeyStride, s.ElemsOff, s.ElemStride, s.GroupSize)
	}

	fmt.Println("\nthe arithmetic of a group: control word + 8 keys + 8 values + padding (bytes)")
	fmt.Printf("%-20s %5s   %4s   %4s   %5s   %7s %10s %13s\n", "type", "group", "ctrl", "keys", "elems", "padding", "bytes/slot", "padding/slot")
	for _, r := range results {
		l, s := r.layout, r.layout.Swiss
		keys, elems := inspect.GroupSlots*l.KeySize, inspect.GroupSlots*l.ElemSize
		pad := s.GroupSize - 8 - keys - elems
		fmt.Printf("%-20s %5d = %4d + %4d + %5d + %7d %10.1f %13.1f\n", r.name, s.GroupSize, 8, keys, elems, pad,
			float64(s.GroupSize)/inspect.GroupSlots, float64(pad)/inspect.GroupSlots)
	}

	fmt.Printf("\nmeasured: %d maps of %d entries, built with one P\n", maps, entries)
	fmt.Printf("%-20s %6s %6s %5s   %-23s   %s\n", "", "", "", "", "inspector: group arrays", "MemStats: every allocation")
	fmt.Printf("%-20s %6s %6s %5s   %6s %7s %8s   %7s %6s %7s %8s\n", "type", "tables", "groups", "slots",
		"B/map", "B/slot", "B/entry", "objects", "B/map", "B/slot", "B/entry")
	for _, r := range results {
		s := r.layout.Swiss
		groupBytes := float64(r.groups * s.GroupSize)
		heapPerMap := float64(r.heap) / maps
		fmt.Printf("%-20s %6d %6d %5d   %6.0f %7.1f %8.1f   %7.0f %6.0f %7.1f %8.1f\n", r.name, r.tables, r.groups, r.capacity,
			groupBytes, groupBytes/float64(r.capacity), groupBytes/entries,
			float64(r.objects)/maps, heapPerMap, heapPerMap/float64(r.capacity), heapPerMap/entries)
	}
}
