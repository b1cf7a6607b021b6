package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"gomaps/tools/internal/linediff"
)

// solution prints, for each learner file, a unified diff from the learner's
// version to the solution's.
func (c *course) solution(l *lab, w io.Writer) error {
	files, err := c.goFiles(l.solutionDir(), false)
	if err != nil {
		return fmt.Errorf("lab %s has no solution folder %s", l.name, filepath.ToSlash(l.solutionDir()))
	}
	same := 0
	for _, sol := range files {
		mine := filepath.Join(l.dir(), filepath.Base(sol))
		a, err := os.ReadFile(filepath.Join(c.root, mine))
		if err != nil {
			a = nil // a file the learner deleted: the whole solution is added
		}
		b, err := os.ReadFile(filepath.Join(c.root, sol))
		if err != nil {
			return err
		}
		d := unifiedDiff(filepath.ToSlash(mine), filepath.ToSlash(sol), string(normalizeEOL(a)), string(normalizeEOL(b)))
		if d == "" {
			same++
			continue
		}
		fmt.Fprint(w, d)
	}
	if same == len(files) {
		fmt.Fprintf(w, "your files in %s are the same as the solution\n", filepath.ToSlash(l.dir()))
	}
	return nil
}

// unifiedDiff returns a unified diff of a and b with three lines of
// context, or "" when they are equal.
func unifiedDiff(nameA, nameB, a, b string) string {
	if a == b {
		return ""
	}
	ops := linediff.Edits(linediff.Lines(a), linediff.Lines(b))
	const context = 3
	var sb strings.Builder
	fmt.Fprintf(&sb, "--- %s\n+++ %s\n", nameA, nameB)
	for k := 0; k < len(ops); {
		if ops[k].Kind == ' ' {
			k++
			continue
		}
		// A hunk runs from context lines before this change to context
		// lines after the last change that is within 2*context of the next.
		start := max(k-context, 0)
		end := k
		for end < len(ops) {
			if ops[end].Kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].Kind == ' ' {
				run++
			}
			if run == len(ops) || run-end > 2*context {
				end = min(end+context, len(ops))
				break
			}
			end = run
		}
		var aLen, bLen int
		for _, o := range ops[start:end] {
			if o.Kind != '+' {
				aLen++
			}
			if o.Kind != '-' {
				bLen++
			}
		}
		fmt.Fprintf(&sb, "@@ -%s +%s @@\n", hunkRange(ops[start].A, aLen), hunkRange(ops[start].B, bLen))
		for _, o := range ops[start:end] {
			fmt.Fprintf(&sb, "%c%s\n", o.Kind, o.Line)
		}
		k = end
	}
	return sb.String()
}

func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	if n == 1 {
		return fmt.Sprintf("%d", start+1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}
