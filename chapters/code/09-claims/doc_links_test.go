package claims

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"gomaps/labs/heading"
)

// nfkdSlug is the toc extension's default slugify as chapter 09 wrote it with the Unicode
// tables of golang.org/x/text: the reference that heading.Slug, which uses the standard library
// only, is held to.
func nfkdSlug(text string) string {
	s := regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`).ReplaceAllString(text, "$1")
	s = strings.NewReplacer("`", "", "*", "").Replace(s)
	s = norm.NFKD.String(s)
	var b strings.Builder
	for _, r := range s {
		switch {
		case r > unicode.MaxASCII:
		case r == '_' || r == '-' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsSpace(r):
			b.WriteRune(unicode.ToLower(r))
		}
	}
	s = strings.TrimSpace(b.String())
	return regexp.MustCompile(`[-\s]+`).ReplaceAllString(s, "-")
}

// TestHeadingSlugOfEveryHeading: heading.Slug gives every heading of the book, English and
// Chinese, the id that NFKD's tables give it, with and without its attributes ({#id}).
func TestHeadingSlugOfEveryHeading(t *testing.T) {
	repo := resolver(t).Repo
	pages, err := filepath.Glob(filepath.Join(repo, "chapters", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	zh, err := filepath.Glob(filepath.Join(repo, "chapters", "zh", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, page := range append(pages, zh...) {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(repo, page)
		for _, line := range proseLines(string(data)) {
			m := headingLine.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			n++
			for _, text := range []string{m[2], strings.TrimSpace(m[2] + " " + m[3])} {
				if got, want := heading.Slug(text), nfkdSlug(text); got != want {
					t.Errorf("%s: heading.Slug(%q) = %q; NFKD gives %q", filepath.ToSlash(rel), text, got, want)
				}
			}
		}
	}
	if n < 300 {
		t.Errorf("read %d headings in chapters/*.md and chapters/zh/*.md; the book has more than 300", n)
	}
}

// TestHeadingSlugOfEveryCharacterItDecomposes: heading.Slug and NFKD agree on every character
// of the blocks whose decomposition heading.Slug claims to know (Latin-1, general punctuation,
// the full-width forms and the ideographic space), each alone and between two letters.
func TestHeadingSlugOfEveryCharacterItDecomposes(t *testing.T) {
	for _, block := range [][2]rune{{0xa0, 0xff}, {0x2000, 0x206f}, {0x3000, 0x3000}, {0xff01, 0xff5e}} {
		for r := block[0]; r <= block[1]; r++ {
			for _, text := range []string{string(r), "a" + string(r) + "b"} {
				if got, want := heading.Slug(text), nfkdSlug(text); got != want {
					t.Errorf("heading.Slug(%q) (U+%04X) = %q; NFKD gives %q", text, r, got, want)
				}
			}
		}
	}
}
