package main

import (
	"bytes"
	"context"
	"runtime"
	"slices"
	"strings"
	"testing"

	"gomaps/labs/inspect"
	"gomaps/tools/internal/cli"
)

// Each sample of this build shows what its description says.
func TestSamplesShowWhatTheySay(t *testing.T) {
	checks := map[string]func(l *inspect.Layout) bool{
		"small": func(l *inspect.Layout) bool { return l.Swiss.DirLen == 0 && l.Swiss.Small != nil && l.Len == 8 },
		"table": func(l *inspect.Layout) bool { return l.Swiss.DirLen == 1 && l.Swiss.Tables[0].Capacity == 16 },
		"full": func(l *inspect.Layout) bool {
			return l.Swiss.Tables[0].Capacity == 16 && l.Swiss.Tables[0].GrowthLeft == 0
		},
		"grown": func(l *inspect.Layout) bool { return l.Swiss.DirLen == 1 && l.Swiss.Tables[0].Capacity == 32 },
		"directory": func(l *inspect.Layout) bool {
			return l.Swiss.DirLen == 2 && l.Swiss.GlobalDepth == 1 && len(l.Swiss.Tables) == 2
		},
		"tombstones": func(l *inspect.Layout) bool { return l.Tombstones() > 0 && l.Len == 400 },
		"cleared":    func(l *inspect.Layout) bool { return l.Tombstones() == 0 && l.Len == 0 && l.Capacity() == 1024 },
		"presized":   func(l *inspect.Layout) bool { return l.Len == 10 && l.Capacity() == 2048 },
		"groups": func(l *inspect.Layout) bool {
			if l.Len != 9 || l.Swiss.DirLen != 1 || l.Swiss.Split != splitRuntime() {
				return false
			}
			if l.Swiss.Split {
				return l.Swiss.GroupSize == 80 && strings.Contains(l.Text(), "\nlayout: split (keys, then values): key i at 8 + 8*i, value i at 72 + 1*i\n")
			}
			return l.Swiss.GroupSize == 136 && strings.Contains(l.Text(), "\nlayout: interleaved (key, value slots): key i at 8 + 16*i, value i at 16 + 16*i\n")
		},
		"buckets": func(l *inspect.Layout) bool { return l.Classic.B == 3 && !l.Classic.Growing() },
		"overflow": func(l *inspect.Layout) bool {
			return l.Classic.B == 1 && len(l.Classic.Buckets[0].Chain) == 2 && l.Classic.Buckets[1].Full() == 0
		},
		"growing": func(l *inspect.Layout) bool {
			return l.Classic.Growing() && !l.Classic.SameSizeGrow() && l.Classic.B == 5
		},
		"samesize": func(l *inspect.Layout) bool { return l.Classic.Growing() && l.Classic.SameSizeGrow() },
		"deleted": func(l *inspect.Layout) bool {
			for _, b := range l.Classic.Buckets {
				for _, th := range b.Chain {
					if bytes.IndexByte(th[:], inspect.EmptyOne) >= 0 {
						return true
					}
				}
			}
			return false
		},
	}
	for _, s := range samples {
		check, ok := checks[s.name]
		if !ok {
			t.Fatalf("sample %q has no check", s.name)
		}
		if s.kind != inspect.Build() {
			continue
		}
		l, err := s.build()
		if err != nil {
			t.Fatalf("sample %s: %v", s.name, err)
		}
		if !check(l) {
			t.Errorf("sample %s does not show %q:\n%s", s.name, s.about, l.Text())
		}
	}
}

// splitRuntime says whether the running runtime was built with
// GOEXPERIMENT=mapsplitgroup: its version string ends with the experiments
// that differ from the release's defaults ("go1.27.N-X:mapsplitgroup").
func splitRuntime() bool {
	_, exps, _ := strings.Cut(runtime.Version(), "X:")
	return slices.Contains(strings.Split(exps, ","), "mapsplitgroup")
}

func TestCommand(t *testing.T) {
	run1 := func(args ...string) (int, string, string) {
		var out, errOut bytes.Buffer
		code := program().Exec(context.Background(), args, cli.IO{Stdout: &out, Stderr: &errOut})
		return code, out.String(), errOut.String()
	}
	for _, s := range samples {
		code, out, errOut := run1("-format", "svg", "-noseed", s.name)
		if s.kind == inspect.Build() {
			if code != 0 || !strings.HasPrefix(out, "<svg") {
				t.Errorf("inspect -format svg %s: exit %d, stderr %q, stdout starts %.40q", s.name, code, errOut, out)
			}
			continue
		}
		if code != 1 || out != "" || strings.Count(strings.TrimSpace(errOut), "\n") != 0 || !strings.Contains(errOut, "does not apply") {
			t.Errorf("inspect %s on %s: exit %d, stderr %q; want exit 1 and one sentence", s.name, inspect.Build(), code, errOut)
		}
	}
	if code, out, _ := run1("list"); code != 0 || !strings.Contains(out, "samesize") {
		t.Errorf("inspect list: exit %d, %q", code, out)
	} else if inspect.Build() == inspect.Swiss {
		want := "this build: Swiss tables, interleaved groups"
		if splitRuntime() {
			want = "this build: Swiss tables, split groups"
		}
		if !strings.Contains(out, want) {
			t.Errorf("inspect list on %s does not say %q:\n%s", runtime.Version(), want, out)
		}
	}
	for _, args := range [][]string{{}, {"nosuch"}, {"-format", "png", "small"}, {"-bogus", "small"}, {"a", "b"}} {
		if code, _, errOut := run1(args...); code != 2 || !strings.Contains(errOut, "usage:") {
			t.Errorf("inspect %q: exit %d, stderr %q; want a usage error (2)", args, code, errOut)
		}
	}
}
