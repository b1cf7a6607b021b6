package hint

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gomaps/labs/courseroot"
	"gomaps/tools/internal/gocmd"
	"gomaps/tools/lab/internal/course"
	"gomaps/tools/lab/internal/testrun"
)

// A small course: lab 01 in two steps, whose test imports a package the labs share.
var smallCourse = map[string]string{
	"go.mod":                 "module course\n\ngo 1.25\n",
	"labs/01-steps/steps.go": "package steps\n\nfunc Double(n int) int { return 0 }\n\nfunc Triple(n int) int { return 0 }\n",
	"labs/01-steps/steps_test.go": `package steps

import (
	"testing"

	"course/labs/internal/shared"
)

func TestStep1Double(t *testing.T) {
	if got := Double(2); got != shared.Four {
		t.Errorf("Double(2) = %d; want %d", got, shared.Four)
	}
}

func TestStep2Triple(t *testing.T) {
	if got := Triple(2); got != 6 {
		t.Errorf("Triple(2) = %d; want 6", got)
	}
}
`,
	"labs/internal/shared/shared.go": "package shared\n\nconst Four = 4\n",
	"chapters/01-steps.md": "# 01 steps\n\n## Hints\n\n??? tip \"Hint 1: step 1, doubling\"\n    Add n to itself.\n\n" +
		"??? tip \"Hint 2: step 2, tripling\"\n    `return 3 * n`.\n",
}

// TestHintKeepsTheLastRun: a second hint with nothing changed takes the step from the last run
// instead of running the tests again; a change to anything the result depends on (the lab's
// file, its test, a package its test imports, go.mod, a setting of the runtime) runs them again.
func TestHintKeepsTheLastRun(t *testing.T) {
	root := t.TempDir()
	for name, data := range smallCourse {
		write(t, root, name, data)
	}
	t.Setenv(courseroot.CacheEnv, t.TempDir())
	t.Setenv("GODEBUG", "")
	c, err := course.Open(root, course.English)
	if err != nil {
		t.Fatal(err)
	}
	c.Go = gocmd.Machine().In(root)
	hintOf := func(what string, wantRuns int64, wantStep string) {
		t.Helper()
		before := testrun.GoTestRuns.Load()
		var out bytes.Buffer
		if err := hint(context.Background(), c, c.Labs[0], "", &out); err != nil {
			t.Fatalf("%s: hint: %v", what, err)
		}
		if got := testrun.GoTestRuns.Load() - before; got != wantRuns {
			t.Errorf("%s: hint ran the tests %d times; want %d\n%s", what, got, wantRuns, out.String())
		}
		if got := out.String(); !strings.Contains(got, "for "+wantStep+", where you are)") && !strings.Contains(got, "the last hint for "+wantStep+")") {
			t.Errorf("%s: hint said\n%s\nwant a hint for %s", what, out.String(), wantStep)
		}
	}
	hintOf("the first hint", 1, "step 1")
	hintOf("again, nothing changed", 0, "step 1")
	write(t, root, "labs/01-steps/steps.go", strings.Replace(smallCourse["labs/01-steps/steps.go"], "Double(n int) int { return 0 }", "Double(n int) int { return 2 * n }", 1))
	hintOf("after the learner's change", 1, "step 2")
	hintOf("again, nothing changed", 0, "step 2")
	write(t, root, "labs/internal/shared/shared.go", "package shared\n\nconst Four = 5\n")
	hintOf("after a change to a package the test imports", 1, "step 1")
	hintOf("again, nothing changed", 0, "step 1")
	write(t, root, "labs/internal/shared/shared.go", smallCourse["labs/internal/shared/shared.go"])
	hintOf("after that change is undone", 1, "step 2")
	write(t, root, "labs/01-steps/steps_test.go", smallCourse["labs/01-steps/steps_test.go"]+"\n// a comment\n")
	hintOf("after a change to the test", 1, "step 2")
	write(t, root, "go.mod", smallCourse["go.mod"]+"\n// a comment\n")
	hintOf("after a change to go.mod", 1, "step 2")
	write(t, root, "labs/01-steps/testdata/fuzz/FuzzX/1", "go test fuzz v1\nint(1)\n")
	hintOf("after a file appeared in testdata", 1, "step 2")
	t.Setenv("GODEBUG", "panicnil=1")
	hintOf("with another GODEBUG", 1, "step 2")
	hintOf("again, nothing changed", 0, "step 2")
}

func write(t *testing.T, root, name, data string) {
	t.Helper()
	path := filepath.Join(root, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}
