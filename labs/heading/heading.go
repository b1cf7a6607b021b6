// Package heading is the course's one rule for the id of a heading of the book: the fragment a
// link to it names. The book is built by mkdocs, whose toc extension (Python-Markdown's) gives a
// heading without an id of its own ({#id}) the slug of its text; [Slug] is that rule.
//
// It uses the standard library only, so that tools/course, which builds with nothing else, and
// the chapters' programs share it. It lives under labs/, beside courseroot and lanes, so that
// both may import it.
package heading

import (
	"regexp"
	"strings"
)

var (
	// markup is what the toc extension never sees of a heading's markdown, as the rendered
	// heading has none of it: a code span's backquotes (its text stays), a link's target (its
	// text stays), emphasis markers and HTML tags. A code span comes first, so that a * or a
	// __ inside it stays (and is then dropped as punctuation, or kept as a word character).
	markup = regexp.MustCompile("`([^`]*)`|\\[([^\\]]*)\\]\\([^)]*\\)|\\*\\*|__|\\*|<[^>]+>")
	// punctuation is what the slug drops: all but word characters, blanks and hyphens.
	punctuation = regexp.MustCompile(`[^\w\s-]`)
	// separators are the runs of blanks and hyphens that become one hyphen.
	separators = regexp.MustCompile(`[-\s]+`)
)

// Slug returns the id mkdocs gives a heading whose markdown text is text, when the heading does
// not name one: the default slugify of Python-Markdown's toc extension, which
//
//  1. takes the heading as rendered, without its markup (a code span's and a link's text stay),
//  2. decomposes it (Unicode NFKD) and keeps what is ASCII: é becomes e, a no-break space a
//     space, a full-width ：a colon, and 中 or · nothing,
//  3. drops what is not a letter, a digit, _, a blank or a hyphen,
//  4. lowers the case, and joins each run of blanks and hyphens into one hyphen.
//
// Step 2 uses a table (see ascii) rather than the Unicode tables of golang.org/x/text: it is
// exact for Latin-1, the general punctuation block and the full-width forms, where the book's
// headings find their letters other than Chinese, and drops the rest, as NFKD does for Chinese.
//
//	Slug("02 · Buckets: the classic map") == "02-buckets-the-classic-map"
//	Slug("Why `Hash` writes into a seeded `maphash.Hash`") == "why-hash-writes-into-a-seeded-maphashhash"
func Slug(text string) string {
	s := markup.ReplaceAllString(text, "$1$2")
	s = punctuation.ReplaceAllString(ascii(s), "")
	s = strings.ToLower(strings.TrimSpace(s))
	return separators.ReplaceAllString(s, "-")
}

// ascii returns s decomposed as NFKD does and cut to ASCII, for the characters decomposed holds
// and the full-width forms; every other character that is not ASCII is dropped.
func ascii(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r <= 0x7f:
			b.WriteRune(r)
		case 0xff01 <= r && r <= 0xff5e: // a full-width form of ASCII: ！ to ～
			b.WriteRune(r - 0xff01 + '!')
		default:
			b.WriteString(decomposed[r])
		}
	}
	return b.String()
}

// decomposed is the ASCII that NFKD leaves of each character of Latin-1 (U+00A0 to U+00FF) and
// of general punctuation (U+2000 to U+206F), and of the ideographic space, that leaves a letter,
// a digit or a blank: what else it leaves there is punctuation, which Slug drops. The blanks
// are the spaces of other widths and the spacing accents (¨ is a space and a combining
// diaeresis); ¼ is 1, the fraction slash (not ASCII) and 4.
var decomposed = invert(map[string]string{
	"A": "ÀÁÂÃÄÅ", "C": "Ç", "E": "ÈÉÊË", "I": "ÌÍÎÏ", "N": "Ñ", "O": "ÒÓÔÕÖ", "U": "ÙÚÛÜ", "Y": "Ý",
	"a": "àáâãäåª", "c": "ç", "e": "èéêë", "i": "ìíîï", "n": "ñ", "o": "òóôõöº", "u": "ùúûü", "y": "ýÿ",
	"1": "¹", "2": "²", "3": "³", "14": "¼", "12": "½", "34": "¾",
	" ": "\u00a0¨¯´¸\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2017\u202f\u203e\u205f\u3000",
})

// invert turns a table of the characters that decompose to each string into a table of each
// character's decomposition.
func invert(to map[string]string) map[rune]string {
	from := map[rune]string{}
	for s, chars := range to {
		for _, r := range chars {
			from[r] = s
		}
	}
	return from
}
