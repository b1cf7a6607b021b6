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
