// Package once checks the claims of the first seed post (S0) that do not depend on the map
// runtime: about client-go's informer store and Kubernetes, the source of other libraries and of
// the classic map, a compiler's type check, and sync.Map's API and source.
// Each test is named by the claim's ID (chapters/code/09-claims/s0.go).
//
// It runs once, on the default lane: it imports client-go, which no lane should have to compile
// with its own toolchain. The claims about the map runtime are in package s0, one folder up,
// which runs on every lane.
package once

import (
	"strings"
	"testing"

	"gomaps/chapters/code/09-claims/check"
)

func TestS0_09_StructWithMapFieldIsNotComparable(t *testing.T) {
	out, ok := check.Build(t, "./chapters/code/09-claims/s0/once/testdata/structcmp")
	if ok {
		t.Fatal("== on a struct with a map field compiled")
	}
	if want := "struct containing map[string]string cannot be compared"; !strings.Contains(out, want) {
		t.Errorf("the compiler did not say %q:\n%s", want, out)
	}
}
