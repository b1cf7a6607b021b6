package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/book"
	"gomaps/tools/internal/cli"
)

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

// TestOutputsWritesAndChecks runs the outputs command on a course folder of its own.
func TestOutputsWritesAndChecks(t *testing.T) {
	root, write := outFixture(t)
	out := filepath.Join(root, "chapters", "out")
	write("env.cmd", "# a variable reaches the command\nGREETING=\"hello there\" sh -c \"echo $GREETING; echo oops >&2\"\n")
	write("fails.cmd", "# exit 3\nsh -c \"echo bad; exit 3\"\n")

	var stdout, stderr bytes.Buffer
	if err := outputs(root, false, nil, &stdout, &stderr); err != nil {
		t.Fatalf("outputs: %v\n%s", err, stderr.String())
	}
	got, err := os.ReadFile(filepath.Join(out, "env.txt"))
	if err != nil {
		t.Fatal(err)
	}
	want := "$ GREETING=\"hello there\" sh -c \"echo $GREETING; echo oops >&2\"\nhello there\noops\n"
	if string(got) != want {
		t.Errorf("env.txt = %q; want %q", got, want)
	}
	if err := outputs(root, true, nil, &stdout, &stderr); err != nil {
		t.Errorf("outputs -check right after outputs: %v\n%s", err, stderr.String())
	}

	write("env.txt", strings.Replace(want, "there", "world", 1))
	stderr.Reset()
	if err := outputs(root, true, []string{"env"}, &stdout, &stderr); !errors.Is(err, cli.ErrFailed) {
		t.Errorf("outputs -check env after an edit = %v; want cli.ErrFailed", err)
	}
	if msg := "chapters/out/env.txt is out of date: run go run ./tools/course outputs"; !strings.Contains(stderr.String(), msg) {
		t.Errorf("outputs -check printed %q; want it to contain %q", stderr.String(), msg)
	}

	write("fails.cmd", "sh -c \"echo bad; exit 3\"\n")
	stderr.Reset()
	if err := outputs(root, false, []string{"fails"}, &stdout, &stderr); !errors.Is(err, cli.ErrFailed) {
		t.Errorf("outputs fails with exit 3 unexpected = %v; want cli.ErrFailed", err)
	}
	if !strings.Contains(stderr.String(), "exit status 3, want 0") {
		t.Errorf("outputs printed %q; want it to name the exit statuses", stderr.String())
	}
}

func TestNavPages(t *testing.T) {
	for _, ed := range []struct{ config, dir string }{{"mkdocs.yml", "chapters"}, {book.ZhConfig, filepath.Join("chapters", "zh")}} {
		pages, err := navPages(filepath.Join("..", ".."), ed.config)
		if err != nil {
			t.Fatal(err)
		}
		if len(pages) < 5 || pages[0] != "index.html" || pages[1] != "00-setup.html" {
			t.Fatalf("navPages(%s) = %v, want index.html, 00-setup.html and the chapters after them", ed.config, pages)
		}
		// Every page of the book is in the nav, titled or not (a title may hold a colon).
		mds, _ := filepath.Glob(filepath.Join("..", "..", ed.dir, "*.md"))
		for _, md := range mds {
			page := strings.TrimSuffix(filepath.Base(md), ".md") + ".html"
			if !slices.Contains(pages, page) {
				t.Errorf("navPages(%s) = %v, which misses %s", ed.config, pages, page)
			}
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
