package testrun

import (
	"slices"
	"strings"
	"testing"

	"gomaps/labs/testout"
)

// testifyOutput is what go test printed for a failing assert.Equal of two maps and a failing
// assert.True, each with a message (testify v1.11).
const testifyOutput = "    merge_test.go:10: \n" +
	"        \tError Trace:\t/home/someone/gomaps/labs/01-basics/merge_test.go:10\n" +
	"        \tError:      \tNot equal: \n" +
	"        \t            \texpected: map[string]int{\"a\":1, \"b\":2}\n" +
	"        \t            \tactual  : map[string]int{\"a\":1}\n" +
	"        \t            \t\n" +
	"        \t            \tDiff:\n" +
	"        \t            \t--- Expected\n" +
	"        \t            \t+++ Actual\n" +
	"        \t            \t@@ -1,4 +1,3 @@\n" +
	"        \t            \t-(map[string]int) (len=2) {\n" +
	"        \t            \t- (string) (len=1) \"a\": (int) 1,\n" +
	"        \t            \t- (string) (len=1) \"b\": (int) 2\n" +
	"        \t            \t+(map[string]int) (len=1) {\n" +
	"        \t            \t+ (string) (len=1) \"a\": (int) 1\n" +
	"        \t            \t }\n" +
	"        \tTest:       \tTestMerge\n" +
	"        \tMessages:   \tMerge(base, overrides) is wrong: overrides win\n" +
	"    merge_test.go:11: \n" +
	"        \tError Trace:\t/home/someone/gomaps/labs/01-basics/merge_test.go:11\n" +
	"        \tError:      \tShould be true\n" +
	"        \tTest:       \tTestMerge\n" +
	"        \tMessages:   \tMerge modified base\n"

// A testify failure is shown whole: its message first, then the error with the expected and
// actual values and the diff, blank line included; the trace and the test's name are left out.
func TestFirstMessageTestify(t *testing.T) {
	p := &testout.Package{Order: []string{"TestMerge"}, Tests: map[string]*testout.Test{
		"TestMerge": {Output: strings.Split(strings.TrimSuffix(testifyOutput, "\n"), "\n")},
	}}
	msg, _ := firstMessage(p, "TestMerge")
	want := []string{
		"merge_test.go:10: Merge(base, overrides) is wrong: overrides win",
		"Not equal:",
		`expected: map[string]int{"a":1, "b":2}`,
		`actual  : map[string]int{"a":1}`,
		"",
		"Diff:",
		"--- Expected",
		"+++ Actual",
		"@@ -1,4 +1,3 @@",
		"-(map[string]int) (len=2) {",
		`- (string) (len=1) "a": (int) 1,`,
		`- (string) (len=1) "b": (int) 2`,
		"+(map[string]int) (len=1) {",
		`+ (string) (len=1) "a": (int) 1`,
		" }",
	}
	if !slices.Equal(msg, want) {
		t.Errorf("firstMessage of a testify failure =\n%s\nwant\n%s", strings.Join(msg, "\n"), strings.Join(want, "\n"))
	}
}

// A plain t.Errorf message that goes on over several lines keeps them all, trimmed.
func TestFirstMessagePlain(t *testing.T) {
	out := "    lookup_test.go:26: Retries(overrides, \"import\", 3) = -1; want 5\n" +
		"        the job has an override of 5\n" +
		"    lookup_test.go:27: second"
	p := &testout.Package{Order: []string{"TestRetries"}, Tests: map[string]*testout.Test{
		"TestRetries": {Output: strings.Split(out, "\n")},
	}}
	msg, _ := firstMessage(p, "TestRetries")
	want := []string{`lookup_test.go:26: Retries(overrides, "import", 3) = -1; want 5`, "the job has an override of 5"}
	if !slices.Equal(msg, want) {
		t.Errorf("firstMessage = %q, want %q", msg, want)
	}
}
