package claims

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// inlineCode matches a markdown code span of one backquote.
var inlineCode = regexp.MustCompile("`[^`]+`")

// linkTarget matches the target of a markdown link.
var linkTarget = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// TestChineseFields: every claim of the three posts has the fields the Chinese edition of the
// chapter shows (Original, SectionZh, RulingZh); RulingZh is Chinese, and keeps every code span
// and every link of Ruling as it is, and every measured figure the evidence reads (the Chinese
// renderer fails without it too). One subtest per post, each naming all its rows at fault in one
// message.
func TestChineseFields(t *testing.T) {
	for _, p := range Posts {
		t.Run(p.Prefix, func(t *testing.T) {
			var missing, notChinese, lost []string
			for _, c := range Of(p.Prefix) {
				if m := c.MissingZh(); len(m) > 0 {
					missing = append(missing, fmt.Sprintf("%s (%s)", c.ID, strings.Join(m, ", ")))
					continue
				}
				if !strings.ContainsFunc(c.RulingZh, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
					notChinese = append(notChinese, c.ID)
				}
				var gone []string
				for _, span := range inlineCode.FindAllString(c.Ruling, -1) {
					if !strings.Contains(c.RulingZh, span) {
						gone = append(gone, span)
					}
				}
				for _, m := range linkTarget.FindAllStringSubmatch(c.Ruling, -1) {
					if !strings.Contains(c.RulingZh, "]("+m[1]+")") {
						gone = append(gone, "link "+m[1])
					}
				}
				for _, e := range c.Evidence {
					if m, ok := e.(Measured); ok && m.Says != "~" && !strings.Contains(c.RulingZh, m.Says) {
						gone = append(gone, "the measured "+m.Says)
					}
				}
				if len(gone) > 0 {
					lost = append(lost, fmt.Sprintf("%s: %s", c.ID, strings.Join(gone, " ")))
				}
			}
			if len(missing) > 0 {
				t.Errorf("%d claims of %s lack fields of the Chinese edition: %s", len(missing), p.Prefix, strings.Join(missing, "; "))
			}
			if len(notChinese) > 0 {
				t.Errorf("the RulingZh of %s has no Chinese character", strings.Join(notChinese, ", "))
			}
			if len(lost) > 0 {
				t.Errorf("RulingZh leaves out code spans, links or measured figures of Ruling:\n%s", strings.Join(lost, "\n"))
			}
		})
	}
}

// quoted matches a quotation in curly quotes: original text, kept as written.
var quoted = regexp.MustCompile(`“[^”]*”`)

// TestEvidenceInChinese: every note, text and quoted document's name of the evidence of every
// claim has a Chinese form (evidenceZh), which keeps the code spans, links and quotations of its
// English words; a form without a Chinese character is its English words, and those are a name
// or code (at most one word outside code spans); and every form is the form of some evidence's
// words, so that none outlives the English it translates.
func TestEvidenceInChinese(t *testing.T) {
	used := map[string]bool{}
	var missing []string
	for _, c := range All() {
		for _, e := range c.Evidence {
			w := evidenceWords(e)
			if w == "" || used[w] {
				continue
			}
			used[w] = true
			if _, ok := evidenceZh[w]; !ok {
				missing = append(missing, fmt.Sprintf("%s: %q", c.ID, w))
			}
		}
	}
	if len(missing) > 0 {
		t.Errorf("%d words of evidence have no Chinese form in evidenceZh:\n%s", len(missing), strings.Join(missing, "\n"))
	}
	han := func(r rune) bool { return unicode.Is(unicode.Han, r) }
	for en, zh := range evidenceZh {
		if !used[en] {
			t.Errorf("evidenceZh translates %q, which no evidence says", en)
		}
		var gone []string
		for _, span := range slices.Concat(inlineCode.FindAllString(en, -1), quoted.FindAllString(en, -1)) {
			if !strings.Contains(zh, span) {
				gone = append(gone, span)
			}
		}
		for _, m := range linkTarget.FindAllStringSubmatch(en, -1) {
			if !strings.Contains(zh, "]("+m[1]+")") {
				gone = append(gone, "link "+m[1])
			}
		}
		if len(gone) > 0 {
			t.Errorf("the Chinese form of %q leaves out %s", en, strings.Join(gone, " "))
		}
		if !strings.ContainsFunc(zh, han) && (zh != en || len(strings.Fields(inlineCode.ReplaceAllString(en, ""))) > 2) {
			t.Errorf("the Chinese form of %q has no Chinese character: %q", en, zh)
		}
	}
}
