// Walk ranges over a map of 1000 int keys: the program that the delve
// sessions of chapter 05 stop in, inside the loop body (swiss.dlv for Go 1.26,
// classic.dlv for Go 1.25 with GOEXPERIMENT=noswissmap). After the loop it
// says where the first key the loop produced sits in the map, as read by
// labs/inspect, so that the session's random offsets can be checked against
// it: on Swiss tables the walk starts in the table at directory entry
// dirOffset mod dirLen, at slot entryOffset mod capacity; on the classic map
// in bucket startBucket, at slot offset.
//
//	go run ./chapters/code/05-iteration/walk
package main

import (
	"fmt"
	"log"

	"gomaps/labs/inspect"
)

func main() {
	m := make(map[int]string)
	for i := range 1000 {
		m[i] = fmt.Sprint("v", i)
	}
	first, visited := -1, 0
	for k := range m {
		visited++ // the sessions stop here, on the first pass
		if first < 0 {
			first = k
		}
	}
	loc, _, err := inspect.Locate(m, first)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("the loop visited %d keys; the first was %d, in %v\n", visited, first, loc)
}

//course:every-lane it reads the map runtime's layout through the inspector
