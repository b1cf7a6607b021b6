package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gomaps/labs/courseroot"
	"gomaps/tools/internal/linediff"
	"gomaps/tools/lab/internal/course"
)

// TestShippedManifest checks that labs/shipped.sum holds the hashes of every lab's files as they
// are in this checkout: an author who changes a lab rewrites it with -update.
func TestShippedManifest(t *testing.T) {
	c, err := course.Open("../..", course.English)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := writeManifest(c, &b); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(c.Root, courseroot.Manifest)
	if *update {
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v: write it with go test ./tools/lab -run TestShippedManifest -update", err)
	}
	if !bytes.Equal(got, b.Bytes()) {
		t.Errorf("%s is not up to date with the labs' tests: after changing a grader, rewrite it with go test ./tools/lab -run TestShippedManifest -update\n%s",
			courseroot.Manifest, linediff.Unified(courseroot.Manifest, "now", string(got), b.String()))
	}
}

// TestManifestDecidesWithoutGit: a course with a manifest and no git history still tells a
// changed test file, an added one and a deleted one.
func TestManifestDecidesWithoutGit(t *testing.T) {
	root := fixture(t)
	if err := os.RemoveAll(filepath.Join(root, ".git")); err != nil {
		t.Fatal(err)
	}
	c, err := course.Open(root, course.English)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := writeManifest(c, &b); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(root, courseroot.Manifest), b.String())
	l, _ := c.Lab("01")
	if ch := c.GraderChanges(l); len(ch) != 0 {
		t.Fatalf("graders as shipped: changes %v; want none", ch)
	}
	test := filepath.Join(root, "labs/01-demo/demo_test.go")
	data, _ := os.ReadFile(test)
	writeFile(t, test, strings.Replace(string(data), "len(got) != 2", "len(got) < 0", 1))
	writeFile(t, filepath.Join(root, "labs/01-demo/mine_test.go"), "package demo\n")
	got := course.DescribeChanges(c.GraderChanges(l), course.English)
	want := "2 files that grade it are not as shipped: labs/01-demo/demo_test.go (changed), labs/01-demo/mine_test.go (added)"
	if got != want {
		t.Errorf("after editing a test and adding one: %q; want %q", got, want)
	}
	os.Remove(test)
	if got := course.DescribeChanges(c.GraderChanges(l), course.English); !strings.Contains(got, "demo_test.go (deleted)") {
		t.Errorf("after deleting demo_test.go: %q; want it named as deleted", got)
	}
	var out bytes.Buffer
	code := runMain(context.Background(), []string{"-C", root, "reset", "-y", "-tests", "01"}, strings.NewReader(""), &out, &out)
	if code == 0 || !strings.Contains(out.String(), "not a git checkout") {
		t.Errorf("reset -tests without git: exit %d, %q; want a failure that says git is needed", code, out.String())
	}
}

// TestResetTestsKeepsTheLearnersFiles: reset -tests restores a changed test file and removes an
// added one, and leaves the learner's edit of the lab's own file alone.
func TestResetTestsKeepsTheLearnersFiles(t *testing.T) {
	root := fixture(t)
	demo := filepath.Join(root, "labs/01-demo/demo.go")
	test := filepath.Join(root, "labs/01-demo/demo_test.go")
	shipped, _ := os.ReadFile(test)
	writeFile(t, demo, "package demo\n\n// mine\n")
	writeFile(t, test, "package demo\n")
	writeFile(t, filepath.Join(root, "labs/01-demo/extra_test.go"), "package demo\n")
	var out bytes.Buffer
	if code := runMain(context.Background(), []string{"-C", root, "reset", "-y", "-tests", "01"}, strings.NewReader(""), &out, &out); code != 0 {
		t.Fatalf("reset -y -tests 01: exit %d; want 0\n%s", code, out.String())
	}
	if got, _ := os.ReadFile(test); !bytes.Equal(got, shipped) {
		t.Errorf("after reset -tests, demo_test.go = %q; want the shipped file", got)
	}
	if _, err := os.Stat(filepath.Join(root, "labs/01-demo/extra_test.go")); err == nil {
		t.Errorf("after reset -tests, extra_test.go still exists; want it removed")
	}
	if got, _ := os.ReadFile(demo); string(got) != "package demo\n\n// mine\n" {
		t.Errorf("reset -tests changed the learner's demo.go to %q; want it kept", got)
	}
}

// writeManifest writes the hashes of every lab's files as they are now: labs/shipped.sum.
func writeManifest(c *course.Course, w io.Writer) error {
	fmt.Fprintln(w, "# The labs as shipped. The lab runner never reports a lab as passing while one of its *_test.go")
	fmt.Fprintln(w, "# files differs from these, and reports a lab whose files all match as not started, without")
	fmt.Fprintln(w, "# running it. Rewritten by: go test ./tools/lab -run TestShippedManifest -update")
	for _, l := range c.Labs {
		for _, f := range c.LabFiles(l) {
			data, err := os.ReadFile(filepath.Join(c.Root, f))
			if err != nil {
				return err
			}
			fmt.Fprintf(w, "%s  %s\n", courseroot.ShippedSum(data), f)
		}
	}
	return nil
}
