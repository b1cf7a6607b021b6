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

// checkpoint NN K brings a learner who fell behind to step K of lab NN: the solution of every
// step below K is put in place, func by func (see package merge), and the learner's code of
// step K and later stays as it is; a file whose funcs serve several steps takes them from its
// step snapshot (solutions/NN-word/step-J, J the step before K), so that the checkpoint hands
// over no code of step K. For a lab without steps, checkpoint NN (no K) puts the whole solution
// in place. Before it changes a file, it saves the learner's files of the lab in the user's
// cache folder, next to the runner's other records (see saveAndWrite and package versions);
// restore NN puts them back.

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
			l, k, err := c.LabAndNumber(args, "checkpoint takes a lab and the step to reach, as in: checkpoint 03 5 (a lab without steps takes no step)")
			if err != nil {
				return err
			}
			return checkpoint(ctx, c, l, k, io.Stdout)
		}),
	}
}

// checkpointStep reads the step to reach of a checkpoint of lab l, taught in steps (none: 0).
func checkpointStep(l *course.Lab, steps []int, arg string) (int, error) {
	switch {
	case len(steps) == 0 && arg != "":
		return 0, cli.Usagef("lab %s is not taught in steps, so checkpoint %s takes no step: it puts the whole solution in place", l.Name, l.Num)
	case len(steps) > 0 && arg == "":
		return 0, cli.Usagef("lab %s is taught in %s: name the step to reach, as in: checkpoint %s %d", l.Name, course.DescribeSteps(steps), l.Num, steps[len(steps)-1])
	case len(steps) > 0:
		n, err := strconv.Atoi(arg)
		if err != nil || !slices.Contains(steps, n) {
			return 0, cli.Usagef("lab %s has %s, and %q is not one of them", l.Name, course.DescribeSteps(steps), arg)
		}
		return n, nil
	}
	return 0, nil
}

// A checkpointRun is one checkpoint of a lab: what it planned, found and saved, for what it says.
type checkpointRun struct {
	*plan.Plan
	l      *course.Lab
	steps  []int
	k      int   // the step to reach; 0: the whole solution
	passed []int // the steps below k that passed with the learner's code (k 0: one entry when the lab did)
	// The version that holds the lab's files as the checkpoint found them, whether it was saved
	// now, and the version of the files it wrote.
	found   *versions.Version
	foundN  int
	saved   bool
	written int
	dir     string // the folder of the saved versions
}

