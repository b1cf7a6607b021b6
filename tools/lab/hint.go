package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// A hint is one collapsible block of a chapter's hints section:
//
//	??? tip "Hint 2: the title"
//	    Body, indented four spaces.
//
// The chapter is the hints' one source: the book shows them folded, and the
// runner prints them one at a time.
type hint struct {
	num   int
	title string
	body  []string
}

var hintRE = regexp.MustCompile(`^\?\?\?\+? tip "Hint (\d+)(?:: (.*))?"\s*$`)

func parseHints(text string) []hint {
	var hints []hint
	var cur *hint
	for _, line := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		if m := hintRE.FindStringSubmatch(line); m != nil {
			n, _ := strconv.Atoi(m[1])
			hints = append(hints, hint{num: n, title: m[2]})
			cur = &hints[len(hints)-1]
			continue
		}
		if cur == nil {
			continue
		}
		switch {
		case strings.HasPrefix(line, "    "):
			cur.body = append(cur.body, strings.TrimPrefix(line, "    "))
		case strings.TrimSpace(line) == "":
			cur.body = append(cur.body, "")
		default:
			cur = nil
		}
	}
	for i := range hints {
		b := hints[i].body
		for len(b) > 0 && b[len(b)-1] == "" {
			b = b[:len(b)-1]
		}
		hints[i].body = b
	}
	return hints
}

func (c *course) hints(l *lab) ([]hint, error) {
	text, err := os.ReadFile(filepath.Join(c.root, l.chapter()))
	if err != nil {
		return nil, fmt.Errorf("lab %s has no chapter %s, so no hints", l.name, filepath.ToSlash(l.chapter()))
	}
	return parseHints(string(text)), nil
}

func (c *course) hint(l *lab, arg string, w io.Writer) error {
	hints, err := c.hints(l)
	if err != nil {
		return err
	}
	if len(hints) == 0 {
		return fmt.Errorf("chapter %s has no hints yet", filepath.ToSlash(l.chapter()))
	}
	k, err := strconv.Atoi(arg)
	if err != nil || k < 1 || k > len(hints) {
		return usagef("lab %s has hints 1 to %d; %q is not one of them", l.name, len(hints), arg)
	}
	h := hints[k-1]
	fmt.Fprintf(w, "hint %d of %d for lab %s: %s\n\n", k, len(hints), l.name, h.title)
	for _, line := range h.body {
		fmt.Fprintf(w, "  %s\n", line)
	}
	if k < len(hints) {
		fmt.Fprintf(w, "\nstill stuck? the next hint says more: go run ./tools/lab hint %s %d\n", l.num, k+1)
	} else {
		fmt.Fprintf(w, "\nthat was the last hint; the solution: go run ./tools/lab solution %s\n", l.num)
	}
	return nil
}
