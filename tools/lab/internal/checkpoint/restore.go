package checkpoint

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"gomaps/tools/internal/cli"
	"gomaps/tools/lab/internal/course"
	"gomaps/tools/lab/internal/versions"
)

// RestoreCommand is the restore command.
func RestoreCommand(open course.Opener) *cli.Command {
	var list bool
	return &cli.Command{
		Name:  "restore",
		Usage: "[-list] NN [K]",
		Short: "put back the learner's files saved by a checkpoint",
		Long: "put back the last files the learner wrote of lab NN, as a checkpoint saved them (or version " +
			"K of the saved files), keeping the ones there now as a version too; it lists every version " +
			"with who made it (the learner or a checkpoint) and when, and the folder they are kept in",
		Flags: func(fs *flag.FlagSet) {
			fs.BoolVar(&list, "list", false, "only list the saved versions, changing nothing")
		},
		Run: open.Run(func(ctx context.Context, c *course.Course, io cli.IO, args []string) error {
			l, k, err := c.LabAndNumber(args, c.Lang.Pick("restore takes a lab, and the number of a saved version if you want an older one, as in: restore 03",
				"restore 接受一个实验，要更早的版本时再加上保存的版本号，例如：restore 03"))
			if err != nil {
				return err
			}
			if list && k != "" {
				return cli.Usagef(c.Lang.Pick("restore -list lists every version of a lab, so it takes no version number: restore -list %s",
					"restore -list 列出一个实验的所有版本，所以不接受版本号：restore -list %s"), l.Num)
			}
			return restore(c, l, k, list, io.Stdout)
		}),
	}
}

// savedVersions is the folder of lab l's saved versions: in the user's cache folder, next to the
// runner's records (see course.StateFile), never in the course's files.
func savedVersions(c *course.Course, l *course.Lab) (versions.Store, error) {
	f := c.StateFile("checkpoints")
	if f == "" {
		return versions.Store{}, errors.New(c.Lang.Pick("there is no user cache folder to keep them in (set HOME, or XDG_CACHE_HOME)",
			"没有可以保存它们的用户缓存目录（设置 HOME 或 XDG_CACHE_HOME）"))
	}
	return versions.Store{Dir: filepath.Join(strings.TrimSuffix(f, ".json"), l.Name)}, nil
}

// learnerFiles reads the lab's own files (its non-test .go files) as they are now.
func learnerFiles(c *course.Course, l *course.Lab) (map[string][]byte, error) {
	files, err := c.GoFiles(l.Dir(), false)
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(c.Root, f))
		if err != nil {
			return nil, err
		}
		out[filepath.ToSlash(f)] = data
	}
	return out, nil
}

