// Calls makes and writes maps in the ways R3's rows (cch123/golang-notes, map.md) say the
// compiler chooses a runtime function for, one function per case, so that the assembly listing
// (go tool compile -S) of each function names its calls.
package main

//go:noinline
func makeNoHint() map[int]int { return make(map[int]int) }

//go:noinline
func makeHint8() map[int]int { return make(map[int]int, 8) }

//go:noinline
func makeHint9() map[int]int { return make(map[int]int, 9) }

// makeHintVar's hint is known only at run time: main passes 4.
//
//go:noinline
func makeHintVar(n int) map[int]int { return make(map[int]int, n) }

//go:noinline
func makeLocal() int {
	var m = make(map[int]int, 4)
	m[1] = 1
	return len(m)
}

//go:noinline
func setInt(m map[int64]int, k int64) { m[k] = 99999 }

//go:noinline
func setFloat(m map[float64]int, k float64) { m[k] = 1 }

//go:noinline
func setValue128(m map[int64][128]byte, k int64) { m[k] = [128]byte{} }

//go:noinline
func setValue129(m map[int64][129]byte, k int64) { m[k] = [129]byte{} }

//go:noinline
func setPointer(m map[*int]int, k *int) { m[k] = 1 }

//go:noinline
func setPair(m map[[2]int32]int, k [2]int32) { m[k] = 1 }

func main() {
	_, _, _, _, _ = makeNoHint(), makeHint8(), makeHint9(), makeHintVar(4), makeLocal()
	setInt(map[int64]int{}, 1)
	setFloat(map[float64]int{}, 1)
	setValue128(map[int64][128]byte{}, 1)
	setValue129(map[int64][129]byte{}, 1)
	setPointer(map[*int]int{}, new(int))
	setPair(map[[2]int32]int{}, [2]int32{})
}
