package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gomaps/tools/internal/cli"
)

// checkpoint NN K brings a learner who fell behind to step K of lab NN: the solution of every
// step below K is put in place, func by func (see mergeSteps), and the learner's code of step K
// and later stays as it is; a file whose funcs serve several steps takes them from its step
// snapshot (solutions/NN-word/step-J, J the step before K), so that the checkpoint hands over no
// code of step K. For a lab without steps, checkpoint NN (no K) puts the whole
// solution in place. Before it changes a file, it saves the learner's files of the lab in the
// user's cache folder, next to the runner's other records; restore NN puts them back.

// labSteps lists the step numbers of a lab's tests, ascending; nil for a lab without steps.
func (c *course) labSteps(l *lab) []int {
	seen := map[int]bool{}
	var steps []int
	for _, t := range c.testNames(l) {
		if n := stepOf(t); n != afterSteps && !seen[n] {
			seen[n] = true
			steps = append(steps, n)
		}
	}
	sort.Ints(steps)
	return steps
}

// describeSteps says "steps 1 to 8", or lists them when they have gaps.
func describeSteps(steps []int) string {
	if len(steps) == 1 {
		return fmt.Sprintf("step %d", steps[0])
	}
	if steps[len(steps)-1]-steps[0] == len(steps)-1 {
		return fmt.Sprintf("steps %d to %d", steps[0], steps[len(steps)-1])
	}
	var s []string
	for _, n := range steps {
		s = append(s, strconv.Itoa(n))
	}
	return "steps " + strings.Join(s, ", ")
}

// A fileChange is what checkpoint writes to one learner file.
type fileChange struct {
	file string // relative to the root, with slashes
	old  []byte // nil: the file is not there
	new  []byte
	m    *merge // nil for a whole solution file
	from string // the step snapshot the merge took its code from, with slashes; "": the solution
}

// stepSnapshotDir is the folder of the step snapshots of step j: solutions/NN-word/step-J holds
// the lab's files whose funcs serve several steps, as they stand once steps 1 to j are done and
// no later step (see mergeSteps).
func (l *lab) stepSnapshotDir(j int) string {
	return filepath.Join(l.solutionDir(), "step-"+strconv.Itoa(j))
}

var stepSnapshotName = regexp.MustCompile(`^step-([0-9]+)$`)

// stepSnapshots lists the steps j of the lab's step snapshot folders (step-J), ascending.
func (c *course) stepSnapshots(l *lab) []int {
	entries, _ := os.ReadDir(filepath.Join(c.root, l.solutionDir()))
	var js []int
	for _, e := range entries {
		if m := stepSnapshotName.FindStringSubmatch(e.Name()); m != nil && e.IsDir() {
			j, _ := strconv.Atoi(m[1])
			js = append(js, j)
		}
	}
	sort.Ints(js)
	return js
}

