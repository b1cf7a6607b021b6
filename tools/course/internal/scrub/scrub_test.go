package scrub

import (
	"regexp"
	"slices"
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
		{"a # vary Mask",
			"BenchmarkGet-2   1000000      9.5 ns/op   0 B/op\n",
			"BenchmarkGet-2   1000000     12.75 ns/op   0 B/op\n"},
	}
	vary := []*regexp.Regexp{regexp.MustCompile(`(?m)\d+(\.\d+)? ns/op`)}
	for _, tt := range tests {
		if na, nb := Normalize(tt.a, vary), Normalize(tt.b, vary); na != nb {
			t.Errorf("%s: Normalize(%q) = %q, Normalize(%q) = %q; want them equal", tt.name, tt.a, na, tt.b, nb)
		}
	}
	// What is left reads as the line did, with one space where the padding was.
	if got, want := Normalize(" 10.1s  reflector: Caches populated\n", nil), "<duration> reflector: Caches populated\n"; got != want {
		t.Errorf("normalize of a right-aligned time column = %q; want %q", got, want)
	}
	if got, want := Normalize("took  9.9s, then\t1.5ms   more\n", nil), "took <duration>, then <duration> more\n"; got != want {
		t.Errorf("normalize of padded durations = %q; want %q", got, want)
	}
}

// TestNormalizeKeepsBlanksAwayFromMasks: only the blanks next to a Mask collapse; the text and
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
		if na, nb := Normalize(tt.a, nil), Normalize(tt.b, nil); na == nb {
			t.Errorf("normalize(%q) = Normalize(%q) = %q; want them different", tt.a, tt.b, na)
		}
	}
}

// TestNormalizeMasksOnlyGroupV: a # vary pattern with a group named v masks that group alone;
// the rest of its match, which places it, is still compared. The case is chapter 04's shrink
// on the classic map: the overflow column varies with the hash seed on every row, the heap
// column on every row but the last, and the slots never.
func TestNormalizeMasksOnlyGroupV(t *testing.T) {
	vary := []*regexp.Regexp{regexp.MustCompile(`(?m) (?P<v>[0-9]+ +[0-9]{2,}\.[0-9]) MiB$`),
		regexp.MustCompile(`(?m) (?P<v>[0-9]+) +0\.0 MiB$`)}
	run1 := "insert 10 keys  10  2097152  35016  38.3 MiB\ncopy  10  16  0  0.0 MiB\n"
	tests := []struct {
		name, run2 string
		equal      bool
	}{
		{"overflow and heap vary", "insert 10 keys  10  2097152  34232  38.2 MiB\ncopy  10  16  8  0.0 MiB\n", true},
		{"the slots differ", "insert 10 keys  10  2097160  35016  38.3 MiB\ncopy  10  16  0  0.0 MiB\n", false},
		{"the last row's heap differs", "insert 10 keys  10  2097152  35016  38.3 MiB\ncopy  10  16  0  0.1 MiB\n", false},
		{"the last row's slots differ", "insert 10 keys  10  2097152  35016  38.3 MiB\ncopy  10  24  0  0.0 MiB\n", false},
	}
	for _, tt := range tests {
		n1, n2 := Normalize(run1, vary), Normalize(tt.run2, vary)
		if (n1 == n2) != tt.equal {
			t.Errorf("%s: Normalize gives\n%s and\n%s; want equal = %v", tt.name, n1, n2, tt.equal)
		}
	}
	if got, want := Normalize("a 7 b\n", []*regexp.Regexp{regexp.MustCompile(`a (?P<v>\d) b`)}), "a <vary> b\n"; got != want {
		t.Errorf("group v: got %q, want %q", got, want)
	}
}

// TestKinds names what Normalize masks in a line, kind by kind.
func TestKinds(t *testing.T) {
	vary := []*regexp.Regexp{regexp.MustCompile(`(?m)seed \d+`)}
	tests := map[string][]string{
		"seed 42 at 0xc000123 took 1.5s": {KindVary, KindHex, KindDuration},
		"goroutine 7 [running]:":         {KindGoroutine},
		"open /tmp/TestX1/001/data":      {KindTemp},
		"ok  \tgomaps/x\t(cached)":       {KindDuration},
		"count 3   ":                     {KindBlanks},
	}
	for line, want := range tests {
		if got := Kinds(line, vary); !slices.Equal(got, want) {
			t.Errorf("Kinds(%q) = %q; want %q", line, got, want)
		}
	}
}
