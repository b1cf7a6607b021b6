// Syncmap looks at sync.Map: what it is made of, which methods it has, and
// what Range sees while the map changes.
package main

import (
	"fmt"
	"reflect"
	"strings"
	"sync"
)

func main() {
	// 1. The implementation: the type of each field of sync.Map.
	mt := reflect.TypeFor[sync.Map]()
	for i := range mt.NumField() {
		f := mt.Field(i)
		fmt.Printf("sync.Map field %s: %s (package %s)\n", f.Name, f.Type, f.Type.PkgPath())
	}

	// 2. Its methods: no Len.
	pt := reflect.TypeFor[*sync.Map]()
	var names []string
	for i := range pt.NumMethod() {
		names = append(names, pt.Method(i).Name)
	}
	fmt.Printf("methods: %s\n", strings.Join(names, ", "))

	// Counting means ranging: Range, here through range-over-func.
	var m sync.Map
	for i := range 1000 {
		m.Store(i, "original")
	}
	n := 0
	for range m.Range {
		n++
	}
	fmt.Printf("entries counted with range m.Range: %d\n", n)

	// 3. Range is not a snapshot. Each time it visits an original key, the
	// loop stores a new key and deletes an original one it has not seen yet.
	seen := map[int]bool{}
	next := 0 // the next original key to delete
	visited, added, twice := 0, 0, 0
	visits := map[any]int{}
	for k, v := range m.Range {
		visited++
		if visits[k]++; visits[k] == 2 {
			twice++
		}
		if v == "added" {
			added++
			continue
		}
		seen[k.(int)] = true
		m.Store(1000+visited, "added")
		for next < 1000 && seen[next] {
			next++
		}
		if next < 1000 {
			m.Delete(next)
			next++
		}
	}
	fmt.Printf("Range visited %d entries: %d of them stored during the Range, %d originals (out of 1000)\n",
		visited, added, visited-added)
	fmt.Printf("keys visited twice: %d\n", twice)

	m.Clear()
	n = 0
	for range m.Range {
		n++
	}
	fmt.Printf("after Clear: %d entries\n", n)
}
