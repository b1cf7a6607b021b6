package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"gomaps/labs/courseroot"
	"gomaps/tools/internal/linediff"
	"gomaps/tools/internal/syncbuf"
	"gomaps/tools/lab/internal/course"
	"gomaps/tools/lab/internal/testrun"
	"gomaps/tools/lab/internal/versions"
)

var update = flag.Bool("update", false, "rewrite the want section of the golden files")

// TestMain runs the tests with no locale, so that the runner speaks English whatever the
// machine's locale; a test of the Chinese runner sets LANG or -lang (see course.LocaleLang).
func TestMain(m *testing.M) {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		os.Unsetenv(v)
	}
	dir, err := os.MkdirTemp("", "lab-test-*")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fixtureRoot = filepath.Join(dir, "course")
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// TestGolden runs each testdata/*.txtar against a fresh copy of the fixture
// course in testdata/course, committed to a new git repository so the labs
// count as shipped. A txtar's comment is the command line, or several, one a line, each run in
// turn on the same copy (the want then shows each after "$ "); besides the runner's commands,
// "cat PATH" prints a file of the copy, "cmp PATH [NAME]" checks that it is, byte for byte, the
// txtar's file PATH (or NAME), and "edit PATH" writes the txtar's file edit/PATH to PATH (a learner's edit
// between two commands). The user's cache folder of the run prints as $CACHE, and the folder of
// this course's saved files in it as $CACHE/gomaps/checkpoints/COURSE; the saved versions are
// stamped by a clock that starts at 09:00 on 2 January 2026 and ticks a minute a version, so that
// no golden file depends on the time it runs. Its files are:
//
//	env       KEY=VALUE lines set for the run (PATH= hides the go command; see below for
//	          GOEXPERIMENT)
//	stdin     what the learner types
//	want      stdout and stderr together, then [exit N]
//	shipped/PATH  written over the fixture before its commit: the course as shipped
//	edit/PATH     written by "edit PATH"
//	any path  written over the fixture before the run (a learner's edit)
//
// A golden file whose output depends on the map runtime (verify checks step snapshots on the
// default map only) says in its env which map it shows, so that it passes on every lane:
// GOEXPERIMENT= runs the default map of the toolchain the test runs with, whatever GOEXPERIMENT
// the test was started with; GOEXPERIMENT=noswissmap runs the classic map, and a toolchain that
// no longer has it (Go 1.26 and later) skips the file.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			ar := parseTxtar(string(data))
			root := goldenCourse(t, ar)
			cmds := strings.Split(ar.comment, "\n")
			var got string
			for _, cmd := range cmds {
				out, code := goldenCommand(t, ar, root, cmd)
				if len(cmds) > 1 {
					got += "$ " + cmd + "\n"
				}
				got += normalizeState(out, root) + fmt.Sprintf("[exit %d]\n", code)
			}
			if *update {
				ar.set("want", got)
				if err := os.WriteFile(file, []byte(ar.format()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if want := ar.get("want"); got != want {
				t.Errorf("lab %s: output differs from %s (rerun with -update to accept)\n--- got\n%s--- want\n%s", ar.comment, file, got, want)
			}
		})
	}
}

// goldenCourse makes the course of a golden file (see TestGolden): the fixture with its shipped
// files committed and its other files written over it, in the environment its env sets, with a
// fresh cache folder, no "still running" lines and the golden clock.
func goldenCourse(t *testing.T, ar *txtar) (root string) {
	shipped := map[string]string{}
	for _, f := range ar.files {
		if name, ok := strings.CutPrefix(f.name, "shipped/"); ok {
			shipped[name] = f.data
		}
	}
	root = fixture(t, shipped)
	useStateDir(t)
	every, now := testrun.ProgressEvery, versions.Now
	t.Cleanup(func() { testrun.ProgressEvery, versions.Now = every, now })
	testrun.ProgressEvery = time.Hour
	clock := time.Date(2026, 1, 2, 8, 59, 0, 0, time.Local)
	versions.Now = func() time.Time { clock = clock.Add(time.Minute); return clock }
	for _, f := range ar.files {
		switch {
		case f.name == "want", f.name == "stdin", strings.HasPrefix(f.name, "shipped/"), strings.HasPrefix(f.name, "edit/"):
		case f.name == "env":
			for _, kv := range strings.Fields(f.data) {
				k, v, _ := strings.Cut(kv, "=")
				t.Setenv(k, v)
			}
		default:
			writeFile(t, filepath.Join(root, f.name), f.data)
		}
	}
	if exp := os.Getenv("GOEXPERIMENT"); exp != "" && strings.Contains(ar.get("env"), "GOEXPERIMENT=") {
		skipWithoutExperiment(t, root, exp)
	}
	return root
}

