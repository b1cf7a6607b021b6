// Growth fills a built-in map[int]int one entry at a time and prints what
// the Swiss-table runtime holds just before and just after each change of
// shape: a small map (one group, no directory), then a directory of tables
// with each table's capacity and growthLeft. It stops after the first
// split, the last change that does not depend on the hash seed.
//
// It reads the runtime's own structs (internal/runtime/maps.Map and table)
// with the course's inspector, package gomaps/labs/inspect, which knows the
// layouts of Go 1.25 to 1.27 and says so when it meets another.
package main

import (
	"fmt"
	"os"

	"gomaps/labs/inspect"
)

func main() {
	m := map[int]int{}
	prevShape, prevLine := "", ""
	for n := 1; n <= 897; n++ {
		m[n] = n
		shape, line := describe(m)
		if shape != prevShape {
			if prevLine != "" {
				fmt.Printf("len %3d: %s\n", n-1, prevLine)
			}
			fmt.Printf("len %3d: %s\n", n, line)
		}
		prevShape, prevLine = shape, line
	}
}

// describe returns the shape of m (what changes only when the map grows)
// and a line that also shows the counts.
func describe(m map[int]int) (shape, line string) {
	h := header(m)
	if h.DirLen == 0 {
		return "small", fmt.Sprintf("small map, used %d, no directory", h.Used)
	}
	tables := h.Tables
	shape = fmt.Sprintf("directory of %d (globalDepth %d), %d table(s):", h.DirLen, h.GlobalDepth, len(tables))
	line = shape
	for i, t := range tables {
		sep := ","
		if i == 0 {
			sep = ""
		}
		shape += fmt.Sprintf("%s capacity %d", sep, t.Capacity)
		line += fmt.Sprintf("%s capacity %d localDepth %d used %d growthLeft %d", sep, t.Capacity, t.LocalDepth, t.Used, t.GrowthLeft)
	}
	if len(tables) > 1 {
		// How the entries divide between the tables depends on the seed.
		line = shape + fmt.Sprintf(", localDepth %d each, used %d in all", tables[0].LocalDepth, h.Used)
	}
	return shape, line
}

// header reads the Swiss-table map behind m, or ends the program with one
// sentence when this runtime has the classic map.
func header(m map[int]int) *inspect.SwissLayout {
	l, err := inspect.Inspect(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, "growth:", err)
		os.Exit(2)
	}
	if l.Swiss == nil {
		fmt.Fprintln(os.Stderr, "growth reads Swiss tables: run it with Go 1.26, or Go 1.25 without GOEXPERIMENT=noswissmap")
		os.Exit(2)
	}
	return l.Swiss
}

//course:every-lane it reads the map runtime's layout through the inspector