// planCheckpoint works out what checkpoint writes to each learner file of lab l to bring it to
// step k (k 0: the whole solution), and writes nothing. The steps of each func are read from
// the files at ref, the commit of the labs as shipped, or from the files as they are when ref
// is "". A file with a step snapshot of the step before k takes its code from the snapshot.
func (c *course) planCheckpoint(l *lab, steps []int, k int, ref string) (changes []fileChange, notes []string, left int, err error) {
	sols, err := c.goFiles(l.solutionDir(), false)
	if err != nil || len(sols) == 0 {
		return nil, nil, 0, fmt.Errorf("lab %s has no solution folder %s, so there is nothing to put in place", l.name, filepath.ToSlash(l.solutionDir()))
	}
	snapDir := "" // the step snapshots of the step before k
	if i := slices.Index(steps, k); i > 0 {
		snapDir = l.stepSnapshotDir(steps[i-1])
	}
	for _, solFile := range sols {
		file := filepath.ToSlash(filepath.Join(l.dir(), filepath.Base(solFile)))
		// Every version is read with LF line ends: git show gives the shipped file with LF,
		// while a checkout with core.autocrlf=true (Git for Windows' usual setting) has CRLF
		// on disk, and the merge compares their lines.
		sol, err := os.ReadFile(filepath.Join(c.root, solFile))
		if err != nil {
			return nil, nil, 0, err
		}
		sol = normalizeEOL(sol)
		old, err := os.ReadFile(filepath.Join(c.root, filepath.FromSlash(file)))
		if err != nil {
			old = nil
		}
		if k == 0 {
			if !bytes.Equal(normalizeEOL(old), sol) {
				changes = append(changes, fileChange{file: file, old: old, new: sol})
			}
			continue
		}
		var shipped []byte
		if ref != "" {
			shipped, _ = c.git("show", ref+":"+file)
		}
		if shipped != nil {
			shipped = normalizeEOL(shipped)
		}
		mine := old
		if mine != nil {
			mine = normalizeEOL(mine)
		}
		if mine == nil || !parses(mine) {
			if shipped == nil {
				if mine == nil {
					return nil, nil, 0, fmt.Errorf("%s is missing, and without the course's git history checkpoint cannot tell what it held: put it back with a fresh copy of the course", file)
				}
				return nil, nil, 0, fmt.Errorf("%s does not parse, so checkpoint cannot work on its funcs: fix the syntax error (go run ./tools/lab run %s shows it) and checkpoint again", file, l.num)
			}
			if mine == nil {
				notes = append(notes, fmt.Sprintf("%s was missing: it starts from the shipped file", file))
			} else {
				notes = append(notes, fmt.Sprintf("%s does not parse: it starts from the shipped file (your version is saved)", file))
			}
			mine = shipped
		}
		var snap []byte
		from := ""
		if snapDir != "" {
			if snap, err = os.ReadFile(filepath.Join(c.root, snapDir, filepath.Base(solFile))); err == nil {
				snap = normalizeEOL(snap)
				from = filepath.ToSlash(filepath.Join(snapDir, filepath.Base(solFile)))
				if !parses(snap) {
					return nil, nil, 0, fmt.Errorf("%s, the step snapshot of %s, does not parse: the course is broken there (go run ./tools/lab verify %s says more)", from, file, l.num)
				}
			} else {
				snap = nil
			}
		}
		m, err := mergeSteps(file, mine, shipped, sol, snap, l.num, k, c.otherNames(l, file))
		if err != nil {
			return nil, nil, 0, err
		}
		left += m.left
		if !bytes.Equal(m.out, normalizeEOL(old)) {
			changes = append(changes, fileChange{file: file, old: old, new: m.out, m: m, from: from})
		}
	}
	return changes, notes, left, nil
}

