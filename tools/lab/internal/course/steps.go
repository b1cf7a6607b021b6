package course

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
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
	m := stepRE.FindStringSubmatch(test)
	if m == nil {
		return AfterSteps
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// LabSteps lists the step numbers of a lab's tests, ascending; nil for a lab without steps.
func (c *Course) LabSteps(l *Lab) []int {
	seen := map[int]bool{}
	var steps []int
	for _, t := range c.TestNames(l) {
		if n := StepOf(t); n != AfterSteps && !seen[n] {
			seen[n] = true
			steps = append(steps, n)
		}
	}
	sort.Ints(steps)
	return steps
}

// DescribeSteps says "steps 1 to 8", or lists them when they have gaps.
func DescribeSteps(steps []int) string {
	if len(steps) == 1 {
		return fmt.Sprintf("step %d", steps[0])
	}
	if steps[len(steps)-1]-steps[0] == len(steps)-1 {
		return fmt.Sprintf("steps %d to %d", steps[0], steps[len(steps)-1])
	}
	var s []string
	for _, n := range steps {
		s = append(s, strconv.Itoa(n))
	}
	return "steps " + strings.Join(s, ", ")
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
	sort.Ints(js)
	return js
}