// restore puts back version arg of the lab's saved files, or, with arg "", the newest version
// the learner made (see versionToRestore), keeping the files there now first; with list, it
// only lists the versions.
func restore(c *course.Course, l *course.Lab, arg string, list bool, w io.Writer) error {
	lang := c.Lang
	store, err := savedVersions(c, l)
	if err != nil {
		return fmt.Errorf(lang.Pick("restore finds no saved files: %v", "restore 找不到保存的文件：%v"), err)
	}
	nums := store.List()
	if len(nums) == 0 {
		return fmt.Errorf(lang.Pick("no files of lab %s are saved: checkpoint saves them when it changes the lab, and no checkpoint of lab %s was made in this course folder",
			"实验 %s 没有保存过文件：checkpoint 改动实验时才会保存，而在这个课程目录里没有对实验 %s 做过 checkpoint"), l.Name, l.Num)
	}
	now, err := learnerFiles(c, l)
	if err != nil {
		return err
	}
	if list {
		listVersions(l, store, now, lang, w)
		return nil
	}
	v, version, err := versionToRestore(l, store, nums, now, arg, lang)
	if err != nil {
		return err
	}
	if versions.Same(now, v.Files) {
		fmt.Fprintf(w, lang.Pick("lab %s already holds version %d (%s): nothing changed\n", "实验 %s 里已经是第 %d 版（%s）：什么都没有改\n"), l.Name, version, describe(v, lang))
		fmt.Fprintf(w, lang.Pick("%s lists every version\n", "%s 会列出所有版本\n"), lang.Cmd("restore -list "+l.Num))
		return nil
	}
	replaced, rv, saved, err := store.Keep(versions.Version{Lab: l.Name, Why: "restore " + l.Num, Maker: versions.Learner, Files: now})
	if err != nil {
		return fmt.Errorf(lang.Pick("restore could not save your files of lab %s first, so it changed nothing: %v", "restore 没能先保存你在实验 %s 的文件，所以什么都没有改：%v"), l.Name, err)
	}
	names, extra, err := putBack(c, l, v.Files, now)
	if err != nil {
		return err
	}
	switch files := strings.Join(names, lang.Pick(", ", "、")); v.Maker {
	case versions.Learner:
		fmt.Fprintf(w, lang.Pick("lab %s: your files are back as they were before %s (version %d): %s\n", "实验 %s：你的文件恢复成了 %s 之前的样子（第 %d 版）：%s\n"), l.Name, v.Why, version, files)
	case versions.Checkpoint:
		fmt.Fprintf(w, lang.Pick("lab %s: the files %s wrote are back (version %d): %s\n", "实验 %s：%s 写入的文件恢复了（第 %d 版）：%s\n"), l.Name, v.Why, version, files)
	default:
		fmt.Fprintf(w, lang.Pick("lab %s: the files saved before %s are back (version %d; who wrote them was not recorded): %s\n",
			"实验 %s：%s 之前保存的文件恢复了（第 %d 版；没有记录是谁写的）：%s\n"), l.Name, v.Why, version, files)
	}
	if len(extra) > 0 {
		fmt.Fprintf(w, lang.Pick("removed, since they were not there then: %s\n", "删掉了当时还没有的文件：%s\n"), strings.Join(extra, lang.Pick(", ", "、")))
	}
	kept := lang.Pick("are kept already", "已经保存过")
	if saved {
		kept = lang.Pick("are saved too", "也保存了下来")
	}
	fmt.Fprintf(w, lang.Pick("the files they replaced %s, as version %d (%s): %s brings them back\n", "被替换掉的文件%s，是第 %d 版（%s）：%s 可以把它们找回来\n"),
		kept, replaced, describe(rv, lang), lang.Cmd(fmt.Sprintf("restore %s %d", l.Num, replaced)))
	listVersions(l, store, v.Files, lang, w)
	return nil
}

// versionToRestore picks the version restore puts back, of the saved versions nums, the lab's
// files being now, and returns it with its number: version arg; with arg "", the newest version
// the learner made. Of versions saved by older lab runners, which did not record their maker,
// the one an older mark says the learner's files were in before the checkpoint that left the
// lab as it is, else the newest saved before a checkpoint.
func versionToRestore(l *course.Lab, store versions.Store, nums []int, now map[string][]byte, arg string, lang course.Lang) (*versions.Version, int, error) {
	if arg != "" {
		n, err := strconv.Atoi(arg)
		if err != nil || !slices.Contains(nums, n) {
			return nil, 0, cli.Usagef(lang.Pick("lab %s has saved versions %s, in %s; %q is not one of them", "实验 %s 保存的版本有 %s，在 %s；%q 不在其中"),
				l.Name, describeVersions(store, nums, lang), store.Dir, arg)
		}
		v, err := store.Read(n)
		if err != nil {
			return nil, 0, fmt.Errorf(lang.Pick("version %d of lab %s cannot be read (%v): nothing changed", "实验 %[2]s 的第 %[1]d 版读不出来（%[3]v）：什么都没有改"), n, l.Name, err)
		}
		return v, n, nil
	}
	if n, v := store.Newest(versions.Learner); n > 0 {
		return v, n, nil
	}
	if by, n, files := store.OldMark(); by == "checkpoint" && versions.Same(now, files) && slices.Contains(nums, n) {
		v, err := store.Read(n)
		if err != nil {
			return nil, 0, fmt.Errorf(lang.Pick("version %d of lab %s cannot be read (%v): nothing changed; %s brings back another",
				"实验 %[2]s 的第 %[1]d 版读不出来（%[3]v）：什么都没有改；%[4]s 可以找回别的版本"), n, l.Name, err, lang.Cmd("restore "+l.Num+" K"))
		}
		return v, n, nil
	}
	for i := len(nums) - 1; i >= 0; i-- {
		if v, err := store.Read(nums[i]); err == nil && v.Maker == versions.Unknown && strings.HasPrefix(v.Why, "checkpoint ") {
			return v, nums[i], nil
		}
	}
	return nil, 0, fmt.Errorf(lang.Pick("no files you wrote of lab %s are saved in %s, only %s: name the version to bring back, as in: restore %s %d",
		"%[2]s 里没有保存你在实验 %[1]s 写的文件，只有 %[3]s：请指定要找回的版本，例如：restore %[4]s %[5]d"),
		l.Name, store.Dir, describeVersions(store, nums, lang), l.Num, nums[len(nums)-1])
}

