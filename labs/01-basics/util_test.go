package basics_test

import "testing"

// noPanic runs f and reports whether it returned normally. If f panics, the
// test fails with a message naming call, and the other checks of the test
// still run: a panicking solution should read as one more broken rule, not
// as a crashed test binary.
func noPanic(t *testing.T, call string, f func()) bool {
	t.Helper()
	if r := panicValue(f); r != nil {
		t.Errorf("%s panicked: %v; want it to return normally", call, r)
		return false
	}
	return true
}

// panicValue runs f and returns what it panicked with, or nil. Since Go 1.21
// even panic(nil) recovers a non-nil *runtime.PanicNilError.
func panicValue(f func()) (r any) {
	defer func() { r = recover() }()
	f()
	return nil
}