func (c *course) checkpoint(ctx context.Context, l *lab, arg string, w io.Writer) error {
	steps := c.labSteps(l)
	k := 0
	switch {
	case len(steps) == 0 && arg != "":
		return cli.Usagef("lab %s is not taught in steps, so checkpoint %s takes no step: it puts the whole solution in place", l.name, l.num)
	case len(steps) > 0 && arg == "":
		return cli.Usagef("lab %s is taught in %s: name the step to reach, as in: checkpoint %s %d", l.name, describeSteps(steps), l.num, steps[len(steps)-1])
	case len(steps) > 0:
		n, err := strconv.Atoi(arg)
		if err != nil || !containsInt(steps, n) {
			return cli.Usagef("lab %s has %s, and %q is not one of them", l.name, describeSteps(steps), arg)
		}
		k = n
	}
	// Work out every file first: a problem stops the checkpoint before anything changes.
	ref := c.shippedRef()
	changes, notes, left, err := c.planCheckpoint(l, steps, k, ref)
	if err != nil {
		return err
	}
	if k > 0 && ref == "" {
		notes = append(notes, "this course folder has no git history, so the steps are read from the TODO comments of your files: a func whose TODO you deleted keeps your code")
	}

	// Which of the steps below k pass already with the learner's code.
	var passed []int // with k == 0, one entry means the whole lab
	if len(changes) > 0 && !c.isUntouched(l) && (k == 0 || k > steps[0]) {
		passed = c.passingSteps(ctx, l, steps, k)
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}

	saved := "(nothing changed)"
	if len(changes) > 0 {
		files, err := c.saveSnapshot(l, strings.TrimSpace("checkpoint "+l.num+" "+arg))
		if err != nil {
			return fmt.Errorf("checkpoint could not save your files of lab %s first, so it changed nothing: %v", l.name, err)
		}
		saved = fmt.Sprintf("%d file%s of %s", len(files), plural(len(files)), filepath.ToSlash(l.dir()))
		for _, ch := range changes {
			if err := os.WriteFile(filepath.Join(c.root, filepath.FromSlash(ch.file)), ch.new, 0o644); err != nil {
				return fmt.Errorf("%v; your files are saved: go run ./tools/lab restore %s puts them back", err, l.num)
			}
		}
	}

	if k == 0 {
		fmt.Fprintf(w, "checkpoint: lab %s is not taught in steps: its whole solution is now in place\n", l.name)
	} else {
		fmt.Fprintf(w, "checkpoint: lab %s to step %d of %d: the solution of every step before step %d is now in place\n", l.name, k, steps[len(steps)-1], k)
	}
	if len(changes) == 0 {
		fmt.Fprintln(w, "your files already hold it: nothing changed")
	} else {
		fmt.Fprintf(w, "your files were saved first (%s), in your cache folder\n", saved)
	}
	switch {
	case k == 0 && len(passed) > 0:
		fmt.Fprintf(w, "lab %s already passed with your code; the solution replaced it all the same (your code is saved)\n", l.name)
	case len(passed) == 1:
		fmt.Fprintf(w, "step %d already passed with your code; the solution replaced it all the same (your code is saved)\n", passed[0])
	case len(passed) > 1:
		var ns []string
		for _, n := range passed {
			ns = append(ns, strconv.Itoa(n))
		}
		fmt.Fprintf(w, "steps %s already passed with your code; the solution replaced them all the same (your code is saved)\n", strings.Join(ns, ", "))
	}
	var spill []string // replaced funcs that bring code of step k or later
	spillTo := 0
	for _, ch := range changes {
		switch {
		case ch.m == nil && ch.old == nil:
			fmt.Fprintf(w, "  %s: added, the solution's file\n", ch.file)
		case ch.m == nil:
			fmt.Fprintf(w, "  %s: now the solution's file\n", ch.file)
		default:
			line := fmt.Sprintf("  %s: the solution's %s", ch.file, strings.Join(ch.m.replaced, ", "))
			if ch.from != "" {
				line = fmt.Sprintf("  %s: the solution as it stands before step %d (%s): %s", ch.file, k, ch.from, strings.Join(ch.m.replaced, ", "))
			}
			if len(ch.m.added) > 0 {
				from := "the solution"
				if ch.from != "" {
					from = "the snapshot"
				}
				line += "; added from " + from + ": " + strings.Join(ch.m.added, ", ")
			}
			if len(ch.m.imports) > 0 {
				line += "; imports: " + strings.Join(ch.m.imports, ", ")
			}
			fmt.Fprintln(w, line)
			spill = append(spill, ch.m.spill...)
			spillTo = max(spillTo, ch.m.spillTo)
		}
	}
	if len(spill) > 0 {
		later := fmt.Sprintf("steps %d to %d", k, spillTo)
		if spillTo == k {
			later = fmt.Sprintf("step %d", k)
		}
		fmt.Fprintf(w, "note: %s also hold%s the code of %s (%s so), and a func comes whole: that code is in place too\n",
			strings.Join(spill, ", "), map[bool]string{true: "s", false: ""}[len(spill) == 1], later, map[bool]string{true: "its TODO says", false: "their TODOs say"}[len(spill) == 1])
	}
	for _, n := range notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	if k > 0 && left == 0 {
		fmt.Fprintf(w, "note: step %d and the steps after it have no code of their own in the lab's files, so with the steps before it in place the lab should pass\n", k)
	}
	if len(changes) > 0 {
		if out, err := c.goCmd(ctx, "build", "./"+filepath.ToSlash(l.dir())); err != nil {
			fmt.Fprintf(w, "lab %s does not compile now: %s\n", l.name, firstLine(dropComments(out)))
			fmt.Fprintf(w, "if the error is in your code of step %d or later, fix it there; else put your files back as they were\n", max(k, 1))
		}
		fmt.Fprintf(w, "to get your files back: go run ./tools/lab restore %s\n", l.num)
	}
	if k > 0 && len(spill) == 0 && left > 0 {
		fmt.Fprintf(w, "next: go run ./tools/lab run %s (it says you are at step %d until step %d passes)\n", l.num, k, k)
	} else {
		fmt.Fprintf(w, "next: go run ./tools/lab run %s\n", l.num)
	}
	return nil
}

