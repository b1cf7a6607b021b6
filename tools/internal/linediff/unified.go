package linediff

import (
	"fmt"
	"strings"
)

// Unified returns a unified diff of a and b, named nameA and nameB in its header, with three
// lines of context, or "" when they are equal.
func Unified(nameA, nameB, a, b string) string {
	if a == b {
		return ""
	}
	la, lb := Lines(a), Lines(b)
	ops := Edits(la, lb)
	const context = 3
	var sb strings.Builder
	fmt.Fprintf(&sb, "--- %s\n+++ %s\n", nameA, nameB)
	for k := 0; k < len(ops); {
		if ops[k].Kind == ' ' {
			k++
			continue
		}
		// A hunk runs from context lines before this change to context lines after the last
		// change that follows the one before it within 2*context kept lines.
		start, end, kept := max(k-context, 0), k, 0
		for i := k; i < len(ops) && kept <= 2*context; i++ {
			if ops[i].Kind == ' ' {
				kept++
			} else {
				end, kept = i+1, 0
			}
		}
		end = min(end+context, len(ops))
		aEnd, bEnd := len(la), len(lb) // where the hunk ends in a and in b
		if end < len(ops) {
			aEnd, bEnd = ops[end].A, ops[end].B
		}
		fmt.Fprintf(&sb, "@@ -%s +%s @@\n", hunkRange(ops[start].A, aEnd-ops[start].A), hunkRange(ops[start].B, bEnd-ops[start].B))
		for _, o := range ops[start:end] {
			fmt.Fprintf(&sb, "%c%s\n", o.Kind, o.Line)
		}
		k = end
	}
	return sb.String()
}

// hunkRange is a hunk header's range: start (0-based) and count as a unified diff writes them.
func hunkRange(start, n int) string {
	switch n {
	case 0:
		return fmt.Sprintf("%d,0", start)
	case 1:
		return fmt.Sprint(start + 1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}
