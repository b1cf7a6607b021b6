package zh

// The quotation check. The Chinese edition quotes the three seed posts in their own words: a
// Chinese reader has the post open beside the book, and a back-translation of the English
// paraphrase in quotation marks is a quotation the reader cannot find. Chapter 09 shows each
// claim of a post with the post's own words (its card's *原文：* line, in chapters/out/09-s0-zh.txt,
// 09-s1-zh.txt, 09-s2-zh.txt, generated from the claims' Original fields); those are the only
// words of the posts the course keeps, so they are what a quotation is held to.
//
// The rule. A sentence of a Chinese page attributes its quotations (“…”) to the posts when it
// links a claim of a post (09-claims.md#s0-23; #s0-23 on chapter 09's own page) or names the
// posts, by the glossary's term, as saying something (本课程所依据的…文章…说, 写, 称, 讲). Each
// such quotation must be the words of one of the claims the sentence links, as that claim's card
// shows them; a sentence that names the posts and quotes them must link the claim. Where no
// sentence of the post fits, the page says it without quotation marks, as a paraphrase (转述). A
// quotation may leave words out with an ellipsis (…): each part must then be in the card, in order.
//
// A sentence ends at 。, ！ or ？ outside quotations, or with its paragraph or list item; a
// table's cell is a sentence. The words are compared as the reader sees them: markdown escapes
// undone, code spans' backquotes and all whitespace dropped (the posts mix ASCII and Chinese
// spacing; a line break inside a quotation is no space). Code (fenced blocks, code spans) and
// included files are not read.

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

var (
	cardRE      = regexp.MustCompile(`<div class="claim" id="(s\d+-\d+)"`)
	claimLinkRE = regexp.MustCompile(`\]\(((?:09-claims\.md)?)#(s\d+-\d+)\)`)
	quotationRE = regexp.MustCompile(`“[^“”]*”`)
	listItemRE  = regexp.MustCompile(`^\s*(?:[-*+]|\d+\.)\s`)
	escapeRE    = regexp.MustCompile("\\\\([!-/:-@\\[-`{-~])")
	postsRE     = regexp.MustCompile(`本课程所依据的[^。！？|“”]{0,12}文章[^。！？|“”]{0,8}[说写称讲]`)
)

// misquote is a quotation, attributed to a post, that is not the post's words.
type misquote struct {
	file   string
	line   int
	quote  string
	claims []string // the claims its sentence links, upper case; none when it names the posts only
}

func (m misquote) String() string {
	where := fmt.Sprintf("%s:%d: the quotation %s", m.file, m.line, m.quote)
	if len(m.claims) == 0 {
		return where + " quotes the seed posts but its sentence links no claim: link the claim whose words it quotes (第 09 章：[S0-23](09-claims.md#s0-23)), or drop the quotation marks and say it as 转述"
	}
	return fmt.Sprintf("%s is not the words of %s as chapter 09 shows them (原文): quote the post's own words from that card, or drop the quotation marks and say it as 转述", where, strings.Join(m.claims, " or "))
}

// postWords reads, from chapter 09's Chinese cards (chapters/out/09-s*-zh.txt), each claim's
// 原文, normalised as quotations are; by the claim's anchor (s0-23).
func postWords(root string) (map[string]string, error) {
	words := map[string]string{}
	err := eachFile(root, "chapters/out/09-s[0-9]-zh.txt", func(_, text string) {
		id := ""
		for _, line := range strings.Split(text, "\n") {
			if m := cardRE.FindStringSubmatch(line); m != nil {
				id = m[1]
			} else if rest, ok := strings.CutPrefix(line, "*原文：* "); ok && id != "" {
				words[id] = seenWords(rest)
				id = ""
			}
		}
	})
	return words, err
}

// seenWords is markdown text as the reader sees it, for comparing: escapes undone, backquotes
// and whitespace dropped.
func seenWords(md string) string {
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune("` \t\n\u3000", r) {
			return -1
		}
		return r
	}, strings.ReplaceAll(escapeRE.ReplaceAllString(md, "$1"), "&lt;", "<"))
}

