package outputs

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/scrub"
	"gomaps/tools/internal/cli"
)

// TestOutputKeepsMatchingLines: # keep leaves only the matching lines of the output, after the
// command line, and # drop leaves out those it matches.
func TestOutputKeepsMatchingLines(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, outDir), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := "# keep ^GO(OS|ARCH|ROOT)=\n# drop ^GOROOT=\ngo env\n"
	if err := os.WriteFile(filepath.Join(root, outDir, "keep.cmd"), []byte(cmd), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := (&Run{Env: &base.Env{Root: root}, Check: false, sc: scrub.NewFrom(map[string]string{})}).one(t.Context(), "keep", io.Discard); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(root, outDir, "keep.txt"))
	lines := strings.Split(strings.TrimSpace(string(got)), "\n")
	if len(lines) != 3 || lines[0] != "$ go env" || !strings.HasPrefix(lines[1], "GOARCH=") || !strings.HasPrefix(lines[2], "GOOS=") {
		t.Errorf("# keep ^GO(OS|ARCH|ROOT)= and # drop ^GOROOT= of go env wrote:\n%s\nwant the command line, then GOARCH= and GOOS= only", got)
	}
}

func TestOutputSavesForTheNextCommand(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, outDir), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := "# a first step, whose output a later command reads\n# save build/two-steps/goos.txt\ngo env GOOS\n"
	if err := os.WriteFile(filepath.Join(root, outDir, "two-steps.cmd"), []byte(cmd), 0o644); err != nil {
		t.Fatal(err)
	}
	saved := filepath.Join(root, "build", "two-steps", "goos.txt")
	sc := scrub.NewFrom(map[string]string{})
	for _, check := range []bool{false, true} {
		os.Remove(saved)
		if err := (&Run{Env: &base.Env{Root: root}, Check: check, sc: sc}).one(t.Context(), "two-steps", io.Discard); err != nil {
			t.Fatalf("outputOne(check=%v): %v", check, err)
		}
		if got, err := os.ReadFile(saved); err != nil || string(got) != runtime.GOOS+"\n" {
			t.Errorf("outputOne(check=%v) saved %q, %v; want %q in build/two-steps/goos.txt", check, got, err, runtime.GOOS+"\n")
		}
	}
	if got, _ := os.ReadFile(filepath.Join(root, outDir, "two-steps.txt")); string(got) != "$ go env GOOS\n"+runtime.GOOS+"\n" {
		t.Errorf("two-steps.txt = %q; want the command and its output", got)
	}
}

func TestNormalizeMasksWhatVaries(t *testing.T) {
	tests := []struct{ a, b string }{
		{"ok  \tgomaps/labs/01-basics\t0.012s\n", "ok  \tgomaps/labs/01-basics\t(cached)\n"},
		{"--- FAIL: TestLookup (0.00s)\n", "--- FAIL: TestLookup (1.25s)\n"},
		{"took 1.5ms and 800µs\n", "took 2.25ms and 12µs\n"},
		{"elapsed 2m3.1s\n", "elapsed 10.5s\n"},
		{"main.go:12 +0x1d\nptr=0xc000012345\n", "main.go:12 +0x2f\nptr=0xc0000ab000\n"},
		{"goroutine 7 [running]:\n", "goroutine 18 [running]:\n"},
		{"Previous write at 0x00c by goroutine 8:\n", "Previous write at 0x0a4 by goroutine 9:\n"},
		{"Goroutine 7 (running) created at:\n", "Goroutine 12 (running) created at:\n"},
		{"/tmp/go-build123/b001/exe/main\n", "/tmp/go-build987/b001/exe/main\n"},
		{"open /tmp/TestX1234/001/data: denied\n", "open /tmp/TestX9876/001/data: denied\n"},
		{"line   \nnext\t\n\n\n", "line\nnext\n"},
	}
	for _, tt := range tests {
		if na, nb := scrub.Normalize(tt.a, nil), scrub.Normalize(tt.b, nil); na != nb {
			t.Errorf("scrub.Normalize(%q) = %q, scrub.Normalize(%q) = %q; want them equal", tt.a, na, tt.b, nb)
		}
	}
}

