package testrun

import (
	"context"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"gomaps/labs/lanes"
	"gomaps/tools/lab/internal/course"
)

// Report prints what a learner needs from one run of a lab, in the course's language.
func Report(c *course.Course, s *Status, w io.Writer) {
	lang := c.Lang
	if len(s.Graders) > 0 && reportGraders(s, lang, w) {
		return
	}
	switch {
	case s.Problem != "":
		fmt.Fprintf(w, lang.Pick("lab %s cannot run: %s\n", "实验 %s 无法运行：%s\n"), s.Lab.Name, s.Problem)
	case s.Compile != nil:
		reportCompile(s, lang, w)
	case s.Passing():
		reportPassing(c, s, w)
	default:
		reportFailing(s, lang, w)
	}
}

// reportGraders says that the files that grade the lab are not as shipped; it reports whether
// that is all there is to say: the tests pass, and so the lab does not count as passing.
func reportGraders(s *Status, lang course.Lang, w io.Writer) (done bool) {
	l := s.Lab
	fmt.Fprintf(w, lang.Pick("lab %s cannot pass while the files that grade it are not as shipped: %s\n",
		"评分文件与发布时不同，实验 %s 就不能算通过：%s\n"), l.Name, course.DescribeChanges(s.Graders, lang))
	fmt.Fprintf(w, lang.Pick("they are the grader; put them back, keeping your own files: %s\n\n",
		"它们是评分程序；把它们恢复原样（你自己的文件保持不变）：%s\n\n"), lang.Cmd("reset -tests "+l.Num))
	if s.TestsPass() {
		fmt.Fprintf(w, lang.Pick("lab %s does not count as passing: %s with the changed tests\n", "实验 %s 不算通过：用改动过的测试，%s\n"),
			l.Name, countTests(len(s.Tests), len(s.Skipped), lang))
		return true
	}
	return false
}

// reportCompile says why the lab does not build, go vet's complaint or the compiler's.
func reportCompile(s *Status, lang course.Lang, w io.Writer) {
	l := s.Lab
	more := ""
	if n := len(s.Compile) - 1; n > 0 {
		more = fmt.Sprintf(lang.Pick(" (and %d more line%s below)", "（下面还有 %[1]d 行）"), n, course.Plural(n))
	}
	what := lang.Pick("does not compile", "编译不通过")
	if s.Vet {
		what = lang.Pick("fails go vet, which go test runs before the tests", "没有通过 go vet（go test 在运行测试之前会先运行它）")
	}
	fmt.Fprintf(w, lang.Pick("lab %s %s: %s%s\n", "实验 %s %s：%s%s\n"), l.Name, what, strings.TrimSpace(s.Compile[0]), more)
	for _, line := range s.Compile[1:] {
		fmt.Fprintf(w, "    %s\n", strings.TrimSpace(line))
	}
	fmt.Fprintf(w, lang.Pick("fix the code in %s and run the lab again\n", "修改 %s 里的代码，然后再运行这个实验\n"), filepath.ToSlash(l.Dir()))
}

// reportPassing says the lab passes, and which lab is next (see Next).
func reportPassing(c *course.Course, s *Status, w io.Writer) {
	lang := c.Lang
	fmt.Fprintf(w, lang.Pick("lab %s passes: %s\n", "实验 %s 通过：%s\n"), s.Lab.Name, countTests(len(s.Tests), len(s.Skipped), lang))
	if note := s.LaterNote(lang); note != "" {
		fmt.Fprintln(w, note)
	}
	next, err := Next(context.Background(), c)
	switch {
	case err != nil:
	case next != nil:
		fmt.Fprintf(w, lang.Pick("next: lab %s (%s)\n", "下一个：实验 %s（%s）\n"), next.Name, filepath.ToSlash(next.ChapterIn(lang)))
	default:
		fmt.Fprintln(w, lang.Pick("every lab passes: well done", "所有实验都通过了：干得好"))
	}
}

