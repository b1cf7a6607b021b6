// Addr takes the address of a map element, which does not compile (R1's row on Q10).
package main

import "fmt"

func main() {
	m := make(map[string]int)
	fmt.Println(&m["qcrao"])
}
