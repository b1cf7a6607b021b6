// Capmap calls cap on a map. It does not compile; the test asserts the compiler's message.
package main

import "fmt"

func main() {
	m := make(map[string]int, 100)
	fmt.Println(cap(m))
}
