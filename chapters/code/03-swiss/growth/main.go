// Growth fills a built-in map[int]int one entry at a time and prints what
// the Swiss-table runtime holds just before and just after each change of
// shape: a small map (one group, no directory), then a directory of tables
// with each table's capacity and growthLeft. It stops after the first
// split, the last change that does not depend on the hash seed.
//
// It reads the runtime's own structs (internal/runtime/maps.Map and table
// of Go 1.26) through unsafe, so it only builds with Go 1.26 or later (see
// old.go) and may break in a later Go.
package main

import "fmt"

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
	if h.dirLen == 0 {
		return "small", fmt.Sprintf("small map, used %d, no directory", h.used)
	}
	tables := h.tables()
	shape = fmt.Sprintf("directory of %d (globalDepth %d), %d table(s):", h.dirLen, h.globalDepth, len(tables))
	line = shape
	for i, t := range tables {
		sep := ","
		if i == 0 {
			sep = ""
		}
		shape += fmt.Sprintf("%s capacity %d", sep, t.capacity)
		line += fmt.Sprintf("%s capacity %d localDepth %d used %d growthLeft %d", sep, t.capacity, t.localDepth, t.used, t.growthLeft)
	}
	if len(tables) > 1 {
		// How the entries divide between the tables depends on the seed.
		line = shape + fmt.Sprintf(", localDepth %d each, used %d in all", tables[0].localDepth, h.used)
	}
	return shape, line
}
