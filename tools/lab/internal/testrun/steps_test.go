package testrun

import (
	"strings"
	"testing"

	"gomaps/tools/lab/internal/course"
)

func TestReportShowsTheLowestFailingStep(t *testing.T) {
	l := &course.Lab{Name: "02-buckets", Num: "02", Word: "buckets"}
	fail := func(name, msg string) Failure { return Failure{Test: name, Msg: []string{msg}} }
	s := &Status{
		Lab:   l,
		Tests: []string{"TestStep1Lookup", "TestStep2Insert", "TestStep2Update", "TestStep3Overflow", "TestStep10Suite", "FuzzMap"},
		Failing: []Failure{
			fail("TestStep2Update", "Put(1, 2) did not replace the value"),
			fail("TestStep3Overflow", "the 9th key found no slot"),
			fail("TestStep10Suite", "Get(1) = 0, false"),
			fail("FuzzMap", "operation 3: Get(1) = 0, false"),
		},
	}
	c := &course.Course{Labs: []*course.Lab{l}}
	var b strings.Builder
	Report(c, s, &b)
	want := `lab 02-buckets: 4 of 6 tests failing
you are at step 2 of 10: 1 of its 2 tests failing (step 1 passes)

FAIL TestStep2Update
     Put(1, 2) did not replace the value

not shown: 3 failing tests of later steps; they wait until step 2 of 10 passes

edit the files in labs/02-buckets; stuck on step 2? go run ./tools/lab hint 02 shows its hints one at a time
`
	if got := b.String(); got != want {
		t.Errorf("report:\n%s\nwant:\n%s", got, want)
	}
	if got, want := s.state(c), "at step 2 of 10, 4 of 6 tests failing"; got != want {
		t.Errorf("state = %q; want %q", got, want)
	}

	// Once every step passes, the tests without a step number are shown.
	s.Failing = s.Failing[3:]
	b.Reset()
	Report(c, s, &b)
	if !strings.Contains(b.String(), "you are at the tests after the steps: 1 of its 1 test failing (steps 1, 2, 3, 10 pass)\n\nFAIL FuzzMap\n") {
		t.Errorf("report after the steps:\n%s", b.String())
	}

	// A lab without steps is reported as before: every failure in full.
	s.Tests, s.Failing = []string{"TestA", "TestB"}, []Failure{fail("TestA", "a"), fail("TestB", "b")}
	b.Reset()
	Report(c, s, &b)
	if strings.Contains(b.String(), "step ") || !strings.Contains(b.String(), "FAIL TestB") {
		t.Errorf("report of a lab without steps:\n%s", b.String())
	}
}
