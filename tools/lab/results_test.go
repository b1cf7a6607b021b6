package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"gomaps/tools/lab/internal/testrun"
)

// TestListRunsOnlyWhatChanged: list runs no lab whose files are as shipped, remembers the labs
// it ran, and runs a lab again only when its files change; run and list agree on the next lab.
func TestListRunsOnlyWhatChanged(t *testing.T) {
	root := fixture(t)
	useStateDir(t)
	cmd := func(args ...string) string {
		t.Helper()
		var out bytes.Buffer
		runMain(context.Background(), append([]string{"-C", root}, args...), strings.NewReader(""), &out, &out)
		return out.String()
	}
	runs := func() int64 { return testrun.GoTestRuns.Load() }

	before := runs()
	if out := cmd("list"); !strings.Contains(out, "01-demo    not started (2 tests)") {
		t.Errorf("list of a fresh course:\n%s", out)
	}
	if n := runs() - before; n != 0 {
		t.Errorf("list of a fresh course ran go test %d times; want 0: every lab is as shipped", n)
	}

	solved := "package demo\n\nfunc Count(words []string) map[string]int {\n\tc := map[string]int{}\n\tfor _, w := range words {\n\t\tc[w]++\n\t}\n\treturn c\n}\n\nfunc Has(m map[string]int, k string) bool { _, ok := m[k]; return ok }\n"
	writeFile(t, filepath.Join(root, "labs/01-demo/demo.go"), solved)
	before = runs()
	if out := cmd("list"); !strings.Contains(out, "01-demo    passing") || !strings.Contains(out, "next: lab 02-pair") {
		t.Errorf("list after solving lab 01:\n%s", out)
	}
	if n := runs() - before; n != 1 {
		t.Errorf("list after solving lab 01 ran go test %d times; want 1", n)
	}
	before = runs()
	if out := cmd("list"); !strings.Contains(out, "01-demo    passing") {
		t.Errorf("list again:\n%s", out)
	}
	if n := runs() - before; n != 0 {
		t.Errorf("list again, nothing changed, ran go test %d times; want 0", n)
	}

	writeFile(t, filepath.Join(root, "labs/01-demo/demo.go"), strings.Replace(solved, "c[w]++", "c[w] += 2", 1))
	if out := cmd("run", "02"); !strings.Contains(out, "FAIL TestSumByA") {
		t.Errorf("run 02:\n%s", out)
	}
	before = runs()
	if out := cmd("list"); !strings.Contains(out, "01-demo    1 of 2 tests failing") || !strings.Contains(out, "next: lab 01-demo") {
		t.Errorf("list after breaking lab 01 again:\n%s", out)
	}
	if n := runs() - before; n != 1 {
		t.Errorf("list after a change to lab 01 ran go test %d times; want 1 (lab 02's result is remembered)", n)
	}
}
