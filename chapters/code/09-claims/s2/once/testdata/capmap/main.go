// Command capmap prints len and cap of a map, as section 4.4 of the post does (claim S2-58).
// It does not compile: cap is not defined for maps.
package main

import "fmt"

type resource struct{ name string }

func main() {
	cache := make(map[string]*resource, 256)
	fmt.Printf("resourceCache: len=%d, cap=%d\n", len(cache), cap(cache))
}
