package verify

import (
	"slices"
	"strings"
	"testing"

	"gomaps/tools/lab/internal/course"
)

// TestStepProseOfTheCourse holds what every lab of the course says of its steps (its chapter's
// table, in both editions, and its doc.go) to its tests and edit points: see checkStepProse.
func TestStepProseOfTheCourse(t *testing.T) {
	c, err := course.Open("../../../..", course.English)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range c.Labs {
		mine, _ := c.GoFiles(l.Dir(), false)
		for _, p := range checkStepProse(c, l, mine) {
			t.Errorf("lab %s: %s", l.Name, p)
		}
	}
}

// TestStepTableDrift: a table that counts wrong, leaves a test or an edit point out, names a
// test the lab has not got or one of another step, or has no row for a step, is told.
func TestStepTableDrift(t *testing.T) {
	tests := []string{"TestStep1A", "TestStep1B", "TestStep2A", "TestStep10A", "TestStep10B", "FuzzStep10C", "FuzzMap"}
	steps := []int{1, 2, 10}
	decls := map[int][]string{1: {"Map.find"}, 2: {"hash64", "hashString"}, 10: {"foldHasher.Hash"}}
	table := func(rows ...string) string {
		return "# A chapter\n\n| step | file | what you write | tests |\n| --- | --- | --- | --- |\n" + strings.Join(rows, "\n") + "\n\nThe end.\n"
	}
	good := []string{
		"| 1 | `map.go` | `find` | `TestStep1...` (2) |",
		"| 2 | `fast.go` | `hash64`, `hashString` | `TestStep2A`, `FuzzMap` |",
		"| 10 | `hasher.go` | `foldHasher` | `TestStep10...`（2 个），`FuzzStep10C` |",
	}
	if ps := checkStepTable("c.md", table(good...), tests, steps, decls); len(ps) != 0 {
		t.Errorf("a table in step with the lab: %q; want nothing", ps)
	}
	if ps := checkStepTable("c.md", "# No table\n", tests, steps, decls); len(ps) != 0 {
		t.Errorf("a chapter without the lab's table: %q; want nothing", ps)
	}
	for _, c := range []struct {
		name string
		rows []string
		want string
	}{
		{"count", []string{"| 1 | `map.go` | `find` | `TestStep1...` (1) |", good[1], good[2]},
			"c.md: the lab's table: the row of step 1 says TestStep1... (1); the lab has 2: TestStep1A, TestStep1B"},
		{"left out", []string{good[0], "| 2 | `fast.go` | `hash64`, `hashString` | `FuzzMap` |", good[2]},
			"the row of step 2 leaves out TestStep2A"},
		{"edit point", []string{good[0], "| 2 | `fast.go` | `hash64` | `TestStep2A`, `FuzzMap` |", good[2]},
			"the row of step 2 does not name hashString, whose edit point is of that step"},
		{"no such test", []string{good[0], "| 2 | `fast.go` | `hash64`, `hashString` | `TestStep2A`, `TestStep2Gone`, `FuzzMap` |", good[2]},
			"the row of step 2 names TestStep2Gone, and the lab has no such test"},
		{"other step", []string{good[0], "| 2 | `fast.go` | `hash64`, `hashString` | `TestStep2A`, `TestStep1A`, `FuzzMap` |", good[2]},
			"the row of step 2 names TestStep1A, a test of step 1"},
		{"no row", []string{good[0], good[2]},
			"its rows are for steps 1, 10; the lab's tests have steps 1, 2, 10"},
		{"stepless", []string{good[0], "| 2 | `fast.go` | `hash64`, `hashString` | `TestStep2A` |", good[2]},
			"no row names FuzzMap, a test of no step"},
		{"prefix of a longer step", []string{good[0], good[1], "| 10 | `hasher.go` | `foldHasher` | `TestStep1...` (2), `FuzzStep10C` |"},
			"the row of step 10 leaves out TestStep10A, TestStep10B"},
	} {
		ps := checkStepTable("c.md", table(c.rows...), tests, steps, decls)
		if !slices.ContainsFunc(ps, func(p string) bool { return strings.Contains(p, c.want) }) {
			t.Errorf("%s: %q; want a problem saying %q", c.name, ps, c.want)
		}
	}
}
