package outcmd

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/scrub"
)

func TestSplitWords(t *testing.T) {
	tests := []struct {
		line string
		want []string
	}{
		{"go test ./labs/01-basics", []string{"go", "test", "./labs/01-basics"}},
		{"  go   vet\t./...  ", []string{"go", "vet", "./..."}},
		{`go test -run "TestA|TestB" ./x`, []string{"go", "test", "-run", "TestA|TestB", "./x"}},
		{`echo "a b"c "" d`, []string{"echo", "a bc", "", "d"}},
		{`FLAGS="-race -count=1" go test`, []string{"FLAGS=-race -count=1", "go", "test"}},
		{`echo "say \"hi\" \\ \n"`, []string{"echo", `say "hi" \ \n`}},
		{`echo a\b`, []string{"echo", `a\b`}},
	}
	for _, tt := range tests {
		got, err := SplitWords(tt.line)
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("SplitWords(%q) = %q, %v; want %q, nil", tt.line, got, err, tt.want)
		}
	}
}

func TestSplitWordsUnterminatedQuote(t *testing.T) {
	if got, err := SplitWords(`echo "oops`); err == nil {
		t.Errorf("SplitWords(%q) = %q, nil; want an error", `echo "oops`, got)
	}
}

func TestParseCmd(t *testing.T) {
	text := `# The race report of lab 06.
# exit 1
# vary \d+ ns/op

GOFLAGS=-count=1 GOEXPERIMENT=noswissmap go test -race -run "TestCache$" ./labs/06-races
`
	c, err := Parse("chapters/out/race.cmd", text)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	if c.Exit != 1 {
		t.Errorf("exit = %d; want 1", c.Exit)
	}
	if want := []string{"GOFLAGS=-count=1", "GOEXPERIMENT=noswissmap"}; !slices.Equal(c.Env, want) {
		t.Errorf("env = %q; want %q", c.Env, want)
	}
	if want := []string{"go", "test", "-race", "-run", "TestCache$", "./labs/06-races"}; !slices.Equal(c.Argv, want) {
		t.Errorf("argv = %q; want %q", c.Argv, want)
	}
	if want := `GOFLAGS=-count=1 GOEXPERIMENT=noswissmap go test -race -run "TestCache$" ./labs/06-races`; c.Line != want {
		t.Errorf("line = %q; want %q", c.Line, want)
	}
	if len(c.Varying) != 1 || c.Varying[0].String() != `(?m)\d+ ns/op` {
		t.Errorf("varying = %v; want [(?m)\\d+ ns/op], a pattern matched per line", c.Varying)
	}
}

func TestParseCmdDefaultsToExitZero(t *testing.T) {
	c, err := Parse("x.cmd", "go version\n")
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	if c.Exit != 0 || c.Env != nil || c.Raw || !slices.Equal(c.Argv, []string{"go", "version"}) {
		t.Errorf("Parse(go version) = exit %d, env %q, raw %v, argv %q; want 0, none, false, [go version]", c.Exit, c.Env, c.Raw, c.Argv)
	}
	c, err = Parse("x.cmd", "# A diagram, included in a mermaid fence.\n# raw\ngo run ./tools/course layout 02-buckets overflow mermaid\n")
	if err != nil || !c.Raw {
		t.Errorf("Parse with # raw: raw = %v, err = %v; want true, nil", c != nil && c.Raw, err)
	}
}

func TestParseCmdErrors(t *testing.T) {
	tests := map[string]string{
		"no command":          "# only a comment\n\n",
		"two commands":        "go version\ngo env\n",
		"only variables":      "A=1 B=2\n",
		"bad exit":            "# exit one\ngo version\n",
		"exit out of range":   "# exit 300\ngo version\n",
		"bad vary":            "# vary (\ngo version\n",
		"unterminated quote":  "echo \"a\n",
		"save outside build":  "# save chapters/out/x.txt\ngo version\n",
		"save escaping build": "# save build/../x.txt\ngo version\n",
		"save absolute":       "# save /abs/build/x.txt\ngo version\n",
		"bad keep":            "# keep [\ngo version\n",
		"bad drop":            "# drop [\ngo version\n",
		"bad takes":           "# takes soon\ngo version\n",
	}
	for name, text := range tests {
		if _, err := Parse("x.cmd", text); err == nil {
			t.Errorf("%s: Parse(%q) succeeded; want an error", name, text)
		} else if !strings.HasPrefix(err.Error(), "x.cmd") {
			t.Errorf("%s: error %q does not name the file", name, err)
		}
	}
}

