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
	if len(s.Later) == 0 {
		return ""
	}
	// The steps (or tests, outside the steps) by what they need, and its lane.
	type need struct {
		t    course.LaterTest // its Name aside
		lane *lanes.Lane
	}
	var order []need
	what := map[need][]string{}
	for _, t := range s.Later {
		k := need{course.LaterTest{Release: t.Release, Experiment: t.Experiment, Arch: t.Arch}, t.Lane}
		if _, ok := what[k]; !ok {
			order = append(order, k)
		}
		unit := t.Name
		if n := course.StepOf(t.Name); n != course.AfterSteps {
			unit = "step " + strconv.Itoa(n)
		}
		if !slices.Contains(what[k], unit) {
			what[k] = append(what[k], unit)
		}
	}
	var parts []string
	for _, k := range order {
		units := what[k]
		verb := "needs"
		if len(units) > 1 {
			verb = "need"
		}
		who := joinAnd(units, lang)
		if lang == course.Chinese && !strings.HasSuffix(who, "步") {
			who += " " // "TestX 需要", but "第 10 步需要"
		}
		part := fmt.Sprintf(lang.Pick("%s %s %s", "%[1]s需要 %[3]s"), who, verb, needs(k.t, lang))
		them := map[bool]string{true: "it", false: "them"}[len(units) == 1]
		run := func() string { return laneCommand(*k.lane) + lang.Cmd("run "+s.Lab.Num) }
		switch {
		case !how:
		case k.lane == nil && k.t.Arch != "" && k.t.Arch != runtime.GOARCH:
			part += fmt.Sprintf(lang.Pick(", which this machine (%s) is not", "，而这台机器是 %s"), runtime.GOARCH)
		case k.lane == nil:
			part += lang.Pick(", which none of the course's toolchains is (go run ./tools/course lanes lists them)",
				"，而课程的工具链里没有这个版本（go run ./tools/course lanes 会列出它们）")
		case k.t.Experiment != "":
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
	steps := true
	for _, u := range units {
		steps = steps && strings.HasPrefix(u, "step ")
	}
	if steps && len(units) > 1 {
		var ns []string
		for _, u := range units {
			ns = append(ns, strings.TrimPrefix(u, "step "))
		}
		if lang == course.Chinese {
			return "第 " + strings.Join(ns, "、") + " 步"
		}
		return "steps " + strings.Join(ns[:len(ns)-1], ", ") + " and " + ns[len(ns)-1]
	}
	names := make([]string, len(units))
	for i, u := range units {
		names[i] = u
		if n, ok := strings.CutPrefix(u, "step "); ok && lang == course.Chinese {
			names[i] = "第 " + n + " 步"
		}
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], lang.Pick(", ", "、")) + lang.Pick(" and ", " 和 ") + names[len(names)-1]
}
