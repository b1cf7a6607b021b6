// Commaok shows that a missing key reads as the zero value, and how comma-ok
// tells "absent" from "present and zero".
package main

import (
	"fmt"
	"strings"
)

func main() {
	retries := map[string]int{"payments": 0} // 0 means "never retry"

	fmt.Println(`retries["payments"] =`, retries["payments"])
	fmt.Println(`retries["backup"]   =`, retries["backup"]) // absent: also 0

	n, ok := retries["payments"]
	fmt.Println(`comma-ok "payments":`, n, ok)
	n, ok = retries["backup"]
	fmt.Println(`comma-ok "backup":  `, n, ok)

	// The zero value is what makes counting a one-liner.
	counts := map[string]int{}
	for _, w := range strings.Fields("the cat and the hat and the bat") {
		counts[w]++
	}
	fmt.Println(counts) // fmt prints maps in key order
}
