package main

import (
	"regexp"
	"strings"
	"testing"
)

// TestNormalizeMasksPadding: a masked value's padding is masked with it, so a column whose
// width follows its value's cannot make two runs differ.
func TestNormalizeMasksPadding(t *testing.T) {
	tests := []struct{ name, a, b string }{
		// What failed on a bare machine (chapters/out/08-watchbreak): a right-aligned time
		// column, "%6.1fs", one character wider from 10 seconds on.
		{"right-aligned column",
			"  9.9s  reflector: Watch failed - backing off: connection refused\n",
			" 10.1s  reflector: Watch failed - backing off: connection refused\n"},
		{"right-aligned column as wide as the value",
			" 9.9s  killing the operator's API server\n",
			"10.1s  killing the operator's API server\n"},
		{"left-aligned padded column",
			"9.9s    the registry lists m-0 m-3 m-4\n",
			"10.25s  the registry lists m-0 m-3 m-4\n"},
		{"a column inside the line",
			"round 1 took  9.9s, round 2 took 10.1s: 2 rounds\n",
			"round 1 took 10.1s, round 2 took  9.9s: 2 rounds\n"},
		{"tab-separated columns",
			"ok  \tgomaps/labs/01-basics\t0.012s\n",
			"ok  \tgomaps/labs/01-basics\t  10.500s\n"},
		{"two masks in a row",
			"  0x1d  9.9s  x\n",
			"0x1d2f 10.1s x\n"},
		{"a # vary mask",
			"BenchmarkGet-2   1000000      9.5 ns/op   0 B/op\n",
			"BenchmarkGet-2   1000000     12.75 ns/op   0 B/op\n"},
	}
	vary := []*regexp.Regexp{regexp.MustCompile(`(?m)\d+(\.\d+)? ns/op`)}
	for _, tt := range tests {
		if na, nb := normalize(tt.a, vary), normalize(tt.b, vary); na != nb {
			t.Errorf("%s: normalize(%q) = %q, normalize(%q) = %q; want them equal", tt.name, tt.a, na, tt.b, nb)
		}
	}
	// What is left reads as the line did, with one space where the padding was.
	if got, want := normalize(" 10.1s  reflector: Caches populated\n", nil), "<duration> reflector: Caches populated\n"; got != want {
		t.Errorf("normalize of a right-aligned time column = %q; want %q", got, want)
	}
	if got, want := normalize("took  9.9s, then\t1.5ms   more\n", nil), "took <duration>, then <duration> more\n"; got != want {
		t.Errorf("normalize of padded durations = %q; want %q", got, want)
	}
}

// TestNormalizeKeepsBlanksAwayFromMasks: only the blanks next to a mask collapse; the text and
// the blanks elsewhere still count.
func TestNormalizeKeepsBlanksAwayFromMasks(t *testing.T) {
	tests := []struct{ a, b string }{
		{"  9.9s  reflector: Caches populated\n", "  9.9s  handler: Caches populated\n"},
		{"  9.9s  the registry lists m-0  m-3\n", "  9.9s  the registry lists m-0 m-3\n"},
		{"  9.9s  x\n", "  9.9s\n"},
		{"a 9.9s b\n", "a 9.9s\n"},
		{"  indented\n", "indented\n"},
		{"took 9.9s\n", "took9.9s\n"},
	}
	for _, tt := range tests {
		if na, nb := normalize(tt.a, nil), normalize(tt.b, nil); na == nb {
			t.Errorf("normalize(%q) = normalize(%q) = %q; want them different", tt.a, tt.b, na)
		}
	}
}

// TestVaryPatternsMatchPerLine: in a # vary pattern, ^ and $ match at the start and end of each
// line of the output, not only of the whole text (which starts with the "$ command" line).
func TestVaryPatternsMatchPerLine(t *testing.T) {
	c, err := parseCmd("x.cmd", "# vary ^ *\\d+ members\n# vary \\d+ reconciles$\ngo run ./x\n")
	if err != nil {
		t.Fatal(err)
	}
	a := "$ go run ./x\n  9 members  registered\n 12 members  listed\nafter 3 reconciles\n3 reconciles in all\n"
	b := "$ go run ./x\n 10 members  registered\n  8 members  listed\nafter 4 reconciles\n3 reconciles in all\n"
	if na, nb := normalize(a, c.varying), normalize(b, c.varying); na != nb {
		t.Errorf("with # vary ^ *\\d+ members and # vary \\d+ reconciles$:\n%s\nand\n%s\nwant them equal", na, nb)
	}
	// Anchored, the patterns still mask only at a line's start, or end.
	d := "$ go run ./x\n  9 members  registered\n 12 members  listed\nafter 3 reconciles\n4 reconciles in all\n"
	e := "$ go run ./x\n  9 members  registered\n and 13 members  listed\nafter 3 reconciles\n4 reconciles in all\n"
	if nd, ne := normalize(d, c.varying), normalize(e, c.varying); nd == ne || !strings.Contains(ne, "and 13 members") {
		t.Errorf("# vary ^ *\\d+ members masked a count in the middle of a line: %q", ne)
	}
	if na, nd := normalize(a, c.varying), normalize(d, c.varying); na == nd {
		t.Errorf("# vary \\d+ reconciles$ masked a count in the middle of a line: %q", nd)
	}
}

// TestWatchbreakOutputsAgree: the line of chapters/out/08-watchbreak.txt that differed from a
// fresh run, with that command's # vary patterns, on the line it failed on.
func TestWatchbreakOutputsAgree(t *testing.T) {
	c, err := parseCmd("08-watchbreak.cmd", "# vary ^ *\\d+\\.\\ds\n# vary after \\d+ writes? of it\n# vary \\d+ reconciles in all\ngo run ./chapters/code/08-operator/watchbreak\n")
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
	if nc, nf := normalize(committed, c.varying), normalize(fresh, c.varying); nc != nf {
		t.Errorf("%s", lineDiff(nc, nf, 12))
	}
}
