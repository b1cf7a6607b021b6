// Package checkpoint is the commands that put files in a learner's lab, or show what they
// would put: checkpoint (the solution of the steps before K), restore (the learner's files a
// checkpoint saved), reset (the lab as shipped, or only its tests) and solution (the diff from
// the learner's files to the solution).
package checkpoint

import (
	"context"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gomaps/tools/internal/cli"
	"gomaps/tools/lab/internal/course"
	"gomaps/tools/lab/internal/plan"
	"gomaps/tools/lab/internal/testrun"
	"gomaps/tools/lab/internal/versions"
)

// Command is the checkpoint command.
func Command(open course.Opener) *cli.Command {
	return &cli.Command{
		Name:  "checkpoint",
		Usage: "NN [K]",
		Short: "bring a learner who fell behind to step K of a lab",
		Long: "bring a learner who fell behind to step K of lab NN: the solution of every step before K " +
			"is put in place, func by func, and the code of step K and later stays the learner's; a lab " +
			"without steps takes no K and gets its whole solution. The learner's files are saved first, " +
			"outside the course",
		Run: open.Run(func(ctx context.Context, c *course.Course, io cli.IO, args []string) error {
			l, k, err := c.LabAndNumber(args, c.Lang.Pick("checkpoint takes a lab and the step to reach, as in: checkpoint 03 5 (a lab without steps takes no step)",
				"checkpoint 接受一个实验和要到达的步，例如：checkpoint 03 5（不分步的实验不用给出步）"))
			if err != nil {
				return err
			}
			return checkpoint(ctx, c, l, k, io.Stdout)
		}),
	}
}

// checkpointStep reads the step to reach of a checkpoint of lab l, taught in steps (none: 0).
func checkpointStep(l *course.Lab, steps []int, arg string, lang course.Lang) (int, error) {
	switch {
	case len(steps) == 0 && arg != "":
		return 0, cli.Usagef(lang.Pick("lab %s is not taught in steps, so checkpoint %s takes no step: it puts the whole solution in place",
			"实验 %s 不分步，所以 checkpoint %s 不接受步：它会放上完整的参考答案"), l.Name, l.Num)
	case len(steps) > 0 && arg == "":
		return 0, cli.Usagef(lang.Pick("lab %s is taught in %s: name the step to reach, as in: checkpoint %s %d", "实验 %s 分为%s：请指定要到达的步，例如：checkpoint %s %d"),
			l.Name, course.DescribeSteps(steps, lang), l.Num, steps[len(steps)-1])
	case len(steps) > 0:
		n, err := strconv.Atoi(arg)
		if err != nil || !slices.Contains(steps, n) {
			return 0, cli.Usagef(lang.Pick("lab %s has %s, and %q is not one of them", "实验 %s 有%s，%q 不在其中"), l.Name, course.DescribeSteps(steps, lang), arg)
		}
		return n, nil
	}
	return 0, nil
}

// A checkpointRun is one checkpoint of a lab: what it planned, found and saved, for what it says.
type checkpointRun struct {
	*plan.Plan
	lang   course.Lang
	l      *course.Lab
	steps  []int
	k      int   // the step to reach; 0: the whole solution
	passed []int // the steps below k that passed with the learner's code (k 0: one entry when the lab did)
	// The version that holds the lab's files as the checkpoint found them (its number, and
	// whether it was saved now), the version of the files it wrote, and their folder.
	found         *versions.Version
	foundN, wrote int
	saved         bool
	store         versions.Store
}