func TestNormalizeKeepsWhatMatters(t *testing.T) {
	tests := []struct{ a, b string }{
		{"--- FAIL: TestLookup (0.00s)\n", "--- FAIL: TestDelete (0.00s)\n"},
		{"basics_test.go:12: Lookup(1) = 0, false; want 1, true\n", "basics_test.go:13: Lookup(1) = 0, false; want 1, true\n"},
		{"fatal error: concurrent map writes\n", "fatal error: concurrent map read and map write\n"},
		{"len(m) = 8\n", "len(m) = 9\n"},
		{"go1.21.0\n", "go1.22.0\n"},
		{"H1 H2 8s\n", "H1 H2 8 slots\n"},
	}
	for _, tt := range tests {
		if na, nb := scrub.Normalize(tt.a, nil), scrub.Normalize(tt.b, nil); na == nb {
			t.Errorf("scrub.Normalize(%q) = scrub.Normalize(%q) = %q; want them different", tt.a, tt.b, na)
		}
	}
}

func TestNormalizeVaryPatterns(t *testing.T) {
	vary := []*regexp.Regexp{regexp.MustCompile(`\d+(\.\d+)? ns/op`)}
	a := "BenchmarkGet-2   1000000   12.5 ns/op   0 B/op\n"
	b := "BenchmarkGet-2   1000000   13.75 ns/op   0 B/op\n"
	if na, nb := scrub.Normalize(a, vary), scrub.Normalize(b, vary); na != nb {
		t.Errorf("with # vary ns/op: %q and %q; want them equal", na, nb)
	}
	c := "BenchmarkGet-2   1000000   12.5 ns/op   16 B/op\n"
	if na, nc := scrub.Normalize(a, vary), scrub.Normalize(c, vary); na == nc {
		t.Errorf("with # vary ns/op: B/op change masked: %q", na)
	}
}

func TestScrubReplacesMachinePaths(t *testing.T) {
	s := scrub.NewFrom(map[string]string{
		"/home/ann/src/gomaps": "/path/to/gomaps",
		"/home/ann/go/pkg/mod": "$GOMODCACHE",
		"/home/ann/":           "~/",
	})
	in := "/home/ann/src/gomaps/labs/06-races/cache.go:31 +0x44\n" +
		"/home/ann/go/pkg/mod/golang.org/toolchain@v0.0.1-go1.21.0.linux-amd64/src/runtime/map.go:1\n" +
		"/home/ann/.cache/x HOME=/home/ann\n" +
		"/home/ann/src/gomapsextra stays\n"
	want := "/path/to/gomaps/labs/06-races/cache.go:31 +0x44\n" +
		"$GOMODCACHE/golang.org/toolchain@v0.0.1-go1.21.0.linux-amd64/src/runtime/map.go:1\n" +
		"~/.cache/x HOME=/home/ann\n" +
		"~/src/gomapsextra stays\n"
	if got := s.Scrub([]byte(in)); got != want {
		t.Errorf("scrub:\n%s\nwant:\n%s", got, want)
	}
}

func TestLineDiff(t *testing.T) {
	got := scrub.LineDiff("a\nb\nc\n", "a\nB\nc\nd\n", 10)
	for _, want := range []string{"- 2: b", "+ 2: B", "+ 4: d"} {
		if !strings.Contains(got, want) {
			t.Errorf("lineDiff = %q; want it to contain %q", got, want)
		}
	}
	if strings.Contains(got, ": a") || strings.Contains(got, ": c") {
		t.Errorf("lineDiff = %q; want unchanged lines left out", got)
	}
	long := scrub.LineDiff("", strings.Repeat("x\n", 30), 5)
	if !strings.Contains(long, "... and 25 more changed lines") {
		t.Errorf("lineDiff of 30 new lines limited to 5 = %q; want it to say 25 more", long)
	}
}

