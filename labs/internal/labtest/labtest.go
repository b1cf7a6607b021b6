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

// NeedSteps stops t with "step N is not written yet: ..." at the first of steps for which
// missing says what that step does not do yet (missing returns "" for a step that does its
// basic job). A test that builds on earlier steps calls it first, so that while an earlier
// step is a stub the learner reads which step, instead of a failure that blames the test's
// setup or a number that means nothing.
func NeedSteps(t testing.TB, missing func(step int) string, steps ...int) {
	t.Helper()
	for _, n := range steps {
		if m := missing(n); m != "" {
			t.Fatalf("step %d is not written yet: %s", n, m)
		}
	}
}
