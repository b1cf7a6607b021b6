// Package labtest holds what the labs' graders share.
package labtest

import "testing"

// Try runs f and reports whether it returned normally. A panic becomes a test failure naming
// call, so that an unfinished or broken step reads as a message, not as a crashed test binary.
func Try(t testing.TB, call string, f func()) bool {
	t.Helper()
	var r any
	func() {
		defer func() { r = recover() }()
		f()
	}()
	if r != nil {
		t.Errorf("%s panicked: %v", call, r)
		return false
	}
	return true
}
