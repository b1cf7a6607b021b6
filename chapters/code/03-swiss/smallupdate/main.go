// Smallupdate fills two built-in maps with 8 entries, the most a small map (one group, no
// directory) holds, then updates the value of a key already there, and prints after each step
// what the Swiss-table runtime holds: whether an update of a full small map grows it into a
// table. One map has int keys, which the compiler sends to the fast path
// runtime.mapassign_fast64; the other has [2]int keys, which go through the generic
// runtime.mapassign and internal/runtime/maps.(*Map).PutSlot.
//
// It reads the runtime's own structs with the course's inspector, package gomaps/labs/inspect.
package main

import (
	"fmt"
	"os"
	"runtime"

	"gomaps/labs/inspect"
)

func main() {
	fmt.Println("runtime:", runtime.Version())
	ints := map[int]int{}
	for i := 1; i <= 8; i++ {
		ints[i] = i
	}
	show("map[int]int, 8 entries", ints)
	ints[1] = 100
	show("map[int]int, after ints[1] = 100", ints)

	pairs := map[[2]int]int{}
	for i := 1; i <= 8; i++ {
		pairs[[2]int{i, i}] = i
	}
	show("map[[2]int]int, 8 entries", pairs)
	pairs[[2]int{1, 1}] = 100
	show("map[[2]int]int, after pairs[{1, 1}] = 100", pairs)
}

// show prints what the runtime holds for m: a small map, or a directory of tables.
func show[K comparable](what string, m map[K]int) {
	l, err := inspect.Inspect(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, "smallupdate:", err)
		os.Exit(2)
	}
	if l.Swiss == nil {
		fmt.Fprintln(os.Stderr, "smallupdate reads Swiss tables: run it on a Swiss lane")
		os.Exit(2)
	}
	h := l.Swiss
	if h.DirLen == 0 {
		fmt.Printf("%-42s small map, used %d, no directory\n", what+":", h.Used)
		return
	}
	fmt.Printf("%-42s directory of %d, table capacity %d, used %d\n", what+":", h.DirLen, h.Tables[0].Capacity, h.Used)
}

//course:every-lane it reads the map runtime's layout through the inspector
