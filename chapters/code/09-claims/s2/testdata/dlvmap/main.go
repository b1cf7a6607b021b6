// Command dlvmap fills a map through runtime.mapassign_fast64 and deletes a key, for the delve
// session of claims S2-28 and S2-29 (session.dlv beside it).
package main

import "fmt"

// fill assigns n int64 keys: the compiler turns m[k] = v into a call of runtime.mapassign_fast64.
func fill(m map[int64]int64, n int) {
	for i := range n {
		m[int64(i)] = int64(i) * 10
	}
}

func main() {
	m := make(map[int64]int64)
	fill(m, 100)
	delete(m, 3)
	fmt.Println(len(m)) // the session stops here
}
