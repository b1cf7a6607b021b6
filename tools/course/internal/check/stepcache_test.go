package check

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"gomaps/labs/kubeassets"
	"gomaps/labs/lanes"
	"gomaps/tools/course/internal/install"
	"gomaps/tools/course/internal/stepcache"
)

// TestStepCache: a step that passed is found again only with the very same inputs. Changing any
// one of them (a file of the course the step read, a new file beside one it read or in a folder
// it listed, the lane's environment, the go command's settings, the envtest binaries, the Debian
// packages the step runs, the check's own sources) runs the step again; a change to a file it
// did not read does not. An empty cache (a cold machine) finds nothing, and -fresh finds nothing
// either. A step that read git's files is found again only when no file of the course changed.
func TestStepCache(t *testing.T) {
	repo := t.TempDir()
	for _, args := range [][]string{{"init", "-q"}, {"config", "user.email", "course@example.com"}, {"config", "user.name", "course"}} {
		git(t, repo, args...)
	}
	write(t, repo, "go.mod", "module gomaps\n\ngo 1.25.0\n")
	write(t, repo, "labs/01-basics/nan.go", "package basics\n")
	write(t, repo, "chapters/out/01-lab.cmd", "go run ./tools/lab run 01\n")
	write(t, repo, "chapters/01-basics.md", "# Basics\n")
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

	c := &checker{Setup: &install.Setup{Root: repo}}
	tools := "mkdocs 1.4.2"
	self := "check v1"
	local := lanes.Lane{Name: "here", Toolchain: "local"}
	step := checkStep{name: "lab", title: "go run ./tools/lab verify", lane: &local, tools: func(*checker) string { return tools }}
	dir := t.TempDir()
	// A run of the check: a cache with its own snapshot of the course.
	newCache := func(fresh bool) *stepcache.Cache { return stepcache.NewIn(dir, repo, fresh) }
	key := func(*stepcache.Cache) string {
		t.Helper()
		k, err := (&keys{self: self}).key(c, step)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	// The step reads one file (in a child process, as a go command would) and lists a folder.
	readsGit := false
	run := func() error {
		if out, err := exec.Command("cat", filepath.Join(repo, "labs/01-basics/nan.go")).CombinedOutput(); err != nil {
			return fmt.Errorf("cat: %v: %s", err, out)
		}
		if _, err := os.ReadDir(filepath.Join(repo, "chapters/out")); err != nil {
			return err
		}
		if readsGit {
			if _, err := os.ReadFile(filepath.Join(repo, ".git/HEAD")); err != nil {
				return err
			}
		}
		return nil
	}
	record := func() {
		t.Helper()
		cache := newCache(false)
		err, in, watchErr := cache.WatchRun(run)
		if err != nil {
			t.Fatal(err)
		}
		if stepcache.Watchable && watchErr != nil {
			t.Fatalf("the step's inputs were not watched: %v", watchErr)
		}
		if err := cache.Record(step.name, key(cache), 12.5, in); err != nil {
			t.Fatal(err)
		}
	}
	passes := func() bool {
		cache := newCache(false)
		k, err := (&keys{self: self}).key(c, step)
		if err != nil {
			return false
		}
		_, _, ok := cache.Passed(step.name, k)
		return ok
	}

	if passes() {
		t.Fatal("an empty cache (a cold run) says the step passed")
	}
	record()
	cache := newCache(false)
	if _, secs, ok := cache.Passed(step.name, key(cache)); !ok || secs != 12.5 {
		t.Fatalf("the same inputs again: passed=%v after %.1fs; want the record of 12.5s", ok, secs)
	}
	if fresh := newCache(true); func() bool { _, _, ok := fresh.Passed(step.name, key(fresh)); return ok }() {
		t.Fatal("-fresh used the record")
	}

	type change struct {
		what         string
		change, undo func()
	}
	inputs := []change{
		{"the lane's toolchain", func() { step.lane = &lanes.Lane{Name: "here", Toolchain: "local+auto"} }, func() { step.lane = &local }},
		{"the lane's GOEXPERIMENT", func() { step.lane = &lanes.Lane{Name: "here", Toolchain: "local", Experiment: "nosuchexperiment"} }, func() { step.lane = &local }},
		{"GOFLAGS", func() { t.Setenv("GOFLAGS", "-mod=mod") }, func() { t.Setenv("GOFLAGS", "") }},
		{"an envtest binary", func() { os.WriteFile(filepath.Join(assets, kubeassets.Etcd), []byte("rebuilt"), 0o755) }, func() { os.WriteFile(filepath.Join(assets, kubeassets.Etcd), []byte("binary "+kubeassets.Etcd), 0o755) }},
		{"a Debian package's version", func() { tools = "mkdocs 1.6.0" }, func() { tools = "mkdocs 1.4.2" }},
		{"the check's own sources", func() { self = "check v2" }, func() { self = "check v1" }},
		{"the step", func() { step.name = "claims" }, func() { step.name = "lab" }},
	}
	if stepcache.Watchable {
		inputs = append(inputs,
			change{"a file the step read", func() { write(t, repo, "labs/01-basics/nan.go", "package basics\n\n// edited\n") }, func() { write(t, repo, "labs/01-basics/nan.go", "package basics\n") }},
			change{"a new file beside a file the step read", func() { write(t, repo, "labs/01-basics/extra.go", "package basics\n") }, func() { os.Remove(filepath.Join(repo, "labs/01-basics/extra.go")) }},
			change{"a new file in a folder the step listed", func() { write(t, repo, "chapters/out/01-new.cmd", "true\n") }, func() { os.Remove(filepath.Join(repo, "chapters/out/01-new.cmd")) }},
			change{"a deleted file the step read", func() { os.Remove(filepath.Join(repo, "labs/01-basics/nan.go")) }, func() { write(t, repo, "labs/01-basics/nan.go", "package basics\n") }},
		)
	}
	for _, ch := range inputs {
		ch.change()
		if passes() {
			t.Errorf("changing %s: the cache still says the step passed", ch.what)
		}
		ch.undo()
		if !passes() {
			t.Fatalf("undoing the change of %s did not find the record again", ch.what)
		}
	}
	others := []change{
		{"a file the step did not read", func() { write(t, repo, "chapters/01-basics.md", "# Basics, edited\n") }, func() { write(t, repo, "chapters/01-basics.md", "# Basics\n") }},
		{"a new file elsewhere", func() { write(t, repo, "tools/new.go", "package tools\n") }, func() { os.RemoveAll(filepath.Join(repo, "tools")) }},
	}
	if stepcache.Watchable {
		for _, ch := range others {
			ch.change()
			if !passes() {
				t.Errorf("changing %s, which the step did not read, runs it again", ch.what)
			}
			ch.undo()
		}
	}

	// A step whose part was found in the part's own record (an output that passed before): the
	// step read none of the part's inputs, and its record lists them all the same.
	if stepcache.Watchable {
		part := newCache(false)
		if err, in, watchErr := part.WatchRun(run); err != nil || watchErr != nil {
			t.Fatalf("the part: %v, %v", err, watchErr)
		} else if err := part.Record("output-x", stepcache.SubKey("stepkey", "output x"), 1, in); err != nil {
			t.Fatal(err)
		}
		outer := newCache(false)
		if err := outer.Snapshot(); err != nil { // as the check does, before any step runs
			t.Fatal(err)
		}
		st := outer.Step("stepkey")
		err, in, watchErr := outer.WatchRun(func() error {
			return st.Part("output-x", "output x", nil, func(time.Time, float64) {}, func() error {
				return fmt.Errorf("the part's record was not found")
			})
		})
		if err != nil || watchErr != nil {
			t.Fatalf("the step: %v, %v", err, watchErr)
		}
		in.Carried = st.Carried()
		if err := outer.Record("outputs", "stepkey", 2, in); err != nil {
			t.Fatal(err)
		}
		stepPasses := func() bool { _, _, ok := newCache(false).Passed("outputs", "stepkey"); return ok }
		if !stepPasses() {
			t.Fatal("a step whose part was found is not found again with nothing changed")
		}
		write(t, repo, "labs/01-basics/nan.go", "package basics\n\n// the part's input, edited\n")
		if stepPasses() {
			t.Error("an input of a part the step found in its record changed, and the step is still found: the part would not run")
		}
		write(t, repo, "labs/01-basics/nan.go", "package basics\n")
	}

	// A step that read git's files: its record covers every file of the course.
	readsGit = true
	record()
	if !passes() {
		t.Fatal("a step that read git's files is not found again with nothing changed")
	}
	for _, ch := range others {
		ch.change()
		if passes() {
			t.Errorf("a step that read git's files: changing %s, the cache still says it passed", ch.what)
		}
		ch.undo()
	}
	// The same work tree on another commit: what a step that read git's files saw changed.
	write(t, repo, "chapters/01-basics.md", "# Basics, committed\n")
	git(t, repo, "commit", "-q", "-am", "another commit")
	write(t, repo, "chapters/01-basics.md", "# Basics\n")
	if passes() {
		t.Error("a step that read git's files: another last commit, the cache still says it passed")
	}

	// A lab's verify reads from git only its lab's shipped files: its record lists that
	// folder's tree in the shipped commit, so a commit elsewhere keeps it, one in the lab not.
	if stepcache.Watchable {
		cache := newCache(false)
		err, in, watchErr := cache.WatchRun(run)
		if err != nil || watchErr != nil || !in.Git {
			t.Fatalf("a step reading .git/HEAD: err %v, watch %v, git read seen: %v", err, watchErr, in != nil && in.Git)
		}
		in.GitFolders = []string{"labs/01-basics"}
		if err := cache.Record(step.name, key(cache), 3, in); err != nil {
			t.Fatal(err)
		}
		write(t, repo, "chapters/01-basics.md", "# Basics, once more\n")
		git(t, repo, "commit", "-q", "-am", "a commit outside the lab")
		if !passes() {
			t.Error("a lab's verify: a commit outside its lab runs it again")
		}
		write(t, repo, "labs/01-basics/doc.go", "package basics\n")
		git(t, repo, "add", ".")
		git(t, repo, "commit", "-q", "-m", "a commit in the lab")
		os.Remove(filepath.Join(repo, "labs/01-basics/doc.go")) // the work tree as it was
		if passes() {
			t.Error("a lab's verify: a commit in its lab, the cache still says it passed")
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
