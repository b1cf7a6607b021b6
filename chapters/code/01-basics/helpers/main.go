// Helpers shows the maps and slices helpers for the jobs a bare map makes
// awkward: a stable key order, a real copy, deleting by predicate, equality.
package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

func main() {
	env := map[string]string{"HOME": "/home/gopher", "PATH": "/bin", "LANG": "C", "TZ": ""}

	// A stable order: collect the keys and sort them.
	for _, k := range slices.Sorted(maps.Keys(env)) {
		fmt.Printf("%s=%q ", k, env[k])
	}
	fmt.Println()

	// Assignment copies the reference: both names see one map.
	alias := env
	alias["EDITOR"] = "vi"
	fmt.Println("alias wrote through:", env["EDITOR"])

	// maps.Clone makes a new map (a shallow copy of the entries).
	clone := maps.Clone(env)
	clone["EDITOR"] = "emacs"
	fmt.Println("clone kept apart:   ", env["EDITOR"], clone["EDITOR"])
	fmt.Println("maps.Clone(nil) == nil:", maps.Clone(map[string]string(nil)) == nil)

	// maps.DeleteFunc deletes while it ranges, which the spec allows.
	maps.DeleteFunc(clone, func(k, v string) bool { return v == "" || strings.HasPrefix(k, "ED") })
	fmt.Println("after DeleteFunc:", clone)

	// == is not defined on maps (only m == nil); maps.Equal compares entries.
	fmt.Println("equal:", maps.Equal(clone, map[string]string{"HOME": "/home/gopher", "PATH": "/bin", "LANG": "C"}))
}
