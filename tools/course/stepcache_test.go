package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"gomaps/labs/kubeassets"
	"gomaps/labs/lanes"
)

// TestStepCache: a step that passed is found again only with the very same inputs. Changing any
// one of them (a file of the course, tracked or new, the lane's environment, the go command's
// settings, the envtest binaries, the Debian packages the step runs) gives another key, so the
// step runs; an empty cache (a cold machine) finds nothing, and -fresh finds nothing either.
func TestStepCache(t *testing.T) {
	repo := t.TempDir()
	for _, args := range [][]string{{"init", "-q"}, {"config", "user.email", "course@example.com"}, {"config", "user.name", "course"}} {
		git(t, repo, args...)
	}
	write(t, repo, "go.mod", "module gomaps\n\ngo 1.25.0\n")
	write(t, repo, "labs/01-basics/nan.go", "package basics\n")
	write(t, repo, "chapters/out/01-lab.cmd", "go run ./tools/lab run 01\n")
	git(t, repo, "add", ".")
	git(t, repo, "commit", "-q", "-m", "course")

	assets := t.TempDir()
	for _, b := range kubeassets.Binaries {
		if err := os.WriteFile(filepath.Join(assets, b), []byte("binary "+b), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv(kubeassets.AssetsEnv, assets)
	t.Setenv("GOFLAGS", "")

	c := &checker{setup: &setup{root: repo}}
	tools := "mkdocs 1.4.2"
	local := lanes.Lane{Name: "here", Toolchain: "local"}
	step := checkStep{name: "lab", title: "go run ./tools/lab verify", lane: &local, tools: func(*checker) string { return tools }}
	cache := &stepCache{dir: t.TempDir(), root: repo}

	key := func() string {
		t.Helper()
		k, err := cache.key(c, step)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	first := key()
	if _, _, ok := cache.passed(step.name, first); ok {
		t.Fatal("an empty cache (a cold run) says the step passed")
	}
	if err := cache.record(step.name, first, 12.5); err != nil {
		t.Fatal(err)
	}
	if _, secs, ok := cache.passed(step.name, key()); !ok || secs != 12.5 {
		t.Fatalf("the same inputs again: passed=%v after %.1fs; want the record of 12.5s", ok, secs)
	}
	fresh := &stepCache{dir: cache.dir, root: repo, fresh: true}
	if _, _, ok := fresh.passed(step.name, first); ok {
		t.Fatal("-fresh used the record")
	}

	changes := []struct {
		what         string
		change, undo func()
	}{
		{"a tracked file's contents", func() { write(t, repo, "labs/01-basics/nan.go", "package basics\n\n// edited\n") }, func() { write(t, repo, "labs/01-basics/nan.go", "package basics\n") }},
		{"an output's .cmd file", func() { write(t, repo, "chapters/out/01-lab.cmd", "go run ./tools/lab run 1\n") }, func() { write(t, repo, "chapters/out/01-lab.cmd", "go run ./tools/lab run 01\n") }},
		{"a new file", func() { write(t, repo, "labs/01-basics/extra.go", "package basics\n") }, func() { os.Remove(filepath.Join(repo, "labs/01-basics/extra.go")) }},
		{"a deleted file", func() { os.Remove(filepath.Join(repo, "go.mod")) }, func() { write(t, repo, "go.mod", "module gomaps\n\ngo 1.25.0\n") }},
		{"the lane's toolchain", func() { step.lane = &lanes.Lane{Name: "here", Toolchain: "local+auto"} }, func() { step.lane = &local }},
		{"the lane's GOEXPERIMENT", func() { step.lane = &lanes.Lane{Name: "here", Toolchain: "local", Experiment: "nosuchexperiment"} }, func() { step.lane = &local }},
		{"GOFLAGS", func() { t.Setenv("GOFLAGS", "-mod=mod") }, func() { t.Setenv("GOFLAGS", "") }},
		{"an envtest binary", func() { os.WriteFile(filepath.Join(assets, kubeassets.Etcd), []byte("rebuilt"), 0o755) }, func() { os.WriteFile(filepath.Join(assets, kubeassets.Etcd), []byte("binary "+kubeassets.Etcd), 0o755) }},
		{"a Debian package's version", func() { tools = "mkdocs 1.6.0" }, func() { tools = "mkdocs 1.4.2" }},
		{"the step", func() { step.name = "claims" }, func() { step.name = "lab" }},
	}
	for _, ch := range changes {
		ch.change()
		k, err := cache.key(c, step)
		if err == nil && k == first {
			t.Errorf("changing %s keeps the key: the step would not run again", ch.what)
		}
		if err == nil {
			if _, _, ok := cache.passed(step.name, k); ok {
				t.Errorf("changing %s: the cache still says the step passed", ch.what)
			}
		}
		ch.undo()
		if got := key(); got != first {
			t.Fatalf("undoing the change of %s did not give the first key back", ch.what)
		}
	}
}

func git(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

func write(t *testing.T, root, name, data string) {
	t.Helper()
	path := filepath.Join(root, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}
