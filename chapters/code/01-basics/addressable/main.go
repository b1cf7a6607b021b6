// Addressable shows the two ways to update a struct stored in a map.
package main

import "fmt"

type item struct {
	Name string
	Qty  int
}

func main() {
	// 1. Values: copy out, modify the copy, store it back.
	stock := map[string]item{"w-1": {"Widget", 2}}
	it := stock["w-1"]
	it.Qty += 3
	fmt.Println("copy only:     ", stock["w-1"]) // the map still holds the old value
	stock["w-1"] = it
	fmt.Println("after store:   ", stock["w-1"])

	// 2. Pointers: the map holds *item, and the item itself is a variable.
	byPtr := map[string]*item{"w-1": {"Widget", 2}}
	byPtr["w-1"].Qty += 3
	fmt.Println("through pointer:", *byPtr["w-1"])

	// The item is a variable of its own: a pointer to it stays valid however
	// much the map grows.
	p := byPtr["w-1"]
	for i := range 1000 {
		byPtr[fmt.Sprint(i)] = &item{}
	}
	p.Qty++
	fmt.Println("after growth:   ", *byPtr["w-1"], "same pointer:", p == byPtr["w-1"])
}
