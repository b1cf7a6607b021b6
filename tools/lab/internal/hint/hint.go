// Package hint is the hint command: the hints of a lab's chapter (see course.Hints), one at a
// time, for the step the learner is on.
package hint

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"gomaps/tools/internal/cli"
	"gomaps/tools/lab/internal/course"
	"gomaps/tools/lab/internal/testrun"
)

// Command is the hint command.
func Command(open course.Opener) *cli.Command {
	var lang string
	return &cli.Command{
		Name:  "hint",
		Usage: "[-lang en|zh] NN [K]",
		Short: "the next hint for the step you are on",
		Long: "show the next hint for the step you are on (the lowest failing step: the lab's tests tell, " +
			"run again only when something they depend on changed since their last run), one at a time, " +
			"from a nudge to nearly the answer; with K, hint K; with -lang zh (or a locale whose LANG " +
			"starts with zh), from the Chinese chapter",
		Flags: func(fs *flag.FlagSet) {
			fs.StringVar(&lang, "lang", localeLang(), "the language of the chapter the hints come from: en, or zh for the Chinese edition (chapters/zh/)")
		},
		Run: open.Run(func(ctx context.Context, c *course.Course, io cli.IO, args []string) error {
			if lang != "en" && lang != "zh" {
				return cli.Usagef("hint: -lang %s: the book has en (English) and zh (Chinese)", lang)
			}
			l, k, err := c.LabAndNumber(args, "hint takes a lab and an optional hint number, as in: hint 01 2 (or hint -lang zh 01 2)")
			if err != nil {
				return err
			}
			return hint(ctx, c, l, k, lang, runLab, io.Stdout)
		}),
	}
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

// A runner runs a lab's tests: runLab, or in hint's tests one that counts its runs.
type runner func(ctx context.Context, c *course.Course, l *course.Lab) *testrun.Status

// runLab runs the tests of lab l as run does.
func runLab(ctx context.Context, c *course.Course, l *course.Lab) *testrun.Status {
	return testrun.Labs(ctx, c, []*course.Lab{l})[0]
}

// hint shows hint arg of lab l, or with arg "" the next hint for what the learner is on: it
// finds the lowest failing step from the lab's last run when nothing changed since, else runs
// the lab's tests with run, and remembers, outside the course's files, which of that step's
// hints it has shown.
func hint(ctx context.Context, c *course.Course, l *course.Lab, arg, lang string, run runner, w io.Writer) error {
	hints, err := c.Hints(l, lang)
	if err != nil {
		return err
	}
	if len(hints) == 0 {
		return fmt.Errorf("chapter %s has no hints yet", filepath.ToSlash(l.Chapter()))
	}
	seen := map[string]int{} // the last hint shown, by lab and step
	c.LoadState("hints", &seen)
	var h course.Hint
	note, unit := "", ""
	if arg != "" {
		k, err := strconv.Atoi(arg)
		if err != nil || k < 1 || k > len(hints) {
			return cli.Usagef("lab %s has hints 1 to %d; %q is not one of them", l.Name, len(hints), arg)
		}
		h = hints[k-1]
		unit = h.Unit()
	} else {
		var passes bool
		if unit, passes, err = hintUnit(ctx, c, l, hints, run, w); err != nil || passes {
			return err
		}
		h, note, unit = nextHint(hints, unit, func(unit string) int { return seen[l.Name+"\x00"+unit] })
	}
	for _, u := range []string{unit, h.Unit()} {
		seen[l.Name+"\x00"+u] = max(seen[l.Name+"\x00"+u], h.Num)
	}
	c.SaveState("hints", seen) // a failure only means the next hint starts over
	sayHint(l, hints, h, note, lang, w)
	return nil
}

// hintUnit is the step the learner is on, as hints name it ("step 3"), when the lab's hints are
// for steps: only the tests tell, so it takes the result of the lab's last run when nothing it
// depends on changed since, and runs them (with run) when something did. It reports whether the
// lab passes (and says so then).
func hintUnit(ctx context.Context, c *course.Course, l *course.Lab, hints []course.Hint, run runner, w io.Writer) (unit string, passes bool, err error) {
	stepped := false
	for _, x := range hints {
		stepped = stepped || x.Unit() != ""
	}
	if !stepped {
		return "", false, nil
	}
	r, kept := testrun.LastResult(c, l)
	if kept {
		fmt.Fprintf(w, "nothing lab %s depends on changed since its tests last ran, so they are not run again\n", l.Name)
	} else {
		fmt.Fprintf(w, "running lab %s's tests to see which step you are on...\n", l.Name)
		s := run(ctx, c, l)
		if ctx.Err() != nil {
			return "", false, ctx.Err()
		}
		testrun.Remember(c, []*testrun.Status{s})
		r = testrun.Record{Passing: s.Passing(), Step: s.Step(), Later: s.LaterNote()}
	}
	if r.Passing {
		fmt.Fprintf(w, "lab %s passes: no hint needed (hint %s K still shows hint K)\n", l.Name, l.Num)
		if r.Later != "" {
			fmt.Fprintln(w, r.Later)
		}
		return "", true, nil
	}
	if r.Step > 0 {
		// A lab taught in steps: the lowest failing one. Without one, the hints come in their order.
		unit = fmt.Sprintf("step %d", r.Step)
	}
	return unit, false, nil
}

// nextHint picks the first hint for unit after the last one shown (lastShown tells it, by
// unit), or the last one again; of all the hints when unit is "" or has none, and forUnit is
// then "" (else unit). The note says where the hint stands among those of unit.
func nextHint(hints []course.Hint, unit string, lastShown func(unit string) int) (h course.Hint, note, forUnit string) {
	var mine []course.Hint
	for _, x := range hints {
		if unit != "" && x.Unit() == unit {
			mine = append(mine, x)
		}
	}
	if len(mine) == 0 {
		unit, mine = "", hints
	}
	last := lastShown(unit)
	h = mine[len(mine)-1]
	for _, x := range mine {
		if x.Num > last {
			h = x
			break
		}
	}
	if unit == "" {
		return h, "", unit
	}
	pos := 0
	for i, x := range mine {
		if x.Num == h.Num {
			pos = i + 1
		}
	}
	note = fmt.Sprintf(" (%d of %d for %s, where you are)", pos, len(mine), unit)
	if h.Num <= last {
		note = fmt.Sprintf(" (again: the last hint for %s)", unit)
	}
	return h, note, unit
}

// sayHint prints hint h of lab l, and what comes after it.
func sayHint(l *course.Lab, hints []course.Hint, h course.Hint, note, lang string, w io.Writer) {
	fmt.Fprintf(w, "hint %d of %d for lab %s%s: %s\n\n", h.Num, len(hints), l.Name, note, h.Title)
	for _, line := range h.Body {
		fmt.Fprintf(w, "  %s\n", line)
	}
	switch {
	case h.Num < len(hints) && (h.Unit() == "" || hints[h.Num].Unit() == h.Unit()):
		fmt.Fprintf(w, "\nstill stuck? the next hint says more: go run ./tools/lab hint %s%s\n", langFlag(lang), l.Num)
	case h.Num < len(hints):
		fmt.Fprintf(w, "\nthat was the last hint for %s; the solution: go run ./tools/lab solution %s\n", h.Unit(), l.Num)
	default:
		fmt.Fprintf(w, "\nthat was the last hint; the solution: go run ./tools/lab solution %s\n", l.Num)
	}
}
