package labtest

import (
	"fmt"
	"os"
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
