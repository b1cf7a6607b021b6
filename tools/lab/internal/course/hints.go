package course

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
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
	Unit  string // what the hint is for, its title tells: "step 3", a function ("Merge"), or ""
}

// hintRE is a hint's first line, in the English book or the Chinese one:
//
//	??? tip "Hint 3: step 1, the test in the inner loop"
//	??? tip "提示 3：第 1 步，内层循环里的判断"
var hintRE = regexp.MustCompile(`^\?\?\?\+? tip "(?:Hint (\d+)(?:: (.*))?|提示 (\d+)(?:：(.*))?)"\s*$`)

// hintStepRE reads the step a hint is for from its title: "step 3, the probe sequence", or in
// the Chinese book "第 3 步，探测序列".
var hintStepRE = regexp.MustCompile(`^(?:step (\d+)\b|第 ?(\d+) ?步)`)

// ParseHints reads the hints of a chapter's text, in their order.
func ParseHints(text string) []Hint {
	var hints []Hint
	var cur *Hint
	for _, line := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		if m := hintRE.FindStringSubmatch(line); m != nil {
			n, _ := strconv.Atoi(m[1] + m[3]) // the English or the Chinese, the other is ""
			h := Hint{Num: n, Title: m[2] + m[4]}
			if s := hintStepRE.FindStringSubmatch(h.Title); s != nil {
				h.Unit = "step " + s[1] + s[2]
			}
			hints = append(hints, h)
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

// Hints reads lab l's hints from its chapter in language lang: English, the book's chapter, or
// Chinese, its twin in chapters/zh/ (the same hints, numbered the same, for the same units).
func (c *Course) Hints(l *Lab, lang Lang) ([]Hint, error) {
	chapter := l.ChapterIn(lang)
	text, err := os.ReadFile(filepath.Join(c.Root, chapter))
	if err != nil {
		if lang == Chinese {
			return nil, fmt.Errorf("实验 %s 的章节没有中文版（%s），所以没有中文提示；hint -lang en %s 显示英文提示", l.Name, filepath.ToSlash(chapter), l.Num)
		}
		return nil, fmt.Errorf("lab %s has no chapter %s, so no hints", l.Name, filepath.ToSlash(chapter))
	}
	hints := ParseHints(string(text))
	namedUnits(hints, c.TestNames(l))
	return hints, nil
}

// A lab without steps has its hints by function: a hint whose title names no step is for the
// first exported name in its title that a test of the lab is named after ("Hint 16: Merge must
// not start from base itself" is for Merge, which TestMergeDoesNotAlias and TestMergeNilBase
// test; so is "提示 18：base 为 nil 时的 Merge"). The tests say which functions fail, and so
// which hints to give: no hand-kept list joins them.
var exportedNameRE = regexp.MustCompile(`\b[A-Z][A-Za-z0-9_]*\b`)

// namedUnits gives each hint whose title names no step the function it is for, if any.
func namedUnits(hints []Hint, tests []string) {
	for i := range hints {
		if hints[i].Unit != "" {
			continue
		}
		for _, name := range exportedNameRE.FindAllString(hints[i].Title, -1) {
			if slices.ContainsFunc(tests, func(t string) bool { return namedAfter(t, name) }) {
				hints[i].Unit = name
				break
			}
		}
	}
}

// namedAfter reports whether test is named after name: TestName, or TestName followed by more
// words (TestMergeNilBase is named after Merge, TestMergers is not).
func namedAfter(test, name string) bool {
	for _, prefix := range []string{"Test", "Fuzz"} {
		if rest, ok := strings.CutPrefix(test, prefix+name); ok && (rest == "" || !unicode.IsLower(rune(rest[0]))) {
			return true
		}
	}
	return false
}

// TestUnit is the unit of the hints that a test is about: "step N" for a test of step N, else
// the longest function a hint is for that the test is named after; "" when no hint is about it.
func TestUnit(test string, hints []Hint) string {
	if n := StepOf(test); n != AfterSteps {
		return "step " + strconv.Itoa(n)
	}
	unit := ""
	for _, h := range hints {
		if !strings.HasPrefix(h.Unit, "step ") && len(h.Unit) > len(unit) && namedAfter(test, h.Unit) {
			unit = h.Unit
		}
	}
	return unit
}

// FirstUnit is, of the units the tests are about, the one whose hints come first in the
// chapter: where a learner whose tests fail should start; "" when no hint is about them.
func FirstUnit(hints []Hint, tests []string) string {
	units := map[string]bool{}
	for _, t := range tests {
		units[TestUnit(t, hints)] = true
	}
	for _, h := range hints {
		if h.Unit != "" && units[h.Unit] {
			return h.Unit
		}
	}
	return ""
}