func TestParseCmdSave(t *testing.T) {
	c, err := Parse("x.cmd", "# save build/04-growth//bench.txt\ngo test -bench . ./x\n")
	if err != nil {
		t.Fatalf("Parse with # save: %v", err)
	}
	if c.Save != "build/04-growth/bench.txt" {
		t.Errorf("Parse with # save: save = %q; want build/04-growth/bench.txt", c.Save)
	}
}

func TestDropGoProgress(t *testing.T) {
	in := "go: downloading sigs.k8s.io/controller-tools v0.23.0\n" +
		"go: downloading go1.21.0 (linux/amd64)\n" +
		"---\napiVersion: v1\n" +
		"go: downloading github.com/fatih/color v1.19.0\n" +
		"kind: ClusterRole\n" +
		"note: go: downloading is quoted here\n"
	want := "---\napiVersion: v1\nkind: ClusterRole\nnote: go: downloading is quoted here\n"
	if got := string(DropGoProgress([]byte(in))); got != want {
		t.Fatalf("DropGoProgress(%q) = %q; want %q", in, got, want)
	}
}

// TestVaryPatternsMatchPerLine: in a # vary pattern, ^ and $ match at the start and end of each
// line of the output, not only of the whole text (which starts with the "$ command" line).
func TestVaryPatternsMatchPerLine(t *testing.T) {
	c, err := Parse("x.cmd", "# vary ^ *\\d+ members\n# vary \\d+ reconciles$\ngo run ./x\n")
	if err != nil {
		t.Fatal(err)
	}
	a := "$ go run ./x\n  9 members  registered\n 12 members  listed\nafter 3 reconciles\n3 reconciles in all\n"
	b := "$ go run ./x\n 10 members  registered\n  8 members  listed\nafter 4 reconciles\n3 reconciles in all\n"
	if na, nb := scrub.Normalize(a, c.Varying), scrub.Normalize(b, c.Varying); na != nb {
		t.Errorf("with # vary ^ *\\d+ members and # vary \\d+ reconciles$:\n%s\nand\n%s\nwant them equal", na, nb)
	}
	// Anchored, the patterns still mask only at a line's start, or end.
	d := "$ go run ./x\n  9 members  registered\n 12 members  listed\nafter 3 reconciles\n4 reconciles in all\n"
	e := "$ go run ./x\n  9 members  registered\n and 13 members  listed\nafter 3 reconciles\n4 reconciles in all\n"
	if nd, ne := scrub.Normalize(d, c.Varying), scrub.Normalize(e, c.Varying); nd == ne || !strings.Contains(ne, "and 13 members") {
		t.Errorf("# vary ^ *\\d+ members masked a count in the middle of a line: %q", ne)
	}
	if na, nd := scrub.Normalize(a, c.Varying), scrub.Normalize(d, c.Varying); na == nd {
		t.Errorf("# vary \\d+ reconciles$ masked a count in the middle of a line: %q", nd)
	}
}

// TestWatchbreakOutputsAgree: the line of chapters/out/08-watchbreak.txt that differed from a
// fresh run, with that command's # vary patterns, on the line it failed on.
func TestWatchbreakOutputsAgree(t *testing.T) {
	c, err := Parse("08-watchbreak.cmd", "# vary ^ *\\d+\\.\\ds\n# vary after \\d+ writes? of it\n# vary \\d+ reconciles in all\ngo run ./chapters/code/08-operator/watchbreak\n")
	if err != nil {
		t.Fatal(err)
	}
	committed := "$ go run ./chapters/code/08-operator/watchbreak\n" +
		"  8.3s  killing the operator's API server\n" +
		"  9.9s  reflector: Watch failed - backing off: connection refused\n" +
		" 23.3s  the registry lists m-0 m-3 m-4, after 2 writes of it\n"
	fresh := "$ go run ./chapters/code/08-operator/watchbreak\n" +
		"  8.6s  killing the operator's API server\n" +
		" 10.1s  reflector: Watch failed - backing off: connection refused\n" +
		" 24.0s  the registry lists m-0 m-3 m-4, after 1 write of it\n"
	if nc, nf := scrub.Normalize(committed, c.Varying), scrub.Normalize(fresh, c.Varying); nc != nf {
		t.Errorf("%s", scrub.LineDiff(nc, nf, 12))
	}
}

