package zh

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// quotesCards is chapter 09's Chinese cards of two claims, as the table command renders them:
// the 原文 escaped for markdown.
const quotesCards = "| 论断 | 原文 | 裁定 |\n| --- | --- | --- |\n| [S0-40](#s0-40) | 导致 watch 协程 panic 后退出 | 不成立 |\n\n" +
	"<div class=\"claim\" id=\"s0-36\" markdown>\n\n**S0-36** · §3.1 podStore · **不成立**\n\n" +
	"*原文：* podStore 是一个 cache.Store 实现,底层使用 map\\[string\\]interface{} 存储 Pod 对象,未加锁——即非线程安全\n\n*裁定：* 不成立。\n\n</div>\n\n" +
	"<div class=\"claim\" id=\"s0-40\" markdown>\n\n**S0-40** · §3.1 podStore · **不成立**\n\n" +
	"*原文：* 导致 watch 协程 panic 后退出,Watch 连接中断\n\n*裁定：* 不成立：“会触发 panic”并非原文。\n\n</div>\n"

// TestQuotesOfThePosts: a quotation in a sentence that links a claim of a post must be that
// claim's words as chapter 09's card shows them; a made-up one is named, with its line and the
// claims it was held to, and so is a quotation in a sentence that names the posts as saying it
// but links no claim. Quotations elsewhere, and code, are not read.
func TestQuotesOfThePosts(t *testing.T) {
	const page = "---\ntranslates: a.md\n---\n# 一页\n\n" +
		"第一篇文章说“podStore 是一个 `cache.Store` 实现,底层使用 `map[string]interface{}` 存储\n" + // lines 6-7: the post's words, across a line; then an ellipsis
		"Pod 对象”（第 09 章：[S0-36](09-claims.md#s0-36)）。它说“导致 watch 协程……中断”（[S0-40](09-claims.md#s0-40)）。\n" +
		"第一篇文章说 map 的竞争“会触发 panic”，watch 随之“断掉”（第 09 章：[S0-40](09-claims.md#s0-40)）。\n" + // line 8: made up, twice
		"\n" +
		"- 本课程所依据的第一篇文章就是这么说的：“informer 的存储没有锁”。\n" + // line 10: names the posts, links nothing
		"- 规范说“the iteration order is not specified”。\n" + // quotes the spec: not read
		"- 第二篇“死循环”的说法见别处。\n" + // no link, no post named as saying: not read
		"\n```text\n“会触发 panic”（[S0-40](09-claims.md#s0-40)）\n```\n" +
		"`“会触发 panic”` 见 [S0-40](09-claims.md#s0-40)。\n" + // code: not read
		"| [S0-40](09-claims.md#s0-40) | “任意一格的引语” |\n" // a table's cells are apart
	root := zhRoot(t, zhTestEN, zhTestZH)
	os.MkdirAll(filepath.Join(root, "chapters", "out"), 0o755)
	os.WriteFile(filepath.Join(root, "chapters", "out", "09-s0-zh.txt"), []byte(quotesCards), 0o644)
	os.WriteFile(filepath.Join(root, "chapters", "zh", "a.md"), []byte(page), 0o644)

	bad, err := quotes(root)
	if err != nil {
		t.Fatal(err)
	}
	want := []misquote{
		{file: "chapters/zh/a.md", line: 8, quote: "“会触发 panic”", claims: []string{"S0-40"}},
		{file: "chapters/zh/a.md", line: 8, quote: "“断掉”", claims: []string{"S0-40"}},
		{file: "chapters/zh/a.md", line: 10, quote: "“informer 的存储没有锁”"},
	}
	if len(bad) != len(want) {
		t.Fatalf("quotes = %v; want %v", bad, want)
	}
	for i := range want {
		if bad[i].String() != want[i].String() {
			t.Errorf("misquote %d = %v; want %v", i, bad[i], want[i])
		}
	}
	for _, part := range []string{"chapters/zh/a.md:8:", "“会触发 panic”", "not the words of S0-40", "转述"} {
		if !strings.Contains(bad[0].String(), part) {
			t.Errorf("the message %q does not say %q", bad[0], part)
		}
	}
	if !strings.Contains(bad[2].String(), "links no claim") {
		t.Errorf("the message %q does not say that its sentence links no claim", bad[2])
	}

	// Check fails on them, and says how many.
	var out strings.Builder
	err = Check(&out, root)
	if err == nil || !strings.Contains(err.Error(), "3 quotations of the seed posts that are not their words") {
		t.Errorf("Check = %v; want it to fail on the 3 quotations", err)
	}
}
