package checkpoint

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"gomaps/tools/internal/cli"
	"gomaps/tools/internal/linediff"
	"gomaps/tools/lab/internal/course"
)

// ResetCommand is the reset command.
func ResetCommand(open course.Opener) *cli.Command {
	var yes, tests bool
	return &cli.Command{
		Name:  "reset",
		Usage: "[-y] [-tests] NN",
		Short: "put a lab's files back to their shipped state",
		Long: "put a lab's files back to their shipped state; with -tests, only its *_test.go files " +
			"(the grader), keeping the learner's own files. It asks first; -y answers yes, and without " +
			"a terminal to answer (no answer comes) it changes nothing and fails, saying so",
		Flags: func(fs *flag.FlagSet) {
			fs.BoolVar(&yes, "y", false, "do not ask for confirmation")
			fs.BoolVar(&tests, "tests", false, "restore only the lab's tests, keeping the learner's files")
		},
		Run: open.Run(func(ctx context.Context, c *course.Course, io cli.IO, args []string) error {
			l, err := c.OneLab("reset", args)
			if err != nil {
				return err
			}
			if tests {
				return resetTests(c, l, yes, io.Stdin, io.Stdout)
			}
			return reset(c, l, yes, io.Stdin, io.Stdout)
		}),
	}
}

// reset writes the lab's files back as shipped, after asking.
func reset(c *course.Course, l *course.Lab, yes bool, stdin io.Reader, w io.Writer) error {
	lang := c.Lang
	ref := c.ShippedRef()
	if ref == "" {
		return fmt.Errorf(lang.Pick("reset needs the course's git history, and %s is not a git checkout: clone the course with git to use reset",
			"reset 需要课程的 git 历史，而 %s 不是 git 仓库：用 git 克隆课程才能使用 reset"), c.Root)
	}
	shipped, err := c.ShippedFiles(ref, l)
	if err != nil {
		return err
	}
	if len(shipped) == 0 {
		return fmt.Errorf(lang.Pick("lab %s is not in the course's git history at %.12s: it cannot be reset", "实验 %s 不在课程 %.12s 的 git 历史里：无法重置"), l.Name, ref)
	}
	var extra []string
	now, _ := c.GoFiles(l.Dir(), false)
	tests, _ := c.GoFiles(l.Dir(), true)
	for _, f := range append(now, tests...) {
		if !slices.Contains(shipped, filepath.ToSlash(f)) {
			extra = append(extra, filepath.ToSlash(f))
		}
	}
	if !yes {
		fmt.Fprintf(w, lang.Pick("reset lab %s to its shipped state? your changes to its files will be lost", "把实验 %s 重置为发布时的样子吗？你对它的文件所做的改动会丢失"), l.Name)
		if len(extra) > 0 {
			fmt.Fprintf(w, lang.Pick(", and %s will be deleted", "，%s 会被删除"), strings.Join(extra, lang.Pick(", ", "、")))
		}
		fmt.Fprint(w, " [y/N] ")
		if ok, err := confirmed(stdin, w, lang, "reset -y "+l.Num); !ok {
			return err
		}
	}
	for _, f := range shipped {
		data, err := c.Git("show", ref+":"+f)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(c.Root, f), data, 0o644); err != nil {
			return err
		}
	}
	for _, f := range extra {
		if err := os.Remove(filepath.Join(c.Root, f)); err != nil {
			return err
		}
	}
	fmt.Fprintf(w, lang.Pick("lab %s is back to its shipped state\n", "实验 %s 已经恢复成发布时的样子\n"), l.Name)
	return nil
}