func containsInt(list []int, n int) bool {
	for _, x := range list {
		if x == n {
			return true
		}
	}
	return false
}

// parses reports whether src is Go that parses.
func parses(src []byte) bool {
	_, err := parseFile(src)
	return err == nil
}

// otherNames lists the package-level names the lab's other files declare (its tests too,
// when they are in the package), so that checkpoint adds no second declaration of one.
func (c *course) otherNames(l *lab, file string) map[string]bool {
	names := map[string]bool{}
	mine, _ := c.goFiles(l.dir(), false)
	tests, _ := c.goFiles(l.dir(), true)
	for _, f := range append(mine, tests...) {
		if filepath.ToSlash(f) == file {
			continue
		}
		data, err := os.ReadFile(filepath.Join(c.root, f))
		if err != nil {
			continue
		}
		if af, err := parseFile(data); err == nil && af.Name.Name != l.word {
			continue // an external test package
		}
		for n := range topNames(data) {
			names[n] = true
		}
	}
	return names
}

// passingSteps runs the lab's tests of the steps below k (every test when k is 0) on the
// learner's code, and lists the steps that pass (with k 0: one entry when the lab passes).
func (c *course) passingSteps(ctx context.Context, l *lab, steps []int, k int) []int {
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
	s := c.testLabs(ctx, []*lab{l}, extra...)[0]
	if s.problem != "" || s.compile != nil {
		return nil
	}
	if k == 0 {
		if s.testsPass() {
			return []int{0}
		}
		return nil
	}
	failing := map[int]bool{}
	for _, f := range s.failing {
		failing[stepOf(f.test)] = true
	}
	var out []int
	for _, n := range steps {
		if n < k && !failing[n] {
			out = append(out, n)
		}
	}
	return out
}

// A snapshot is the learner's files of one lab, as they were before a checkpoint or a restore.
type snapshot struct {
	Lab   string
	Why   string            // "checkpoint 03 5", "restore 03"
	Files map[string][]byte // by path relative to the root, with slashes
}

// snapshotDir is where the snapshots of lab l are kept: in the user's cache folder, next to the
// runner's records (see stateFile), never in the course's files.
func (c *course) snapshotDir(l *lab) (string, error) {
	f := c.stateFile("checkpoints")
	if f == "" {
		return "", fmt.Errorf("there is no user cache folder to keep them in (set HOME, or XDG_CACHE_HOME)")
	}
	return filepath.Join(strings.TrimSuffix(f, ".json"), l.name), nil
}

var snapshotName = regexp.MustCompile(`^([0-9]+)\.json$`)

// snapshots lists the numbers of the lab's snapshots, oldest first.
func (c *course) snapshots(l *lab) (dir string, nums []int, err error) {
	dir, err = c.snapshotDir(l)
	if err != nil {
		return "", nil, err
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if m := snapshotName.FindStringSubmatch(e.Name()); m != nil {
			n, _ := strconv.Atoi(m[1])
			nums = append(nums, n)
		}
	}
	sort.Ints(nums)
	return dir, nums, nil
}

