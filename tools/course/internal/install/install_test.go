package install

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"gomaps/labs/kubeassets"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/internal/gocmd"
)

// The test binary stands in for the commands an install runs (apt-get, npm) when fakeEnv is
// set: it prints fakeLines lines as apt-get does, appends its arguments to the file
// $COURSE_FAKE_ARGS when that is set, and fails with exit status 100, after a last line
// "E: ...", when one of its arguments is $COURSE_FAKE_FAIL.
const (
	fakeEnv   = "COURSE_FAKE_COMMAND"
	fakeLines = 300
)

func TestMain(m *testing.M) {
	if os.Getenv(fakeEnv) != "" {
		os.Exit(fakeCommand(os.Args[1:]))
	}
	os.Exit(m.Run())
}

func fakeCommand(args []string) int {
	if file := os.Getenv("COURSE_FAKE_ARGS"); file != "" {
		f, err := os.OpenFile(file, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		fmt.Fprintf(f, "DEBIAN_FRONTEND=%s %s\n", os.Getenv("DEBIAN_FRONTEND"), strings.Join(args, " "))
		f.Close()
	}
	fail := slices.Contains(args, os.Getenv("COURSE_FAKE_FAIL"))
	for i := 1; i <= fakeLines; i++ {
		if fail {
			fmt.Printf("Unpacking fake-package-%d (1.0-1) ...\n", i)
		} else {
			fmt.Printf("Setting up fake-package-%d (1.0-1) ...\n", i)
		}
	}
	if fail {
		fmt.Fprintln(os.Stderr, "E: Sub-process /usr/bin/dpkg returned an error code (1)")
		return 100
	}
	return 0
}

// fakeStep is an install step that runs the fake command with args.
func fakeStep(t *testing.T, s *base.Env, fail string, args ...string) Step {
	t.Helper()
	cmd := s.Command(context.Background(), testBinary(t), args...)
	cmd.Env = append(os.Environ(), fakeEnv+"=1", "COURSE_FAKE_FAIL="+fail)
	return Step{Name: "fake " + strings.Join(args, " "), Cmd: cmd}
}

// testBinary is the test binary's absolute path: the commands run in another folder.
func testBinary(t *testing.T) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return exe
}

// writes records each Write, so a test can see what was printed before a command ran.
type writes struct{ w []string }

func (w *writes) Write(p []byte) (int, error) {
	w.w = append(w.w, string(p))
	return len(p), nil
}

func (w *writes) String() string { return strings.Join(w.w, "") }

// newInstallSetup returns an Env whose output the test reads, with the course and the user's
// cache folder ($GOMAPS_CACHE) in folders of the test's own, in a run that has not run apt-get
// update yet.
func newInstallSetup(t *testing.T) (s *base.Env, out *writes, cache string) {
	cache = t.TempDir()
	t.Setenv(kubeassets.CacheEnv, cache)
	aptUpdated.Store(false)
	out = &writes{}
	return &base.Env{Root: t.TempDir(), Stdout: out, Stderr: out, Go: gocmd.Machine()}, out, cache
}

const fakeWhat = "the fake tools from a fake package manager"

var doneLine = regexp.MustCompile(`^course: installing ` + regexp.QuoteMeta(fakeWhat) + `: done in \d+(\.\d)? s; log: (.+)\n$`)

// TestInstallPrintsOneLine runs an install whose command prints 300 lines: the reader sees one
// line, whose first part was printed before the command ran, and the 300 lines are in the log,
// in the user's cache folder and not in the course.
func TestInstallPrintsOneLine(t *testing.T) {
	s, out, cache := newInstallSetup(t)
	err := Quiet{What: fakeWhat, Log: "fake", Fix: "install the fake tools by hand",
		Steps: []Step{fakeStep(t, s, "", "install")}}.Run(out)
	if err != nil {
		t.Fatalf("install: %v; printed:\n%s", err, out)
	}
	if first := "course: installing " + fakeWhat + ": "; len(out.w) == 0 || out.w[0] != first {
		t.Errorf("the first write was %q; want %q, printed before the command runs", out.w, first)
	}
	m := doneLine.FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("install printed:\n%s\nwant one line matching %s", out, doneLine)
	}
	if want := filepath.Join(cache, "logs", "fake.log"); m[2] != want {
		t.Errorf("the log is %s; want %s, in the cache folder", m[2], want)
	}
	log, err := os.ReadFile(m[2])
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(log), "Setting up fake-package-"); n != fakeLines {
		t.Errorf("the log has %d of the command's %d lines:\n%s", n, fakeLines, log)
	}
	if entries, _ := os.ReadDir(s.Root); len(entries) > 0 {
		t.Errorf("the install wrote into the course: %v", entries)
	}
}

