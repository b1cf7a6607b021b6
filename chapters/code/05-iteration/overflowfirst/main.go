// Overflowfirst shows, on the classic map, when a key of an overflow bucket
// can come first in a range. mapiternext (runtime/map_noswiss.go of Go 1.25)
// walks a bucket's own 8 slots before its overflow bucket, so a key in an
// overflow bucket comes first only if the bucket's own slots are all empty:
// not after inserts alone (a bucket chains an overflow bucket only when its 8
// slots are full), but after deletes.
//
// The program fills a map until one bucket has an overflow bucket, ranges
// over it many times and counts where the first key sat; then it deletes half
// of the keys of that bucket's own 8 slots, counts again, deletes the other
// half, and counts again. A range whose first key
// is in that bucket's chain started at that bucket: the program picks a
// bucket whose previous bucket keeps keys, so no range that started earlier
// walks into it.
//
//	env $(go run ./tools/course lanes -env classic) go run ./chapters/code/05-iteration/overflowfirst
package main

import (
	"fmt"
	"log"

	"gomaps/labs/inspect"
)

const ranges = 100_000

func main() {
	log.SetFlags(0)
	log.SetPrefix("overflowfirst: ")
	if inspect.Build() != inspect.Classic {
		fmt.Printf("%s have no overflow buckets: run this on the classic map\n", inspect.Build())
		return
	}
	m, bucket, err := mapWithOverflow()
	if err != nil {
		log.Fatal(err)
	}
	l, err := inspect.Inspect(m)
	if err != nil {
		log.Fatal(err)
	}
	n := len(l.Classic.Buckets)
	var own []int // the keys in the bucket's own slots
	overflow := 0
	entries, err := inspect.Entries(m)
	if err != nil {
		log.Fatal(err)
	}
	for _, e := range entries {
		switch {
		case e.Loc.Bucket == bucket && e.Loc.Overflow == 0:
			own = append(own, e.Key)
		case e.Loc.Bucket == bucket:
			overflow++
		}
	}
	fmt.Printf("%s: %d keys in %d buckets, %d ranges each time\n", inspect.Build(), len(m), n, ranges)
	fmt.Printf("bucket %d: %d keys in its own slots, %d in %d overflow bucket(s); bucket %d keeps its keys\n\n",
		bucket, len(own), overflow, len(l.Classic.Buckets[bucket].Chain)-1, (bucket+n-1)%n)
	fmt.Printf("%-36s  %-20s  %s\n", "", "ranges that started", "ranges whose first key")
	fmt.Printf("%-36s  %-20s  %s\n", "", "at that bucket", "is in the overflow bucket")
	report("after the inserts", m, bucket)

	// Delete the keys of the bucket's own slots, half of them first.
	// Deleting never moves the other keys, and never starts a growth.
	half := len(own) / 2
	for _, k := range own[:half] {
		delete(m, k)
	}
	report(fmt.Sprintf("after deleting %d of its own keys", half), m, bucket)
	for _, k := range own[half:] {
		delete(m, k)
	}
	report(fmt.Sprintf("after deleting all %d", len(own)), m, bucket)
}

// mapWithOverflow fills maps of 100 int keys until one has a bucket with an
// overflow bucket whose previous bucket has keys in its own slots (which are
// not deleted). 100 keys make 16 buckets, 6.25 keys a bucket on average.
func mapWithOverflow() (map[int]int, int, error) {
	for range 1000 {
		m := map[int]int{}
		for k := range 100 {
			m[k] = k
		}
		l, err := inspect.Inspect(m)
		if err != nil {
			return nil, 0, err
		}
		if l.Classic.Growing() {
			continue
		}
		n := len(l.Classic.Buckets)
		for b, bk := range l.Classic.Buckets {
			prev := l.Classic.Buckets[(b+n-1)%n]
			if len(bk.Chain) > 1 && full(prev.Chain[0]) > 0 {
				return m, b, nil
			}
		}
	}
	return nil, 0, fmt.Errorf("no map of 100 keys out of 1000 had a bucket with an overflow bucket")
}

func full(tophash [inspect.BucketSlots]uint8) int {
	n := 0
	for _, t := range tophash {
		if t >= inspect.MinTopHash {
			n++
		}
	}
	return n
}

// report ranges over m and prints how many ranges produced a key of bucket
// b's chain first (they started at b), and how many of those produced a key
// of an overflow bucket first.
func report(what string, m map[int]int, b int) {
	entries, err := inspect.Entries(m)
	if err != nil {
		log.Fatal(err)
	}
	where := map[int]inspect.Location{}
	for _, e := range entries {
		where[e.Key] = e.Loc
	}
	started, overflowFirst := 0, 0
	for range ranges {
		for k := range m {
			if loc := where[k]; loc.Bucket == b {
				started++
				if loc.Overflow > 0 {
					overflowFirst++
				}
			}
			break
		}
	}
	pct := 0.0
	if started > 0 {
		pct = 100 * float64(overflowFirst) / float64(started)
	}
	fmt.Printf("%-36s  %-20s  %.0f%% of them (%d ranges)\n", what,
		fmt.Sprintf("%d (%.1f%%)", started, 100*float64(started)/ranges), pct, overflowFirst)
}

//course:every-lane it reads the map runtime's layout through the inspector
