// Keys shows which keys a map accepts: any comparable type, compared by value;
// and, for interface keys, a run-time panic when the dynamic value is not
// comparable.
package main

import "fmt"

type point struct{ X, Y int }

func main() {
	// Struct and array keys compare field by field, element by element.
	grid := map[point]string{{1, 2}: "tree"}
	fmt.Println("struct key:", grid[point{1, 2}])
	pairs := map[[2]string]int{{"new", "york"}: 1}
	pairs[[2]string{"new", "york"}]++
	fmt.Println("array key:", pairs)

	// An interface key compares dynamic type and value.
	ids := map[any]int{1: 1, int64(1): 2, "1": 3}
	fmt.Println("int(1), int64(1), \"1\" are", len(ids), "keys")

	// The compiler accepts any key of type any; the runtime hashes the value.
	for _, k := range []any{
		[]int{1},
		map[string]int{},
		struct{ V any }{[]int{1}},
	} {
		fmt.Printf("%T: %v\n", k, insert(ids, k))
	}

	// A lookup hashes the key too, even in an empty map.
	fmt.Println("lookup in an empty map:", lookup(map[any]int{}, []int{1}))
}

func lookup(m map[any]int, k any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	_ = m[k]
	return nil
}

func insert(m map[any]int, k any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	m[k] = len(m) + 1
	return nil
}
