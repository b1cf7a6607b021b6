package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
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
// context, or "" when they are equal. It uses the longest common
// subsequence of lines, which is plenty for files of a few hundred lines.
func unifiedDiff(nameA, nameB, a, b string) string {
	if a == b {
		return ""
	}
	x, y := splitLines(a), splitLines(b)
	// lcs[i][j] is the length of the LCS of x[i:] and y[j:].
	lcs := make([][]int, len(x)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(y)+1)
	}
	for i := len(x) - 1; i >= 0; i-- {
		for j := len(y) - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	type op struct {
		kind byte // ' ', '-', '+'
		line string
		i, j int // line numbers (0-based) in a and b before this op
	}
	var ops []op
	i, j := 0, 0
	for i < len(x) || j < len(y) {
		switch {
		case i < len(x) && j < len(y) && x[i] == y[j]:
			ops = append(ops, op{' ', x[i], i, j})
			i, j = i+1, j+1
		case i < len(x) && (j == len(y) || lcs[i+1][j] >= lcs[i][j+1]):
			ops = append(ops, op{'-', x[i], i, j})
			i++
		default:
			ops = append(ops, op{'+', y[j], i, j})
			j++
		}
	}
	const context = 3
	var sb strings.Builder
	fmt.Fprintf(&sb, "--- %s\n+++ %s\n", nameA, nameB)
	for k := 0; k < len(ops); {
		if ops[k].kind == ' ' {
			k++
			continue
		}
		// A hunk runs from context lines before this change to context
		// lines after the last change that is within 2*context of the next.
		start := max(k-context, 0)
		end := k
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
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
			if o.kind != '+' {
				aLen++
			}
			if o.kind != '-' {
				bLen++
			}
		}
		fmt.Fprintf(&sb, "@@ -%s +%s @@\n", hunkRange(ops[start].i, aLen), hunkRange(ops[start].j, bLen))
		for _, o := range ops[start:end] {
			fmt.Fprintf(&sb, "%c%s\n", o.kind, o.line)
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

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}
