package labtest

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// recorder is a testing.TB that keeps the errors instead of failing the test.
type recorder struct {
	testing.TB
	errors []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, format)
	_ = args
}

func TestTry(t *testing.T) {
	r := &recorder{TB: t}
	if !Try(r, "Get(1)", func() {}) || len(r.errors) != 0 {
		t.Fatalf("Try of a function that returns: got errors %v", r.errors)
	}
	if Try(r, "Get(1)", func() { panic("TODO") }) {
		t.Fatal("Try of a function that panics returned true")
	}
	if len(r.errors) != 1 || !strings.Contains(r.errors[0], "panicked") {
		t.Fatalf("Try of a function that panics: errors %v, want one saying it panicked", r.errors)
	}
}

const childEnv = "LABTEST_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) != "" {
		fmt.Println("child says", os.Getenv(childEnv))
		os.Exit(3)
	}
	os.Exit(m.Run())
}

func TestRerun(t *testing.T) {
	out, code, hung := Rerun(t, childEnv+"=hello")
	if out != "child says hello\n" || code != 3 || hung {
		t.Fatalf("Rerun = %q, exit %d, hung %v; want \"child says hello\\n\", exit 3, not hung", out, code, hung)
	}
}

func TestRerunTest(t *testing.T) {
	if os.Getenv(childEnv+"_TEST") != "" {
		fmt.Println("running", t.Name())
		t.Fatal("as told")
	}
	out, code, hung := RerunTest(t, childEnv+"_TEST=1")
	if !strings.Contains(out, "running TestRerunTest\n") || !strings.Contains(out, "as told") || strings.Contains(out, "TestRerun\n") || code != 1 || hung {
		t.Fatalf("RerunTest = %q, exit %d, hung %v; want this test's output only, failed, exit 1, not hung", out, code, hung)
	}
}

func TestFrames(t *testing.T) {
	trace := `fatal error: concurrent map writes

goroutine 12 [running]:
internal/runtime/maps.fatal({0x5b1e2a?, 0x0?})
	/usr/lib/go/src/runtime/panic.go:1058 +0x18
gomaps/labs/08-operator.(*Registry).Set(0xc0000a2000, {0x5b0f1c, 0x5}, 0xc0001)
	/home/reader/gomaps/labs/08-operator/registry.go:27 +0x5d fp=0xc000 sp=0xc000 pc=0x4f
gomaps/labs/08-operator_test.registryUnderLoad.func1()
	/home/reader/gomaps/labs/08-operator/step5_race_test.go:41 +0x9a
gomaps/labs/08-operatorx.Other(...)
	/home/reader/gomaps/labs/08-operatorx/other.go:3
created by gomaps/labs/08-operator_test.registryUnderLoad in goroutine 7
	/home/reader/gomaps/labs/08-operator/step5_race_test.go:37 +0x1c
`
	got := Frames(trace, "labs/08-operator")
	want := []Frame{
		{"gomaps/labs/08-operator.(*Registry).Set", "registry.go", "27"},
		{"gomaps/labs/08-operator_test.registryUnderLoad.func1", "step5_race_test.go", "41"},
		{"created by gomaps/labs/08-operator_test.registryUnderLoad", "step5_race_test.go", "37"},
	}
	if !slices.Equal(got, want) {
		t.Fatalf("Frames = %q;\nwant %q", got, want)
	}
	if got[0].Pos() != "registry.go:27" || got[0].Test() || !got[1].Test() {
		t.Fatalf("Pos() = %q, Test() = %v, %v; want registry.go:27, false, true", got[0].Pos(), got[0].Test(), got[1].Test())
	}
}
