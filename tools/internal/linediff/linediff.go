// Package linediff computes the line-by-line edits that turn one text into another, from the
// longest common subsequence of their lines: plenty for the few hundred lines of a lab file or
// a chapter's output.
package linediff

import "strings"

// An Op is one line of the edit script.
type Op struct {
	Kind byte   // ' ' kept, '-' deleted from a, '+' inserted from b
	Line string // the line's text
	A, B int    // 0-based index of the line in a and in b where the op stands
}

// Lines splits a text into lines, without the final newline.
func Lines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// Edits returns the edit script from a to b. Where a line is replaced, its deletion comes
// before the insertion, as in a unified diff. It takes time and memory in len(a)*len(b).
func Edits(a, b []string) []Op {
	// lcs[i][j] is the length of the longest common subsequence of a[i:] and b[j:].
	lcs := make([][]int, len(a)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var ops []Op
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			ops = append(ops, Op{' ', a[i], i, j})
			i, j = i+1, j+1
		case i < len(a) && (j == len(b) || lcs[i+1][j] >= lcs[i][j+1]):
			ops = append(ops, Op{'-', a[i], i, j})
			i++
		default:
			ops = append(ops, Op{'+', b[j], i, j})
			j++
		}
	}
	return ops
}