// goldenCommand runs one command line of a golden file in the course at root (see TestGolden),
// and returns what it printed and its exit code.
func goldenCommand(t *testing.T, ar *txtar, root, cmd string) (string, int) {
	var out bytes.Buffer
	code := 0
	switch f := strings.Fields(cmd); {
	case len(f) == 2 && f[0] == "cat":
		data, err := os.ReadFile(filepath.Join(root, f[1]))
		if err != nil {
			t.Fatalf("%s: %v", cmd, err)
		}
		out.Write(data)
	case len(f) == 2 && f[0] == "edit":
		if !ar.has("edit/" + f[1]) {
			t.Fatalf("%s: the txtar has no file edit/%s", cmd, f[1])
		}
		writeFile(t, filepath.Join(root, f[1]), ar.get("edit/"+f[1]))
		fmt.Fprintf(&out, "%s: the learner's edit\n", f[1])
	case (len(f) == 2 || len(f) == 3) && f[0] == "cmp":
		data, err := os.ReadFile(filepath.Join(root, f[1]))
		if err != nil {
			t.Fatalf("%s: %v", cmd, err)
		}
		name := f[len(f)-1]
		if !ar.has(name) {
			t.Fatalf("%s: the txtar has no file %s", cmd, name)
		}
		if d := linediff.Unified("txtar "+name, f[1], ar.get(name), string(data)); d != "" {
			fmt.Fprintf(&out, "%s differs from the txtar's %s:\n%s", f[1], name, d)
			code = 1
		} else {
			fmt.Fprintf(&out, "%s is byte for byte the txtar's %s\n", f[1], name)
		}
	default:
		code = runMain(context.Background(), append([]string{"-C", root}, f...), strings.NewReader(ar.get("stdin")), &out, &out)
	}
	return out.String(), code
}

// skipWithoutExperiment skips the test when the go command has no GOEXPERIMENT exp.
func skipWithoutExperiment(t *testing.T, root, exp string) {
	t.Helper()
	cmd := exec.Command("go", "env", "GOEXPERIMENT")
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	if err == nil {
		return
	}
	if strings.Contains(string(out), "unknown GOEXPERIMENT") {
		t.Skipf("the golden file is for GOEXPERIMENT=%s, which %s does not have", exp, runtime.Version())
	}
	t.Fatalf("GOEXPERIMENT=%s go env GOEXPERIMENT: %v\n%s", exp, err, out)
}

// TestResetRestoresShippedFiles edits a lab, resets it, and checks the
// files are as committed, and that an added file is removed.
func TestResetRestoresShippedFiles(t *testing.T) {
	root := fixture(t)
	demo := filepath.Join(root, "labs/01-demo/demo.go")
	shipped, _ := os.ReadFile(demo)
	writeFile(t, demo, "package demo\n")
	writeFile(t, filepath.Join(root, "labs/01-demo/extra.go"), "package demo\n")

	var out bytes.Buffer
	if code := runMain(context.Background(), []string{"-C", root, "reset", "01"}, strings.NewReader("n\n"), &out, &out); code != 0 {
		t.Fatalf("reset 01 answered n: exit %d; want 0\n%s", code, out.String())
	}
	if got, _ := os.ReadFile(demo); string(got) != "package demo\n" {
		t.Errorf("reset 01 answered n changed demo.go; want it untouched")
	}
	out.Reset()
	if code := runMain(context.Background(), []string{"-C", root, "reset", "-y", "01"}, strings.NewReader(""), &out, &out); code != 0 {
		t.Fatalf("reset -y 01: exit %d; want 0\n%s", code, out.String())
	}
	if got, _ := os.ReadFile(demo); !bytes.Equal(got, shipped) {
		t.Errorf("after reset -y 01, demo.go = %q; want the shipped file", got)
	}
	if _, err := os.Stat(filepath.Join(root, "labs/01-demo/extra.go")); err == nil {
		t.Errorf("after reset -y 01, extra.go still exists; want it removed")
	}
}

