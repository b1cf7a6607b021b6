package claims

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Chapter is a page of the book, for links to it.
type Chapter struct {
	File    string          // "05-iteration.md"
	Title   string          // the first heading up to its colon: "05 · Iteration"
	Anchors map[string]bool // the fragments its headings and {#id} attributes make
}

var (
	headingLine = regexp.MustCompile(`^(#{1,6})\s+(.*?)\s*(\{[^}]*\})?\s*$`)
	explicitID  = regexp.MustCompile(`\{[^}]*#([A-Za-z0-9_-]+)[^}]*\}|\bid="([A-Za-z0-9_-]+)"`)
	mdLink      = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
)

// ReadChapter reads a chapter of the book and the fragments a link into it may use: the ids
// mkdocs' toc extension gives its headings, and ids written out as {#id} or id="...".
func ReadChapter(repo, file string) (*Chapter, error) {
	data, err := os.ReadFile(filepath.Join(repo, "chapters", file))
	if err != nil {
		return nil, err
	}
	ch := &Chapter{File: file, Anchors: map[string]bool{}}
	inFence := false
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			inFence = !inFence
			continue
		}
		if inFence {
			continue
		}
		for _, m := range explicitID.FindAllStringSubmatch(line, -1) {
			ch.Anchors[m[1]+m[2]] = true
		}
		m := headingLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		if ch.Title == "" && m[1] == "#" {
			title, _, _ := strings.Cut(m[2], ":")
			ch.Title = strings.TrimSpace(title)
		}
		if m[3] != "" && strings.Contains(m[3], "#") {
			continue // an explicit id, counted above
		}
		slug := Slugify(m[2])
		id := slug
		for i := 1; ch.Anchors[id]; i++ {
			id = fmt.Sprintf("%s_%d", slug, i)
		}
		ch.Anchors[id] = true
	}
	if ch.Title == "" {
		return nil, fmt.Errorf("chapters/%s has no # heading", file)
	}
	return ch, nil
}

// Slugify makes a heading's id as Python-Markdown's toc extension does by default: the text
// without markup, decomposed to ASCII, without punctuation, lower case, runs of blanks and
// hyphens as one hyphen.
func Slugify(heading string) string {
	s := mdLink.ReplaceAllString(heading, "$1")
	s = strings.NewReplacer("`", "", "*", "", "_", "_").Replace(s)
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