// learnerFiles reads the lab's own files (its non-test .go files) as they are now.
func (c *course) learnerFiles(l *lab) (map[string][]byte, error) {
	files, err := c.goFiles(l.dir(), false)
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(c.root, f))
		if err != nil {
			return nil, err
		}
		out[filepath.ToSlash(f)] = data
	}
	return out, nil
}

// saveSnapshot saves the lab's files as they are now, and returns their names. Every snapshot
// is kept: a later one never overwrites an earlier one.
func (c *course) saveSnapshot(l *lab, why string) ([]string, error) {
	files, err := c.learnerFiles(l)
	if err != nil {
		return nil, err
	}
	dir, nums, err := c.snapshots(l)
	if err != nil {
		return nil, err
	}
	next := 1
	if len(nums) > 0 {
		next = nums[len(nums)-1] + 1
	}
	data, err := json.MarshalIndent(snapshot{Lab: l.name, Why: why, Files: files}, "", "\t")
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	tmp, err := os.CreateTemp(dir, "saving-*")
	if err != nil {
		return nil, err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), filepath.Join(dir, fmt.Sprintf("%04d.json", next)))
	}
	if err != nil {
		os.Remove(tmp.Name())
		return nil, err
	}
	var names []string
	for f := range files {
		names = append(names, f)
	}
	sort.Strings(names)
	return names, nil
}

// restore puts back the lab's files saved by the last checkpoint (or restore), after saving
// the ones there now: a second restore undoes the first.
func (c *course) restore(l *lab, w io.Writer) error {
	dir, nums, err := c.snapshots(l)
	if err != nil {
		return fmt.Errorf("restore finds no saved files: %v", err)
	}
	if len(nums) == 0 {
		return fmt.Errorf("no files of lab %s are saved: checkpoint saves them when it changes the lab, and no checkpoint of lab %s was made in this course folder", l.name, l.num)
	}
	data, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("%04d.json", nums[len(nums)-1])))
	if err != nil {
		return err
	}
	var snap snapshot
	if err := json.Unmarshal(data, &snap); err != nil || snap.Files == nil {
		return fmt.Errorf("the saved files of lab %s are unreadable (%s): nothing changed", l.name, filepath.Join(dir, fmt.Sprintf("%04d.json", nums[len(nums)-1])))
	}
	now, err := c.learnerFiles(l)
	if err != nil {
		return err
	}
	var extra []string // files there now that were not then
	for f := range now {
		if _, ok := snap.Files[f]; !ok {
			extra = append(extra, f)
		}
	}
	same := len(extra) == 0 && len(now) == len(snap.Files)
	for f, b := range snap.Files {
		same = same && bytes.Equal(now[f], b)
	}
	if same {
		fmt.Fprintf(w, "your files of lab %s are already as they were before %s: nothing changed\n", l.name, snap.Why)
		return nil
	}
	if _, err := c.saveSnapshot(l, "restore "+l.num); err != nil {
		return fmt.Errorf("restore could not save your files of lab %s first, so it changed nothing: %v", l.name, err)
	}
	var names []string
	for f, b := range snap.Files {
		if !strings.HasPrefix(f, filepath.ToSlash(l.dir())+"/") || strings.Contains(strings.TrimPrefix(f, filepath.ToSlash(l.dir())+"/"), "/") {
			continue // not a file of this lab: never written
		}
		if err := os.WriteFile(filepath.Join(c.root, filepath.FromSlash(f)), b, 0o644); err != nil {
			return err
		}
		names = append(names, f)
	}
	sort.Strings(names)
	sort.Strings(extra)
	for _, f := range extra {
		if err := os.Remove(filepath.Join(c.root, filepath.FromSlash(f))); err != nil {
			return err
		}
	}
	fmt.Fprintf(w, "lab %s: your files are back as they were before %s: %s\n", l.name, snap.Why, strings.Join(names, ", "))
	if len(extra) > 0 {
		fmt.Fprintf(w, "removed, since they were not there then: %s\n", strings.Join(extra, ", "))
	}
	fmt.Fprintf(w, "the files they replaced are saved too: go run ./tools/lab restore %s again undoes this\n", l.num)
	return nil
}
