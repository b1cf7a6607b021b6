// Command tophashloop is the post's debugging loop (claim S2-17) with the smallest
// declarations that let it reach the type checker: a bucket with a tophash array as the classic
// runtime has, and the emptyOne constant. It does not compile.
package main

import (
	"fmt"
	"unsafe"
)

const emptyOne = 1

type bmap struct {
	tophash [8]uint8
}

type hmap struct {
	buckets unsafe.Pointer
}

func main() {
	h := &hmap{buckets: unsafe.Pointer(&bmap{})}
	b := (*bmap)(unsafe.Pointer(h.buckets))
	for i := 0; i < b.tophash[0]; i++ {
		if b.tophash[i] == emptyOne {
			fmt.Println("found tombstone at index", i)
		}
	}
}
