// Package scrub makes a command's output the same text on every machine: it replaces the
// machine's own paths (Scrubber), and masks what legitimately varies between two runs before
// they are compared (Normalize).
package scrub

import (
	"cmp"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"gomaps/tools/internal/gocmd"
	"gomaps/tools/internal/linediff"
)

// Scrubber replaces the machine's own paths in a command's output, so no file of the project
// holds a home or work folder and outputs made on two machines agree.
type Scrubber struct {
	repl [][2]string // a path and what replaces it, longest path first, so a folder inside another wins
}

// New learns the paths to replace: the repository, the Go folders and the home folder.
func New(root string, g gocmd.Go) *Scrubber {
	repl := map[string]string{}
	add := func(path, with string) {
		if len(path) < 2 || !filepath.IsAbs(path) {
			return
		}
		real, _ := filepath.EvalSymlinks(path) // "" when it fails
		for _, p := range []string{path, real} {
			if _, ok := repl[p]; !ok && p != "" {
				repl[p] = with
			}
		}
	}
	add(root, "/path/to/gomaps")
	if env, err := g.In(root).GoEnv(); err == nil {
		for _, k := range []string{"GOMODCACHE", "GOCACHE", "GOROOT", "GOPATH"} {
			add(env[k], "$"+k)
		}
	}
	// Only paths inside the home folder: the folder alone may be a word of an example ("/root").
	if home, err := os.UserHomeDir(); err == nil && len(home) > 1 {
		repl[strings.TrimSuffix(home, "/")+"/"] = "~/"
	}
	return NewFrom(repl)
}

// NewFrom returns a Scrubber that replaces each path of repl (a key) by its value.
func NewFrom(repl map[string]string) *Scrubber {
	s := &Scrubber{}
	for _, old := range slices.SortedFunc(maps.Keys(repl), func(a, b string) int { return cmp.Or(len(b)-len(a), strings.Compare(a, b)) }) {
		s.repl = append(s.repl, [2]string{old, repl[old]})
	}
	return s
}

// Scrub returns out with the machine's paths replaced.
func (s *Scrubber) Scrub(out []byte) string {
	text := string(out)
	for _, r := range s.repl {
		text = replacePath(text, r[0], r[1])
	}
	return text
}

// replacePath replaces old where it is a whole path or the start of one: /src/gomaps is replaced
// in /src/gomaps/labs but not in /src/gomapsextra. An old ending in / is replaced wherever it is.
func replacePath(text, old, with string) string {
	var b strings.Builder
	for {
		i := strings.Index(text, old)
		if i < 0 {
			b.WriteString(text)
			return b.String()
		}
		end := i + len(old)
		b.WriteString(text[:i])
		if strings.HasSuffix(old, "/") || end == len(text) || !isPathByte(text[end]) || text[end] == '/' {
			b.WriteString(with)
		} else {
			b.WriteString(old)
		}
		text = text[end:]
	}
}