func checkpoint(ctx context.Context, c *course.Course, l *course.Lab, arg string, w io.Writer) error {
	r := &checkpointRun{lang: c.Lang, l: l, steps: c.LabSteps(l)}
	var err error
	if r.k, err = checkpointStep(l, r.steps, arg, c.Lang); err != nil {
		return err
	}
	// Work out every file first: a problem stops the checkpoint before anything changes.
	ref := c.ShippedRef()
	if r.Plan, err = plan.Checkpoint(c, l, r.steps, r.k, ref); err != nil {
		return err
	}
	if r.k > 0 && ref == "" {
		r.Notes = append(r.Notes, c.Lang.Pick("this course folder has no git history, so the steps are read from the TODO comments of your files: a func whose TODO you deleted keeps your code",
			"这个课程目录没有 git 历史，所以步是从你的文件的 TODO 注释里读出来的：你删掉了 TODO 的函数会保留你的代码"))
	}
	if len(r.Changes) > 0 {
		if !c.IsUntouched(l) && (r.k == 0 || r.k > r.steps[0]) {
			if r.passed = passingSteps(ctx, c, l, r.steps, r.k); ctx.Err() != nil {
				return ctx.Err()
			}
		}
		if r.store, err = savedVersions(c, l); err == nil {
			err = r.save(c, strings.TrimSpace("checkpoint "+l.Num+" "+arg))
		}
		if err != nil {
			return fmt.Errorf(r.lang.Pick("checkpoint could not save your files of lab %s first, so it changed nothing: %v", "checkpoint 没能先保存你在实验 %s 的文件，所以什么都没有改：%v"), l.Name, err)
		}
		for _, ch := range r.Changes {
			if err := os.WriteFile(filepath.Join(c.Root, filepath.FromSlash(ch.File)), ch.New, 0o644); err != nil {
				return fmt.Errorf(r.lang.Pick("%v; your files are saved: %s puts them back", "%v；你的文件已经保存：%s 可以把它们放回来"), err, r.lang.Cmd("restore "+l.Num))
			}
		}
	}
	sayCheckpointed(r, w)
	spilled := sayChanges(r, w)
	sayNext(ctx, c, r, spilled, w)
	return nil
}

// save keeps the lab's files as a version, the learner's unless a version holds them already
// (see versions.Store.Keep), and the files the checkpoint writes as a checkpoint's.
func (r *checkpointRun) save(c *course.Course, why string) error {
	files, err := learnerFiles(c, r.l)
	if err != nil {
		return err
	}
	if r.foundN, r.found, r.saved, err = r.store.Keep(versions.Version{Lab: r.l.Name, Why: why, Maker: versions.Learner, Files: files}); err != nil {
		return err
	}
	after := maps.Clone(files)
	for _, ch := range r.Changes {
		after[ch.File] = ch.New
	}
	r.wrote, _, _, err = r.store.Keep(versions.Version{Lab: r.l.Name, Why: why, Maker: versions.Checkpoint, Files: after})
	return err
}

// sayCheckpointed says what the checkpoint put in place, where the learner's files are saved,
// and which of their steps passed already.
func sayCheckpointed(r *checkpointRun, w io.Writer) {
	l, lang := r.l, r.lang
	if r.k == 0 {
		fmt.Fprintf(w, lang.Pick("checkpoint: lab %s is not taught in steps: its whole solution is now in place\n",
			"checkpoint：实验 %s 不分步：它完整的参考答案现在已经放好了\n"), l.Name)
	} else {
		fmt.Fprintf(w, lang.Pick("checkpoint: lab %s to step %d of %d: the solution of every step before step %d is now in place\n",
			"checkpoint：实验 %[1]s 到第 %[2]d 步（共 %[3]d 步）：第 %[4]d 步之前每一步的参考答案现在都放好了\n"), l.Name, r.k, r.steps[len(r.steps)-1], r.k)
	}
	passed := r.passed
	if len(r.Changes) == 0 {
		fmt.Fprintln(w, lang.Pick("your files already hold it: nothing changed", "你的文件里已经是这些代码了：什么都没有改"))
	} else {
		if sayFound(r, w) {
			passed = nil // the code that passed was a checkpoint's, not the learner's
		}
		fmt.Fprintf(w, lang.Pick("what the checkpoint wrote is kept too, as version %d\n", "检查点写入的文件也保存了下来，是第 %d 版\n"), r.wrote)
	}
	switch one := len(passed) == 1; {
	case r.k == 0 && len(passed) > 0:
		fmt.Fprintf(w, lang.Pick("lab %s already passed with your code; the solution replaced it all the same (your code is saved)\n",
			"实验 %s 用你的代码已经通过了；参考答案还是替换了它（你的代码已经保存）\n"), l.Name)
	case len(passed) > 0:
		fmt.Fprintf(w, lang.Pick("step%[2]s %[1]s already passed with your code; the solution replaced %[3]s all the same (your code is saved)\n",
			"第 %[1]s 步用你的代码已经通过了；参考答案还是替换了%[4]s（你的代码已经保存）\n"), course.JoinSteps(passed, lang.Pick(", ", "、")),
			map[bool]string{true: "", false: "s"}[one], map[bool]string{true: "it", false: "them"}[one], map[bool]string{true: "它", false: "它们"}[one])
	}
}