// resetTests puts the lab's graders back as shipped and keeps the learner's own files.
func resetTests(c *course.Course, l *course.Lab, yes bool, stdin io.Reader, w io.Writer) error {
	lang := c.Lang
	changes := c.GraderChanges(l)
	if len(changes) == 0 {
		fmt.Fprintf(w, lang.Pick("the tests of lab %s are as shipped: nothing to restore\n", "实验 %s 的测试和发布时一样：没有需要恢复的\n"), l.Name)
		return nil
	}
	ref := c.ShippedRef()
	if ref == "" {
		return fmt.Errorf(lang.Pick("restoring tests needs the course's git history, and %s is not a git checkout: copy %s from a fresh download of the course",
			"恢复测试需要课程的 git 历史，而 %s 不是 git 仓库：从重新下载的课程里复制（%s）"), c.Root, course.DescribeChanges(changes, lang))
	}
	if !yes {
		fmt.Fprintf(w, lang.Pick("put the tests of lab %s back as shipped? %s; your own files stay as they are [y/N] ",
			"把实验 %s 的测试恢复成发布时的样子吗？%s；你自己的文件保持不变 [y/N] "), l.Name, course.DescribeChanges(changes, lang))
		if ok, err := confirmed(stdin, w, lang, "reset -y -tests "+l.Num); !ok {
			return err
		}
	}
	for _, ch := range changes {
		path := filepath.Join(c.Root, filepath.FromSlash(ch.File))
		if ch.How == "added" {
			if err := os.Remove(path); err != nil {
				return err
			}
			continue
		}
		data, err := c.Git("show", ref+":"+ch.File)
		if err != nil {
			return fmt.Errorf(lang.Pick("%s is not in the course's git history at %.12s: copy it from a fresh download of the course",
				"%s 不在课程 %.12s 的 git 历史里：从重新下载的课程里复制它"), ch.File, ref)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return err
		}
	}
	if left := c.GraderChanges(l); len(left) > 0 {
		return fmt.Errorf(lang.Pick("after restoring from git at %.12s, %s: copy the file from a fresh download of the course",
			"从 git（%.12s）恢复之后，%s：从重新下载的课程里复制这个文件"), ref, course.DescribeChanges(left, lang))
	}
	fmt.Fprintf(w, lang.Pick("the tests of lab %s are back as shipped; your own files are unchanged\n", "实验 %s 的测试已经恢复成发布时的样子；你自己的文件没有改动\n"), l.Name)
	return nil
}

// confirmed reads the answer to the question just asked: yes for "y" or "yes", any case; for
// another answer it says that nothing changed. When no answer comes at all (no terminal: a
// script, an editor's task, stdin closed), it changes nothing and returns an error that says to
// answer with -y, as in the command yes runs (reset -y 01): not a silent success.
func confirmed(stdin io.Reader, w io.Writer, lang course.Lang, yes string) (bool, error) {
	answer, err := bufio.NewReader(stdin).ReadString('\n')
	if err != nil && strings.TrimSpace(answer) == "" {
		fmt.Fprintln(w)
		return false, fmt.Errorf(lang.Pick("no answer came (no terminal?), so nothing changed: without a terminal, reset needs -y, as in: %s",
			"没有收到回答（没有终端？），所以什么都没有改：没有终端时，reset 要加上 -y，例如：%s"), lang.Cmd(yes))
	}
	if a := strings.ToLower(strings.TrimSpace(answer)); a != "y" && a != "yes" {
		fmt.Fprintln(w, lang.Pick("\nnothing changed", "\n什么都没有改"))
		return false, nil
	}
	return true, nil
}

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

// solution prints, for each learner file, a unified diff from the learner's version to the solution's.
func solution(c *course.Course, l *course.Lab, w io.Writer) error {
	files, err := c.GoFiles(l.SolutionDir(), false)
	if err != nil {
		return fmt.Errorf(c.Lang.Pick("lab %s has no solution folder %s", "实验 %s 没有参考答案目录 %s"), l.Name, filepath.ToSlash(l.SolutionDir()))
	}
	same := 0
	for _, sol := range files {
		mine := filepath.Join(l.Dir(), filepath.Base(sol))
		a, _ := os.ReadFile(filepath.Join(c.Root, mine)) // nil for a file the learner deleted: the whole solution is added
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
		fmt.Fprintf(w, c.Lang.Pick("your files in %s are the same as the solution\n", "你在 %s 里的文件和参考答案相同\n"), filepath.ToSlash(l.Dir()))
	}
	return nil
}
