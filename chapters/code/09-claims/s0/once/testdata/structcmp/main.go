// Structcmp compares two values of a struct type with a map field using ==. It does not
// compile; the test asserts the compiler's message.
package main

import "fmt"

type podState struct {
	Name   string
	Labels map[string]string
}

func main() {
	a := podState{Name: "web-0"}
	b := podState{Name: "web-0"}
	fmt.Println(a == b)
}
