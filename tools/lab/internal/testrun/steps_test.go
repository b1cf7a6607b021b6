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
	if got, want := s.state(s.kind(c), course.English), "at step 2 of 10, 4 of 6 tests failing"; got != want {
		t.Errorf("state = %q; want %q", got, want)
	}
	if got, want := s.state(s.kind(c), course.Chinese), "在第 2 步（共 10 步），6 个测试中 4 个没通过"; got != want {
		t.Errorf("state in Chinese = %q; want %q", got, want)
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

// A step of the lab's //lab:first comes before the others: on the build that runs every step's
// code on its files (lab 03's step 11 with GOEXPERIMENT=simd), the learner is put there while it
// fails, whatever else fails; once it passes, the lowest failing step of the others.
func TestReportPutsAFirstStepFirst(t *testing.T) {
	l := &course.Lab{Name: "03-swiss", Num: "03", Word: "swiss", First: []int{11}}
	fail := func(name string) Failure { return Failure{Test: name, Msg: []string{name + " fails"}} }
	s := &Status{
		Lab:     l,
		Tests:   []string{"TestStep1Match", "TestStep2Small", "TestStep11Match", "TestStep11Hash"},
		Failing: []Failure{fail("TestStep1Match"), fail("TestStep2Small"), fail("TestStep11Match")},
	}
	c := &course.Course{Labs: []*course.Lab{l}}
	var b strings.Builder
	Report(c, s, &b)
	if got := s.Step(); got != 11 {
		t.Errorf("Step() = %d with steps 1, 2 and 11 failing, 11 first; want 11", got)
	}
	for _, want := range []string{
		"you are at step 11 of 11: 1 of its 2 tests failing; on this build it comes first: the other steps' code runs on its files\n",
		"FAIL TestStep11Match\n",
		"not shown: 2 failing tests of later steps; they wait until step 11 of 11 passes\n",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("report:\n%s\nwant it to say %q", b.String(), want)
		}
	}

	// Once it passes, the others come in their order, and it is among those that pass.
	s.Failing = s.Failing[1:2]
	b.Reset()
	Report(c, s, &b)
	if got := s.Step(); got != 2 {
		t.Errorf("Step() = %d with step 2 failing alone; want 2", got)
	}
	if want := "you are at step 2 of 11: 1 of its 1 test failing (steps 1, 11 pass)\n"; !strings.Contains(b.String(), want) {
		t.Errorf("report:\n%s\nwant it to say %q", b.String(), want)
	}

	// Without the directive, the lowest failing step comes first.
	s.Failing = []Failure{fail("TestStep1Match"), fail("TestStep11Match")}
	l.First = nil
	if got := s.Step(); got != 1 {
		t.Errorf("Step() = %d with steps 1 and 11 failing and no step first; want 1", got)
	}
}
