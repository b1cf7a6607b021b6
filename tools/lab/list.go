package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"unicode"

	"gomaps/tools/internal/cli"
	"gomaps/tools/lab/internal/course"
	"gomaps/tools/lab/internal/testrun"
)

// list prints every lab with its state (see testrun.States) and the next lab to do.
func list(ctx context.Context, c *course.Course, w io.Writer) error {
	lang := c.Lang
	if len(c.Labs) == 0 {
		fmt.Fprintln(w, lang.Pick("this course has no labs yet", "这门课程还没有实验"))
		return nil
	}
	states, err := testrun.States(ctx, c, true)
	if err != nil {
		return err
	}
	rows := [][]string{{lang.Pick("LAB", "实验"), lang.Pick("STATE", "状态"), lang.Pick("CHAPTER", "章节")}}
	for i, r := range states {
		rows = append(rows, []string{c.Labs[i].Name, r.State.In(lang), filepath.ToSlash(c.Labs[i].ChapterIn(lang))})
	}
	printTable(w, rows, 3)
	fmt.Fprintln(w)
	next := testrun.NextLab(c, states)
	if next == nil {
		fmt.Fprintln(w, lang.Pick("every lab passes: well done", "所有实验都通过了：干得好"))
		return nil
	}
	fmt.Fprintf(w, lang.Pick("next: lab %s; read %s, then run: %s\n", "下一个：实验 %s；先读 %s，然后运行：%s\n"),
		next.Name, filepath.ToSlash(next.ChapterIn(lang)), lang.Cmd("run "+next.Num))
	return nil
}

// printTable prints rows in columns, each as wide as its widest cell and gap more (the last
// column unpadded), measured as a terminal shows them: a Chinese character takes two columns.
func printTable(w io.Writer, rows [][]string, gap int) {
	widths := map[int]int{}
	for _, row := range rows {
		for i, cell := range row {
			widths[i] = max(widths[i], displayWidth(cell))
		}
	}
	for _, row := range rows {
		var b strings.Builder
		for i, cell := range row {
			b.WriteString(cell)
			if i < len(row)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]+gap-displayWidth(cell)))
			}
		}
		fmt.Fprintln(w, b.String())
	}
}

// displayWidth is how many columns a terminal gives s: two for each Chinese character (and
// full-width punctuation), one for any other.
func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		n++
		if unicode.Is(unicode.Han, r) || (r >= 0x3000 && r <= 0x303F) || (r >= 0xFF00 && r <= 0xFF60) {
			n++
		}
	}
	return n
}

// runLab runs lab l, records its result and reports it; ErrFailed when it does not pass.
func runLab(ctx context.Context, c *course.Course, l *course.Lab, w io.Writer) error {
	s := testrun.Lab(ctx, c, l)
	testrun.Remember(c, []*testrun.Status{s})
	testrun.Report(c, s, w)
	if s.Passing() {
		return nil
	}
	return cli.ErrFailed
}
