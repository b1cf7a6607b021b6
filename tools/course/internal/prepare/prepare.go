// Package prepare is the prepare command: it readies a machine for a workshop without
// internet, and proves it by running the course with the module proxy switched off.
package prepare

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"

	"gomaps/labs/lanes"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/book"
	"gomaps/tools/course/internal/install"
	"gomaps/tools/course/internal/plan"
	"gomaps/tools/course/internal/steps"
	"gomaps/tools/internal/cli"
	"gomaps/tools/internal/gocmd"
)

// A prepareStep is one thing a workshop machine needs before it goes offline.
type prepareStep struct {
	title string
	env   []string
	args  []string // a go command, or nil for the book
}

// prepareSteps are the steps of prepare. A warm build cache is what a room needs: the steps
// compile (go list -export compiles a package as go test would, links nothing and runs no test,
// so no API server starts for labs 07 and 08), and prove with GOPROXY=off that nothing is left
// to download. laneLabs are the labs on every lane (./labs/NN-word), the only ones a room runs
// on the classic map, so the only ones whose race builds are warmed there (labs 07 and 08 would
// compile the Kubernetes libraries once more, with -race, for nothing).
func prepareSteps(laneLabs []string) []prepareStep {
	return []prepareStep{
		{"download the module's dependencies", nil, []string{"go", "mod", "download"}},
		{"fetch the Go " + strings.TrimPrefix(lanes.Classic().Toolchain, "go") + " toolchain (the classic map)", lanes.Classic().Env(), []string{"go", "version"}},
		{"build and vet every package (Swiss tables)", nil, []string{"go", "vet", "./..."}},
		{"build and vet every package (classic map)", lanes.Classic().Env(), []string{"go", "vet", "./..."}},
		{"warm the race detector's build cache (Swiss tables)", nil, []string{"go", "list", "-export", "-race", "-test", "-deps", "./labs/..."}},
		{"warm the race detector's build cache (classic map: the labs on every lane)", lanes.Classic().Env(), append([]string{"go", "list", "-export", "-race", "-test", "-deps"}, laneLabs...)},
		{"build delve", nil, []string{"go", "tool", "dlv", "version"}},
		{"build delve (classic map)", lanes.Classic().Env(), []string{"go", "tool", "dlv", "version"}},
		{"build benchstat", nil, []string{"go", "tool", "benchstat", "-h"}},
		{"build kube-apiserver and etcd for envtest (about 10 minutes the first time)", nil, []string{"go", "run", "./tools/envtest"}},
		{"install mkdocs if needed and build the book (English and Chinese)", nil, nil},
		{"offline: run the lab runner with the module proxy off", []string{"GOPROXY=off"}, []string{"go", "run", "./tools/lab", "list"}},
		{"offline: compile and vet every lab and its tests with the module proxy off", []string{"GOPROXY=off"}, []string{"go", "vet", "./labs/..."}},
		{"offline: run the classic toolchain with the module proxy off", append([]string{"GOPROXY=off"}, lanes.Classic().Env()...), []string{"go", "vet", "./labs/..."}},
		{"offline: run delve with the module proxy off", []string{"GOPROXY=off"}, []string{"go", "tool", "dlv", "version"}},
		{"offline: start a real API server (envtest) with the module proxy off", []string{"GOPROXY=off"}, []string{"go", "test", "-count=1", "./labs/kubeassets"}},
	}
}

// laneLabs lists the labs on every lane, as ./labs/NN-word.
func laneLabs(root string, g gocmd.Go) ([]string, error) {
	lp, err := plan.Read(root, g)
	if err != nil {
		return nil, err
	}
	if len(lp.Labs) == 0 {
		return nil, fmt.Errorf("no lab carries %s: the classic map has no lab to warm", lanes.Marker)
	}
	return plan.LabDirs(root, lp.Labs), nil
}

// Command is the prepare command.
func Command() *cli.Command {
	return &cli.Command{
		Name:  "prepare",
		Short: "ready a machine for a workshop without internet",
		Long:  "ready a machine for a workshop without internet: download the dependencies and the Go 1.25 toolchain, build and vet on both runtimes, warm the race detector's cache, build delve, benchstat, envtest's kube-apiserver and etcd and the book; then run the labs, the classic toolchain, delve and envtest with GOPROXY=off to prove nothing needs the network",
		Run: func(_ context.Context, io cli.IO, args []string) error {
			if len(args) > 0 {
				return cli.Usagef("prepare: unexpected argument %q", args[0])
			}
			root, err := base.FindRoot()
			if err != nil {
				return err
			}
			return Prepare(&install.Setup{Root: root, Stdout: io.Stdout, Stderr: io.Stderr, Go: gocmd.Machine()})
		},
	}
}

// Prepare readies the machine, with the go command of s, and proves it by running the course
// with the module proxy switched off.
func Prepare(s *install.Setup) error {
	labs, err := laneLabs(s.Root, s.Go)
	if err != nil {
		return err
	}
	all := prepareSteps(labs)
	var run []steps.Step
	for _, step := range all {
		run = append(run, steps.Step{Name: step.title, Run: steps.Quiet(func() error { return runStep(s, step) })})
	}
	if err := (&steps.Runner{Out: s.Stdout, Total: len(run)}).Run(run); err != nil {
		return err
	}
	fmt.Fprintln(s.Stdout, "this machine is ready: the labs, both runtimes, delve, benchstat, envtest and the book work without the network")
	return nil
}

// runStep runs one step, its output shown only when it fails.
func runStep(s *install.Setup, step prepareStep) error {
	var out bytes.Buffer
	if step.args == nil {
		if err := book.Build(s, "", &out, "--quiet"); err != nil {
			s.Stderr.Write(out.Bytes())
			return fmt.Errorf("%s: %v", step.title, err)
		}
		return nil
	}
	cmd := s.Command(step.args[0], step.args[1:]...)
	cmd.Env = append(cmd.Env, step.env...)
	if step.args[1] != "run" {
		cmd.Stdout, cmd.Stderr = &out, &out
	}
	if err := cmd.Run(); err != nil {
		s.Stderr.Write(out.Bytes())
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return fmt.Errorf("prepare: %s failed (%s%s): fix that, with the network on, and run prepare again",
				step.title, base.EnvPrefix(step.env), strings.Join(step.args, " "))
		}
		return fmt.Errorf("prepare: %s: %v", step.title, err)
	}
	return nil
}
