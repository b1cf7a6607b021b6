package main

import (
	"bytes"
	"errors"
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
