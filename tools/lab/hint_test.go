package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"gomaps/labs/courseroot"
)

// TestHintFollowsTheStep: hint 03 shows step 1's hints one at a time, then, once step 1 passes,
// step 2's first hint; hint 03 1 still shows hint 1.
func TestHintFollowsTheStep(t *testing.T) {
	root := fixture(t)
	useStateDir(t)
	hint := func(args ...string) string { t.Helper(); return runHint(t, root, args...) }
	for i, want := range []string{
		"hint 1 of 3 for lab 03-steps (1 of 2 for step 1, where you are): step 1, doubling",
		"hint 2 of 3 for lab 03-steps (2 of 2 for step 1, where you are): step 1, in full",
		"hint 2 of 3 for lab 03-steps (again: the last hint for step 1): step 1, in full",
	} {
		if got := hint("03"); !strings.Contains(got, want) {
			t.Errorf("hint 03, call %d:\n%s\nwant a line %q", i+1, got, want)
		}
	}
	writeFile(t, filepath.Join(root, "labs/03-steps/steps.go"), "package steps\n\nfunc Double(n int) int { return 2 * n }\n\nfunc Triple(n int) int { return 0 }\n")
	writeFile(t, filepath.Join(root, "labs/03-steps/words.go"), "package steps\n\nimport \"strings\"\n\nfunc Shout(s string) string { return strings.ToUpper(s) + \"!\" }\n\nfunc Whisper(s string) string { return s }\n")
	if got, want := hint("03"), "hint 3 of 3 for lab 03-steps (1 of 1 for step 2, where you are): step 2, tripling"; !strings.Contains(got, want) {
		t.Errorf("hint 03 at step 2:\n%s\nwant a line %q", got, want)
	}
	if got, want := hint("03", "1"), "hint 1 of 3 for lab 03-steps: step 1, doubling"; !strings.Contains(got, want) {
		t.Errorf("hint 03 1:\n%s\nwant a line %q", got, want)
	}
}

// useStateDir points the runner's state (the hints shown) at a fresh folder for one test.
func useStateDir(t *testing.T) {
	t.Setenv(courseroot.CacheEnv, t.TempDir())
}

// TestHintInChinese: hint -lang zh, or a Chinese locale, shows the same hints, by the same numbers
// and for the same steps, from the chapter's Chinese twin; the runner's own words stay English.
func TestHintInChinese(t *testing.T) {
	root := fixture(t)
	useStateDir(t)
	hint := func(args ...string) string { t.Helper(); return runHint(t, root, args...) }
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", "en_US.UTF-8")
	got := hint("-lang", "zh", "03")
	for _, want := range []string{
		"hint 1 of 3 for lab 03-steps (1 of 2 for step 1, where you are): 第 1 步，翻倍",
		"把 n 加到它自己上。",
		"the next hint says more: go run ./tools/lab hint -lang zh 03",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("hint -lang zh 03:\n%s\nwant a line with %q", got, want)
		}
	}
	// The same learner's next hint comes from where the English ones left off, in Chinese.
	if got, want := hint("03"), "hint 2 of 3 for lab 03-steps (2 of 2 for step 1, where you are): step 1, in full"; !strings.Contains(got, want) {
		t.Errorf("hint 03 after hint -lang zh 03:\n%s\nwant %q", got, want)
	}
	t.Setenv("LANG", "zh_CN.UTF-8")
	if got, want := hint("01", "2"), "hint 2 of 2 for lab 01-demo: comma-ok 写法"; !strings.Contains(got, want) {
		t.Errorf("hint 01 2 with LANG=zh_CN.UTF-8:\n%s\nwant %q", got, want)
	}
	if got, want := hint("-lang", "en", "01", "2"), "hint 2 of 2 for lab 01-demo: comma-ok"; !strings.Contains(got, want) || strings.Contains(got, "写法") {
		t.Errorf("hint -lang en 01 2 with LANG=zh_CN.UTF-8:\n%s\nwant %q", got, want)
	}
	var out bytes.Buffer
	if code := runMain(context.Background(), []string{"-C", root, "hint", "-lang", "fr", "01"}, strings.NewReader(""), &out, &out); code == 0 || !strings.Contains(out.String(), "the book has en (English) and zh (Chinese)") {
		t.Errorf("hint -lang fr 01: exit %d\n%s\nwant a usage error naming en and zh", code, out.String())
	}
}

// runHint runs the runner's hint command with args in the course at root, and returns what it
// printed; it fails the test when hint exits with an error.
func runHint(t *testing.T, root string, args ...string) string {
	t.Helper()
	var out bytes.Buffer
	if code := runMain(context.Background(), append([]string{"-C", root, "hint"}, args...), strings.NewReader(""), &out, &out); code != 0 {
		t.Fatalf("hint %v: exit %d\n%s", args, code, out.String())
	}
	return out.String()
}
