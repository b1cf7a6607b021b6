package course

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// A lab may teach in steps: its tests are then named TestStep<N><Name>, and
// the runner shows the learner only the lowest step that still fails, so
// that step 5's failures do not bury step 1's. Tests without a step number
// come after every step.
var stepRE = regexp.MustCompile(`^(?:Test|Fuzz)Step([0-9]+)`)

// AfterSteps is the step of a test that has no step number.
const AfterSteps = 1 << 30

// StepOf is the step of a test: N for TestStepN... or FuzzStepN..., else AfterSteps.
func StepOf(test string) int {
	if m := stepRE.FindStringSubmatch(test); m != nil {
		n, _ := strconv.Atoi(m[1])
		return n
	}
	return AfterSteps
}

// StepRank orders the steps of lab l, the lowest rank first: a step of its //lab:first comes
// before every other (a build where its tests exist runs the other steps' code on its files, so
// their tests fail until it is written), in the order the directive lists; the others by number.
func (l *Lab) StepRank(n int) int {
	if i := slices.Index(l.First, n); i >= 0 {
		return i - len(l.First)
	}
	return n
}

// StepsPattern is the go test -run pattern of the tests of steps: "^(Test|Fuzz)Step(1|2)([^0-9]|$)".
func StepsPattern(steps []int) string {
	return "^(Test|Fuzz)Step(" + JoinSteps(steps, "|") + ")([^0-9]|$)"
}

// JoinSteps lists step numbers with sep between them.
func JoinSteps(steps []int, sep string) string {
	s := make([]string, len(steps))
	for i, n := range steps {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, sep)
}

// LabSteps lists the step numbers of a lab's tests, ascending; nil for a lab without steps.
func (c *Course) LabSteps(l *Lab) []int {
	var steps []int
	for _, t := range c.TestNames(l) {
		if n := StepOf(t); n != AfterSteps {
			steps = append(steps, n)
		}
	}
	slices.Sort(steps)
	return slices.Compact(steps)
}

// StepName says "step 3", or in Chinese "第 3 步".
func StepName(n int, l Lang) string {
	return fmt.Sprintf(l.Pick("step %d", "第 %d 步"), n)
}

// StepRange says "step 2" or "steps 2 to 4".
func StepRange(first, last int, lang Lang) string {
	if last <= first {
		return StepName(first, lang)
	}
	return fmt.Sprintf(lang.Pick("steps %d to %d", "第 %d 到第 %d 步"), first, last)
}

// DescribeSteps says "steps 1 to 8", or lists them when they have gaps.
func DescribeSteps(steps []int, lang Lang) string {
	if last := steps[len(steps)-1]; last-steps[0] == len(steps)-1 {
		return StepRange(steps[0], last, lang)
	}
	return fmt.Sprintf(lang.Pick("steps %s", "第 %s 步"), JoinSteps(steps, lang.Pick(", ", "、")))
}

// StepSnapshotDir is the folder of the step snapshots of step j: solutions/NN-word/step-J holds
// the lab's files whose funcs serve several steps, as they stand once steps 1 to j are done and
// no later step (see package merge).
func (l *Lab) StepSnapshotDir(j int) string {
	return filepath.Join(l.SolutionDir(), "step-"+strconv.Itoa(j))
}

var stepSnapshotName = regexp.MustCompile(`^step-([0-9]+)$`)

// SnapshotStep reads the step j of the name of a step snapshot folder, step-J; ok is false for
// any other name.
func SnapshotStep(name string) (j int, ok bool) {
	m := stepSnapshotName.FindStringSubmatch(name)
	if m == nil {
		return 0, false
	}
	j, _ = strconv.Atoi(m[1])
	return j, true
}

// StepSnapshots lists the steps j of the lab's step snapshot folders (step-J), ascending.
func (c *Course) StepSnapshots(l *Lab) []int {
	entries, _ := os.ReadDir(filepath.Join(c.Root, l.SolutionDir()))
	var js []int
	for _, e := range entries {
		if j, ok := SnapshotStep(e.Name()); ok && e.IsDir() {
			js = append(js, j)
		}
	}
	slices.Sort(js)
	return js
}
