// Mapeq compares two maps with ==, which does not compile (R1's row on Q11).
package main

import "fmt"

func main() {
	var m, n map[string]int
	fmt.Println(m == nil, n == nil)
	fmt.Println(m == n)
}
