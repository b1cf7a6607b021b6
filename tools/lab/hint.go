package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"gomaps/tools/internal/cli"
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

// hintRE is a hint's first line, in the English book or the Chinese one:
//
//	??? tip "Hint 3: step 1, the test in the inner loop"
//	??? tip "提示 3：第 1 步，内层循环里的判断"
var hintRE = regexp.MustCompile(`^\?\?\?\+? tip "(?:Hint (\d+)(?:: (.*))?|提示 (\d+)(?:：(.*))?)"\s*$`)

func parseHints(text string) []hint {
	var hints []hint
	var cur *hint
	for _, line := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		if m := hintRE.FindStringSubmatch(line); m != nil {
			num, title := m[1], m[2]
			if num == "" {
				num, title = m[3], m[4]
			}
			n, _ := strconv.Atoi(num)
			hints = append(hints, hint{num: n, title: title})
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

// hints reads lab l's hints from its chapter in language lang: "en", the book's chapter, or
// "zh", its Chinese twin in chapters/zh/ (the same hints, numbered the same).
func (c *course) hints(l *lab, lang string) ([]hint, error) {
	chapter := l.chapter()
	if lang == "zh" {
		chapter = filepath.Join(filepath.Dir(chapter), "zh", filepath.Base(chapter))
	}
	text, err := os.ReadFile(filepath.Join(c.root, chapter))
	if err != nil {
		if lang == "zh" {
			return nil, fmt.Errorf("lab %s's chapter has no Chinese edition (%s), so no Chinese hints; hint without -lang zh shows the English ones", l.name, filepath.ToSlash(chapter))
		}
		return nil, fmt.Errorf("lab %s has no chapter %s, so no hints", l.name, filepath.ToSlash(chapter))
	}
	return parseHints(string(text)), nil
}

// localeLang is the hints' language when hint has no -lang: zh when the locale (LC_ALL, else
// LC_MESSAGES, else LANG) is Chinese, en otherwise.
func localeLang() string {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if loc := os.Getenv(v); loc != "" {
			if strings.HasPrefix(strings.ToLower(loc), "zh") {
				return "zh"
			}
			return "en"
		}
	}
	return "en"
}

// langFlag is what the runner's suggested commands add for hints in lang: "-lang zh " when
// the learner asked for Chinese and the locale would not give it.
func langFlag(lang string) string {
	if lang != localeLang() {
		return "-lang " + lang + " "
	}
	return ""
}

// hintStepRE reads the step a hint is for from its title: "step 3, the probe sequence", or in
// the Chinese book "第 3 步，探查序列".
var hintStepRE = regexp.MustCompile(`^(?:step (\d+)\b|第 ?(\d+) ?步)`)

// unit is the step a hint is for ("step 3"), or "" when its title names none.
func (h hint) unit() string {
	if m := hintStepRE.FindStringSubmatch(h.title); m != nil {
		return "step " + m[1] + m[2]
	}
	return ""
}

// currentUnit is the lowest failing step of a lab taught in steps, as hints name it, or "" for
// a lab without steps, whose hints then come in their order.
func currentUnit(s *labStatus) string {
	if v := s.steps(); v != nil && v.current != afterSteps {
		return fmt.Sprintf("step %d", v.current)
	}
	return ""
}

// hint shows hint arg of lab l, or with arg "" the next hint for what the learner is on: it
// runs the lab's tests to find the lowest failing step, and remembers, outside the course's
// files, which of that step's hints it has shown.
func (c *course) hint(ctx context.Context, l *lab, arg, lang string, w io.Writer) error {
	hints, err := c.hints(l, lang)
	if err != nil {
		return err
	}
	if len(hints) == 0 {
		return fmt.Errorf("chapter %s has no hints yet", filepath.ToSlash(l.chapter()))
	}
	seen := map[string]int{} // the last hint shown, by lab and step
	c.loadState("hints", &seen)
	var h hint
	note, unit := "", ""
	if arg != "" {
		k, err := strconv.Atoi(arg)
		if err != nil || k < 1 || k > len(hints) {
			return cli.Usagef("lab %s has hints 1 to %d; %q is not one of them", l.name, len(hints), arg)
		}
		h = hints[k-1]
		unit = h.unit()
	} else {
		var passes bool
		if unit, passes, err = c.hintUnit(ctx, l, hints, w); err != nil || passes {
			return err
		}
		h, note, unit = nextHint(hints, unit, func(unit string) int { return seen[l.name+"\x00"+unit] })
	}
	for _, u := range []string{unit, h.unit()} {
		seen[l.name+"\x00"+u] = max(seen[l.name+"\x00"+u], h.num)
	}
	c.saveState("hints", seen) // a failure only means the next hint starts over
	sayHint(l, hints, h, note, lang, w)
	return nil
}

// hintUnit is the step the learner is on, as hints name it, when the lab's hints are for steps:
// only the tests tell, so it runs them. It reports whether the lab passes (and says so then).
func (c *course) hintUnit(ctx context.Context, l *lab, hints []hint, w io.Writer) (unit string, passes bool, err error) {
	stepped := false
	for _, x := range hints {
		stepped = stepped || x.unit() != ""
	}
	if !stepped {
		return "", false, nil
	}
	fmt.Fprintf(w, "running lab %s's tests to see which step you are on...\n", l.name)
	s := c.testLabs(ctx, []*lab{l})[0]
	if ctx.Err() != nil {
		return "", false, ctx.Err()
	}
	c.remember([]*labStatus{s})
	if s.passing() {
		fmt.Fprintf(w, "lab %s passes: no hint needed (hint %s K still shows hint K)\n", l.name, l.num)
		if note := s.laterNote(); note != "" {
			fmt.Fprintln(w, note)
		}
		return "", true, nil
	}
	return currentUnit(s), false, nil
}

// nextHint picks the first hint for unit after the last one shown (lastShown tells it, by
// unit), or the last one again; of all the hints when unit is "" or has none, and forUnit is
// then "" (else unit). The note says where the hint stands among those of unit.
func nextHint(hints []hint, unit string, lastShown func(unit string) int) (h hint, note, forUnit string) {
	var mine []hint
	for _, x := range hints {
		if unit != "" && x.unit() == unit {
			mine = append(mine, x)
		}
	}
	if len(mine) == 0 {
		unit, mine = "", hints
	}
	last := lastShown(unit)
	h = mine[len(mine)-1]
	for _, x := range mine {
		if x.num > last {
			h = x
			break
		}
	}
	if unit == "" {
		return h, "", unit
	}
	pos := 0
	for i, x := range mine {
		if x.num == h.num {
			pos = i + 1
		}
	}
	note = fmt.Sprintf(" (%d of %d for %s, where you are)", pos, len(mine), unit)
	if h.num <= last {
		note = fmt.Sprintf(" (again: the last hint for %s)", unit)
	}
	return h, note, unit
}

// sayHint prints hint h of lab l, and what comes after it.
func sayHint(l *lab, hints []hint, h hint, note, lang string, w io.Writer) {
	fmt.Fprintf(w, "hint %d of %d for lab %s%s: %s\n\n", h.num, len(hints), l.name, note, h.title)
	for _, line := range h.body {
		fmt.Fprintf(w, "  %s\n", line)
	}
	switch {
	case h.num < len(hints) && (h.unit() == "" || hints[h.num].unit() == h.unit()):
		fmt.Fprintf(w, "\nstill stuck? the next hint says more: go run ./tools/lab hint %s%s\n", langFlag(lang), l.num)
	case h.num < len(hints):
		fmt.Fprintf(w, "\nthat was the last hint for %s; the solution: go run ./tools/lab solution %s\n", h.unit(), l.num)
	default:
		fmt.Fprintf(w, "\nthat was the last hint; the solution: go run ./tools/lab solution %s\n", l.num)
	}
}
