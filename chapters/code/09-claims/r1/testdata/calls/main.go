// Calls does each map operation that R1's rows say the compiler turns into a runtime call, one
// function per operation, so that its assembly listing (go build -gcflags=-S) names the call.
package main

// point is a key with no fast path: two words, neither a 32-bit, 64-bit nor string key.
type point struct{ x, y int64 }

//go:noinline
func get(m map[point]int, k point) int { return m[k] }

//go:noinline
func getOK(m map[point]int, k point) (int, bool) { v, ok := m[k]; return v, ok }

//go:noinline
func get32(m map[uint32]int, k uint32) (int, bool) { v, ok := m[k]; return v, ok }

//go:noinline
func get64(m map[uint64]int, k uint64) int { return m[k] }

//go:noinline
func getStr(m map[string]int, k string) (int, bool) { v, ok := m[k]; return v, ok }

//go:noinline
func set(m map[point]int, k point, v int) { m[k] = v }

//go:noinline
func set32(m map[uint32]int, k uint32, v int) { m[k] = v }

//go:noinline
func set64(m map[uint64]int, k uint64, v int) { m[k] = v }

//go:noinline
func setStr(m map[string]int, k string, v int) { m[k] = v }

//go:noinline
func del(m map[point]int, k point) { delete(m, k) }

//go:noinline
func del32(m map[uint32]int, k uint32) { delete(m, k) }

//go:noinline
func del64(m map[uint64]int, k uint64) { delete(m, k) }

//go:noinline
func delStr(m map[string]int, k string) { delete(m, k) }

//go:noinline
func sum(m map[point]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

func main() {
	m := map[point]int{}
	set(m, point{1, 2}, 3)
	_, _ = get(m, point{1, 2}), sum(m)
	_, _ = getOK(m, point{})
	del(m, point{1, 2})
	m32, m64, ms := map[uint32]int{}, map[uint64]int{}, map[string]int{}
	set32(m32, 1, 1)
	set64(m64, 1, 1)
	setStr(ms, "a", 1)
	_, _ = get32(m32, 1)
	_ = get64(m64, 1)
	_, _ = getStr(ms, "a")
	del32(m32, 1)
	del64(m64, 1)
	delStr(ms, "a")
}
