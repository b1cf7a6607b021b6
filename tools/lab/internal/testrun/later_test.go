package testrun

import (
	"testing"

	"gomaps/labs/lanes"
	"gomaps/tools/lab/internal/course"
)

// TestLaterNote: the sentence names the steps, the Go they need, and the command that runs them
// on the course's lane of that Go, with the learner's GOEXPERIMENT emptied when the lane has none.
func TestLaterNote(t *testing.T) {
	lane := lanes.Lane{Name: "future", Toolchain: "go1.99.1"}
	s := &Status{Lab: &course.Lab{Num: "03", Name: "03-swiss"}, Later: []course.LaterTest{
		{Name: "TestStep10A", Release: 99, Lane: &lane}, {Name: "FuzzStep10B", Release: 99, Lane: &lane},
	}}
	t.Setenv("GOEXPERIMENT", "")
	want := "step 10 needs Go 1.99, newer than the go command here: run it with GOTOOLCHAIN=go1.99.1 go run ./tools/lab run 03"
	if got := s.LaterNote(); got != want {
		t.Errorf("LaterNote() =\n%s\nwant\n%s", got, want)
	}
	t.Setenv("GOEXPERIMENT", "noswissmap")
	want = "step 10 needs Go 1.99, newer than the go command here: run it with GOTOOLCHAIN=go1.99.1 GOEXPERIMENT= go run ./tools/lab run 03"
	if got := s.LaterNote(); got != want {
		t.Errorf("with GOEXPERIMENT=noswissmap, LaterNote() =\n%s\nwant\n%s", got, want)
	}
	s.Later = append(s.Later, course.LaterTest{Name: "TestStep11C", Release: 99, Lane: &lane})
	if got, want := s.LaterShort(), "steps 10 and 11 need Go 1.99"; got != want {
		t.Errorf("LaterShort() = %q; want %q", got, want)
	}
}