// reportFailing shows the failing tests of the step the learner is on, and the crash of the run.
func reportFailing(s *Status, lang course.Lang, w io.Writer) {
	l := s.Lab
	steps := s.steps()
	// A crash in a later step's test usually means only that the steps before it are not
	// written yet: it comes after the current step's failures, and says so. A lock misuse is a
	// bug of the code as written, whatever its step: it comes first, as a crash of the current
	// step does.
	laterCrash := s.Crash != nil && steps != nil && s.Crash.Test != "" && l.StepRank(course.StepOf(s.Crash.Test)) > l.StepRank(steps.current) && !s.Crash.Misuse
	if s.Crash != nil && !laterCrash {
		reportCrash(s, lang, w, "")
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, lang.Pick("lab %s: %d of %d tests failing\n", "实验 %[1]s：%[3]d 个测试中 %[2]d 个没通过\n"), l.Name, len(s.Failing), len(s.Tests))
	if steps != nil {
		fmt.Fprintln(w, steps.summary(lang))
	}
	notRun := reportFailures(s, steps, lang, w)
	if laterCrash {
		fmt.Fprintln(w)
		n := course.StepOf(s.Crash.Test)
		why := fmt.Sprintf(lang.Pick(" (step %d, after the step you are on: expected until the steps before it are written)",
			"（第 %d 步，在你所在的这一步之后：前面的步骤还没写好时，这是意料之中的）"), n)
		if len(steps.notRun) > 0 {
			// It is not only expected: it kept tests of the learner's step from running.
			why = fmt.Sprintf(lang.Pick(" (step %d, after the step you are on, but it stopped the tests before %s of %s ran: %s runs that step's tests alone)",
				"（第 %d 步，在你所在的这一步之后，但它让%[3]s的 %[2]s 没能运行：%[4]s 只运行那一步的测试）"),
				n, strings.Join(steps.notRun, lang.Pick(", ", "、")), course.StepName(steps.current, lang),
				fmt.Sprintf("go test -run 'Step%d([^0-9]|$)' ./%s", steps.current, filepath.ToSlash(l.Dir())))
		}
		reportCrash(s, lang, w, why)
	}
	if notRun > 0 {
		fmt.Fprintf(w, lang.Pick("\n%d test%s did not run because the crash stopped the test binary\n", "\n有 %[1]d 个测试没有运行，因为崩溃让测试程序停了下来\n"), notRun, course.Plural(notRun))
	}
	reportWhatNext(s, steps, lang, w)
}

// reportFailures shows each failing test of the current step with its message, and counts
// the tests the crash kept from running.
func reportFailures(s *Status, steps *stepView, lang course.Lang, w io.Writer) (notRun int) {
	for _, f := range s.Failing {
		if f.NotRun {
			notRun++
		}
		if f.Crashed || f.NotRun || (steps != nil && course.StepOf(f.Test) != steps.current) {
			continue
		}
		fmt.Fprintf(w, "\nFAIL %s\n", f.Test)
		if f.Race {
			fmt.Fprintln(w, lang.Pick("     the race detector found a data race in this test", "     竞态检测器在这个测试里发现了数据竞争"))
		}
		if len(f.Msg) == 0 {
			fmt.Fprintln(w, lang.Pick("     (it failed without a message)", "     （它失败了，但没有给出信息）"))
		}
		for _, line := range f.Msg {
			fmt.Fprintf(w, "     %s\n", line)
		}
	}
	return notRun
}

// reportWhatNext says what the report left out of later steps, and where to go from here.
func reportWhatNext(s *Status, steps *stepView, lang course.Lang, w io.Writer) {
	l := s.Lab
	if steps != nil && steps.later > 0 {
		fmt.Fprintf(w, lang.Pick("\nnot shown: %d failing test%s of later steps; they wait until %s passes\n",
			"\n没有显示的：后面几步还有 %[1]d 个没通过的测试；它们要等%[3]s通过之后再看\n"), steps.later, course.Plural(steps.later), steps.name(lang))
	}
	// The Chinese says which chapter the hints come from: the Chinese one.
	hint, chapter := lang.Cmd("hint "+l.Num), filepath.ToSlash(l.ChapterIn(lang))
	if steps != nil && steps.current != course.AfterSteps {
		fmt.Fprintf(w, lang.Pick("\nedit the files in %[1]s; stuck on step %[2]d? %[3]s shows its hints one at a time\n",
			"\n修改 %[1]s 里的文件；卡在第 %[2]d 步了？%[3]s 会一条一条地给出 %[4]s 里这一步的提示\n"), filepath.ToSlash(l.Dir()), steps.current, hint, chapter)
	} else {
		fmt.Fprintf(w, lang.Pick("\nedit the files in %[1]s; stuck? %[2]s shows the hints one at a time\n",
			"\n修改 %[1]s 里的文件；卡住了？%[2]s 会一条一条地给出 %[3]s 里的提示\n"), filepath.ToSlash(l.Dir()), hint, chapter)
	}
}

// reportCrash prints the crash of the run: where, what, and the learner's frames.
func reportCrash(s *Status, lang course.Lang, w io.Writer, note string) {
	where := lang.Pick("", " ")
	if s.Crash.Test != "" {
		where = fmt.Sprintf(lang.Pick(" in %s", " 在 %s 中"), s.Crash.Test)
	}
	fmt.Fprintf(w, lang.Pick("lab %s crashed%s%s: %s: %s\n", "实验 %s%s崩溃了%s：%s：%s\n"), s.Lab.Name, where, note, s.Crash.Headline, s.Crash.Explain.In(lang))
	for _, f := range s.Crash.Tail {
		fmt.Fprintf(w, lang.Pick("    at %s\n", "    位于 %s\n"), f)
	}
}

