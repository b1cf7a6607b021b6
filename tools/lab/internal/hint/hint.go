// Package hint is the hint command: the hints of a lab's chapter (see course.Hints), one at a
// time, for what the learner is on: a step, or in a lab without steps a function.
package hint

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gomaps/tools/internal/cli"
	"gomaps/tools/lab/internal/course"
	"gomaps/tools/lab/internal/testrun"
)

// Command is the hint command.
func Command(open course.Opener) *cli.Command {
	return &cli.Command{
		Name:  "hint",
		Usage: "NN [K]",
		Short: "the next hint for what you are on",
		Long: "show the next hint for what you are on, one at a time, from a nudge to nearly the answer: in " +
			"a lab taught in steps, for the step run shows you at (the lowest failing one, unless a step the lab's doc.go puts first fails); in a lab without steps, for the function " +
			"of the failing test whose hints come first (the hint's title names it); the lab's tests tell, " +
			"run again only when something they depend on changed since their last run. With K, hint K. " +
			"With -lang zh (or a Chinese locale), the hints of the Chinese chapter, in Chinese words",
		Run: open.Run(func(ctx context.Context, c *course.Course, io cli.IO, args []string) error {
			l, k, err := c.LabAndNumber(args, c.Lang.Pick("hint takes a lab and an optional hint number, as in: hint 01 2",
				"hint 接受一个实验和一个可选的提示编号，例如：hint 01 2"))
			if err != nil {
				return err
			}
			return hint(ctx, c, l, k, io.Stdout)
		}),
	}
}

// hint shows hint arg of lab l, or with arg "" the next hint for what the learner is on (see
// hintUnit), and remembers, outside the course's files, which hints of that unit (a step, or a
// function) it has shown. It speaks the course's language, from its chapter in it.
func hint(ctx context.Context, c *course.Course, l *course.Lab, arg string, w io.Writer) error {
	lang := c.Lang
	hints, err := c.Hints(l, lang)
	if err != nil {
		return err
	}
	if len(hints) == 0 {
		return fmt.Errorf(lang.Pick("chapter %s has no hints yet", "%s 这一章还没有提示"), filepath.ToSlash(l.ChapterIn(lang)))
	}
	seen := map[string]int{} // the last hint shown, by lab and unit
	c.LoadState("hints", &seen)
	var h course.Hint
	note, unit := "", ""
	if arg != "" {
		k, err := strconv.Atoi(arg)
		if err != nil || k < 1 || k > len(hints) {
			return cli.Usagef(lang.Pick("lab %s has hints 1 to %d; %q is not one of them", "实验 %s 的提示是第 1 到第 %d 条，%q 不在其中"), l.Name, len(hints), arg)
		}
		h = hints[k-1]
		unit = h.Unit
	} else {
		var passes bool
		if unit, passes, err = hintUnit(ctx, c, l, hints, w); err != nil || passes {
			return err
		}
		h, note, unit = nextHint(hints, unit, lang, func(unit string) int { return seen[l.Name+"\x00"+unit] })
	}
	for _, u := range []string{unit, h.Unit} {
		seen[l.Name+"\x00"+u] = max(seen[l.Name+"\x00"+u], h.Num)
	}
	c.SaveState("hints", seen) // a failure only means the next hint starts over
	sayHint(l, hints, h, note, lang, w)
	return nil
}

// hintUnit is what the learner is on, as the hints name it: in a lab taught in steps, the step
// run shows ("step 3", see testrun.Status.Step); else the function of the failing tests whose
// hints come first ("Merge"); "" when the hints name neither. Only the tests tell: it takes the
// lab's last run unless something it depends on changed since. It reports whether the lab passes.
func hintUnit(ctx context.Context, c *course.Course, l *course.Lab, hints []course.Hint, w io.Writer) (unit string, passes bool, err error) {
	lang := c.Lang
	r, kept := testrun.LastResult(c, l)
	switch {
	case kept:
		fmt.Fprintf(w, lang.Pick("nothing lab %s depends on changed since its tests last ran, so they are not run again\n",
			"实验 %s 所依赖的内容自上次运行测试以来都没有变，所以不再重新运行测试\n"), l.Name)
	case len(c.LabSteps(l)) > 0:
		fmt.Fprintf(w, lang.Pick("running lab %s's tests to see which step you are on...\n", "正在运行实验 %s 的测试，看看你在哪一步……\n"), l.Name)
	default:
		fmt.Fprintf(w, lang.Pick("running lab %s's tests to see which of them fail...\n", "正在运行实验 %s 的测试，看看哪些没有通过……\n"), l.Name)
	}
	if !kept {
		s := testrun.Lab(ctx, c, l)
		if ctx.Err() != nil {
			return "", false, ctx.Err()
		}
		testrun.Remember(c, []*testrun.Status{s})
		r = s.Result(c)
	}
	if r.Passing {
		fmt.Fprintf(w, lang.Pick("lab %s passes: no hint needed (hint %s K still shows hint K)\n",
			"实验 %s 已经通过，不需要提示（hint %s K 仍会显示第 K 条提示）\n"), l.Name, l.Num)
		if later := r.Later.In(lang); later != "" {
			fmt.Fprintln(w, later)
		}
		return "", true, nil
	}
	if r.Step > 0 {
		// A lab taught in steps: the step run shows. Without one, the hints come in their order.
		return fmt.Sprintf("step %d", r.Step), false, nil
	}
	return course.FirstUnit(hints, r.FailingTests), false, nil
}

