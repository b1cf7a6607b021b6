package testrun

import (
	"runtime"
	"strings"
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
	if got := s.LaterNote(course.English); got != want {
		t.Errorf("LaterNote() =\n%s\nwant\n%s", got, want)
	}
	t.Setenv("GOEXPERIMENT", "noswissmap")
	want = "step 10 needs Go 1.99, newer than the go command here: run it with GOTOOLCHAIN=go1.99.1 GOEXPERIMENT= go run ./tools/lab run 03"
	if got := s.LaterNote(course.English); got != want {
		t.Errorf("with GOEXPERIMENT=noswissmap, LaterNote() =\n%s\nwant\n%s", got, want)
	}
	s.Later = append(s.Later, course.LaterTest{Name: "TestStep11C", Release: 99, Lane: &lane})
	if got, want := s.LaterShort(course.English), "steps 10 and 11 need Go 1.99"; got != want {
		t.Errorf("LaterShort() = %q; want %q", got, want)
	}
	t.Setenv("LC_ALL", "C")
	want = "第 10、11 步需要 Go 1.99，比这里的 go 命令新：用 GOTOOLCHAIN=go1.99.1 GOEXPERIMENT= go run ./tools/lab run -lang zh 03 运行"
	if got := s.LaterNote(course.Chinese); got != want {
		t.Errorf("LaterNote(Chinese) =\n%s\nwant\n%s", got, want)
	}

	// A step that needs an experiment names it, and the variant that runs it.
	variant := lanes.Lane{Name: "simd", Toolchain: "go1.99.1", Experiment: "simd"}
	s.Later = []course.LaterTest{
		{Name: "TestStep10A", Release: 99, Lane: &lane},
		{Name: "TestStep11A", Release: 99, Experiment: "simd", Arch: runtime.GOARCH, Lane: &variant},
	}
	want = "step 10 needs Go 1.99, newer than the go command here: run it with GOTOOLCHAIN=go1.99.1 GOEXPERIMENT= go run ./tools/lab run 03; " +
		"step 11 needs GOEXPERIMENT=simd on Go 1.99 and " + runtime.GOARCH + ": run it with GOTOOLCHAIN=go1.99.1 GOEXPERIMENT=simd go run ./tools/lab run 03"
	if got := s.LaterNote(course.English); got != want {
		t.Errorf("with a step that needs an experiment, LaterNote() =\n%s\nwant\n%s", got, want)
	}
	s.Later[1].Lane, s.Later[1].Arch = nil, "nosucharch"
	if got, want := s.LaterNote(course.English), "; step 11 needs GOEXPERIMENT=simd on Go 1.99 and nosucharch, which this machine ("+runtime.GOARCH+") is not"; !strings.HasSuffix(got, want) {
		t.Errorf("with a step for another architecture, LaterNote() =\n%s\nwant it to end in\n%s", got, want)
	}
	s.Later[1].Lane, s.Later[1].Arch = &variant, runtime.GOARCH
	want = "第 10 步需要 Go 1.99，比这里的 go 命令新：用 GOTOOLCHAIN=go1.99.1 GOEXPERIMENT= go run ./tools/lab run -lang zh 03 运行；" +
		"第 11 步需要 Go 1.99 上的 GOEXPERIMENT=simd 和 " + runtime.GOARCH + "：用 GOTOOLCHAIN=go1.99.1 GOEXPERIMENT=simd go run ./tools/lab run -lang zh 03 运行"
	if got := s.LaterNote(course.Chinese); got != want {
		t.Errorf("with a step that needs an experiment, LaterNote(Chinese) =\n%s\nwant\n%s", got, want)
	}
}