// TestWatchRerunsOnSave starts watch, saves the solution over the lab, and
// waits for the passing report; it also measures the delay.
func TestWatchRerunsOnSave(t *testing.T) {
	root := fixture(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	out := &syncbuf.Buffer{}
	done := make(chan int)
	go func() { done <- runMain(ctx, []string{"-C", root, "watch", "01"}, strings.NewReader(""), out, out) }()

	waitFor(t, out, "waiting for a change")
	solved, _ := os.ReadFile(filepath.Join(root, "solutions/01-demo/demo.go"))
	saved := time.Now()
	writeFile(t, filepath.Join(root, "labs/01-demo/demo.go"), string(solved))
	waitFor(t, out, "lab 01-demo passes")
	t.Logf("watch: from save to result in %v", time.Since(saved).Round(10*time.Millisecond))
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("watch after Ctrl-C: exit %d; want 0", code)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("watch did not stop after Ctrl-C")
	}
	if !strings.Contains(out.String(), "stopped watching lab 01-demo") {
		t.Errorf("watch after Ctrl-C did not say it stopped:\n%s", out.String())
	}
}

func waitFor(t *testing.T, out *syncbuf.Buffer, text string) {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for !strings.Contains(out.String(), text) {
		if time.Now().After(deadline) {
			t.Fatalf("watch never printed %q; it printed:\n%s", text, out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// fixtureRoot is the one folder that fixture puts the course in, test after test (no test of
// this package runs in parallel): the go command keeps what it compiled by the package's folder
// as well as its files, so that a lab the tests before built in that folder comes from its cache.
var fixtureRoot string

// fixture copies testdata/course to fixtureRoot, emptied first, with the files of shipped (by
// path) written over it, and commits it to a new git repository.
func fixture(t *testing.T, shipped ...map[string]string) string {
	t.Helper()
	root := fixtureRoot
	if err := os.RemoveAll(root); err != nil {
		t.Fatal(err)
	}
	err := filepath.WalkDir("testdata/course", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel("testdata/course", path)
		writeFile(t, filepath.Join(root, rel), string(data))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, files := range shipped {
		for name, data := range files {
			writeFile(t, filepath.Join(root, name), data)
		}
	}
	for _, args := range [][]string{
		{"init", "-q"},
		{"add", "-A"},
		{"-c", "user.name=course", "-c", "user.email=course@example.com", "commit", "-q", "-m", "shipped"},
	} {
		cmd := exec.Command("git", args...)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v\n%s", args[0], err, out)
		}
	}
	return root
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

var durationRE = regexp.MustCompile(`\b\d+(\.\d+)?(ms|s)\b`)

// normalizeState is normalize, with the user's cache folder of the test (see useStateDir) as
// $CACHE and the folder of the course's saved files in it as $CACHE/gomaps/checkpoints/COURSE.
func normalizeState(s, root string) string {
	if cache, err := courseroot.CacheDir(); err == nil {
		checkpoints := strings.TrimSuffix((&course.Course{Root: root}).StateFile("checkpoints"), ".json")
		s = strings.ReplaceAll(s, checkpoints, "$CACHE/gomaps/checkpoints/COURSE")
		s = strings.ReplaceAll(s, cache, "$CACHE")
	}
	return normalize(s, root)
}

func normalize(s, root string) string {
	s = strings.ReplaceAll(s, root, "$ROOT")
	return durationRE.ReplaceAllString(s, "N.NNs")
}

// A txtar archive: a comment, then files each introduced by "-- name --".
type txtar struct {
	comment string
	files   []txtarFile
}

type txtarFile struct{ name, data string }

var txtarMarker = regexp.MustCompile(`(?m)^-- (\S+) --$`)

func parseTxtar(s string) *txtar {
	ar := &txtar{}
	locs := txtarMarker.FindAllStringSubmatchIndex(s, -1)
	if len(locs) == 0 {
		ar.comment = strings.TrimSpace(s)
		return ar
	}
	ar.comment = strings.TrimSpace(s[:locs[0][0]])
	for i, loc := range locs {
		end := len(s)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		data := strings.TrimPrefix(s[loc[1]:end], "\n")
		ar.files = append(ar.files, txtarFile{s[loc[2]:loc[3]], data})
	}
	return ar
}

func (ar *txtar) has(name string) bool {
	for _, f := range ar.files {
		if f.name == name {
			return true
		}
	}
	return false
}

func (ar *txtar) get(name string) string {
	for _, f := range ar.files {
		if f.name == name {
			return f.data
		}
	}
	return ""
}

func (ar *txtar) set(name, data string) {
	for i, f := range ar.files {
		if f.name == name {
			ar.files[i].data = data
			return
		}
	}
	ar.files = append(ar.files, txtarFile{name, data})
}

func (ar *txtar) format() string {
	var sb strings.Builder
	sb.WriteString(ar.comment + "\n")
	for _, f := range ar.files {
		fmt.Fprintf(&sb, "-- %s --\n%s", f.name, f.data)
	}
	return sb.String()
}
