package claims

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// inlineCode matches a markdown code span of one backquote.
var inlineCode = regexp.MustCompile("`[^`]+`")

// linkTarget matches the target of a markdown link.
var linkTarget = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// kept returns what of the English markdown en its Chinese form zh leaves out: code spans and
// link targets.
func kept(en, zh string) (gone []string) {
	for _, span := range inlineCode.FindAllString(en, -1) {
		if !strings.Contains(zh, span) {
			gone = append(gone, span)
		}
	}
	for _, m := range linkTarget.FindAllStringSubmatch(en, -1) {
		if !strings.Contains(zh, "]("+m[1]+")") {
			gone = append(gone, "link "+m[1])
		}
	}
	return gone
}

func isHan(r rune) bool { return unicode.Is(unicode.Han, r) }

// TestChineseFields: every claim of the three posts and of the references has the fields the
// Chinese edition shows (Original, SectionZh, RulingZh for a post's; SectionZh, ClaimZh, HeldZh,
// RulingZh for a reference's); RulingZh is Chinese, and keeps every code span and every link of
// Ruling as it is, and every measured figure the evidence reads (the Chinese renderer fails
// without it too); ClaimZh and HeldZh keep the code spans and links of Claim and Held. One
// subtest per post and reference, each naming all its rows at fault in one message.
func TestChineseFields(t *testing.T) {
	prefixes := []string{}
	for _, p := range Posts {
		prefixes = append(prefixes, p.Prefix)
	}
	for _, r := range References {
		if r.Ruled() {
			prefixes = append(prefixes, r.Prefix)
		}
	}
	for _, prefix := range prefixes {
		t.Run(prefix, func(t *testing.T) {
			var missing, notChinese, lost []string
			for _, c := range Of(prefix) {
				if m := c.MissingZh(); len(m) > 0 {
					missing = append(missing, fmt.Sprintf("%s (%s)", c.ID, strings.Join(m, ", ")))
					continue
				}
				if !strings.ContainsFunc(c.RulingZh, isHan) || (c.IsReference() && !strings.ContainsFunc(c.ClaimZh, isHan)) {
					notChinese = append(notChinese, c.ID)
				}
				gone := kept(c.Ruling, c.RulingZh)
				if c.IsReference() {
					gone = append(gone, kept(c.Claim, c.ClaimZh)...)
					gone = append(gone, kept(c.Held, c.HeldZh)...)
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
				t.Errorf("%d claims of %s lack fields of the Chinese edition: %s", len(missing), prefix, strings.Join(missing, "; "))
			}
			if len(notChinese) > 0 {
				t.Errorf("the RulingZh (or ClaimZh) of %s has no Chinese character", strings.Join(notChinese, ", "))
			}
			if len(lost) > 0 {
				t.Errorf("the Chinese fields leave out code spans, links or measured figures of the English ones:\n%s", strings.Join(lost, "\n"))
			}
		})
	}
}

// TestReferencesInChinese: every reference has the fields the Chinese page shows (WhereZh,
// ReadersZh, VersionZh; TitleZh and UnreadZh for one not ruled on), in Chinese, keeping the code
// spans and links of the English fields.
func TestReferencesInChinese(t *testing.T) {
	for _, r := range References {
		if m := r.MissingZh(); len(m) > 0 {
			t.Errorf("reference %s lacks %s", r.Prefix, strings.Join(m, ", "))
			continue
		}
		for _, f := range [][2]string{{r.Title, r.TitleZh}, {r.Where, r.WhereZh}, {r.Readers, r.ReadersZh}, {r.Version, r.VersionZh}, {r.Unread, r.UnreadZh}} {
			if f[1] == "" {
				continue
			}
			if !strings.ContainsFunc(f[1], isHan) {
				t.Errorf("reference %s: %q has no Chinese character", r.Prefix, f[1])
			}
			if gone := kept(f[0], f[1]); len(gone) > 0 {
				t.Errorf("reference %s: %q leaves out %s", r.Prefix, f[1], strings.Join(gone, " "))
			}
		}
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
	for en, zh := range evidenceZh {
		if !used[en] {
			t.Errorf("evidenceZh translates %q, which no evidence says", en)
		}
		gone := kept(en, zh)
		for _, q := range quoted.FindAllString(en, -1) {
			if !strings.Contains(zh, q) {
				gone = append(gone, q)
			}
		}
		if len(gone) > 0 {
			t.Errorf("the Chinese form of %q leaves out %s", en, strings.Join(gone, " "))
		}
		if !strings.ContainsFunc(zh, isHan) && (zh != en || len(strings.Fields(inlineCode.ReplaceAllString(en, ""))) > 2) {
			t.Errorf("the Chinese form of %q has no Chinese character: %q", en, zh)
		}
	}
}
