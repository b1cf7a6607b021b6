// Makes makes a map in each of the ways R5-03 tells apart, one function per way, so that its
// assembly listing (go tool compile -S) names the runtime call each one compiles to.
package main

var sink int

// escapes makes a map with no hint that outlives the function.
//
//go:noinline
func escapes() map[int]int { return make(map[int]int) }

// hinted makes a map with a hint known only at run time.
//
//go:noinline
func hinted(n int) map[int]int { return make(map[int]int, n) }

// local makes a map with no hint that stays in the function: the post's m := make(map[int]int).
//
//go:noinline
func local() int {
	m := make(map[int]int)
	m[1] = 1
	return len(m)
}

func main() {
	sink = len(escapes()) + len(hinted(100)) + local()
}
