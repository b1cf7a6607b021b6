package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"gomaps/labs/courseroot"
	"gomaps/tools/lab/internal/course"
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
// and for the same steps, from the chapter's Chinese twin, and the runner's own words around
// them are Chinese too; -lang en, or an English locale, gives it all in English.
func TestHintInChinese(t *testing.T) {
	root := fixture(t)
	useStateDir(t)
	hint := func(args ...string) string { t.Helper(); return runHint(t, root, args...) }
	t.Setenv("LANG", "en_US.UTF-8")
	got := hint("-lang", "zh", "03")
	for _, want := range []string{
		"正在运行实验 03-steps 的测试，看看你在哪一步……",
		"实验 03-steps 的第 1 条提示（chapters/zh/03-steps.md 共 3 条；你在第 1 步，这是它的第 1 条，共 2 条）：第 1 步，翻倍",
		"把 n 加到它自己上。",
		"还是卡住了？下一条提示会说得更多：go run ./tools/lab hint -lang zh 03",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("hint -lang zh 03:\n%s\nwant a line with %q", got, want)
		}
	}
	// The same learner's next hint comes from where the Chinese ones left off, in English.
	got = hint("03")
	if want := "hint 2 of 3 for lab 03-steps (2 of 2 for step 1, where you are): step 1, in full"; !strings.Contains(got, want) {
		t.Errorf("hint 03 after hint -lang zh 03:\n%s\nwant %q", got, want)
	}
	if want := "nothing lab 03-steps depends on changed since its tests last ran"; !strings.Contains(got, want) {
		t.Errorf("hint 03 after hint -lang zh 03:\n%s\nwant %q", got, want)
	}
	t.Setenv("LANG", "zh_CN.UTF-8")
	for _, args := range [][]string{{"01", "2"}, {"-lang", "zh", "01", "2"}} {
		got := hint(args...)
		for _, want := range []string{"实验 01-demo 的第 2 条提示（chapters/zh/01-demo.md 共 2 条）：Has，comma-ok 写法", "这是最后一条提示；参考答案：go run ./tools/lab solution 01"} {
			if !strings.Contains(got, want) {
				t.Errorf("hint %v with LANG=zh_CN.UTF-8:\n%s\nwant %q", args, got, want)
			}
		}
	}
	got = hint("-lang", "en", "01", "2")
	for _, want := range []string{"hint 2 of 2 for lab 01-demo: Has, comma-ok", "that was the last hint; the solution: go run ./tools/lab solution -lang en 01"} {
		if !strings.Contains(got, want) || strings.Contains(got, "写法") {
			t.Errorf("hint -lang en 01 2 with LANG=zh_CN.UTF-8:\n%s\nwant %q, and no Chinese", got, want)
		}
	}
	// -lang before the command is the same flag.
	var out bytes.Buffer
	if code := runMain(context.Background(), []string{"-C", root, "-lang", "en", "hint", "01", "2"}, strings.NewReader(""), &out, &out); code != 0 || !strings.Contains(out.String(), "hint 2 of 2 for lab 01-demo") {
		t.Errorf("-lang en hint 01 2 with LANG=zh_CN.UTF-8: exit %d\n%s\nwant hint 2 in English", code, out.String())
	}
	out.Reset()
	if code := runMain(context.Background(), []string{"-C", root, "hint", "-lang", "fr", "01"}, strings.NewReader(""), &out, &out); code != 2 || !strings.Contains(out.String(), "the book has en (English) and zh (Chinese)") {
		t.Errorf("hint -lang fr 01: exit %d\n%s\nwant a usage error naming en and zh", code, out.String())
	}
}

// TestEveryTestHasHints: in each lab of the course that is not taught in steps (lab 01), every
// test is about a function whose hints a title names, so that hint can follow the test that
// fails; the Chinese hints are for the same functions (verify checks that too).
func TestEveryTestHasHints(t *testing.T) {
	c, err := course.Open("../..", course.English)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range c.Labs {
		if len(c.LabSteps(l)) > 0 {
			continue
		}
		for _, lang := range []course.Lang{course.English, course.Chinese} {
			hints, err := c.Hints(l, lang)
			if err != nil {
				t.Fatal(err)
			}
			for _, test := range c.TestNames(l) {
				if course.TestUnit(test, hints) == "" {
					t.Errorf("%s: no hint of %s is for %s: a hint's title names the function the test is named after (\"Merge, the overrides\" for TestMergeNilBase)", l.Name, l.ChapterIn(lang), test)
				}
			}
		}
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
