package main

import (
	"bytes"
	"context"
	"encoding/json"
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

// TestRestoreOlderRunnersVersions: versions an older lab runner saved, without a maker or a time,
// and its mark of what its last checkpoint left, still restore: restore -list says who wrote
// them was not recorded; restore 03 gives back the newest saved before a checkpoint, keeping
// the files the old checkpoint left as a checkpoint's.
func TestRestoreOlderRunnersVersions(t *testing.T) {
	root := fixture(t)
	useStateDir(t)
	steps := filepath.Join(root, "labs/03-steps/steps.go")
	words := filepath.Join(root, "labs/03-steps/words.go")
	mine, _ := os.ReadFile(steps)
	theirs := append(mine, "\n// the old checkpoint's\n"...)
	os.WriteFile(steps, theirs, 0o644)
	wordsData, _ := os.ReadFile(words)
	dir := filepath.Join(strings.TrimSuffix((&course.Course{Root: root}).StateFile("checkpoints"), ".json"), "03-steps")
	files := func(steps []byte) map[string][]byte {
		return map[string][]byte{"labs/03-steps/steps.go": steps, "labs/03-steps/words.go": wordsData}
	}
	old := []struct {
		name string
		v    any
	}{
		{"0001.json", map[string]any{"Lab": "03-steps", "Why": "checkpoint 03 2", "Files": files(mine)}},
		{"last-checkpoint.json", map[string]any{"By": "checkpoint", "Version": 1, "Files": files(theirs)}},
	}
	for _, f := range old {
		data, _ := json.Marshal(f.v)
		writeFile(t, filepath.Join(dir, f.name), string(data))
	}
	cmd := func(args ...string) string {
		t.Helper()
		var out bytes.Buffer
		if code := runMain(context.Background(), append([]string{"-C", root}, args...), strings.NewReader(""), &out, &out); code != 0 {
			t.Fatalf("%s exits %d:\n%s", strings.Join(args, " "), code, out.String())
		}
		return normalizeState(out.String(), root)
	}
	if got, want := cmd("restore", "-list", "03"), "  1  time not recorded  saved before checkpoint 03 2; who wrote them was not recorded\n"; !strings.Contains(got, want) {
		t.Errorf("restore -list 03 of an older runner's version:\n%s\nwant a line %q", got, want)
	}
	got := cmd("restore", "03")
	for _, want := range []string{
		"lab 03-steps: the files saved before checkpoint 03 2 are back (version 1; who wrote them was not recorded)",
		"the files they replaced are saved too, as version 2 (written by an earlier checkpoint)",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("restore 03 of an older runner's versions:\n%s\nwant a line with %q", got, want)
		}
	}
	if data, _ := os.ReadFile(steps); !bytes.Equal(data, mine) {
		t.Errorf("after restore 03, steps.go =\n%s\nwant version 1's", data)
	}
}
