// Command deletecalls deletes from maps of three key types, for claims S2-14 and S2-53: built
// with -gcflags=-S, its assembly shows which runtime function each delete calls.
package main

type pair struct{ a, b int }

//go:noinline
func delString(m map[string]int, k string) { delete(m, k) }

//go:noinline
func delInt64(m map[int64]int, k int64) { delete(m, k) }

//go:noinline
func delPair(m map[pair]int, k pair) { delete(m, k) }

func main() {
	delString(map[string]int{"a": 1}, "a")
	delInt64(map[int64]int{1: 1}, 1)
	delPair(map[pair]int{{1, 2}: 1}, pair{1, 2})
}
