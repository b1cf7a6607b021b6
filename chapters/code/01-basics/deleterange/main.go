// Deleterange shows that delete lowers len, and that deleting during range
// is safe: an entry deleted before it is reached is never produced.
package main

import "fmt"

func main() {
	m := map[int]bool{1: true, 2: true, 3: true}
	fmt.Println("len before delete:", len(m))
	delete(m, 2)
	fmt.Println("len after delete: ", len(m))
	delete(m, 42) // absent key: a no-op
	fmt.Println("len after deleting an absent key:", len(m))

	// Each visit deletes itself and its partner (k^1): whatever the order,
	// one of each pair is visited and the other is skipped.
	const trials, size = 1000, 100
	visits, twice := 0, 0
	for range trials {
		m := make(map[int]bool, size)
		for k := range size {
			m[k] = true
		}
		seen := make(map[int]bool, size)
		for k := range m {
			if seen[k] {
				twice++
			}
			seen[k] = true
			visits++
			delete(m, k)
			delete(m, k^1)
		}
		if len(m) != 0 {
			panic("map not empty")
		}
	}
	fmt.Printf("%d trials of %d keys: %d visits (%d per trial), %d keys seen twice\n",
		trials, size, visits, visits/trials, twice)
}