// TestInstallFailureShowsTheLogsEnd runs an install whose command fails after 300 lines: the
// reader sees what failed, the log's last 15 lines, and an error that is the fix.
func TestInstallFailureShowsTheLogsEnd(t *testing.T) {
	s, out, cache := newInstallSetup(t)
	const fix = "install the fake tools by hand, as root: fake-get install fake-tools"
	err := Quiet{What: fakeWhat, Log: "fake", Fix: fix,
		Steps: []Step{fakeStep(t, s, "install", "install")}}.Run(out)
	if err == nil {
		t.Fatalf("install of a failing command succeeded; printed:\n%s", out)
	}
	if want := "installing " + fakeWhat + " failed: " + fix; err.Error() != want {
		t.Errorf("install's error is %q; want %q", err, want)
	}
	log := filepath.Join(cache, "logs", "fake.log")
	want := []string{fmt.Sprintf("course: installing %s: failed after N s (fake install: exit status 100); the last lines of its log, %s:", fakeWhat, log)}
	for i := fakeLines - 15 + 2; i <= fakeLines; i++ { // 14 lines, then the E: line
		want = append(want, fmt.Sprintf("    Unpacking fake-package-%d (1.0-1) ...", i))
	}
	want = append(want, "    E: Sub-process /usr/bin/dpkg returned an error code (1)")
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	got[0] = regexp.MustCompile(`after \d+(\.\d)? s`).ReplaceAllString(got[0], "after N s")
	if !slices.Equal(got, want) {
		t.Errorf("install printed:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestAptInstall runs Apt with a fake apt-get: apt-get update once per run, then
// apt-get install -y, never asking a question; one line per install; when apt-get update
// fails, the install goes on with the lists apt has, and its line says so.
func TestAptInstall(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("apt-get is a Debian command")
	}
	bin := t.TempDir()
	if err := os.Symlink(testBinary(t), filepath.Join(bin, "apt-get")); err != nil {
		t.Fatal(err)
	}
	args := filepath.Join(t.TempDir(), "args")
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv(fakeEnv, "1")
	t.Setenv("COURSE_FAKE_ARGS", args)
	t.Setenv("COURSE_FAKE_FAIL", "update")
	s, out, _ := newInstallSetup(t)

	if err := Apt(context.Background(), s, "fake-apt", "the fake tools", "install the fake tools by hand", "fake-a", "fake-b"); err != nil {
		t.Fatalf("aptInstall: %v; printed:\n%s", err, out)
	}
	if err := Apt(context.Background(), s, "fake-apt", "more fake tools", "install the fake tools by hand", "fake-c"); err != nil {
		t.Fatalf("the second aptInstall: %v; printed:\n%s", err, out)
	}
	lines := strings.SplitAfter(strings.TrimSuffix(out.String(), "\n"), "\n")
	wantLines := []*regexp.Regexp{
		regexp.MustCompile(`^course: installing the fake tools from Debian's packages: done in \d+(\.\d)? s \(apt-get update failed: exit status 100\); log: \S+fake-apt\.log\n$`),
		regexp.MustCompile(`^course: installing more fake tools from Debian's packages: done in \d+(\.\d)? s; log: \S+fake-apt\.log$`),
	}
	if len(lines) != len(wantLines) {
		t.Fatalf("two installs printed %d lines; want one each:\n%s", len(lines), out)
	}
	for i, re := range wantLines {
		if !re.MatchString(lines[i]) {
			t.Errorf("line %d is %q; want it to match %s", i+1, lines[i], re)
		}
	}
	data, err := os.ReadFile(args)
	if err != nil {
		t.Fatal(err)
	}
	const opts = "DEBIAN_FRONTEND=noninteractive -o DPkg::Lock::Timeout=300 -o Dpkg::Use-Pty=0 "
	if got, want := string(data), opts+"update\n"+opts+"install -y fake-a fake-b\n"+opts+"install -y fake-c\n"; got != want {
		t.Errorf("apt-get ran as\n%s\nwant\n%s", got, want)
	}
	if strings.Contains(out.String(), "fake-package") {
		t.Errorf("apt-get's output reached the reader:\n%s", out)
	}
}
