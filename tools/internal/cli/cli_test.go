package cli

import (
	"bytes"
	"context"
	"flag"
	"strings"
	"testing"
)

// sample is a program of two commands, one with flags, as the course's tables are made.
func sample(ran *[]string) *Program {
	var n int
	return &Program{
		Name: "demo", Path: "go run ./demo", Doc: "Demo shows the table.", Default: "list",
		Commands: []*Command{
			{Name: "list", Short: "list things", Long: "list every thing",
				Run: func(_ context.Context, _ IO, args []string) error { *ran = append(*ran, "list"); return nil }},
			{Name: "run", Usage: "[-n N] NAME", Short: "run one", Long: "run the thing named NAME, N times",
				Flags: func(fs *flag.FlagSet) { fs.IntVar(&n, "n", 1, "how many `N` times") },
				Run: func(_ context.Context, _ IO, args []string) error {
					if len(args) != 1 {
						return Usagef("run takes a name")
					}
					*ran = append(*ran, strings.Repeat(args[0], n))
					return nil
				}},
		},
		Footer: "Exit status: 0, 1 or 2.",
	}
}

func TestProgram(t *testing.T) {
	var ran []string
	var out bytes.Buffer
	io := IO{Stdout: &out, Stderr: &out}
	p := sample(&ran)
	if got, want := p.UsageLine(), "usage: go run ./demo [list | run [-n N] NAME]"; got != want {
		t.Errorf("UsageLine() = %q; want %q", got, want)
	}
	for _, tt := range []struct {
		args []string
		code int
		ran  string
	}{
		{nil, 0, "list"},
		{[]string{"run", "-n", "2", "x"}, 0, "xx"},
		{[]string{"run", "x"}, 0, "x"}, // a run's flags are its own only when the table is made anew
		{[]string{"run"}, 2, ""},
		{[]string{"run", "-z", "x"}, 2, ""},
		{[]string{"nosuch"}, 2, ""},
	} {
		ran, out = nil, bytes.Buffer{}
		if code := sample(&ran).Exec(context.Background(), tt.args, io); code != tt.code || strings.Join(ran, "") != tt.ran {
			t.Errorf("Exec(%q) = %d, ran %q; want %d, %q\n%s", tt.args, code, ran, tt.code, tt.ran, out.String())
		}
		if tt.code == 2 && !strings.Contains(out.String(), p.UsageLine()) {
			t.Errorf("Exec(%q) printed %q; want the usage line after the error", tt.args, out.String())
		}
	}
	for _, args := range [][]string{{"-h"}, {"--help"}, {"help"}} {
		out.Reset()
		if code := p.Exec(context.Background(), args, io); code != 0 || !strings.Contains(out.String(), "\trun        run one\n") || strings.Contains(out.String(), "every thing") {
			t.Errorf("%q = %d:\n%s\nwant the program's help: the usage line and the commands", args, code, out.String())
		}
	}
	out.Reset()
	if code := p.Exec(context.Background(), []string{"help", "nosuch"}, io); code != 2 || !strings.Contains(out.String(), `demo: there is no command "nosuch": the commands are list, run`) {
		t.Errorf("help nosuch = %d:\n%s\nwant a usage error that lists the commands", code, out.String())
	}
	out.Reset()
	if code := p.Exec(context.Background(), []string{"help", "run"}, io); code != 0 || !strings.Contains(out.String(), "run the thing named NAME, N times") || !strings.Contains(out.String(), "-n N") {
		t.Errorf("help run = %d:\n%s\nwant the command's text and its flags", code, out.String())
	}
}

func TestManualAndREADME(t *testing.T) {
	var ran []string
	m := sample(&ran).Manual()
	for _, want := range []string{"Demo shows the table.", "\tgo run ./demo run [-n N] NAME", "\tlist  (the default) list every thing", "Exit status"} {
		if !strings.Contains(m, want) {
			t.Errorf("Manual() lacks %q:\n%s", want, m)
		}
	}
	if got, want := sample(&ran).READMECommands(), "- `go run ./demo list`: list things\n- `go run ./demo run [-n N] NAME`: run one\n"; got != want {
		t.Errorf("READMECommands() = %q; want %q", got, want)
	}
}

func TestWrap(t *testing.T) {
	got := wrap("one two three four\n\n\tkept as it is", 9, "> ")
	want := "one two\n> three\n> four\n\n> \tkept as it is"
	if got != want {
		t.Errorf("wrap = %q; want %q", got, want)
	}
}
