// Nan shows what NaN keys do to a map: NaN != NaN, so no lookup finds one.
package main

import (
	"fmt"
	"math"
)

func main() {
	nan := math.NaN()
	m := map[float64]string{}
	m[nan] = "a"
	m[nan] = "b" // not an overwrite: a second entry
	fmt.Println("len after two inserts:", len(m))

	_, ok := m[nan]
	fmt.Println("lookup finds it:", ok)
	delete(m, nan)
	fmt.Println("len after delete:", len(m))

	ranged := 0
	for k := range m {
		if k != k {
			ranged++
		}
	}
	fmt.Println("NaN keys produced by range:", ranged)
	clear(m)
	fmt.Println("len after clear:", len(m))

	// The other float surprise: 0.0 == -0.0, so they are one key, and an
	// assignment stores the key it was given.
	z := map[float64]int{}
	z[0]++
	z[math.Copysign(0, -1)]++
	fmt.Println("0 then -0:", z)
}
