//go:build !unix

package maptest

import "testing"

// StringsAtPageEdges checks, on a Unix system, that a string hash reads no
// byte outside its string. Here it cannot map memory with no access, and
// says so in the test's log.
func StringsAtPageEdges(t *testing.T, hn HashName, hashString func(seed uint64, s string) uint64) {
	t.Helper()
	t.Logf("%s was not checked on strings at the edges of mapped memory: that needs a Unix system", hn.Func)
}