// nextHint picks the first hint for unit after the last one shown (lastShown tells it, by
// unit), or the last one again; of all the hints when unit is "" or has none, and forUnit is
// then "" (else unit). The note says where the hint stands among those of unit.
func nextHint(hints []course.Hint, unit string, lang course.Lang, lastShown func(unit string) int) (h course.Hint, note, forUnit string) {
	mine := slices.DeleteFunc(slices.Clone(hints), func(x course.Hint) bool { return unit == "" || x.Unit != unit })
	if len(mine) == 0 {
		unit, mine = "", hints
	}
	last := lastShown(unit)
	i := slices.IndexFunc(mine, func(x course.Hint) bool { return x.Num > last })
	if i < 0 {
		i = len(mine) - 1
	}
	if h = mine[i]; unit == "" {
		return h, "", unit
	}
	note = fmt.Sprintf(lang.Pick(" (%d of %d for %s, where you are)", "；你在%[3]s，这是它的第 %[1]d 条，共 %[2]d 条"), i+1, len(mine), unitName(unit, lang, false))
	if h.Num <= last {
		note = fmt.Sprintf(lang.Pick(" (again: the last hint for %s)", "；再说一遍：这是%s最后一条"), unitName(unit, lang, true))
	}
	return h, note, unit
}

// unitName says a unit of hints in language lang: "step 3" or "Merge"; in Chinese "第 3 步" or
// "函数 Merge", or with of "第 3 步的" or "函数 Merge 的".
func unitName(unit string, lang course.Lang, of bool) string {
	if lang != course.Chinese {
		return unit
	}
	if n, ok := strings.CutPrefix(unit, "step "); ok {
		return "第 " + n + " 步" + map[bool]string{true: "的"}[of]
	}
	return "函数 " + unit + map[bool]string{true: " 的"}[of]
}

// sayHint prints hint h of lab l, and what comes after it.
func sayHint(l *course.Lab, hints []course.Hint, h course.Hint, note string, lang course.Lang, w io.Writer) {
	// The Chinese names the chapter the hints come from: the Chinese one.
	fmt.Fprintf(w, lang.Pick("hint %[1]d of %[2]d for lab %[3]s%[4]s: %[5]s\n\n", "实验 %[3]s 的第 %[1]d 条提示（%[6]s 共 %[2]d 条%[4]s）：%[5]s\n\n"),
		h.Num, len(hints), l.Name, note, h.Title, filepath.ToSlash(l.ChapterIn(lang)))
	for _, line := range h.Body {
		fmt.Fprintf(w, "  %s\n", line)
	}
	switch {
	case h.Num < len(hints) && (h.Unit == "" || hints[h.Num].Unit == h.Unit):
		fmt.Fprintf(w, lang.Pick("\nstill stuck? the next hint says more: %s\n", "\n还是卡住了？下一条提示会说得更多：%s\n"), lang.Cmd("hint "+l.Num))
	case h.Num < len(hints):
		fmt.Fprintf(w, lang.Pick("\nthat was the last hint for %s; the solution: %s\n", "\n这是%s最后一条提示；参考答案：%s\n"), unitName(h.Unit, lang, true), lang.Cmd("solution "+l.Num))
	default:
		fmt.Fprintf(w, lang.Pick("\nthat was the last hint; the solution: %s\n", "\n这是最后一条提示；参考答案：%s\n"), lang.Cmd("solution "+l.Num))
	}
}
