package zh

// The English-run check. A Chinese page says in Chinese what its English twin says: a sentence
// left in English, or a clause pasted from the English page, is a translation not finished. The
// check reads every Chinese page (chapters/zh/*.md) and every file a page includes outside code
// blocks (--8<-- "chapters/out/09-s0-zh.txt"), and fails on each run of English words it finds
// in their prose.
//
// A run is minRun (4) or more lowercase English words in a row: words of letters only (an
// apostrophe or a hyphen may join two: map's, non-test), separated by nothing but spaces,
// ASCII punctuation, numbers and identifiers (1.27, k8s.io/client-go, hash0), which neither
// count nor end a run. A Chinese character or a Chinese punctuation mark ends a run. A word that
// starts with a capital letter is taken for a name (Go, Swiss, Kubernetes, API) and neither
// counts nor ends a run, so "The Go Programming Language" is no run and "The map grows when
// full" is one (map, grows, when, full).
//
// Not read, since English belongs there:
//   - code: fenced blocks, inline code (`...`), HTML tags with their attributes, HTML comments;
//   - link targets ([text](target), <https://...>, bare URLs) and attribute lists ({ #id });
//   - names of English works: a link whose text has no Chinese (it names the page it links to),
//     titles in 《…》, and a source's section title after § (up to a · or the line's end);
//   - quotes: text in “…”, ‘…’, 「…」 or "…", the rest of a line after an 原文 or Original
//     marker (*原文：* …), a blockquote's lines (> …: chapter 09 and the references page show
//     a source's own words so), and the cells of a table's 原文, Original or English column
//     (the glossary's English terms).
//
// A table's cells are read apart: a | ends a run.

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"unicode"
)

// minRun is the number of lowercase English words in a row that makes a run.
const minRun = 4

// englishRun is one run of English words found in a Chinese page or a file it includes.
type englishRun struct {
	file string // relative to the course root, with slashes
	line int
	text string
	via  string // the Chinese page that includes file, or ""
}

func (r englishRun) String() string {
	where := fmt.Sprintf("%s:%d", r.file, r.line)
	if r.via != "" {
		where += " (included by " + r.via + ")"
	}
	return fmt.Sprintf("%s: %d or more English words in a row outside code, names and quotes, %q: say it in Chinese, or mark what must stay English as code (`...`), a quote (“...”, *原文：*) or a linked title", where, minRun, r.text)
}

var (
	includeRE     = regexp.MustCompile(`^\s*--8<--\s+"([^"]+)"\s*$`)
	htmlCommentRE = regexp.MustCompile(`(?s)<!--.*?-->`)
	autolinkRE    = regexp.MustCompile(`<(?:https?|mailto):[^>\s]*>`)
	htmlTagRE     = regexp.MustCompile(`</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>`)
	urlRE         = regexp.MustCompile(`https?://[^\s)\]>]+`)
	linkRE        = regexp.MustCompile(`\[([^\[\]]*)\]\(([^()\s]*(?:\([^()\s]*\)[^()\s]*)*)(?:\s+"[^"]*")?\)`)
	refDefRE      = regexp.MustCompile(`(?m)^\s*\[[^\]]+\]:\s+\S.*$`)
	attrListRE    = regexp.MustCompile(`\{\s*[#.:][^{}]*\}`)
	quoteRE       = regexp.MustCompile(`(?s)“[^“”]*”|‘[^‘’]*’|「[^「」]*」|《[^《》]*》|"[^"\n]*"`)
	sectionRE     = regexp.MustCompile(`§[^·\n]*`)
	blockquoteRE  = regexp.MustCompile(`(?m)^[ \t]*>.*$`)
	originalRE    = regexp.MustCompile(`(?m)\*{0,2}(?:原文|Original)\*{0,2}\s*[:：]\s*\*{0,2}.*$`)
	backticksRE   = regexp.MustCompile("`+")
	englishWordRE = regexp.MustCompile(`^[a-z]+(?:['’-][A-Za-z]+)*$`)
)

// englishRuns returns the runs of English in every Chinese page and in the files those pages
// include outside code blocks.
func englishRuns(root string) ([]englishRun, error) {
	var runs []englishRun
	err := eachFile(root, "chapters/zh/*.md", func(page, text string) {
		rel := "chapters/zh/" + page
		_, body := splitFrontMatter(text)
		found, includes := markdownRuns(rel, body, strings.Count(text[:len(text)-len(body)], "\n"))
		runs = append(runs, found...)
		for _, inc := range includes {
			b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(inc)))
			if err != nil {
				continue // the book's build names a missing file; this check does not
			}
			found, _ := markdownRuns(inc, string(b), 0)
			for i := range found {
				found[i].via = rel
			}
			runs = append(runs, found...)
		}
	})
	return runs, err
}

// markdownRuns returns the runs of English in the prose of a Markdown text, whose first line is
// line offset+1 of file, and the files it includes outside fenced code.
func markdownRuns(file, text string, offset int) (runs []englishRun, includes []string) {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	blankQuoteColumns(lines)
	code := fenced(lines)
	start := -1 // the first line of the paragraph being read, or -1
	flush := func(end int) {
		if start >= 0 {
			for _, r := range proseRuns(strings.Join(lines[start:end], "\n")) {
				r.file, r.line = file, offset+start+1+r.line
				runs = append(runs, r)
			}
		}
		start = -1
	}
	for i, line := range lines {
		switch {
		case code[i] || strings.TrimSpace(line) == "":
			flush(i)
		case includeRE.MatchString(line):
			flush(i)
			includes = append(includes, includeRE.FindStringSubmatch(line)[1])
		case start < 0:
			start = i
		}
	}
	flush(len(lines))
	return runs, includes
}

