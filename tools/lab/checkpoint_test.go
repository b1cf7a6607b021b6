package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"gomaps/tools/lab/internal/course"
)

// TestCheckpointCRLF: in a checkout with CRLF line ends on disk (core.autocrlf=true, Git for
// Windows' usual setting) while git show gives the shipped files with LF, checkpoint puts in
// place the same code as in an LF checkout.
func TestCheckpointCRLF(t *testing.T) {
	results := map[bool]string{}
	for _, crlf := range []bool{false, true} {
		root := fixture(t)
		useStateDir(t)
		// A func the solution leaves as shipped: with CRLF on disk only, it looked changed.
		helper := "\n// Same is the same in the lab and the solution.\nfunc Same(n int) int {\n\treturn n\n}\n"
		for _, f := range []string{"labs/03-steps/steps.go", "solutions/03-steps/steps.go"} {
			data, _ := os.ReadFile(filepath.Join(root, f))
			os.WriteFile(filepath.Join(root, f), append(data, helper...), 0o644)
		}
		commit := exec.Command("git", "-c", "user.name=course", "-c", "user.email=course@example.com", "commit", "-q", "-a", "-m", "a shared helper")
		commit.Dir = root
		if out, err := commit.CombinedOutput(); err != nil {
			t.Fatalf("git commit: %v\n%s", err, out)
		}
		if crlf {
			for _, dir := range []string{"labs/03-steps", "solutions/03-steps", "solutions/03-steps/step-1"} {
				files, _ := filepath.Glob(filepath.Join(root, dir, "*.go"))
				for _, f := range files {
					data, _ := os.ReadFile(f)
					os.WriteFile(f, []byte(strings.ReplaceAll(string(data), "\n", "\r\n")), 0o644)
				}
			}
		}
		var out bytes.Buffer
		if code := runMain(context.Background(), []string{"-C", root, "checkpoint", "03", "2"}, strings.NewReader(""), &out, &out); code != 0 {
			t.Fatalf("crlf %v: checkpoint 03 2 exits %d:\n%s", crlf, code, out.String())
		}
		var files strings.Builder
		for _, name := range []string{"steps.go", "words.go"} {
			data, _ := os.ReadFile(filepath.Join(root, "labs", "03-steps", name))
			files.Write(course.NormalizeEOL(data))
		}
		results[crlf] = normalizeState(out.String(), root) + files.String()
	}
	if results[true] != results[false] {
		t.Errorf("checkpoint 03 2 differs with CRLF files:\n--- LF\n%s--- CRLF\n%s", results[false], results[true])
	}
}