// quotes returns the quotations of the seed posts in the Chinese pages that are not the posts'
// words.
func quotes(root string) ([]misquote, error) {
	words, err := postWords(root)
	if err != nil {
		return nil, err
	}
	var bad []misquote
	err = eachFile(root, "chapters/zh/*.md", func(page, text string) {
		for _, s := range sentences(text) {
			bad = append(bad, s.misquotes(words, page == "09-claims.md", "chapters/zh/"+page)...)
		}
	})
	return bad, err
}

// sentence is one sentence of a page, and the page's line it starts on. mask is its text with
// code spans blanked, where quotations and links are looked for.
type sentence struct {
	line       int
	text, mask string
}

// misquotes checks the sentence's quotations against the words of the claims it links.
func (s sentence) misquotes(words map[string]string, chapter09 bool, file string) []misquote {
	quoted := quotationRE.FindAllStringIndex(s.mask, -1)
	if len(quoted) == 0 {
		return nil
	}
	var ids []string
	for _, m := range claimLinkRE.FindAllStringSubmatch(s.mask, -1) {
		if (m[1] != "" || chapter09) && !slices.Contains(ids, m[2]) {
			ids = append(ids, m[2])
		}
	}
	if len(ids) == 0 && !postsRE.MatchString(s.mask) {
		return nil
	}
	var bad []misquote
	for _, q := range quoted {
		quote := s.text[q[0]:q[1]]
		if slices.ContainsFunc(ids, func(id string) bool { return saysIn(words[id], quote) }) {
			continue
		}
		m := misquote{file: file, line: s.line + strings.Count(s.text[:q[0]], "\n"), quote: strings.Join(strings.Fields(quote), " ")}
		for _, id := range ids {
			m.claims = append(m.claims, strings.ToUpper(id))
		}
		bad = append(bad, m)
	}
	return bad
}

// saysIn reports whether the quotation (with its marks) is in the card's words: each part
// between ellipses, in order.
func saysIn(card, quote string) bool {
	if card == "" {
		return false
	}
	rest := card
	for _, part := range strings.Split(seenWords(strings.TrimSuffix(strings.TrimPrefix(quote, "“"), "”")), "…") {
		i := strings.Index(rest, part)
		if i < 0 {
			return false
		}
		rest = rest[i+len(part):]
	}
	return true
}

// sentences splits a page's prose (outside front matter and fenced code) into sentences: at
// 。！？ outside quotations, and at each paragraph's and list item's end.
func sentences(page string) []sentence {
	_, body := splitFrontMatter(page)
	offset := strings.Count(page[:len(page)-len(body)], "\n")
	var out []sentence
	var block []string
	start := 0
	flush := func() {
		out = append(out, splitSentences(offset+start+1, strings.Join(block, "\n"))...)
		block = nil
	}
	lines := strings.Split(body, "\n")
	code := fenced(lines)
	for i, line := range lines {
		t := strings.TrimSpace(line)
		if code[i] || t == "" || listItemRE.MatchString(line) || strings.HasPrefix(t, "|") || len(block) > 0 && strings.HasPrefix(strings.TrimSpace(block[0]), "|") {
			flush()
		}
		if code[i] || t == "" {
			continue
		}
		if len(block) == 0 {
			start = i
		}
		block = append(block, line)
	}
	flush()
	return out
}

// splitSentences splits one paragraph, whose first line is the page's line first, at its
// sentence ends.
func splitSentences(first int, para string) []sentence {
	b := []byte(para)
	blankCodeSpans(b)
	mask := string(b)
	inQuote := make([]bool, len(mask))
	for _, q := range quotationRE.FindAllStringIndex(mask, -1) {
		for i := q[0]; i < q[1]; i++ {
			inQuote[i] = true
		}
	}
	var out []sentence
	from := 0
	for i, r := range mask {
		if strings.ContainsRune("。！？|", r) && !inQuote[i] || i+len(string(r)) == len(mask) {
			end := i + len(string(r))
			out = append(out, sentence{line: first + strings.Count(mask[:from], "\n"), text: para[from:end], mask: mask[from:end]})
			from = end
		}
	}
	return out
}
