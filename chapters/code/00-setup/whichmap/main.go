// Whichmap prints the Go version it was built with and which implementation
// of the built-in map that build uses.
package main

import (
	"fmt"
	"runtime"
	"strings"
)

func main() {
	// Print the minor version only ("go1.26"), so the output is the same on
	// every patch release.
	v := runtime.Version()
	if parts := strings.SplitN(v, ".", 3); len(parts) == 3 {
		v = parts[0] + "." + parts[1]
	}
	fmt.Printf("%s: %s\n", v, implementation)
}

//course:every-lane its files are built for one map runtime each
