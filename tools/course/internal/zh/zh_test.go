package zh

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// zhRoot makes a course with one English page and its Chinese twin, stamped.
func zhRoot(t *testing.T, en, zh string) string {
	t.Helper()
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "chapters", "zh"), 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(rel, text string) {
		if err := os.WriteFile(filepath.Join(root, rel), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("chapters/a.md", en)
	write("chapters/zh/a.md", zh)
	if err := zhStamp(root, "a.md"); err != nil {
		t.Fatal(err)
	}
	return root
}

const (
	zhTestEN = "# A page\n\nIntro.\n\n## The load factor\n\nIt is 6.5.\n\n```go\n// # not a heading\n```\n\n## Growth\n\nIt doubles.\n"
	zhTestZH = "# 一页\n\n引言。\n\n## 装载因子 { #the-load-factor }\n\n是 6.5。\n\n```go\n// # not a heading\n```\n\n## 扩容 { #growth }\n\n翻倍。\n"
)

func TestZhCheck(t *testing.T) {
	root := zhRoot(t, zhTestEN, zhTestZH)
	if problems, n, err := zhCheck(root); err != nil || n != 1 || len(problems) != 0 {
		t.Fatalf("zhCheck of a page just stamped = %q, %d, %v; want no problem", problems, n, err)
	}
	stamped, _ := os.ReadFile(filepath.Join(root, "chapters", "zh", "a.md"))
	if !strings.HasPrefix(string(stamped), "---\ntranslates: a.md\nsections:\n  a-page: ") || !strings.Contains(string(stamped), "\n---\n# 一页\n") {
		t.Errorf("the stamped page starts %q; want its front matter, then the page", stamped[:min(len(stamped), 200)])
	}

	// One sentence of one section changes: that page and that section are named, not the others.
	en := strings.Replace(zhTestEN, "It is 6.5.", "It is 6.5 on average.", 1)
	os.WriteFile(filepath.Join(root, "chapters", "a.md"), []byte(en), 0o644)
	problems, _, _ := zhCheck(root)
	if len(problems) != 1 || !strings.Contains(problems[0], `changed: "The load factor" (#the-load-factor)`) ||
		strings.Contains(problems[0], "Growth") || !strings.Contains(problems[0], "zh -stamp a.md") {
		t.Errorf("after a changed sentence, zhCheck = %q; want chapters/a.md's section \"The load factor\" named, and the command that records the translation", problems)
	}
	// A new section and a removed one.
	en = strings.Replace(zhTestEN, "## Growth\n\nIt doubles.\n", "## Shrinking\n\nNever.\n", 1)
	os.WriteFile(filepath.Join(root, "chapters", "a.md"), []byte(en), 0o644)
	problems, _, _ = zhCheck(root)
	if len(problems) != 1 || !strings.Contains(problems[0], `new: "Shrinking" (#shrinking)`) || !strings.Contains(problems[0], "removed: #growth") {
		t.Errorf("after a section was replaced, zhCheck = %q; want the new one and the removed one named", problems)
	}
	// Stamping again after the translation accepts it.
	os.WriteFile(filepath.Join(root, "chapters", "zh", "a.md"), []byte(strings.Replace(zhTestZH, "## 扩容 { #growth }\n\n翻倍。\n", "## 缩容 { #shrinking }\n\n从不。\n", 1)), 0o644)
	if err := zhStamp(root, "a.md"); err != nil {
		t.Fatal(err)
	}
	if problems, _, _ := zhCheck(root); len(problems) != 0 {
		t.Errorf("after translating and stamping, zhCheck = %q; want no problem", problems)
	}
}

func TestZhCheckTwinsAndHeadings(t *testing.T) {
	// An English page without a twin.
	root := zhRoot(t, zhTestEN, zhTestZH)
	os.WriteFile(filepath.Join(root, "chapters", "b.md"), []byte("# B\n"), 0o644)
	problems, n, _ := zhCheck(root)
	if n != 2 || len(problems) != 1 || !strings.Contains(problems[0], "chapters/b.md has no Chinese twin") {
		t.Errorf("with an untranslated page, zhCheck = %q, %d; want chapters/b.md named", problems, n)
	}

	// A Chinese heading without its English twin's id: links to it would break.
	root = zhRoot(t, zhTestEN, strings.Replace(zhTestZH, " { #growth }", "", 1))
	problems, _, _ = zhCheck(root)
	if len(problems) != 1 || !strings.Contains(problems[0], "heading 2 has no id") || !strings.Contains(problems[0], "#growth") {
		t.Errorf("with a heading that lost its id, zhCheck = %q; want heading 2 and #growth named", problems)
	}

	// A page that records nothing.
	root = zhRoot(t, zhTestEN, zhTestZH)
	os.WriteFile(filepath.Join(root, "chapters", "zh", "a.md"), []byte(zhTestZH), 0o644)
	problems, _, _ = zhCheck(root)
	if len(problems) != 1 || !strings.Contains(problems[0], "records no English page") {
		t.Errorf("with an unstamped page, zhCheck = %q; want it named", problems)
	}

	// The edition's own pages are allowed; other Chinese pages without an English one are not.
	root = zhRoot(t, zhTestEN, zhTestZH)
	os.WriteFile(filepath.Join(root, "chapters", "zh", "glossary.md"), []byte("# 术语表\n"), 0o644)
	os.WriteFile(filepath.Join(root, "chapters", "zh", "c.md"), []byte("# C\n"), 0o644)
	problems, _, _ = zhCheck(root)
	if len(problems) != 1 || !strings.Contains(problems[0], "chapters/zh/c.md: translates no English page") {
		t.Errorf("with an extra Chinese page, zhCheck = %q; want c.md named, not the glossary", problems)
	}
}

// TestZhKeepsFrontMatter: a page's own front matter (hide: ...) survives stamping.
func TestZhKeepsFrontMatter(t *testing.T) {
	root := zhRoot(t, "---\nhide:\n  - toc\n---\n"+zhTestEN, "---\nhide:\n  - toc\n---\n"+zhTestZH)
	if err := zhStamp(root, "a.md"); err != nil { // twice: the record is replaced, not repeated
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(root, "chapters", "zh", "a.md"))
	if !strings.HasPrefix(string(b), "---\nhide:\n  - toc\ntranslates: a.md\nsections:\n") || strings.Count(string(b), "translates:") != 1 {
		t.Errorf("stamped twice, the page starts %q", b[:min(len(b), 120)])
	}
	if problems, _, _ := zhCheck(root); len(problems) != 0 {
		t.Errorf("zhCheck = %q; want no problem", problems)
	}
}

// TestEnglishRuns: a run of four English words in a Chinese page's prose is flagged, with its
// page and line; code, names, titles, quotes, link targets and HTML attributes are not.
func TestEnglishRuns(t *testing.T) {
	const page = "---\nhide:\n  - toc\n---\n# 一页\n\n" + // the page's lines are counted from its front matter
		"扩容时 the map doubles its buckets，然后搬迁。\n" + // line 7: a run
		"```go\n// the map doubles its buckets\n```\n" +
		"用 `for k, v := range m` 遍历；Go Maps Under The Hood；经典 map（classic bucketed map）。\n" +
		"见 [How the Go runtime implements maps](https://example.com/a-long-page-name)。\n" +
		"见 [这一步](02-buckets.md#step-6-incremental-evacuation)，《The Go Programming Language》。\n" +
		"规范说“the iteration order is not specified”。\n" +
		"<label>键 <input aria-label=\"key, or a range like 1-9\"></label>\n" +
		"## 标题 { #the-load-factor-and-why }\n" +
		"*原文：* if the map is being written, throw an error\n\n" +
		"> Go maps are not reference variables, and are not passed by reference\n\n" +
		"| 论断 | 原文 | 裁定 |\n| --- | --- | --- |\n| S0-01 | a map is not safe for concurrent use | 成立 |\n\n" +
		"| English | 中文 |\n| --- | --- |\n| names an API that does not exist | 所称 API 不存在 |\n\n" +
		"**S2-47** · §4.1 kubectl get cm -o jsonpath定位 · **不成立**\n\n" +
		"它只比较三个 of its keys，然后\n" + // three words: not a run
		"返回。and the count\ngoes up by one。\n" // line 32: a run across lines
	root := zhRoot(t, zhTestEN, zhTestZH)
	os.WriteFile(filepath.Join(root, "chapters", "zh", "a.md"), []byte(page), 0o644)
	runs, err := englishRuns(root)
	if err != nil {
		t.Fatal(err)
	}
	want := []englishRun{
		{file: "chapters/zh/a.md", line: 7, text: "the map doubles its buckets"},
		{file: "chapters/zh/a.md", line: 32, text: "and the count goes up by one"},
	}
	if len(runs) != len(want) {
		t.Fatalf("englishRuns = %v; want %v", runs, want)
	}
	for i := range want {
		if runs[i] != want[i] {
			t.Errorf("run %d = %+v; want %+v", i, runs[i], want[i])
		}
	}
	msg := runs[0].String()
	for _, part := range []string{"chapters/zh/a.md:7:", "4 or more English words in a row", `"the map doubles its buckets"`, "say it in Chinese"} {
		if !strings.Contains(msg, part) {
			t.Errorf("the message %q does not say %q", msg, part)
		}
	}
}

// TestEnglishRunsInIncludes: a file a Chinese page includes outside code blocks is read as part
// of the page; one it includes in a code block is not.
func TestEnglishRunsInIncludes(t *testing.T) {
	root := zhRoot(t, zhTestEN, zhTestZH)
	os.MkdirAll(filepath.Join(root, "chapters", "out"), 0o755)
	os.WriteFile(filepath.Join(root, "chapters", "out", "x-zh.txt"), []byte("*裁定：* 成立。\n\n- 证据：in any non-test Go file of the module\n"), 0o644)
	os.WriteFile(filepath.Join(root, "chapters", "out", "y.txt"), []byte("goroutine 1 [running]: the program exits with status 2\n"), 0o644)
	page := "# 一页\n\n--8<-- \"chapters/out/x-zh.txt\"\n\n```text\n--8<-- \"chapters/out/y.txt\"\n```\n"
	os.WriteFile(filepath.Join(root, "chapters", "zh", "a.md"), []byte(page), 0o644)
	runs, err := englishRuns(root)
	if err != nil {
		t.Fatal(err)
	}
	want := englishRun{file: "chapters/out/x-zh.txt", line: 3, text: "in any non-test Go file of the module", via: "chapters/zh/a.md"}
	if len(runs) != 1 || runs[0] != want {
		t.Fatalf("englishRuns = %+v; want only %+v", runs, want)
	}
	if s := runs[0].String(); !strings.HasPrefix(s, "chapters/out/x-zh.txt:3 (included by chapters/zh/a.md):") {
		t.Errorf("the message starts %q; want the included file's line, and the page that includes it", s)
	}

	// Check fails and says how many runs; zhCheck alone (pages in step) does not.
	var out strings.Builder
	err = Check(&out, root)
	if err == nil || !strings.Contains(err.Error(), "1 run of English words") || !strings.Contains(out.String(), "x-zh.txt:3") {
		t.Errorf("Check = %v, printing %q; want it to fail on the run and name it", err, out.String())
	}
}
