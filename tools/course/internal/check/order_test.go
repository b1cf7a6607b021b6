package check

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"gomaps/labs/kubeassets"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/internal/gocmd"
)

// listed lists the packages of the course at root, as check does.
func listed(t *testing.T, root string) *pkgs {
	t.Helper()
	p, err := list(root, gocmd.Machine().In(root).Command(context.Background(), listArgs...))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestEnvtestPackagesWaitForEnvtest checks the rule that a cold machine's check needs: no step
// before envtest's runs a package whose tests start an API server. The set of such packages comes
// from the imports and the marker (pkgs.envtest), so the test also checks that it finds the ones
// the course has, and that check -quick leaves them out on a machine without envtest's binaries;
// then it puts one of them in an early step and checks that the rule says so.
func TestEnvtestPackagesWaitForEnvtest(t *testing.T) {
	p := listed(t, workshopRoot(t))
	for _, pkg := range []string{"./labs/kubeassets", "./labs/07-controllers", "./labs/08-operator", "./chapters/code/07-controllers/apiserver", "./tools/lab"} {
		if !p.envtest[pkg] {
			t.Errorf("the packages that need envtest do not list %s, whose tests start an API server (or run tests that do)", pkg)
		}
	}
	for _, pkg := range []string{"./tools/course", "./tools/course/internal/check", "./labs/01-basics", "./chapters/code/09-claims/s0"} {
		if p.envtest[pkg] {
			t.Errorf("the packages that need envtest list %s, whose tests start no API server", pkg)
		}
	}
	all := allSteps()
	if err := checkOrder(p, all); err != nil {
		t.Errorf("the check's plan: %v", err)
	}
	for _, pkg := range []string{"./chapters/code/07-controllers/apiserver", "./tools/lab"} {
		if !slices.Contains(p.late, pkg) {
			t.Errorf("the envtest step's packages %v leave out %s: no step runs its tests", p.late, pkg)
		}
	}

	// On a machine without envtest's binaries, check -quick leaves those packages out.
	t.Setenv(kubeassets.AssetsEnv, "")
	t.Setenv(kubeassets.CacheEnv, t.TempDir())
	root := workshopRoot(t)
	c := &checker{Env: &base.Env{Root: root, Stdout: io.Discard, Stderr: io.Discard, Go: gocmd.Machine().In(root)}, ctx: t.Context()}
	quick, err := c.quickPackages()
	if err != nil {
		t.Fatal(err)
	}
	for _, pkg := range quick {
		if p.envtest[pkg] {
			t.Errorf("check -quick tests %s without envtest's binaries, whose tests start an API server: -quick has no envtest step", pkg)
		}
	}
	if !slices.Contains(quick, "./tools/course") {
		t.Errorf("check -quick's packages %v leave out ./tools/course", quick)
	}

	// The same plan with one such package in the test step, before envtest.
	i := slices.IndexFunc(all, func(s step) bool { return s.name == "test" })
	early := all[i].tests
	all[i].tests = func(p *pkgs) []string { return append(early(p), "./chapters/code/07-controllers/apiserver") }
	err = checkOrder(p, all)
	if err == nil || !strings.Contains(err.Error(), "step test runs the tests of ./chapters/code/07-controllers/apiserver") {
		t.Errorf("checkOrder with an API server's package in the test step: got %v; want an error naming the step and the package", err)
	}
}

// checkOrder checks the rule that keeps a cold machine's check green: no step before the one
// named envtest (which builds kube-apiserver and etcd) runs the tests of a package that needs
// them. It names each such package and its step.
func checkOrder(p *pkgs, all []step) error {
	var errs []error
	for _, s := range all {
		if s.name == "envtest" {
			return errors.Join(errs...)
		}
		if s.tests == nil {
			continue
		}
		for _, pkg := range s.tests(p) {
			if p.envtest[pkg] {
				errs = append(errs, fmt.Errorf("step %s runs the tests of %s, which start an API server (they import %s or carry %s), before the envtest step builds its binaries: leave it to a step after envtest", s.name, pkg, envtestImport, envtestMarker))
			}
		}
	}
	return errors.New("no step named envtest: the packages that start an API server have no step to wait for")
}
