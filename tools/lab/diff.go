package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

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
		d := linediff.Unified(filepath.ToSlash(mine), filepath.ToSlash(sol), string(normalizeEOL(a)), string(normalizeEOL(b)))
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