// TestOutputsCheckSideBySide checks outputs -check with its workers: a chain of outputs that share
// build/ keeps its order (the second reads what the first saved, after the first has slept), and
// what every output printed comes in the names' order, whichever ended first.
func TestOutputsCheckSideBySide(t *testing.T) {
	root, write := outFixture(t)
	write("a-save.cmd", "# save build/shared.txt\n# raw\nsh -c \"sleep 0.5; echo saved\"\n")
	write("a-save.txt", "saved\n")
	write("b-read.cmd", "# raw\ncat build/shared.txt\n")
	write("b-read.txt", "saved\n")
	write("c-quick.cmd", "# raw\necho quick\n")
	write("c-quick.txt", "quick\n")
	write("d-quick.cmd", "# raw\necho wrong\n")
	write("d-quick.txt", "right\n")
	chains := (&Run{Env: &base.Env{Root: root}}).chains([]string{"a-save", "b-read", "c-quick", "d-quick"})
	if len(chains) != 3 || len(chains[0]) != 1 || !slices.Equal(chains[0][0], []int{0, 1}) {
		t.Errorf("chains = %v; want [[0 1]] first (one family: they share build/shared.txt), then one chain for each other output", chains)
	}
	var stdout, stderr bytes.Buffer
	if err := (&Run{Env: &base.Env{Root: root, Stdout: &stdout, Stderr: &stderr}, Check: true}).Outputs(t.Context(), nil); !errors.Is(err, cli.ErrFailed) {
		t.Fatalf("outputs -check = %v; want cli.ErrFailed for d-quick\n%s%s", err, stdout.String(), stderr.String())
	}
	var order []string
	for _, line := range strings.Split(stdout.String(), "\n") {
		if f := strings.Fields(line); len(f) > 1 && f[0] == "ok" {
			order = append(order, f[1])
		}
	}
	want := []string{"chapters/out/a-save.txt", "chapters/out/b-read.txt", "chapters/out/c-quick.txt"}
	if !slices.Equal(order, want) {
		t.Errorf("outputs -check printed the outputs in the order %v; want %v\n%s", order, want, stdout.String())
	}
	if !strings.Contains(stderr.String(), "chapters/out/d-quick.txt is out of date") {
		t.Errorf("outputs -check printed %q; want d-quick named out of date", stderr.String())
	}
}

// outFixture makes a course with an empty chapters/out, and a function that writes a file there.
func outFixture(t *testing.T) (root string, write func(name, text string)) {
	t.Helper()
	root = t.TempDir()
	out := filepath.Join(root, "chapters", "out")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	return root, func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(out, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
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
	if err := (&Run{Env: &base.Env{Root: root, Stdout: &stdout, Stderr: &stderr}, Check: false}).Outputs(t.Context(), nil); err != nil {
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
	if err := (&Run{Env: &base.Env{Root: root, Stdout: &stdout, Stderr: &stderr}, Check: true}).Outputs(t.Context(), nil); err != nil {
		t.Errorf("outputs -check right after outputs: %v\n%s", err, stderr.String())
	}

	write("env.txt", strings.Replace(want, "there", "world", 1))
	stderr.Reset()
	if err := (&Run{Env: &base.Env{Root: root, Stdout: &stdout, Stderr: &stderr}, Check: true}).Outputs(t.Context(), []string{"env"}); !errors.Is(err, cli.ErrFailed) {
		t.Errorf("outputs -check env after an edit = %v; want cli.ErrFailed", err)
	}
	if msg := "chapters/out/env.txt is out of date: run go run ./tools/course outputs"; !strings.Contains(stderr.String(), msg) {
		t.Errorf("outputs -check printed %q; want it to contain %q", stderr.String(), msg)
	}

	write("fails.cmd", "sh -c \"echo bad; exit 3\"\n")
	stderr.Reset()
	if err := (&Run{Env: &base.Env{Root: root, Stdout: &stdout, Stderr: &stderr}, Check: false}).Outputs(t.Context(), []string{"fails"}); !errors.Is(err, cli.ErrFailed) {
		t.Errorf("outputs fails with exit 3 unexpected = %v; want cli.ErrFailed", err)
	}
	if !strings.Contains(stderr.String(), "exit status 3, want 0") {
		t.Errorf("outputs printed %q; want it to name the exit statuses", stderr.String())
	}
}

// TestFamilies: outputs that share a file of build/ are one family, and so are those that share
// one with a member of it (a benchstat that reads what two outputs saved): the family runs, and
// is found in the check's records, as a whole.
func TestFamilies(t *testing.T) {
	root, write := outFixture(t)
	write("a-bench.cmd", "# save build/a.txt\n# raw\necho a\n")
	write("b-bench-classic.cmd", "# save build/b.txt\n# raw\necho b\n")
	write("c-benchstat.cmd", "# raw\ncat build/a.txt build/b.txt\n")
	write("d-alone.cmd", "# raw\necho d\n")
	write("e-top.cmd", "# raw\ncat build/b.txt\n")
	got := (&Run{Env: &base.Env{Root: root}}).families([]string{"a-bench", "b-bench-classic", "c-benchstat", "d-alone", "e-top"})
	want := [][]int{{0, 1, 2, 4}, {3}}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("families = %v; want %v", got, want)
	}
}