// sayFound says which version holds the files the checkpoint found in the lab, and reports
// whether a checkpoint made them.
func sayFound(r *checkpointRun, w io.Writer) (checkpoints bool) {
	dir, lang := filepath.ToSlash(r.l.Dir()), r.lang
	switch {
	case r.found.Maker == versions.Checkpoint:
		why, reformatted := strings.CutSuffix(r.found.Why, versions.Reformatted)
		switch {
		case r.saved:
			fmt.Fprintf(w, lang.Pick("the files in %s are as %s wrote them but for their formatting: they are saved as version %d, as the checkpoint's, not as yours\n",
				"%s 里的文件是 %s 写入的，只是格式变了：它们保存为第 %d 版，算作检查点的，不算你的\n"), dir, why, r.foundN)
		case reformatted:
			fmt.Fprintf(w, lang.Pick("the files in %s are as %s wrote them, reformatted (version %d): you changed nothing since, so they are not saved again as yours\n",
				"%s 里的文件是 %s 写入的，格式重排过（第 %d 版）：之后你什么都没改，所以不再作为你的文件保存\n"), dir, why, r.foundN)
		default:
			fmt.Fprintf(w, lang.Pick("the files in %s are as %s wrote them (version %d): you changed nothing since, so they are not saved again as yours\n",
				"%s 里的文件是 %s 写入的（第 %d 版）：之后你什么都没改，所以不再作为你的文件保存\n"), dir, why, r.foundN)
		}
		if n, _ := r.store.Newest(versions.Learner); n > 0 {
			fmt.Fprintf(w, lang.Pick("your own files are version %d, in %s\n", "你自己的文件是第 %d 版，在 %s\n"), n, r.store.Dir)
		} else {
			fmt.Fprintf(w, lang.Pick("every version is kept in %s: %s lists them\n", "每个版本都保存在 %s：%s 会列出它们\n"), r.store.Dir, lang.Cmd("restore -list "+r.l.Num))
		}
		return true
	case r.saved:
		fmt.Fprintf(w, lang.Pick("your files of %s were saved first, as version %d, in %s\n", "你在 %s 的文件先保存了下来，是第 %d 版，在 %s\n"), dir, r.foundN, r.store.Dir)
	default:
		fmt.Fprintf(w, lang.Pick("your files are saved already, as version %d (%s), in %s: they are not saved again\n",
			"你的文件已经保存过了，是第 %d 版（%s），在 %s：不再重复保存\n"), r.foundN, describe(r.found, lang), r.store.Dir)
	}
	return false
}

// sayChanges says, file by file, what the checkpoint wrote, and notes the funcs that brought
// code of step k or later; it reports whether there were any.
func sayChanges(r *checkpointRun, w io.Writer) (spilled bool) {
	lang := r.lang
	var spill []string // replaced funcs that bring code of step k or later
	spillTo := 0
	for _, ch := range r.Changes {
		fmt.Fprintln(w, describeChange(ch, r.k, lang))
		if ch.Merge != nil {
			spill = append(spill, ch.Merge.Spill...)
			spillTo = max(spillTo, ch.Merge.SpillTo)
		}
	}
	if len(spill) > 0 {
		later := course.StepRange(r.k, spillTo, lang)
		one := len(spill) == 1
		fmt.Fprintf(w, lang.Pick("note: %s also hold%s the code of %s (%s so), and a func comes whole: that code is in place too\n",
			"注意：%[1]s 里也有%[3]s的代码（%[4]s），而函数总是整个放进去的：那些代码也放好了\n"),
			strings.Join(spill, lang.Pick(", ", "、")), map[bool]string{true: "s", false: ""}[one], later,
			map[bool]string{true: lang.Pick("its TODO says", "它的 TODO 这样写着"), false: lang.Pick("their TODOs say", "它们的 TODO 这样写着")}[one])
	}
	return len(spill) > 0
}

