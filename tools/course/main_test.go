package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"io"
	"os/exec"
	"strings"
	"testing"

	"gomaps/tools/course/internal/base"
	"gomaps/tools/internal/cli"
)

// run runs the course command as main does, for the tests.
func run(args []string, stdout, stderr io.Writer) error {
	return program().Run(context.Background(), args, cli.IO{Stdout: stdout, Stderr: stderr})
}

var fix = flag.Bool("fix", false, "write doc.go and the README's list of commands from the command table")

// TestManual checks that the manual (doc.go) and the README's list of commands are the ones
// the command table makes.
func TestManual(t *testing.T) {
	p := program()
	if err := p.CheckDocFile("doc.go", *fix); err != nil {
		t.Error(err)
	}
	if err := p.CheckREADME("../../README.md", *fix); err != nil {
		t.Error(err)
	}
}

func TestRunUsageErrors(t *testing.T) {
	tests := [][]string{
		{"frobnicate"},
		{"check", "-skip", "nosuchstep"},
		{"check", "extra"},
		{"serve", "-addr", "nocolon"},
		{"serve", "-nosuchflag"},
		{"outputs", "-nosuchflag"},
	}
	for _, args := range tests {
		var stdout, stderr bytes.Buffer
		err := run(args, &stdout, &stderr)
		var usage *cli.UsageError
		if !errors.As(err, &usage) {
			t.Errorf("run(%q) = %v; want a usage error", args, err)
			continue
		}
		if strings.Contains(usage.Msg, "\n") {
			t.Errorf("run(%q) usage error %q; want one line", args, usage.Msg)
		}
	}
}

func TestRunHelp(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"check", "-h"}, {"outputs", "-help"}} {
		var stdout, stderr bytes.Buffer
		if err := run(args, &stdout, &stderr); err != nil {
			t.Errorf("run(%q) = %v; want nil", args, err)
		}
		if !strings.HasPrefix(stdout.String(), "usage: ") {
			t.Errorf("run(%q) printed %q; want the usage line", args, stdout.String())
		}
	}
}

// TestCommandsNeedNoModules checks that course and envtest import only the standard library and
// the course's own packages: they must build on a laptop whose module cache is empty and which
// has no network, where the first command a learner runs is course unpack (or doctor).
func TestCommandsNeedNoModules(t *testing.T) {
	root, err := base.FindRoot()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", "./tools/course", "./tools/envtest")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		if !strings.HasPrefix(pkg, "gomaps/") {
			t.Errorf("course or envtest imports %s, a package of another module: they would not build offline with an empty module cache", pkg)
		}
	}
}
