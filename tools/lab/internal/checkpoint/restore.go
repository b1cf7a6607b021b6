package checkpoint

import (
	"context"
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

// The saved versions. Every time checkpoint is about to change a lab, the lab's files are kept
// as a numbered version in the user's cache folder, made by the learner unless a version holds
// them already (they are what a checkpoint wrote, untouched), and so are the files it writes,
// made by the checkpoint (see package versions). restore puts back the newest version the
// learner made; the files it replaces are kept too. No version is ever overwritten or deleted,
// restore NN K brings back any of them, and restore -list NN lists them, each with its maker and
// the time it was saved: nothing a learner typed is out of reach.

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
			l, k, err := c.LabAndNumber(args, "restore takes a lab, and the number of a saved version if you want an older one, as in: restore 03")
			if err != nil {
				return err
			}
			if list && k != "" {
				return cli.Usagef("restore -list lists every version of a lab, so it takes no version number: restore -list %s", l.Num)
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
		return versions.Store{}, fmt.Errorf("there is no user cache folder to keep them in (set HOME, or XDG_CACHE_HOME)")
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
	store, err := savedVersions(c, l)
	if err != nil {
		return fmt.Errorf("restore finds no saved files: %v", err)
	}
	nums := store.List()
	if len(nums) == 0 {
		return fmt.Errorf("no files of lab %s are saved: checkpoint saves them when it changes the lab, and no checkpoint of lab %s was made in this course folder", l.Name, l.Num)
	}
	now, err := learnerFiles(c, l)
	if err != nil {
		return err
	}
	if list {
		listVersions(l, store, now, w)
		return nil
	}
	v, version, err := versionToRestore(l, store, nums, now, arg)
	if err != nil {
		return err
	}
	if versions.Same(now, v.Files) {
		fmt.Fprintf(w, "lab %s already holds version %d (%s): nothing changed\n", l.Name, version, describe(v))
		fmt.Fprintf(w, "go run ./tools/lab restore -list %s lists every version\n", l.Num)
		return nil
	}
	replaced, rv, saved, err := store.Keep(versions.Version{Lab: l.Name, Why: "restore " + l.Num, Maker: versions.Learner, Files: now})
	if err != nil {
		return fmt.Errorf("restore could not save your files of lab %s first, so it changed nothing: %v", l.Name, err)
	}
	names, extra, err := putBack(c, l, v.Files, now)
	if err != nil {
		return err
	}
	switch v.Maker {
	case versions.Learner:
		fmt.Fprintf(w, "lab %s: your files are back as they were before %s (version %d): %s\n", l.Name, v.Why, version, strings.Join(names, ", "))
	case versions.Checkpoint:
		fmt.Fprintf(w, "lab %s: the files %s wrote are back (version %d): %s\n", l.Name, v.Why, version, strings.Join(names, ", "))
	default:
		fmt.Fprintf(w, "lab %s: the files saved before %s are back (version %d; who wrote them was not recorded): %s\n", l.Name, v.Why, version, strings.Join(names, ", "))
	}
	if len(extra) > 0 {
		fmt.Fprintf(w, "removed, since they were not there then: %s\n", strings.Join(extra, ", "))
	}
	kept := "are kept already"
	if saved {
		kept = "are saved too"
	}
	fmt.Fprintf(w, "the files they replaced %s, as version %d (%s): go run ./tools/lab restore %s %d brings them back\n", kept, replaced, describe(rv), l.Num, replaced)
	listVersions(l, store, v.Files, w)
	return nil
}

// versionToRestore picks the version restore puts back, of the saved versions nums, the lab's
// files being now, and returns it with its number: version arg; with arg "", the newest version
// the learner made. Of versions saved by older lab runners, which did not record their maker,
// the one an older mark says the learner's files were in before the checkpoint that left the
// lab as it is, else the newest saved before a checkpoint.
func versionToRestore(l *course.Lab, store versions.Store, nums []int, now map[string][]byte, arg string) (*versions.Version, int, error) {
	if arg != "" {
		n, err := strconv.Atoi(arg)
		if err != nil || !slices.Contains(nums, n) {
			return nil, 0, cli.Usagef("lab %s has saved versions %s, in %s; %q is not one of them", l.Name, describeVersions(store, nums), store.Dir, arg)
		}
		v, err := store.Read(n)
		if err != nil {
			return nil, 0, fmt.Errorf("version %d of lab %s cannot be read (%v): nothing changed", n, l.Name, err)
		}
		return v, n, nil
	}
	if n, v := store.Newest(versions.Learner); n > 0 {
		return v, n, nil
	}
	if by, n, files := store.OldMark(); by == "checkpoint" && versions.Same(now, files) && slices.Contains(nums, n) {
		v, err := store.Read(n)
		if err != nil {
			return nil, 0, unreadableVersion(l, n, err)
		}
		return v, n, nil
	}
	for i := len(nums) - 1; i >= 0; i-- {
		if v, err := store.Read(nums[i]); err == nil && v.Maker == versions.Unknown && strings.HasPrefix(v.Why, "checkpoint ") {
			return v, nums[i], nil
		}
	}
	return nil, 0, fmt.Errorf("no files you wrote of lab %s are saved in %s, only %s: name the version to bring back, as in: restore %s %d", l.Name, store.Dir, describeVersions(store, nums), l.Num, nums[len(nums)-1])
}

// unreadableVersion is the error of restore when version n, which it chose, cannot be read.
func unreadableVersion(l *course.Lab, n int, err error) error {
	return fmt.Errorf("version %d of lab %s cannot be read (%v): nothing changed; go run ./tools/lab restore %s K brings back another", n, l.Name, err, l.Num)
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
func describe(v *versions.Version) string {
	switch v.Maker {
	case versions.Learner:
		return "yours, saved before " + v.Why
	case versions.Checkpoint:
		return "written by " + v.Why
	}
	return "saved before " + v.Why + "; who wrote them was not recorded"
}

// describeVersions says "1 (yours, saved before checkpoint 03 2), 2 (written by checkpoint 03 2)".
func describeVersions(store versions.Store, nums []int) string {
	var s []string
	for _, n := range nums {
		what := "unreadable"
		if v, err := store.Read(n); err == nil {
			what = describe(v)
		}
		s = append(s, fmt.Sprintf("%d (%s)", n, what))
	}
	return strings.Join(s, ", ")
}

// listVersions lists the saved versions of lab l, newest last, each with when it was saved and
// who made it, and marks the one that holds the lab's files now.
func listVersions(l *course.Lab, store versions.Store, now map[string][]byte, w io.Writer) {
	fmt.Fprintf(w, "the saved versions of lab %s, kept in %s:\n", l.Name, store.Dir)
	inLab := store.Find(now)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, n := range store.List() {
		when, what := "", "unreadable"
		if v, err := store.Read(n); err == nil {
			when, what = "time not recorded", describe(v)
			if !v.Saved.IsZero() {
				when = v.Saved.Local().Format("2006-01-02 15:04")
			}
		}
		if n == inLab {
			what += "  <- in the lab now"
		}
		fmt.Fprintf(tw, "  %d\t%s\t%s\n", n, when, what)
	}
	tw.Flush()
	if inLab == 0 {
		fmt.Fprintln(w, "the files in the lab now are none of these: you changed them since (restore keeps them before it replaces them)")
	}
	fmt.Fprintf(w, "go run ./tools/lab restore %s K brings back version K\n", l.Num)
}