// TestParseCmdTakesAndNotes: # takes is a duration; comment lines that are no directive are the
// author's notes, which the served book shows beside a run that differs.
func TestParseCmdTakesAndNotes(t *testing.T) {
	c, err := Parse("chapters/out/b.cmd", "# benchmarks, saved for b-stat\n# save build/b.txt\n# takes 1m30s\n# vary \\d+ ns/op\ngo test -bench . ./x\n")
	if err != nil {
		t.Fatal(err)
	}
	if c.Takes != 90*time.Second || c.Name != "b" {
		t.Errorf("Takes, Name = %v, %q; want 1m30s, b", c.Takes, c.Name)
	}
	if want := []string{"benchmarks, saved for b-stat"}; !slices.Equal(c.Notes, want) {
		t.Errorf("Notes = %q; want %q", c.Notes, want)
	}
	if got := c.BuildFiles(); !slices.Equal(got, []string{"build/b.txt"}) {
		t.Errorf("BuildFiles = %q; want [build/b.txt]", got)
	}
	c, _ = Parse("x.cmd", "go tool benchstat go1.27=build/04-growth/bench.txt old=build/04-growth/bench-classic.txt\n")
	if got, want := c.BuildFiles(), []string{"build/04-growth/bench.txt", "build/04-growth/bench-classic.txt"}; !slices.Equal(got, want) {
		t.Errorf("BuildFiles = %q; want %q", got, want)
	}
}

// TestLongOutputsSayHowLong: every output of the course that saves a file for others, or runs
// go test -bench, says how long it takes (# takes), which the served book says before a run.
func TestLongOutputsSayHowLong(t *testing.T) {
	root, err := base.FindRoot()
	if err != nil {
		t.Fatal(err)
	}
	names, err := Names(root)
	if err != nil || len(names) == 0 {
		t.Fatalf("Names = %d names, %v; want the course's outputs", len(names), err)
	}
	for _, name := range names {
		c, err := Read(root, name)
		if err != nil {
			t.Error(err)
			continue
		}
		bench := slices.ContainsFunc(c.Argv, func(a string) bool { return a == "-bench" || strings.HasPrefix(a, "-bench=") })
		if (c.Save != "" || bench) && c.Takes == 0 {
			t.Errorf("%s saves a file or runs benchmarks, but has no # takes line: time it (go run ./tools/course outputs -check %s) and add one", c.File, name)
		}
	}
}

// TestReadRefusesOtherFiles: Read opens only a .cmd of chapters/out, by its name.
func TestReadRefusesOtherFiles(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "chapters", "out"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(root, "chapters", "out", "ok.cmd"), []byte("go version\n"), 0o644)
	os.WriteFile(filepath.Join(root, "go.cmd"), []byte("go version\n"), 0o644)
	if _, err := Read(root, "ok"); err != nil {
		t.Errorf("Read(ok) = %v", err)
	}
	for _, name := range []string{"../../go", "../go", "ok.cmd", "/etc/passwd", "go version", "OK", "", "a/b"} {
		if _, err := Read(root, name); !errors.Is(err, ErrNoOutput) {
			t.Errorf("Read(%q) = %v; want ErrNoOutput", name, err)
		}
	}
}

// TestRunInNeutralLocale: an output's command runs in the C locale whatever the machine's, so
// that the lab runner, which speaks Chinese in a zh locale, prints the book's text; a variable
// of the .cmd still wins.
func TestRunInNeutralLocale(t *testing.T) {
	t.Setenv("LANG", "zh_CN.UTF-8")
	t.Setenv("LC_ALL", "zh_CN.UTF-8")
	t.Setenv("LC_MESSAGES", "zh_CN.UTF-8")
	run := func(env ...string) string {
		c := &Cmd{Env: env, Argv: []string{"sh", "-c", `echo "$LC_ALL|$LC_MESSAGES|$LANG"`}}
		out, code, err := Runner{Root: t.TempDir()}.Run(t.Context(), c)
		if err != nil || code != 0 {
			t.Fatalf("sh: %v, exit status %d", err, code)
		}
		return strings.TrimSpace(string(out))
	}
	if got, want := run(), "C.UTF-8||C.UTF-8"; got != want {
		t.Errorf("in a zh locale, an output's command saw LC_ALL|LC_MESSAGES|LANG = %q; want %q", got, want)
	}
	if got, want := run("LANG=zh_CN.UTF-8"), "C.UTF-8||zh_CN.UTF-8"; got != want {
		t.Errorf("with LANG set by the .cmd, the command saw %q; want %q", got, want)
	}
}
