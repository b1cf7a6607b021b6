// Sizeof reruns the program of Dave Cheney's “If a map isn't a reference variable, what is it?”
// (dave.cheney.net, 2017): it prints the size of a map value and the size of a uintptr, which
// the post shows as “8 8 (linux/amd64)”. It is our own code for the same two numbers, not a copy
// of the post's.
//
// It prints the lane it ran on first, so that the output says which map it measured.
package main

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"unsafe"
)

func main() {
	mapKind := "Swiss tables"
	if strings.Contains(os.Getenv("GOEXPERIMENT"), "noswissmap") {
		mapKind = "the classic map"
	}
	fmt.Printf("%s, %s\n", runtime.Version(), mapKind)
	var m map[int]int
	var word uintptr
	fmt.Println(unsafe.Sizeof(m), unsafe.Sizeof(word))
}
