package course

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// A Hint is one collapsible block of a chapter's hints section:
//
//	??? tip "Hint 2: the title"
//	    Body, indented four spaces.
//
// The chapter is the hints' one source: the book shows them folded, and the
// runner prints them one at a time.
type Hint struct {
	Num   int
	Title string
	Body  []string
}

// hintRE is a hint's first line, in the English book or the Chinese one:
//
//	??? tip "Hint 3: step 1, the test in the inner loop"
//	??? tip "提示 3：第 1 步，内层循环里的判断"
var hintRE = regexp.MustCompile(`^\?\?\?\+? tip "(?:Hint (\d+)(?:: (.*))?|提示 (\d+)(?:：(.*))?)"\s*$`)

// ParseHints reads the hints of a chapter's text, in their order.
func ParseHints(text string) []Hint {
	var hints []Hint
	var cur *Hint
	for _, line := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		if m := hintRE.FindStringSubmatch(line); m != nil {
			num, title := m[1], m[2]
			if num == "" {
				num, title = m[3], m[4]
			}
			n, _ := strconv.Atoi(num)
			hints = append(hints, Hint{Num: n, Title: title})
			cur = &hints[len(hints)-1]
			continue
		}
		if cur == nil {
			continue
		}
		switch {
		case strings.HasPrefix(line, "    "):
			cur.Body = append(cur.Body, strings.TrimPrefix(line, "    "))
		case strings.TrimSpace(line) == "":
			cur.Body = append(cur.Body, "")
		default:
			cur = nil
		}
	}
	for i := range hints {
		b := hints[i].Body
		for len(b) > 0 && b[len(b)-1] == "" {
			b = b[:len(b)-1]
		}
		hints[i].Body = b
	}
	return hints
}

// Hints reads lab l's hints from its chapter in language lang: "en", the book's chapter, or
// "zh", its Chinese twin in chapters/zh/ (the same hints, numbered the same).
func (c *Course) Hints(l *Lab, lang string) ([]Hint, error) {
	chapter := l.Chapter()
	if lang == "zh" {
		chapter = filepath.Join(filepath.Dir(chapter), "zh", filepath.Base(chapter))
	}
	text, err := os.ReadFile(filepath.Join(c.Root, chapter))
	if err != nil {
		if lang == "zh" {
			return nil, fmt.Errorf("lab %s's chapter has no Chinese edition (%s), so no Chinese hints; hint without -lang zh shows the English ones", l.Name, filepath.ToSlash(chapter))
		}
		return nil, fmt.Errorf("lab %s has no chapter %s, so no hints", l.Name, filepath.ToSlash(chapter))
	}
	return ParseHints(string(text)), nil
}

// hintStepRE reads the step a hint is for from its title: "step 3, the probe sequence", or in
// the Chinese book "第 3 步，探测序列".
var hintStepRE = regexp.MustCompile(`^(?:step (\d+)\b|第 ?(\d+) ?步)`)

// Unit is the step a hint is for ("step 3"), or "" when its title names none.
func (h Hint) Unit() string {
	if m := hintStepRE.FindStringSubmatch(h.Title); m != nil {
		return "step " + m[1] + m[2]
	}
	return ""
}