// countTests says "all 3 tests pass", "its 1 test passes", or with tests skipped "2 of its 3
// tests pass and 1 is skipped".
func countTests(n, skipped int, lang course.Lang) string {
	switch {
	case skipped > 0:
		passed := n - skipped
		return fmt.Sprintf(lang.Pick("%d of its %d tests pass%s and %d %s skipped", "%[2]d 个测试中 %[1]d 个通过，%[4]d 个被跳过了"),
			passed, n, map[bool]string{true: "es", false: ""}[passed == 1], skipped, map[bool]string{true: "is", false: "are"}[skipped == 1])
	case n == 1:
		return lang.Pick("its 1 test passes", "它的 1 个测试通过了")
	}
	return fmt.Sprintf(lang.Pick("all %d tests pass", "全部 %d 个测试都通过了"), n)
}

// stepView is where a learner stands in a lab taught in steps.
type stepView struct {
	steps   []int // the step numbers, ascending (course.AfterSteps last, if any test has none)
	current int   // the step of lowest rank (Lab.StepRank) with a failing test
	tests   int   // the tests of the current step
	failing int   // and how many of them fail
	later   int   // failing tests of later steps
	lab     *course.Lab
	// The current step's tests that did not run: a crash stopped the test binary first (most
	// often in a later step's test, whose file comes first).
	notRun []string
}

// steps returns nil when the lab is not taught in steps or nothing fails.
func (s *Status) steps() *stepView {
	counts := map[int]int{}
	for _, t := range s.Tests {
		counts[course.StepOf(t)]++
	}
	v := &stepView{steps: slices.Sorted(maps.Keys(counts)), current: course.AfterSteps + 1, lab: s.Lab}
	if len(v.steps) == 0 || v.steps[0] == course.AfterSteps || len(s.Failing) == 0 {
		return nil // not taught in steps, or nothing fails
	}
	for _, f := range s.Failing {
		if n := course.StepOf(f.Test); s.Lab.StepRank(n) < s.Lab.StepRank(v.current) {
			v.current = n
		}
	}
	v.tests = counts[v.current]
	for _, f := range s.Failing {
		switch {
		case course.StepOf(f.Test) == v.current && f.NotRun:
			v.notRun = append(v.notRun, f.Test)
		case course.StepOf(f.Test) == v.current:
			v.failing++
		case !f.NotRun:
			v.later++
		}
	}
	return v
}

// Step is the step the learner is on in a lab taught in steps: its failing step of lowest rank
// (course.Lab.StepRank: the lowest number, but a step of the lab's //lab:first comes first); 0
// for a lab without steps, or when every step passes.
func (s *Status) Step() int {
	if v := s.steps(); v != nil && v.current != course.AfterSteps {
		return v.current
	}
	return 0
}

// name says "step 3 of 8", or "the tests after the steps".
func (v *stepView) name(lang course.Lang) string {
	if v.current == course.AfterSteps {
		return lang.Pick("the tests after the steps", "各步之后的测试")
	}
	last := v.steps[len(v.steps)-1]
	if last == course.AfterSteps && len(v.steps) > 1 {
		last = v.steps[len(v.steps)-2]
	}
	return fmt.Sprintf(lang.Pick("step %d of %d", "第 %d 步（共 %d 步）"), v.current, last)
}

// summary is the line above the failures.
func (v *stepView) summary(lang course.Lang) string {
	var done []string
	for _, n := range v.steps {
		if v.lab.StepRank(n) < v.lab.StepRank(v.current) {
			done = append(done, strconv.Itoa(n))
		}
	}
	s := fmt.Sprintf(lang.Pick("you are at %s: %d of its %d test%s failing", "你在%[1]s：这一步的 %[3]d 个测试中 %[2]d 个没通过"),
		v.name(lang), v.failing, v.tests, course.Plural(v.tests))
	if len(v.notRun) > 0 {
		s += fmt.Sprintf(lang.Pick(", %d did not run", "，%d 个没有运行"), len(v.notRun))
	}
	if slices.Contains(v.lab.First, v.current) && len(v.steps) > 1 { // it comes first on this build
		s += lang.Pick("; on this build it comes first: the other steps' code runs on its files",
			"；在这个构建下它排在最前：其他各步的代码都运行在它的文件之上")
	}
	switch {
	case len(done) == 1:
		s += fmt.Sprintf(lang.Pick(" (step %s passes)", "（第 %s 步已通过）"), done[0])
	case len(done) > 1:
		s += fmt.Sprintf(lang.Pick(" (steps %s pass)", "（第 %s 步已通过）"), strings.Join(done, lang.Pick(", ", "、")))
	}
	return s
}

