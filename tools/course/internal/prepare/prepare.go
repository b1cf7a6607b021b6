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
	"gomaps/tools/course/internal/plan"
	"gomaps/tools/course/internal/stepcache"
	"gomaps/tools/course/internal/steps"
	"gomaps/tools/internal/cli"
)

// Command is the prepare command.
func Command() *cli.Command {
	return &cli.Command{
		Name:   "prepare",
		Short:  "ready a machine for a workshop without internet",
		Long:   "ready a machine for a workshop without internet: download the dependencies and the classic map's toolchain (labs/lanes), build and vet on both runtimes, warm the race detector's cache, build delve, benchstat, envtest's kube-apiserver and etcd and the book; then run the labs, the classic toolchain, delve and envtest with GOPROXY=off to prove nothing needs the network",
		NoArgs: true,
		Run: base.Run(func(ctx context.Context, env *base.Env, _ []string) error {
			return Prepare(ctx, env, nil)
		}),
	}
}

// A prepareStep is one thing a workshop machine needs before it goes offline: a go command
// with the settings env, or with no args the book.
type prepareStep struct {
	title     string
	env, args []string
}

// prepareSteps are the steps of prepare. A warm build cache is what a room needs: the steps
// compile (go list -export compiles a package as go test would, links nothing and runs no test,
// so no API server starts for labs 07 and 08), and prove with GOPROXY=off that nothing is left
// to download. The packages and labs (./labs/NN-word) on every lane are the only ones a room
// runs on the classic map, so the only ones built and vetted there, and the labs the only ones
// race-built (labs 07 and 08 would compile the Kubernetes libraries once more, for nothing).
func prepareSteps(onLanes, laneLabs []string) []prepareStep {
	classic, off := lanes.Classic().Env(), []string{"GOPROXY=off"}
	return []prepareStep{
		{"download the module's dependencies", nil, []string{"mod", "download"}},
		{"fetch the Go " + lanes.Classic().Release() + " toolchain (the classic map)", classic, []string{"version"}},
		{"build and vet every package (Swiss tables)", nil, []string{"vet", "./..."}},
		{"build and vet the packages on every lane (classic map)", classic, append([]string{"vet"}, onLanes...)},
		{"warm the race detector's build cache (Swiss tables)", nil, []string{"list", "-export", "-race", "-test", "-deps", "./labs/..."}},
		{"warm the race detector's build cache (classic map: the labs on every lane)", classic, append([]string{"list", "-export", "-race", "-test", "-deps"}, laneLabs...)},
		{"build delve", nil, []string{"tool", "dlv", "version"}},
		{"build delve (classic map)", classic, []string{"tool", "dlv", "version"}},
		{"build benchstat", nil, []string{"tool", "benchstat", "-h"}},
		{"build kube-apiserver and etcd for envtest (about 10 minutes the first time)", nil, []string{"run", "./tools/envtest"}},
		{"install mkdocs if needed and build the book (English and Chinese)", nil, nil},
		{"offline: run the lab runner with the module proxy off", off, []string{"run", "./tools/lab", "list"}},
		{"offline: compile and vet every lab and its tests with the module proxy off", off, []string{"vet", "./labs/..."}},
		{"offline: run the classic toolchain with the module proxy off", append(off, classic...), append([]string{"vet"}, onLanes...)},
		{"offline: run delve with the module proxy off", off, []string{"tool", "dlv", "version"}},
		{"offline: start a real API server (envtest) with the module proxy off", off, []string{"test", "-count=1", "./labs/kubeassets"}},
	}
}

// Prepare readies the machine, with env's go command, and proves it by running the course
// with the module proxy switched off. With parts (the check's), each of its steps is a part
// with a record of its own, not run again when it passed with the same inputs.
func Prepare(ctx context.Context, env *base.Env, parts *stepcache.Step) error {
	lp, err := plan.Read(env.Root, env.Go)
	if err != nil {
		return err
	}
	if len(lp.Labs) == 0 {
		return fmt.Errorf("no lab carries %s: the classic map has no lab to warm", lanes.Marker)
	}
	var run []steps.Step
	for i, step := range prepareSteps(lp.Vetted(env.Root), plan.LabDirs(env.Root, lp.Labs)) {
		run = append(run, steps.Step{Name: step.title, Run: func() (found string, err error) {
			err = parts.Part(fmt.Sprintf("prepare-%02d", i+1), "prepare: "+step.title, nil,
				func(rec stepcache.Record) { found = rec.String() }, func() error { return runStep(ctx, env, step) })
			return found, err
		}})
	}
	if err := (&steps.Runner{Out: env.Stdout, Total: len(run)}).Run(run); err != nil {
		return err
	}
	fmt.Fprintln(env.Stdout, "this machine is ready: the labs, both runtimes, delve, benchstat, envtest and the book work without the network")
	return nil
}

// runStep runs one step, its output shown only when it fails (but go run's, which says how
// envtest's long build goes).
func runStep(ctx context.Context, env *base.Env, step prepareStep) error {
	var out bytes.Buffer
	if step.args == nil {
		if err := book.Build(ctx, env, "", &out, "--quiet"); err != nil {
			env.Stderr.Write(out.Bytes())
			return fmt.Errorf("%s: %v", step.title, err)
		}
		return nil
	}
	cmd := env.Command(ctx, "go", step.args...)
	cmd.Env = append(cmd.Env, step.env...)
	if step.args[0] != "run" {
		cmd.Stdout, cmd.Stderr = &out, &out
	}
	if err := cmd.Run(); err != nil {
		env.Stderr.Write(out.Bytes())
		if exit := (*exec.ExitError)(nil); errors.As(err, &exit) {
			return fmt.Errorf("prepare: %s failed (%sgo %s): fix that, with the network on, and run prepare again", step.title, base.EnvPrefix(step.env), strings.Join(step.args, " "))
		}
		return fmt.Errorf("prepare: %s: %v", step.title, err)
	}
	return nil
}
