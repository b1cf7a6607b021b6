// Mapkey declares maps whose key types are not comparable: a slice, and an array of slices.
// It does not compile; the test asserts the compiler's messages.
package main

import "fmt"

func main() {
	bySlice := map[[]int]string{}
	byArrayOfSlices := map[[2][]int]string{}
	fmt.Println(len(bySlice), len(byArrayOfSlices))
}
