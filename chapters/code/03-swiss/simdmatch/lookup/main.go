// Command lookup is what chapter 03's step 11 disassembles: a lookup in the lab's map (lab 03's
// solution, put in place by an overlay) and one in the built-in map, both with int64 keys. Built
// with GOEXPERIMENT=simd on amd64, the lab's map matches groups with match_simd.go and hashes
// with memhash_aes.go, and the runtime hashes with its own simd/archsimd code; go tool objdump
// then shows what each compiled to. It is a command, so that the binary holds both lookups.
package main

import (
	"fmt"
	"os"

	swiss "gomaps/labs/03-swiss"
)

func main() {
	lab := swiss.New[int64, int64](0)
	builtin := map[int64]int64{}
	for k := range int64(100) {
		lab.Put(k, k)
		builtin[k] = k
	}
	v, ok := lab.Get(int64(len(os.Args)))
	w, found := builtin[int64(len(os.Args))]
	fmt.Println(v, ok, w, found)
}
