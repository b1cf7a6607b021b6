package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"gomaps/labs/lanes"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/book"
	"gomaps/tools/course/internal/install"
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
func laneLabs(root string) ([]string, error) {
	plan, err := readLanePlan(root)
	if err != nil {
		return nil, err
	}
	if len(plan.labs) == 0 {
		return nil, fmt.Errorf("no lab carries %s: the classic map has no lab to warm", lanes.Marker)
	}
	return labDirs(root, plan.labs), nil
}

// runPrepare readies a machine for a workshop without internet, and proves
// it by running the course with the module proxy switched off.
func runPrepare(args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("prepare", flag.ContinueOnError)
	if help, err := parseFlags(flags, args, stdout); help || err != nil {
		return err
	}
	if flags.NArg() > 0 {
		return cli.Usagef("prepare: unexpected argument %q", flags.Arg(0))
	}
	root, err := base.FindRoot()
	if err != nil {
		return err
	}
	s := &install.Setup{Root: root, Stdout: stdout, Stderr: stderr, Go: gocmd.Machine()}
	labs, err := laneLabs(root)
	if err != nil {
		return err
	}
	steps := prepareSteps(labs)
	for i, step := range steps {
		fmt.Fprintf(stdout, "==> [%d/%d] %s\n", i+1, len(steps), step.title)
		var cmd *exec.Cmd
		if step.args == nil {
			var out bytes.Buffer
			if err := book.Build(s, "", &out, "--quiet"); err != nil {
				stderr.Write(out.Bytes())
				return fmt.Errorf("%s: %v", step.title, err)
			}
			continue
		} else {
			cmd = s.Command(step.args[0], step.args[1:]...)
			cmd.Env = append(os.Environ(), step.env...)
		}
		// Keep the output short: a step's own output matters only on failure.
		var out bytes.Buffer
		if step.args == nil || step.args[1] != "run" {
			cmd.Stdout, cmd.Stderr = &out, &out
		}
		if err := cmd.Run(); err != nil {
			stderr.Write(out.Bytes())
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				return fmt.Errorf("prepare: %s failed (%s%s): fix that, with the network on, and run prepare again",
					step.title, base.EnvPrefix(step.env), strings.Join(cmdArgs(step), " "))
			}
			return fmt.Errorf("prepare: %s: %v", step.title, err)
		}
	}
	fmt.Fprintln(stdout, "this machine is ready: the labs, both runtimes, delve, benchstat, envtest and the book work without the network")
	return nil
}

func cmdArgs(step prepareStep) []string {
	if step.args == nil {
		return []string{"mkdocs", "build", "--strict"}
	}
	return step.args
}
