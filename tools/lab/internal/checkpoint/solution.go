package checkpoint

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"gomaps/tools/internal/cli"
	"gomaps/tools/internal/linediff"
	"gomaps/tools/lab/internal/course"
)

// SolutionCommand is the solution command.
func SolutionCommand(open course.Opener) *cli.Command {
	return &cli.Command{
		Name:  "solution",
		Usage: "NN",
		Short: "the diff between your files and the solution",
		Long:  "show the diff between the learner's files and the solution",
		Run: open.Run(func(ctx context.Context, c *course.Course, io cli.IO, args []string) error {
			l, err := c.OneLab("solution", args)
			if err != nil {
				return err
			}
			return solution(c, l, io.Stdout)
		}),
	}
}

// solution prints, for each learner file, a unified diff from the learner's
// version to the solution's.
func solution(c *course.Course, l *course.Lab, w io.Writer) error {
	files, err := c.GoFiles(l.SolutionDir(), false)
	if err != nil {
		return fmt.Errorf("lab %s has no solution folder %s", l.Name, filepath.ToSlash(l.SolutionDir()))
	}
	same := 0
	for _, sol := range files {
		mine := filepath.Join(l.Dir(), filepath.Base(sol))
		a, err := os.ReadFile(filepath.Join(c.Root, mine))
		if err != nil {
			a = nil // a file the learner deleted: the whole solution is added
		}
		b, err := os.ReadFile(filepath.Join(c.Root, sol))
		if err != nil {
			return err
		}
		d := linediff.Unified(filepath.ToSlash(mine), filepath.ToSlash(sol), string(course.NormalizeEOL(a)), string(course.NormalizeEOL(b)))
		if d == "" {
			same++
			continue
		}
		fmt.Fprint(w, d)
	}
	if same == len(files) {
		fmt.Fprintf(w, "your files in %s are the same as the solution\n", filepath.ToSlash(l.Dir()))
	}
	return nil
}
