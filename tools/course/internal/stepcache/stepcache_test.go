package stepcache

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// Watchable reports whether inputs can be recorded here: with Linux's inotify.
const Watchable = runtime.GOOS == "linux"

// course is a small course in a git repository, and a step that reads one of its files (in a
// child process, as a go command would) and lists a folder.
type course struct {
	t        *testing.T
	repo     string
	records  string
	readsGit bool
}

func newCourse(t *testing.T) *course {
	c := &course{t: t, repo: t.TempDir(), records: t.TempDir()}
	for _, args := range [][]string{{"init", "-q"}, {"config", "user.email", "course@example.com"}, {"config", "user.name", "course"}} {
		c.git(args...)
	}
	c.write("go.mod", "module gomaps\n\ngo 1.25.0\n")
	c.write("labs/01-basics/nan.go", "package basics\n")
	c.write("chapters/out/01-lab.cmd", "go run ./tools/lab run 01\n")
	c.write("chapters/01-basics.md", "# Basics\n")
	c.git("add", ".")
	c.git("commit", "-q", "-m", "course")
	return c
}

func (c *course) git(args ...string) {
	c.t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = c.repo
	if out, err := cmd.CombinedOutput(); err != nil {
		c.t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

func (c *course) write(name, data string) {
	c.t.Helper()
	path := filepath.Join(c.repo, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		c.t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		c.t.Fatal(err)
	}
}

// cache is a run of the check: a cache with its own snapshot of the course.
func (c *course) cache(fresh bool) *Cache {
	c.t.Helper()
	cache, err := New(c.records, c.repo, fresh)
	if err != nil {
		c.t.Fatal(err)
	}
	return cache
}

func (c *course) run() error {
	if out, err := exec.Command("cat", filepath.Join(c.repo, "labs/01-basics/nan.go")).CombinedOutput(); err != nil {
		return fmt.Errorf("cat: %v: %s", err, out)
	}
	if _, err := os.ReadDir(filepath.Join(c.repo, "chapters/out")); err != nil {
		return err
	}
	if c.readsGit {
		_, err := os.ReadFile(filepath.Join(c.repo, ".git/HEAD"))
		return err
	}
	return nil
}

// record runs the step and records it, with git what it says it reads of git.
func (c *course) record(git ...string) {
	c.t.Helper()
	st := c.cache(false).Step("key")
	in, err := st.Run(c.run)
	if err != nil {
		c.t.Fatal(err)
	}
	if Watchable && in.Unknown != nil {
		c.t.Fatalf("the step's inputs were not watched: %v", in.Unknown)
	}
	if c.readsGit && Watchable && !in.Git {
		c.t.Fatal("the step read .git/HEAD, and the watch did not see it")
	}
	in.GitReads = git
	if err := st.Record("lab", "key", 12.5, in); err != nil {
		c.t.Fatal(err)
	}
}

func (c *course) passes() bool {
	_, ok := c.cache(false).Passed("lab", "key")
	return ok
}

// A change to the course, and its undoing.
type change struct {
	what         string
	change, undo func()
}

func (c *course) edit(name, data string) change {
	old, err := os.ReadFile(filepath.Join(c.repo, filepath.FromSlash(name)))
	if err != nil {
		c.t.Fatal(err)
	}
	return change{"an edit of " + name, func() { c.write(name, data) }, func() { c.write(name, string(old)) }}
}

func (c *course) add(name string) change {
	return change{"a new file " + name, func() { c.write(name, "new\n") }, func() { os.Remove(filepath.Join(c.repo, name)) }}
}

// TestStepCache: a step that passed is found again only with the very same inputs. Changing any
// one of them (a file of the course the step read, a new file beside one it read or in a folder
// it listed) runs the step again; a change to a file it did not read does
// not. An empty cache (a cold machine) finds nothing, and -fresh finds nothing either.
func TestStepCache(t *testing.T) {
	c := newCourse(t)
	if c.passes() {
		t.Fatal("an empty cache (a cold run) says the step passed")
	}
	c.record()
	if rec, ok := c.cache(false).Passed("lab", "key"); !ok || rec.Secs != 12.5 {
		t.Fatalf("the same inputs again: passed=%v after %.1fs; want the record of 12.5s", ok, rec.Secs)
	}
	if _, ok := c.cache(true).Passed("lab", "key"); ok {
		t.Fatal("-fresh used the record")
	}
	if _, ok := c.cache(false).Passed("lab", "another key"); ok {
		t.Fatal("another key found the record")
	}
	var inputs []change
	if Watchable {
		inputs = append(inputs, c.edit("labs/01-basics/nan.go", "package basics\n\n// edited\n"),
			c.add("labs/01-basics/extra.go"), c.add("chapters/out/01-new.cmd"),
			change{"a deleted file the step read", func() { os.Remove(filepath.Join(c.repo, "labs/01-basics/nan.go")) }, func() { c.write("labs/01-basics/nan.go", "package basics\n") }})
	}
	for _, ch := range inputs {
		ch.change()
		if c.passes() {
			t.Errorf("%s: the cache still says the step passed", ch.what)
		}
		ch.undo()
		if !c.passes() {
			t.Fatalf("undoing %s did not find the record again", ch.what)
		}
	}
	for _, ch := range c.others() {
		ch.change()
		if Watchable && !c.passes() {
			t.Errorf("%s, which the step did not read, runs it again", ch.what)
		}
		ch.undo()
	}
}

// others are changes to what the step does not read.
func (c *course) others() []change {
	return []change{c.edit("chapters/01-basics.md", "# Basics, edited\n"), c.add("tools/new.go")}
}

// TestStepCacheParts: a step whose part was found in the part's own record (an output that
// passed before) read none of the part's inputs, and its record lists them all the same.
func TestStepCacheParts(t *testing.T) {
	if !Watchable {
		t.Skip("inputs are not watched here")
	}
	c := newCourse(t)
	part := c.cache(false).Step("stepkey")
	if err := part.Part("output-x", "output x", nil, func(Record) {}, c.run); err != nil {
		t.Fatal(err)
	}
	outer := c.cache(false)
	st := outer.Step("stepkey")
	in, err := st.Run(func() error {
		return st.Part("output-x", "output x", nil, func(Record) {}, func() error { return fmt.Errorf("the part's record was not found") })
	})
	if err != nil || in.Unknown != nil {
		t.Fatalf("the step: %v, %v", err, in.Unknown)
	}
	if err := st.Record("outputs", "stepkey", 2, in); err != nil {
		t.Fatal(err)
	}
	stepPasses := func() bool { _, ok := c.cache(false).Passed("outputs", "stepkey"); return ok }
	if !stepPasses() {
		t.Fatal("a step whose part was found is not found again with nothing changed")
	}
	c.write("labs/01-basics/nan.go", "package basics\n\n// the part's input, edited\n")
	if stepPasses() {
		t.Error("an input of a part the step found in its record changed, and the step is still found: the part would not run")
	}
}

// TestStepCacheGit: a step that read git's files is found again only when no file of the course
// changed, and on the same last commit. A lab's verify reads from git only its lab's shipped
// files: its record lists that folder's tree in the shipped commit, so a commit elsewhere keeps
// it, one in the lab not. The room pack reads the last commit: a change to the work tree that
// it does not read keeps it, another commit not.
func TestStepCacheGit(t *testing.T) {
	c := newCourse(t)
	c.readsGit = true
	c.record()
	if !c.passes() {
		t.Fatal("a step that read git's files is not found again with nothing changed")
	}
	for _, ch := range c.others() {
		ch.change()
		if c.passes() {
			t.Errorf("a step that read git's files: %s, the cache still says it passed", ch.what)
		}
		ch.undo()
	}
	c.commit("chapters/01-basics.md", "# Basics, committed\n")
	if c.passes() {
		t.Error("a step that read git's files: another last commit, the cache still says it passed")
	}
	if !Watchable {
		return
	}
	for _, reads := range []string{"labs/01-basics", Head} {
		c.record(reads)
		c.write("chapters/01-basics.md", "# Basics, in the work tree\n")
		if !c.passes() {
			t.Errorf("a step that reads %s of git: a change to a file it did not read runs it again", reads)
		}
		c.commit("labs/01-basics/nan.go", "package basics\n\n// committed for "+reads+"\n")
		if c.passes() {
			t.Errorf("a step that reads %s of git: a commit in the lab, the cache still says it passed", reads)
		}
	}
	c.record("labs/01-basics")
	c.commit("chapters/01-basics.md", "# Basics, once more\n")
	if !c.passes() {
		t.Error("a lab's verify: a commit outside its lab runs it again")
	}
}

// commit commits data as the file name, then puts the file in the work tree back as it was.
func (c *course) commit(name, data string) {
	ch := c.edit(name, data)
	ch.change()
	c.git("commit", "-q", "-m", "a commit", "--", name)
	ch.undo()
}

// TestStepCacheGitBothRefs: the lab runner and the book read a shipped lab from the branch the
// course was cloned from, then from HEAD. In a clone, a commit in the lab that is only on HEAD
// (not pushed) runs a step that reads the lab of git again, as one on the branch does.
func TestStepCacheGitBothRefs(t *testing.T) {
	if !Watchable {
		t.Skip("what a step reads is not watched here")
	}
	origin := newCourse(t)
	c := &course{t: t, repo: t.TempDir(), records: t.TempDir(), readsGit: true}
	origin.git("clone", "-q", origin.repo, c.repo)
	for _, args := range [][]string{{"config", "user.email", "course@example.com"}, {"config", "user.name", "course"}} {
		c.git(args...)
	}
	c.record("labs/01-basics")
	if !c.passes() {
		t.Fatal("a step that reads a lab of git is not found again with nothing changed")
	}
	c.commit("labs/01-basics/nan.go", "package basics\n\n// committed, not pushed\n")
	if c.passes() {
		t.Error("a step that reads a lab of git: a commit in the lab on HEAD only, the cache still says it passed")
	}
}

// TestWatchBesideAnother: a watch that starts while another runs (the outputs run two at a
// time) lists the course's folders, but not git's: the other sees no read of git's files.
func TestWatchBesideAnother(t *testing.T) {
	if !Watchable {
		t.Skip("what a step reads is not watched here")
	}
	c := newCourse(t)
	cache := c.cache(false)
	in, err := cache.watch(func() error {
		_, err := cache.watch(c.run)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if in.Unknown != nil || in.Git {
		t.Errorf("a step that read no file of git's, beside a watch that started: Git %v, Unknown %v", in.Git, in.Unknown)
	}
}

// TestSnapshotRefreshesIndex: when git's index is out of date with the work tree (a fresh
// clone), git status opens the files to compare them; after a run's snapshot it opens none,
// and a step that runs it (the room pack) does not record the course's files.
func TestSnapshotRefreshesIndex(t *testing.T) {
	if !Watchable {
		t.Skip("what a step reads is not watched here")
	}
	c := newCourse(t)
	hourAgo := time.Now().Add(-time.Hour)
	if err := os.Chtimes(filepath.Join(c.repo, "labs/01-basics/nan.go"), hourAgo, hourAgo); err != nil {
		t.Fatal(err)
	}
	cache := c.cache(false)
	in, err := cache.watch(func() error {
		status := exec.Command("git", "status", "--porcelain", "--untracked-files=no")
		status.Dir = c.repo
		return status.Run()
	})
	if err != nil {
		t.Fatal(err)
	}
	if in.Files["labs/01-basics/nan.go"] {
		t.Error("git status after the snapshot opened a file that did not change: the index was not brought up to date")
	}
}
