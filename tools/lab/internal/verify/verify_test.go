package verify

import (
	"testing"

	"gomaps/labs/testout"
)

func TestFuzzEngineLines(t *testing.T) {
	p := &testout.Package{Tests: map[string]*testout.Test{"FuzzMap": {Output: []string{
		"fuzz: elapsed: 0s, gathering baseline coverage: 0/12 completed",
		"fuzz: elapsed: 3s, execs: 1000 (333/sec), new interesting: 0 (total: 12)",
		"--- FAIL: FuzzMap (3.10s)",
		"    fuzzing process hung or terminated unexpectedly: exit status 2",
		"",
	}}}}
	if got, want := fuzzEngineLines(p, "FuzzMap"), "fuzzing process hung or terminated unexpectedly: exit status 2"; got != want {
		t.Errorf("fuzzEngineLines = %q, want %q", got, want)
	}
	if got := fuzzEngineLines(p, "FuzzOther"); got != "(nothing)" {
		t.Errorf("fuzzEngineLines of a target with no output = %q, want (nothing)", got)
	}
}