// describeChange is the line that says what a checkpoint to step k wrote to one file.
func describeChange(ch plan.Change, k int, lang course.Lang) string {
	switch {
	case ch.Merge == nil && ch.Old == nil:
		return fmt.Sprintf(lang.Pick("  %s: added, the solution's file", "  %s：新增，参考答案的文件"), ch.File)
	case ch.Merge == nil:
		return fmt.Sprintf(lang.Pick("  %s: now the solution's file", "  %s：现在是参考答案的文件"), ch.File)
	}
	sep := lang.Pick(", ", "、")
	replaced, from := strings.Join(ch.Merge.Replaced, sep), lang.Pick("the solution", "参考答案")
	line := fmt.Sprintf(lang.Pick("  %s: the solution's %s", "  %s：参考答案的 %s"), ch.File, replaced)
	if ch.From != "" {
		line = fmt.Sprintf(lang.Pick("  %s: the solution as it stands before step %d (%s): %s", "  %s：第 %d 步之前的参考答案（%s）：%s"), ch.File, k, ch.From, replaced)
		from = lang.Pick("the snapshot", "快照")
	}
	if len(ch.Merge.Added) > 0 {
		line += fmt.Sprintf(lang.Pick("; added from %s: ", "；从%s新增："), from) + strings.Join(ch.Merge.Added, sep)
	}
	if len(ch.Merge.Imports) > 0 {
		line += lang.Pick("; imports: ", "；导入：") + strings.Join(ch.Merge.Imports, sep)
	}
	return line
}

// sayNext gives the checkpoint's notes, says whether the lab compiles now, and what to do next.
func sayNext(ctx context.Context, c *course.Course, r *checkpointRun, spilled bool, w io.Writer) {
	l, k, lang := r.l, r.k, r.lang
	for _, n := range r.Notes {
		fmt.Fprintf(w, lang.Pick("note: %s\n", "注意：%s\n"), n)
	}
	if k > 0 && r.Left == 0 {
		fmt.Fprintf(w, lang.Pick("note: step %d and the steps after it have no code of their own in the lab's files, so with the steps before it in place the lab should pass\n",
			"注意：第 %d 步和它之后的各步在实验的文件里没有自己的代码，所以前面各步放好之后，这个实验应该就能通过\n"), k)
	}
	if len(r.Changes) > 0 {
		if out, err := c.RunGo(ctx, "build", "./"+filepath.ToSlash(l.Dir())); err != nil {
			fmt.Fprintf(w, lang.Pick("lab %s does not compile now: %s\n", "实验 %s 现在编译不通过：%s\n"), l.Name, course.FirstError(out))
			fmt.Fprintf(w, lang.Pick("if the error is in your code of step %d or later, fix it there; else put your files back as they were\n",
				"如果错误在你第 %d 步或之后的代码里，就在那里修好；否则把你的文件恢复原样\n"), max(k, 1))
		}
		fmt.Fprintf(w, lang.Pick("to get your files back: %s\n", "要拿回你的文件：%s\n"), lang.Cmd("restore "+l.Num))
	}
	_, later := c.BuiltTests(l)
	// the tests of step k that need a newer Go than the one here
	ls := &testrun.Status{Lab: l, Later: slices.DeleteFunc(later, func(t course.LaterTest) bool { return course.StepOf(t.Name) != k })}
	run := lang.Cmd("run " + l.Num)
	switch {
	case k > 0 && len(ls.Later) > 0:
		fmt.Fprintln(w, lang.Pick("next: ", "接下来：")+ls.LaterNote(lang))
	case k > 0 && !spilled && r.Left > 0:
		fmt.Fprintf(w, lang.Pick("next: %s (it says you are at step %d until step %d passes)\n", "接下来：%[1]s（在第 %[3]d 步通过之前，它会说你在第 %[2]d 步）\n"), run, k, k)
	default:
		fmt.Fprintf(w, lang.Pick("next: %s\n", "接下来：%s\n"), run)
	}
}

// passingSteps runs the lab's tests of the steps below k (every test when k is 0) on the
// learner's code, and lists the steps that pass (with k 0: one entry when the lab passes).
func passingSteps(ctx context.Context, c *course.Course, l *course.Lab, steps []int, k int) []int {
	below := slices.DeleteFunc(slices.Clone(steps), func(n int) bool { return n >= k })
	extra := []string{"-count=1"}
	if k > 0 {
		extra = append(extra, "-run", course.StepsPattern(below))
	}
	s := testrun.Lab(ctx, c, l, extra...)
	if s.Problem != "" || s.Compile != nil || (k == 0 && !s.TestsPass()) {
		return nil
	} else if k == 0 {
		return []int{0}
	}
	return slices.DeleteFunc(below, func(n int) bool {
		return slices.ContainsFunc(s.Failing, func(f testrun.Failure) bool { return course.StepOf(f.Test) == n })
	})
}
