// Command waiter keeps a map of string keys and deletes from it until its standard input is
// closed, so that delve can attach to it (claims S2-52 and S2-53).
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	m := map[string]int{}
	go func() {
		for i := 0; ; i++ {
			k := fmt.Sprint("pod-", i%16)
			m[k] = i
			delete(m, k) // calls runtime.mapdelete_faststr
		}
	}()
	io.Copy(io.Discard, os.Stdin) // until stdin is closed
}
