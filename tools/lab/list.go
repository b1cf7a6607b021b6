package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"text/tabwriter"

	"gomaps/tools/internal/cli"
	"gomaps/tools/lab/internal/course"
	"gomaps/tools/lab/internal/testrun"
)

// list prints every lab with its state (see testrun.States) and the next lab to do.
func list(ctx context.Context, c *course.Course, w io.Writer) error {
	if len(c.Labs) == 0 {
		fmt.Fprintln(w, "this course has no labs yet")
		return nil
	}
	states, err := testrun.States(ctx, c, true)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 3, ' ', 0)
	fmt.Fprintln(tw, "LAB\tSTATE\tCHAPTER")
	for i, r := range states {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", c.Labs[i].Name, r.State, filepath.ToSlash(c.Labs[i].Chapter()))
	}
	tw.Flush()
	fmt.Fprintln(w)
	next := testrun.NextLab(c, states)
	if next == nil {
		fmt.Fprintln(w, "every lab passes: well done")
		return nil
	}
	fmt.Fprintf(w, "next: lab %s; read %s, then run: go run ./tools/lab run %s\n",
		next.Name, filepath.ToSlash(next.Chapter()), next.Num)
	return nil
}

// runLab runs lab l, records its result and reports it; ErrFailed when it does not pass.
func runLab(ctx context.Context, c *course.Course, l *course.Lab, w io.Writer) error {
	s := testrun.Labs(ctx, c, []*course.Lab{l})[0]
	testrun.Remember(c, []*testrun.Status{s})
	testrun.Report(c, s, w)
	if s.Passing() {
		return nil
	}
	return cli.ErrFailed
}