// LaterNote is the one sentence that says which steps of the lab need a newer Go (or an
// experiment, or another architecture), and how to run them, or "" when every test of the lab
// runs with the go command in use.
func (s *Status) LaterNote(lang course.Lang) string { return s.describeLater(lang, true) }

// LaterShort says which steps need which Go, for the STATE column of list: "step 10 needs Go
// 1.27", or "".
func (s *Status) LaterShort(lang course.Lang) string { return s.describeLater(lang, false) }

func (s *Status) describeLater(lang course.Lang, how bool) string {
	// The steps (or tests, outside the steps) by what they need and the lane that runs them.
	var order []course.LaterTest
	what := map[course.LaterTest][]string{}
	for _, t := range s.Later {
		unit := t.Name
		if n := course.StepOf(t.Name); n != course.AfterSteps {
			unit = "step " + strconv.Itoa(n)
		}
		t.Name = ""
		if what[t] == nil {
			order = append(order, t)
		}
		if !slices.Contains(what[t], unit) {
			what[t] = append(what[t], unit)
		}
	}
	var parts []string
	for _, k := range order {
		units := what[k]
		verb, them := "needs", "it"
		if len(units) > 1 {
			verb, them = "need", "them"
		}
		who := joinAnd(units, lang)
		if lang == course.Chinese && !strings.HasSuffix(who, "步") {
			who += " " // "TestX 需要", but "第 10 步需要"
		}
		part := fmt.Sprintf(lang.Pick("%s %s %s", "%[1]s需要 %[3]s"), who, verb, needs(k, lang))
		run := func() string { return laneCommand(*k.Lane) + lang.Cmd("run "+s.Lab.Num) }
		switch {
		case !how:
		case k.Lane == nil && k.Arch != "" && k.Arch != runtime.GOARCH:
			part += fmt.Sprintf(lang.Pick(", which this machine (%s) is not", "，而这台机器是 %s"), runtime.GOARCH)
		case k.Lane == nil:
			part += lang.Pick(", which none of the course's toolchains is (go run ./tools/course lanes lists them)",
				"，而课程的工具链里没有这个版本（go run ./tools/course lanes 会列出它们）")
		case k.Experiment != "":
			part += fmt.Sprintf(lang.Pick(": run %s with %s", "：用 %[2]s 运行"), them, run())
		default:
			part += fmt.Sprintf(lang.Pick(", newer than the go command here: run %s with %s", "，比这里的 go 命令新：用 %[2]s 运行"), them, run())
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, lang.Pick("; ", "；"))
}

// needs says what a test needs: "Go 1.27", "GOEXPERIMENT=simd on Go 1.27 and amd64"; in
// Chinese "Go 1.27", "Go 1.27 上的 GOEXPERIMENT=simd 和 amd64".
func needs(t course.LaterTest, lang course.Lang) string {
	if lang != course.Chinese {
		return t.Needs()
	}
	s := "Go 1." + strconv.Itoa(t.Release)
	if t.Experiment != "" {
		s += " 上的 GOEXPERIMENT=" + t.Experiment
	}
	if t.Arch != "" {
		s += " 和 " + t.Arch
	}
	return s
}

// laneCommand is the environment that runs a command on lane l, as a shell prefix. A
// GOEXPERIMENT of the learner's environment that the lane does not have is emptied: the
// classic lane's noswissmap, say, which Go 1.26 and later reject.
func laneCommand(l lanes.Lane) string {
	p := l.Prefix()
	if l.Experiment == "" && os.Getenv("GOEXPERIMENT") != "" {
		p += "GOEXPERIMENT= "
	}
	return p
}

// joinAnd says "step 10", "steps 10 and 11", "step 9, TestX and TestY"; in Chinese "第 10 步",
// "第 10、11 步", "第 9 步、TestX 和 TestY".
func joinAnd(units []string, lang course.Lang) string {
	if len(units) > 1 && !slices.ContainsFunc(units, func(u string) bool { return !strings.HasPrefix(u, "step ") }) {
		ns := make([]string, len(units))
		for i, u := range units {
			ns[i] = strings.TrimPrefix(u, "step ")
		}
		if lang == course.Chinese {
			return "第 " + strings.Join(ns, "、") + " 步"
		}
		return "steps " + joinAnd(ns, lang)
	}
	names := slices.Clone(units)
	for i, u := range names {
		if n, ok := strings.CutPrefix(u, "step "); ok && lang == course.Chinese {
			names[i] = "第 " + n + " 步"
		}
	}
	last := len(names) - 1
	if last == 0 {
		return names[0]
	}
	return strings.Join(names[:last], lang.Pick(", ", "、")) + lang.Pick(" and ", " 和 ") + names[last]
}