func isPathByte(c byte) bool {
	return c == '/' || c == '.' || c == '-' || c == '_' || c == '@' || c == '+' ||
		'0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// masks are what legitimately varies between two runs of a command, in Normalize's order.
var masks = []struct {
	kind string
	re   *regexp.Regexp
	with string
}{
	// Temporary paths: go build's work folders, t.TempDir, os.CreateTemp.
	{KindTemp, regexp.MustCompile(`(` + regexp.QuoteMeta(strings.TrimSuffix(os.TempDir(), "/")) + `|/tmp|\$TMPDIR)/[^\s:'"()\[\]]+`), "$$TMPDIR/<tmp>"},
	// Hex numbers: addresses, pointers, PC offsets (+0x1d).
	{KindHex, regexp.MustCompile(`0x[0-9a-fA-F]+`), "0x<hex>"},
	// Goroutine numbers in panics, race reports and tracebacks.
	{KindGoroutine, regexp.MustCompile(`(?i)\b(goroutine) \d+`), "$1 <n>"},
	// Durations (0.012s, 1.5ms, 2m3.1s, 800µs) and go test's (cached) in their place.
	{KindDuration, regexp.MustCompile(`\(cached\)|\b(\d+(\.\d+)?(ns|µs|us|ms|s|m|h))+\b`), "<duration>"},
	// The blanks around each Mask: gone at a line's ends, else one space. A value in a column is
	// padded to the column's width, so its padding changes with its own width ("  9.9s" and
	// " 10.1s"; "9.9s   x" and "10.1s  x"): once the value is masked, its padding must not make
	// two runs differ either.
	{KindBlanks, regexp.MustCompile(`(?m)^[ \t]+(` + Mask.String() + `)`), "$1"},
	{KindBlanks, regexp.MustCompile(`(?m)(` + Mask.String() + `)[ \t]+$`), "$1"},
	{KindBlanks, regexp.MustCompile(`[ \t]+(` + Mask.String() + `)`), " $1"},
	{KindBlanks, regexp.MustCompile(`(` + Mask.String() + `)[ \t]+`), "$1 "},
}

// TrailingBlanks are blanks at a line's end, which editors and go test's columns do not keep.
var TrailingBlanks = regexp.MustCompile(`[ \t]+\n`)

// Mask is what a masked span leaves in the text.
var Mask = regexp.MustCompile(`<vary>|<duration>|0x<hex>|\$TMPDIR/<tmp>|<n>`)

// Normalize masks what varies between runs: the command's # vary patterns (only their group v,
// when they have one), then masks.
func Normalize(s string, varying []*regexp.Regexp) string {
	for _, re := range varying {
		s = maskVarying(s, re)
	}
	for _, m := range masks {
		s = m.re.ReplaceAllString(s, m.with)
	}
	s = TrailingBlanks.ReplaceAllString(s, "\n")
	return strings.TrimRight(s, " \t\n") + "\n"
}

// The kinds of masks, as Kinds names them, in the order of AllKinds.
const (
	KindVary      = "vary"      // a # vary pattern of the command
	KindTemp      = "temp"      // a temporary path
	KindHex       = "hex"       // a hex number: an address, a pointer, a PC offset
	KindGoroutine = "goroutine" // a goroutine's number
	KindDuration  = "duration"  // a duration, or go test's (cached)
	KindBlanks    = "blanks"    // blanks: trailing ones, or the padding around a masked value
)

// AllKinds are the kinds of masks in the order Normalize applies them.
var AllKinds = []string{KindVary, KindTemp, KindHex, KindGoroutine, KindDuration, KindBlanks}

// Kinds names what Normalize masks in line, in the order above: the kinds whose patterns match
// it. A line none matches, which Normalize still changes, has only blanks that differ.
func Kinds(line string, varying []*regexp.Regexp) []string {
	var kinds []string
	if slices.ContainsFunc(varying, func(re *regexp.Regexp) bool { return re.MatchString(line) }) {
		kinds = append(kinds, KindVary)
	}
	for _, m := range masks {
		if m.kind != KindBlanks && m.re.MatchString(line) {
			kinds = append(kinds, m.kind)
		}
	}
	if len(kinds) == 0 {
		kinds = append(kinds, KindBlanks)
	}
	return kinds
}

// maskVarying replaces what re matches in s, or its group v when it has one, by a Mask.
func maskVarying(s string, re *regexp.Regexp) string {
	g := re.SubexpIndex("v")
	if g < 0 {
		return re.ReplaceAllString(s, "<vary>")
	}
	var b strings.Builder
	last := 0
	for _, m := range re.FindAllStringSubmatchIndex(s, -1) {
		if m[2*g] < 0 {
			continue
		}
		b.WriteString(s[last:m[2*g]] + "<vary>")
		last = m[2*g+1]
	}
	b.WriteString(s[last:])
	return b.String()
}

// LineDiff returns a short line diff from want to got, at most limit changed lines.
func LineDiff(want, got string, limit int) string {
	a, b := linediff.Lines(want), linediff.Lines(got)
	var lines []string
	if len(a)*len(b) > 4_000_000 {
		// Too long for the table below: show the first difference only.
		i := 0
		for i < len(a) && i < len(b) && a[i] == b[i] {
			i++
		}
		if i < len(a) {
			lines = append(lines, "- "+a[i])
		}
		if i < len(b) {
			lines = append(lines, "+ "+b[i])
		}
	} else {
		for _, op := range linediff.Edits(a, b) {
			switch op.Kind {
			case '-':
				lines = append(lines, fmt.Sprintf("- %d: %s", op.A+1, op.Line))
			case '+':
				lines = append(lines, fmt.Sprintf("+ %d: %s", op.B+1, op.Line))
			}
		}
	}
	if len(lines) > limit {
		lines = append(lines[:limit], fmt.Sprintf("... and %d more changed lines", len(lines)-limit))
	}
	diff := "committed (-) and fresh (+) outputs differ, after masking what varies:\n"
	for _, l := range lines {
		diff += "\t" + l + "\n"
	}
	return diff
}
