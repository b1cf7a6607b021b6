package check

import (
	"gomaps/tools/course/internal/install"
	"gomaps/tools/internal/gocmd"
	"io"
	"slices"
	"strings"
	"testing"
)

// TestEnvtestPackagesWaitForEnvtest checks the rule that a cold machine's check needs: no step
// before envtest's runs a package whose tests start an API server. The set of such packages comes
// from the imports (envtestPackages), so the test also checks that it finds the ones the course
// has; then it puts one of them in an early step and checks that the rule says so.
func TestEnvtestPackagesWaitForEnvtest(t *testing.T) {
	root := workshopRoot(t)
	c := &checker{Setup: &install.Setup{Root: root, Stdout: io.Discard, Stderr: io.Discard, Go: gocmd.Machine()}}
	needs, err := c.envtestPackages()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"./labs/kubeassets", "./labs/07-controllers", "./labs/08-operator", "./chapters/code/07-controllers/apiserver"} {
		if !needs[p] {
			t.Errorf("envtestPackages does not list %s, whose tests start an API server", p)
		}
	}
	for _, p := range []string{"./tools/course", "./labs/01-basics", "./chapters/code/09-claims/s0"} {
		if needs[p] {
			t.Errorf("envtestPackages lists %s, whose tests start no API server", p)
		}
	}
	steps := checkSteps()
	if err := checkOrder(c, steps); err != nil {
		t.Errorf("the check's plan: %v", err)
	}
	late, err := c.envtestTests()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(late, "./chapters/code/07-controllers/apiserver") {
		t.Errorf("the envtest step's packages %v leave out ./chapters/code/07-controllers/apiserver: no step runs its tests", late)
	}

	quick, err := c.onceOf(quickTests...)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range quick {
		if needs[p] {
			t.Errorf("check -quick tests %s, whose tests start an API server: -quick has no envtest step", p)
		}
	}

	// The same plan with one such package in the test step, before envtest.
	i := slices.IndexFunc(steps, func(s checkStep) bool { return s.name == "test" })
	early := steps[i].tests
	steps[i].tests = func(c *checker) ([]string, error) {
		pkgs, err := early(c)
		return append(pkgs, "./chapters/code/07-controllers/apiserver"), err
	}
	err = checkOrder(c, steps)
	if err == nil || !strings.Contains(err.Error(), "step test runs the tests of ./chapters/code/07-controllers/apiserver") {
		t.Errorf("checkOrder with an API server's package in the test step: got %v; want an error naming the step and the package", err)
	}
}
