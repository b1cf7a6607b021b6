package testrun

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"gomaps/labs/lanes"
	"gomaps/tools/lab/internal/course"
)

// LaterNote is the one sentence that says which steps of the lab need a newer Go, and how to
// run them, or "" when every test of the lab runs with the go command in use.
func (s *Status) LaterNote() string { return s.describeLater(true) }

// LaterShort says which steps need which Go, for the STATE column of list: "step 10 needs Go
// 1.27", or "".
func (s *Status) LaterShort() string { return s.describeLater(false) }

func (s *Status) describeLater(how bool) string {
	if len(s.Later) == 0 {
		return ""
	}
	// The steps (or tests, outside the steps) by the release they need, and its lane.
	type need struct {
		release int
		lane    *lanes.Lane
	}
	var order []need
	what := map[need][]string{}
	for _, t := range s.Later {
		k := need{t.Release, t.Lane}
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
		part := fmt.Sprintf("%s %s Go 1.%d", joinAnd(units), verb, k.release)
		switch {
		case !how:
		case k.lane == nil:
			part += ", which none of the course's toolchains is (go run ./tools/course lanes lists them)"
		default:
			part += ", newer than the go command here: run " + map[bool]string{true: "it", false: "them"}[len(units) == 1] +
				" with " + laneCommand(*k.lane) + "go run ./tools/lab run " + s.Lab.Num
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, "; ")
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

// joinAnd says "step 10", "steps 10 and 11", "step 9, TestX and TestY".
func joinAnd(units []string) string {
	steps := true
	for _, u := range units {
		steps = steps && strings.HasPrefix(u, "step ")
	}
	if steps && len(units) > 1 {
		var ns []string
		for _, u := range units {
			ns = append(ns, strings.TrimPrefix(u, "step "))
		}
		return "steps " + strings.Join(ns[:len(ns)-1], ", ") + " and " + ns[len(ns)-1]
	}
	if len(units) == 1 {
		return units[0]
	}
	return strings.Join(units[:len(units)-1], ", ") + " and " + units[len(units)-1]
}

// laterNames lists the names of the tests of later.
func laterNames(later []course.LaterTest) []string {
	var names []string
	for _, t := range later {
		names = append(names, t.Name)
	}
	return names
}
