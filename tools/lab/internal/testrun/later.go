package testrun

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"gomaps/labs/lanes"
	"gomaps/tools/lab/internal/course"
)

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
