package checkpoint

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gomaps/tools/internal/cli"
	"gomaps/tools/lab/internal/course"
	"gomaps/tools/lab/internal/versions"
)

// The learner's saved files. Every time checkpoint is about to change a lab, the lab's files
// are saved as a numbered version in the user's cache folder, unless they are exactly what the
// last checkpoint (or restore) left there (see package versions). restore puts back the newest
// version saved before a checkpoint; the files it replaces are saved too, as a version of their
// own. No version is ever overwritten or deleted, and restore NN K brings back any of them:
// nothing a learner typed is out of reach.

// RestoreCommand is the restore command.
func RestoreCommand(open course.Opener) *cli.Command {
	return &cli.Command{
		Name:  "restore",
		Usage: "NN [K]",
		Short: "put back the learner's files saved by a checkpoint",
		Long: "put back the learner's files of lab NN as the last checkpoint that changed them found " +
			"them (or version K of the saved files), saving the ones there now as a version of their " +
			"own; it says the folder every version is kept in",
		Run: open.Run(func(ctx context.Context, c *course.Course, io cli.IO, args []string) error {
			l, k, err := c.LabAndNumber(args, "restore takes a lab, and the number of a saved version if you want an older one, as in: restore 03")
			if err != nil {
				return err
			}
			return restore(c, l, k, io.Stdout)
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

// saveMark records the lab's files as they are now, with the version that holds the learner's
// files from before the command. A failure to record it only means that the next checkpoint saves
// a version more.
func saveMark(c *course.Course, l *course.Lab, store versions.Store, by string, version int) {
	if files, err := learnerFiles(c, l); err == nil {
		store.SetMark(versions.Mark{By: by, Version: version, Files: files})
	}
}

// restore puts back version arg of the lab's saved files, or, with arg "", the learner's own
// code: when the lab is as the last checkpoint left it, the version that checkpoint saved or
// found saved; else the newest version a checkpoint saved. It saves the files there now first,
// as a version of their own.
func restore(c *course.Course, l *course.Lab, arg string, w io.Writer) error {
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
	v, version, err := versionToRestore(l, store, nums, now, arg)
	if err != nil {
		return err
	}
	if versions.Same(now, v.Files) {
		fmt.Fprintf(w, "your files of lab %s are already as they were before %s (version %d): nothing changed\n", l.Name, v.Why, version)
		return nil
	}
	replaced, err := store.Save(versions.Version{Lab: l.Name, Why: "restore " + l.Num, Files: now})
	if err != nil {
		return fmt.Errorf("restore could not save your files of lab %s first, so it changed nothing: %v", l.Name, err)
	}
	names, extra, err := putBack(c, l, v.Files, now)
	if err != nil {
		return err
	}
	saveMark(c, l, store, "restore", version)
	fmt.Fprintf(w, "lab %s: your files are back as they were before %s (version %d): %s\n", l.Name, v.Why, version, strings.Join(names, ", "))
	if len(extra) > 0 {
		fmt.Fprintf(w, "removed, since they were not there then: %s\n", strings.Join(extra, ", "))
	}
	fmt.Fprintf(w, "the files they replaced are saved too, as version %d: go run ./tools/lab restore %s %d brings them back\n", replaced, l.Num, replaced)
	fmt.Fprintf(w, "every version is kept in %s\n", store.Dir)
	return nil
}

// versionToRestore picks the version restore puts back (see restore), of the saved versions
// nums, with the lab's files now as they are now, and returns it with its number.
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
	if m := store.Mark(); m != nil && m.By == "checkpoint" && versions.Same(now, m.Files) && slices.Contains(nums, m.Version) {
		// The lab is as the last checkpoint left it: the learner's files from before it.
		v, err := store.Read(m.Version)
		if err != nil {
			return nil, 0, unreadableVersion(l, m.Version, err)
		}
		return v, m.Version, nil
	}
	// Else the newest version a checkpoint saved; versions saved by restore hold what
	// restore replaced, and restore NN K brings them back by number.
	for i := len(nums) - 1; i >= 0; i-- {
		v, err := store.Read(nums[i])
		if err != nil {
			return nil, 0, unreadableVersion(l, nums[i], err)
		}
		if strings.HasPrefix(v.Why, "checkpoint ") {
			return v, nums[i], nil
		}
	}
	return nil, 0, fmt.Errorf("no checkpoint of lab %s saved files in %s, only restores: name the version to bring back, one of %s", l.Name, store.Dir, describeVersions(store, nums))
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

// describeVersions says "1 (before checkpoint 03 2), 2 (before restore 03)".
func describeVersions(store versions.Store, nums []int) string {
	var s []string
	for _, n := range nums {
		why := "unreadable"
		if v, err := store.Read(n); err == nil {
			why = "before " + v.Why
		}
		s = append(s, fmt.Sprintf("%d (%s)", n, why))
	}
	return strings.Join(s, ", ")
}
