package claims

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"gomaps/labs/heading"
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
)

// ReadChapter reads a chapter of the book and the fragments a link into it may use: the ids
// mkdocs' toc extension gives its headings, and ids written out as {#id} or id="...".
func ReadChapter(repo, file string) (*Chapter, error) {
	data, err := os.ReadFile(filepath.Join(repo, "chapters", file))
	if err != nil {
		return nil, err
	}
	ch := &Chapter{File: file, Anchors: map[string]bool{}}
	for _, line := range proseLines(string(data)) {
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
		slug := heading.Slug(m[2])
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

// proseLines returns the lines of a markdown page outside its fenced code blocks, where a # is
// a heading and not a comment.
func proseLines(page string) []string {
	var prose []string
	inFence := false
	for _, line := range strings.Split(page, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			inFence = !inFence
			continue
		}
		if !inFence {
			prose = append(prose, line)
		}
	}
	return prose
}