// putBack writes the files of a saved version (then) in place of the lab's files now, and
// removes the ones that were not there then; it returns the files written and removed.
func putBack(c *course.Course, l *course.Lab, then, now map[string][]byte) (names, extra []string, err error) {
	dir := filepath.ToSlash(l.Dir()) + "/"
	for f, b := range then {
		if !strings.HasPrefix(f, dir) || strings.Contains(strings.TrimPrefix(f, dir), "/") {
			continue // not a file of this lab: never written
		}
		if err := os.WriteFile(filepath.Join(c.Root, filepath.FromSlash(f)), b, 0o644); err != nil {
			return nil, nil, err
		}
		names = append(names, f)
	}
	for f := range now {
		if _, ok := then[f]; !ok {
			extra = append(extra, f)
		}
	}
	sort.Strings(names)
	sort.Strings(extra)
	for _, f := range extra {
		if err := os.Remove(filepath.Join(c.Root, filepath.FromSlash(f))); err != nil {
			return nil, nil, err
		}
	}
	return names, extra, nil
}

// describe says who made a version's files and with what command: "yours, saved before
// checkpoint 03 2", "written by checkpoint 03 2".
func describe(v *versions.Version, lang course.Lang) string {
	switch v.Maker {
	case versions.Learner:
		return fmt.Sprintf(lang.Pick("yours, saved before %s", "你的，在 %s 之前保存"), v.Why)
	case versions.Checkpoint:
		return fmt.Sprintf(lang.Pick("written by %s", "由 %s 写入"), v.Why)
	}
	return fmt.Sprintf(lang.Pick("saved before %s; who wrote them was not recorded", "在 %s 之前保存；没有记录是谁写的"), v.Why)
}

// describeVersions says "1 (yours, saved before checkpoint 03 2), 2 (written by checkpoint 03 2)".
func describeVersions(store versions.Store, nums []int, lang course.Lang) string {
	var s []string
	for _, n := range nums {
		what := lang.Pick("unreadable", "读不出来")
		if v, err := store.Read(n); err == nil {
			what = describe(v, lang)
		}
		s = append(s, fmt.Sprintf(lang.Pick("%d (%s)", "%d（%s）"), n, what))
	}
	return strings.Join(s, lang.Pick(", ", "，"))
}

// listVersions lists the saved versions of lab l, newest last, each with when it was saved and
// who made it, and marks the one that holds the lab's files now.
func listVersions(l *course.Lab, store versions.Store, now map[string][]byte, lang course.Lang, w io.Writer) {
	fmt.Fprintf(w, lang.Pick("the saved versions of lab %s, kept in %s:\n", "实验 %s 保存的版本，在 %s：\n"), l.Name, store.Dir)
	inLab := store.Find(now)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, n := range store.List() {
		when, what := "", lang.Pick("unreadable", "读不出来")
		if v, err := store.Read(n); err == nil {
			when, what = lang.Pick("time not recorded", "没有记录时间"), describe(v, lang)
			if !v.Saved.IsZero() {
				when = v.Saved.Local().Format("2006-01-02 15:04")
			}
		}
		if n == inLab {
			what += lang.Pick("  <- in the lab now", "  <- 实验里现在是这一版")
		}
		fmt.Fprintf(tw, "  %d\t%s\t%s\n", n, when, what)
	}
	tw.Flush()
	if inLab == 0 {
		fmt.Fprintln(w, lang.Pick("the files in the lab now are none of these: you changed them since (restore keeps them before it replaces them)",
			"实验里现在的文件不是其中任何一版：之后你又改过（restore 替换它们之前会先保存）"))
	}
	fmt.Fprintf(w, lang.Pick("%s brings back version K\n", "%s 可以找回第 K 版\n"), lang.Cmd("restore "+l.Num+" K"))
}