func checkpoint(ctx context.Context, c *course.Course, l *course.Lab, arg string, w io.Writer) error {
	r := &checkpointRun{l: l, steps: c.LabSteps(l)}
	var err error
	if r.k, err = checkpointStep(l, r.steps, arg); err != nil {
		return err
	}
	// Work out every file first: a problem stops the checkpoint before anything changes.
	ref := c.ShippedRef()
	if r.Plan, err = plan.Checkpoint(c, l, r.steps, r.k, ref); err != nil {
		return err
	}
	if r.k > 0 && ref == "" {
		r.Notes = append(r.Notes, "this course folder has no git history, so the steps are read from the TODO comments of your files: a func whose TODO you deleted keeps your code")
	}
	// Which of the steps below k pass already with the learner's code.
	if len(r.Changes) > 0 && !c.IsUntouched(l) && (r.k == 0 || r.k > r.steps[0]) {
		r.passed = passingSteps(ctx, c, l, r.steps, r.k)
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	store, _ := savedVersions(c, l)
	r.dir = store.Dir
	if len(r.Changes) > 0 {
		if err := saveAndWrite(c, r, strings.TrimSpace("checkpoint "+l.Num+" "+arg)); err != nil {
			return err
		}
	}
	sayCheckpointed(r, w)
	spilled := sayChanges(r, w)
	sayNext(ctx, c, r, spilled, w)
	return nil
}

// saveAndWrite keeps the lab's files as a version, the learner's unless a version holds them
// already (see versions.Store.Keep), and the files the checkpoint writes as a version of their
// own, made by a checkpoint; then it writes them. A failure to keep either changes nothing.
func saveAndWrite(c *course.Course, r *checkpointRun, why string) error {
	l := r.l
	files, err := learnerFiles(c, l)
	var store versions.Store
	if err == nil {
		store, err = savedVersions(c, l)
	}
	if err == nil {
		r.foundN, r.found, r.saved, err = store.Keep(versions.Version{Lab: l.Name, Why: why, Maker: versions.Learner, Files: files})
	}
	if err == nil {
		after := maps.Clone(files)
		for _, ch := range r.Changes {
			after[ch.File] = ch.New
		}
		r.written, _, _, err = store.Keep(versions.Version{Lab: l.Name, Why: why, Maker: versions.Checkpoint, Files: after})
	}
	if err != nil {
		return fmt.Errorf("checkpoint could not save your files of lab %s first, so it changed nothing: %v", l.Name, err)
	}
	for _, ch := range r.Changes {
		if err := os.WriteFile(filepath.Join(c.Root, filepath.FromSlash(ch.File)), ch.New, 0o644); err != nil {
			return fmt.Errorf("%v; your files are saved: go run ./tools/lab restore %s puts them back", err, l.Num)
		}
	}
	return nil
}

// sayCheckpointed says what the checkpoint put in place, where the learner's files are saved,
// and which of their steps passed already.
func sayCheckpointed(r *checkpointRun, w io.Writer) {
	l := r.l
	if r.k == 0 {
		fmt.Fprintf(w, "checkpoint: lab %s is not taught in steps: its whole solution is now in place\n", l.Name)
	} else {
		fmt.Fprintf(w, "checkpoint: lab %s to step %d of %d: the solution of every step before step %d is now in place\n", l.Name, r.k, r.steps[len(r.steps)-1], r.k)
	}
	passed := r.passed
	if len(r.Changes) == 0 {
		fmt.Fprintln(w, "your files already hold it: nothing changed")
	} else {
		if sayFound(r, w) {
			passed = nil // the code that passed was a checkpoint's, not the learner's
		}
		fmt.Fprintf(w, "what the checkpoint wrote is kept too, as version %d\n", r.written)
	}
	switch {
	case r.k == 0 && len(passed) > 0:
		fmt.Fprintf(w, "lab %s already passed with your code; the solution replaced it all the same (your code is saved)\n", l.Name)
	case len(passed) == 1:
		fmt.Fprintf(w, "step %d already passed with your code; the solution replaced it all the same (your code is saved)\n", passed[0])
	case len(passed) > 1:
		var ns []string
		for _, n := range passed {
			ns = append(ns, strconv.Itoa(n))
		}
		fmt.Fprintf(w, "steps %s already passed with your code; the solution replaced them all the same (your code is saved)\n", strings.Join(ns, ", "))
	}
}

// sayFound says which version holds the files the checkpoint found in the lab, and reports
// whether a checkpoint made them.
func sayFound(r *checkpointRun, w io.Writer) (checkpoints bool) {
	dir := filepath.ToSlash(r.l.Dir())
	switch {
	case r.found.Maker == versions.Checkpoint:
		why, reformatted := strings.CutSuffix(r.found.Why, versions.Reformatted)
		switch {
		case r.saved:
			fmt.Fprintf(w, "the files in %s are as %s wrote them but for their formatting: they are saved as version %d, as the checkpoint's, not as yours\n", dir, why, r.foundN)
		case reformatted:
			fmt.Fprintf(w, "the files in %s are as %s wrote them, reformatted (version %d): you changed nothing since, so they are not saved again as yours\n", dir, why, r.foundN)
		default:
			fmt.Fprintf(w, "the files in %s are as %s wrote them (version %d): you changed nothing since, so they are not saved again as yours\n", dir, why, r.foundN)
		}
		if n, _ := (versions.Store{Dir: r.dir}).Newest(versions.Learner); n > 0 {
			fmt.Fprintf(w, "your own files are version %d, in %s\n", n, r.dir)
		} else {
			fmt.Fprintf(w, "every version is kept in %s: go run ./tools/lab restore -list %s lists them\n", r.dir, r.l.Num)
		}
		return true
	case r.saved:
		fmt.Fprintf(w, "your files of %s were saved first, as version %d, in %s\n", dir, r.foundN, r.dir)
	default:
		fmt.Fprintf(w, "your files are saved already, as version %d (%s), in %s: they are not saved again\n", r.foundN, describe(r.found), r.dir)
	}
	return false
}

// sayChanges says, file by file, what the checkpoint wrote, and notes the funcs that brought
// code of step k or later; it reports whether there were any.
func sayChanges(r *checkpointRun, w io.Writer) (spilled bool) {
	var spill []string // replaced funcs that bring code of step k or later
	spillTo := 0
	for _, ch := range r.Changes {
		fmt.Fprintln(w, describeChange(ch, r.k))
		if ch.Merge != nil {
			spill = append(spill, ch.Merge.Spill...)
			spillTo = max(spillTo, ch.Merge.SpillTo)
		}
	}
	if len(spill) > 0 {
		later := fmt.Sprintf("steps %d to %d", r.k, spillTo)
		if spillTo == r.k {
			later = fmt.Sprintf("step %d", r.k)
		}
		fmt.Fprintf(w, "note: %s also hold%s the code of %s (%s so), and a func comes whole: that code is in place too\n",
			strings.Join(spill, ", "), map[bool]string{true: "s", false: ""}[len(spill) == 1], later, map[bool]string{true: "its TODO says", false: "their TODOs say"}[len(spill) == 1])
	}
	return len(spill) > 0
}

// describeChange is the line that says what a checkpoint to step k wrote to one file.
func describeChange(ch plan.Change, k int) string {
	switch {
	case ch.Merge == nil && ch.Old == nil:
		return fmt.Sprintf("  %s: added, the solution's file", ch.File)
	case ch.Merge == nil:
		return fmt.Sprintf("  %s: now the solution's file", ch.File)
	}
	line := fmt.Sprintf("  %s: the solution's %s", ch.File, strings.Join(ch.Merge.Replaced, ", "))
	if ch.From != "" {
		line = fmt.Sprintf("  %s: the solution as it stands before step %d (%s): %s", ch.File, k, ch.From, strings.Join(ch.Merge.Replaced, ", "))
	}
	if len(ch.Merge.Added) > 0 {
		from := "the solution"
		if ch.From != "" {
			from = "the snapshot"
		}
		line += "; added from " + from + ": " + strings.Join(ch.Merge.Added, ", ")
	}
	if len(ch.Merge.Imports) > 0 {
		line += "; imports: " + strings.Join(ch.Merge.Imports, ", ")
	}
	return line
}

// sayNext gives the checkpoint's notes, says whether the lab compiles now, and what to do next.
func sayNext(ctx context.Context, c *course.Course, r *checkpointRun, spilled bool, w io.Writer) {
	l, k := r.l, r.k
	for _, n := range r.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	if k > 0 && r.Left == 0 {
		fmt.Fprintf(w, "note: step %d and the steps after it have no code of their own in the lab's files, so with the steps before it in place the lab should pass\n", k)
	}
	if len(r.Changes) > 0 {
		if out, err := c.RunGo(ctx, "build", "./"+filepath.ToSlash(l.Dir())); err != nil {
			fmt.Fprintf(w, "lab %s does not compile now: %s\n", l.Name, course.FirstError(out))
			fmt.Fprintf(w, "if the error is in your code of step %d or later, fix it there; else put your files back as they were\n", max(k, 1))
		}
		fmt.Fprintf(w, "to get your files back: go run ./tools/lab restore %s\n", l.Num)
	}
	_, later := c.BuiltTests(l)
	ls := &testrun.Status{Lab: l} // the tests of step k that need a newer Go than the one here
	for _, t := range later {
		if course.StepOf(t.Name) == k {
			ls.Later = append(ls.Later, t)
		}
	}
	switch {
	case k > 0 && len(ls.Later) > 0:
		fmt.Fprintln(w, "next: "+ls.LaterNote())
	case k > 0 && !spilled && r.Left > 0:
		fmt.Fprintf(w, "next: go run ./tools/lab run %s (it says you are at step %d until step %d passes)\n", l.Num, k, k)
	default:
		fmt.Fprintf(w, "next: go run ./tools/lab run %s\n", l.Num)
	}
}

// passingSteps runs the lab's tests of the steps below k (every test when k is 0) on the
// learner's code, and lists the steps that pass (with k 0: one entry when the lab passes).
func passingSteps(ctx context.Context, c *course.Course, l *course.Lab, steps []int, k int) []int {
	var run []string
	for _, n := range steps {
		if n < k {
			run = append(run, strconv.Itoa(n))
		}
	}
	extra := []string{"-count=1"}
	if k > 0 {
		extra = append(extra, "-run", "^(Test|Fuzz)Step("+strings.Join(run, "|")+")([^0-9]|$)")
	}
	s := testrun.Labs(ctx, c, []*course.Lab{l}, extra...)[0]
	if s.Problem != "" || s.Compile != nil {
		return nil
	}
	if k == 0 {
		if s.TestsPass() {
			return []int{0}
		}
		return nil
	}
	failing := map[int]bool{}
	for _, f := range s.Failing {
		failing[course.StepOf(f.Test)] = true
	}
	var out []int
	for _, n := range steps {
		if n < k && !failing[n] {
			out = append(out, n)
		}
	}
	return out
}
