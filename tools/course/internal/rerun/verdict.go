package rerun

import (
	"regexp"
	"slices"

	"gomaps/tools/course/internal/scrub"
	"gomaps/tools/internal/linediff"
)

// A Verdict compares a run from the book with the printed output, as outputs -check does.
type Verdict struct {
	Same        bool       `json:"same"`                  // the same after masking, and the same exit status
	Identical   bool       `json:"identical"`             // the same before masking (but trailing blanks)
	Masked      []string   `json:"masked,omitempty"`      // what the masks hid, when Same and not Identical (scrub's kinds)
	MaskedLines int        `json:"maskedLines,omitempty"` // how many lines of the run differ only there
	Diff        []DiffLine `json:"diff,omitempty"`        // when not Same: the lines that differ, after masking
	Changed     int        `json:"changed,omitempty"`     // how many lines changed: a line replaced counts once (see changedLines)
	More        int        `json:"more,omitempty"`        // lines of the diff left out of Diff (past maxDiff)
	Exit        int        `json:"exit"`                  // the run's exit status
	WantExit    int        `json:"wantExit"`              // the printed run's
	Lane        string     `json:"lane"`                  // the lane it ran on, "" as written
	Printed     string     `json:"printed"`               // the lane of the output compared with, "" as written
	Compared    string     `json:"compared"`              // the output compared with: the one asked for, or its twin
	Notes       []string   `json:"notes,omitempty"`       // when not Same: the compared .cmd's comments on its output
	Seconds     float64    `json:"seconds"`
}

// A DiffLine is a line of the printed output ("-") or of the run ("+"), masked, and its number.
type DiffLine struct {
	Op   string `json:"op"`
	N    int    `json:"n"`
	Text string `json:"text"`
}

// maxDiff is how many changed lines a verdict shows.
const maxDiff = 20

// verdict compares the run's output out, and its exit status, with what the book printed.
func (r *Runner) verdict(p *plan, out []byte, code int) (*Verdict, error) {
	c := p.run
	want, err := c.Printed(r.Root)
	if err != nil {
		return nil, err
	}
	got := c.Shown(out, r.scrubber())
	same, wantN, gotN := c.Same(want, got)
	v := &Verdict{Exit: code, WantExit: c.Exit, Lane: p.lane, Printed: p.printed, Compared: c.Name}
	v.Same = same && code == c.Exit
	// Without their trailing blanks, which no comparison counts.
	rawWant, rawGot := scrub.TrailingBlanks.ReplaceAllString(want+"\n", "\n"), scrub.TrailingBlanks.ReplaceAllString(got+"\n", "\n")
	v.Identical = v.Same && rawWant == rawGot
	if v.Same && !v.Identical {
		v.Masked, v.MaskedLines = maskedKinds(rawWant, rawGot, c.Varying)
	}
	if !same {
		// Changed counts as a reader does: in each run of changes, k printed lines (-) replaced
		// by m lines of the run (+) are max(k, m) changed lines.
		minus, plus := 0, 0
		for _, op := range append(linediff.Edits(linediff.Lines(wantN), linediff.Lines(gotN)), linediff.Op{Kind: ' '}) {
			n := op.A
			switch op.Kind {
			case ' ':
				v.Changed, minus, plus = v.Changed+max(minus, plus), 0, 0
				continue
			case '-':
				minus++
			default:
				plus, n = plus+1, op.B
			}
			if len(v.Diff) == maxDiff {
				v.More++
			} else {
				v.Diff = append(v.Diff, DiffLine{Op: string(op.Kind), N: n + 1, Text: op.Line})
			}
		}
	}
	if !v.Same {
		v.Notes = c.Notes
	}
	return v, nil
}

// maskedKinds names the kinds of masks (scrub.Kinds, in scrub's order) that hide the lines that
// differ between two outputs equal once masked, and counts the lines of got that differ.
func maskedKinds(want, got string, varying []*regexp.Regexp) ([]string, int) {
	found := map[string]bool{}
	lines := 0
	for _, op := range linediff.Edits(linediff.Lines(want), linediff.Lines(got)) {
		if op.Kind == ' ' {
			continue
		}
		if op.Kind == '+' {
			lines++
		}
		for _, k := range scrub.Kinds(op.Line, varying) {
			found[k] = true
		}
	}
	return slices.DeleteFunc(slices.Clone(scrub.AllKinds), func(k string) bool { return !found[k] }), lines
}
