// Command tables prints the directory and the tables of the built-in maps that the benchmark of
// chapters/code/03-swiss/limit measures, read by the course's inspector: how many tables a
// lookup chooses from at each size, on the Go that runs it.
//
//	go run ./chapters/code/03-swiss/limit/tables
//
// On the classic lane it says that the maps are not Swiss tables and stops.
package main

//course:every-lane it reads the map runtime's layout through the inspector

import (
	"fmt"
	"log"
	"runtime"

	"gomaps/chapters/code/03-swiss/limit"
	"gomaps/labs/inspect"
)

func main() {
	log.SetPrefix("tables: ")
	log.SetFlags(0)
	fmt.Println(runtime.Version(), "with", inspect.Build())
	for _, n := range limit.Lens {
		hit, _ := limit.Keys(n)
		m := make(map[int64]int64)
		for i, k := range hit {
			m[k] = int64(i)
		}
		l, err := inspect.Inspect(m)
		if err != nil {
			log.Fatal(err)
		}
		if l.Swiss == nil {
			log.Fatalf("the map of %d entries is not a Swiss table: run this on a Swiss lane", n)
		}
		s := l.Swiss
		largest := 0
		for _, t := range s.Tables {
			largest = max(largest, t.Capacity)
		}
		fmt.Printf("len=%s: %d entries, a directory of %d entries, %d tables of at most %d slots\n",
			limit.LenName(n), l.Len, s.DirLen, len(s.Tables), largest)
	}
}