// blankQuoteColumns blanks, in each Markdown table whose header names a column 原文 or
// Original (they quote a source) or English (the glossary's English terms), that column's cells.
func blankQuoteColumns(lines []string) {
	quoted := map[int]bool{}
	for i, line := range lines {
		t := strings.TrimSpace(line)
		if !strings.HasPrefix(t, "|") {
			quoted = map[int]bool{}
			continue
		}
		cells := tableCells(t)
		if i+1 < len(lines) && strings.Contains(lines[i+1], "---") && strings.HasPrefix(strings.TrimSpace(lines[i+1]), "|") {
			quoted = map[int]bool{} // a header row
			for c, cell := range cells {
				name := strings.Trim(strings.TrimSpace(cell), "*")
				if name == "原文" || name == "Original" || name == "English" {
					quoted[c] = true
				}
			}
			continue
		}
		if len(quoted) == 0 {
			continue
		}
		for c := range cells {
			if quoted[c] {
				cells[c] = " "
			}
		}
		lines[i] = "|" + strings.Join(cells, "|") + "|"
	}
}

// tableCells splits a table row at its unescaped pipes, without the outer ones.
func tableCells(row string) []string {
	row = strings.TrimSuffix(strings.TrimPrefix(row, "|"), "|")
	var cells []string
	var cur strings.Builder
	inCode := false
	for i := 0; i < len(row); i++ {
		switch c := row[i]; {
		case c == '\\' && i+1 < len(row):
			cur.WriteString(row[i : i+2])
			i++
		case c == '|' && !inCode:
			cells = append(cells, cur.String())
			cur.Reset()
		default:
			if c == '`' {
				inCode = !inCode
			}
			cur.WriteByte(c)
		}
	}
	return append(cells, cur.String())
}

// proseRuns returns the runs of English in one paragraph of Markdown, their lines counted from 0.
func proseRuns(para string) []englishRun {
	b := []byte(para)
	blankAll := func(res ...*regexp.Regexp) {
		for _, re := range res {
			for _, m := range re.FindAllIndex(b, -1) {
				blank(b, m[0], m[1])
			}
		}
	}
	blankCodeSpans(b)
	blankAll(htmlCommentRE, autolinkRE)
	// A link's target is not prose; its text is, unless it has no Chinese: then it names the
	// work it links to.
	for _, m := range linkRE.FindAllSubmatchIndex(b, -1) {
		if strings.ContainsFunc(string(b[m[2]:m[3]]), func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
			blank(b, m[3], m[1])
		} else {
			blank(b, m[0], m[1])
		}
	}
	blankAll(refDefRE, urlRE, htmlTagRE, attrListRE, sectionRE, originalRE, blockquoteRE, quoteRE)
	return wordRuns(para, string(b))
}

// blank blanks b[start:end], but for its line breaks.
func blank(b []byte, start, end int) {
	for i := start; i < end; i++ {
		if b[i] != '\n' {
			b[i] = ' '
		}
	}
}

// blankCodeSpans blanks each inline code span: a run of backticks, what follows, and the next
// run of as many backticks.
func blankCodeSpans(b []byte) {
	runs := backticksRE.FindAllIndex(b, -1)
	for i := 0; i < len(runs); i++ {
		for j := i + 1; j < len(runs); j++ {
			if runs[j][1]-runs[j][0] == runs[i][1]-runs[i][0] {
				blank(b, runs[i][0], runs[j][1])
				i = j
				break
			}
		}
	}
}

// chinese are the Chinese characters and the CJK and full-width punctuation marks.
const chinese = `\p{Han}\x{3000}-\x{303f}\x{ff00}-\x{ffef}`

// tokenRE matches, in prose, a Chinese character or a |, which end a run (group 1), or a token:
// what lies between them and white space (unicode.IsSpace).
var tokenRE = regexp.MustCompile(`([` + chinese + `|])|[^` + chinese + `|\p{Z}\t-\r\x{85}]+`)

// wordRuns finds the runs of English words in prose, the text of para with what is not prose
// blanked.
func wordRuns(para, prose string) []englishRun {
	var runs []englishRun
	count, first, last := 0, 0, 0
	end := func() {
		if count >= minRun {
			text := strings.Join(strings.Fields(para[first:last]), " ")
			if r := []rune(text); len(r) > 100 {
				text = string(r[:100]) + "…"
			}
			runs = append(runs, englishRun{line: strings.Count(para[:first], "\n"), text: text})
		}
		count = 0
	}
	for _, m := range tokenRE.FindAllStringSubmatchIndex(prose, -1) {
		if m[2] >= 0 {
			end()
		} else if englishWordRE.MatchString(strings.Trim(prose[m[0]:m[1]], "([{\"'“”‘’,.;:!?)]}*_~…—")) {
			if count == 0 {
				first = m[0]
			}
			count++
			last = m[1]
		}
	}
	end()
	return runs
}
