package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gomaps/tools/internal/cli"
	"gomaps/tools/lab/internal/merge"
)

// checkpoint NN K brings a learner who fell behind to step K of lab NN: the solution of every
// step below K is put in place, func by func (see package merge), and the learner's code of step K
// and later stays as it is; a file whose funcs serve several steps takes them from its step
// snapshot (solutions/NN-word/step-J, J the step before K), so that the checkpoint hands over no
// code of step K. For a lab without steps, checkpoint NN (no K) puts the whole
// solution in place. Before it changes a file, it saves the learner's files of the lab in the
// user's cache folder, next to the runner's other records (see saveBeforeCheckpoint); restore NN
// puts them back.

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
	m    *merge.Result // nil for a whole solution file
	from string        // the step snapshot the merge took its code from, with slashes; "": the solution
}

// stepSnapshotDir is the folder of the step snapshots of step j: solutions/NN-word/step-J holds
// the lab's files whose funcs serve several steps, as they stand once steps 1 to j are done and
// no later step (see package merge).
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
		m, err := merge.ToStep(merge.File{Name: file, Lab: l.num, Mine: mine, Shipped: shipped, Solution: sol, Snapshot: snap, Others: c.otherNames(l, file)}, k)
		if err != nil {
			return nil, nil, 0, err
		}
		left += m.Left
		if !bytes.Equal(m.Out, normalizeEOL(old)) {
			changes = append(changes, fileChange{file: file, old: old, new: m.Out, m: m, from: from})
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

	version, leftBy := 0, ""
	if len(changes) > 0 {
		version, leftBy, err = c.saveBeforeCheckpoint(l, strings.TrimSpace("checkpoint "+l.num+" "+arg))
		if err != nil {
			return fmt.Errorf("checkpoint could not save your files of lab %s first, so it changed nothing: %v", l.name, err)
		}
		for _, ch := range changes {
			if err := os.WriteFile(filepath.Join(c.root, filepath.FromSlash(ch.file)), ch.new, 0o644); err != nil {
				return fmt.Errorf("%v; your files are saved: go run ./tools/lab restore %s puts them back", err, l.num)
			}
		}
		c.saveMark(l, "checkpoint", version)
	}

	if k == 0 {
		fmt.Fprintf(w, "checkpoint: lab %s is not taught in steps: its whole solution is now in place\n", l.name)
	} else {
		fmt.Fprintf(w, "checkpoint: lab %s to step %d of %d: the solution of every step before step %d is now in place\n", l.name, k, steps[len(steps)-1], k)
	}
	dir, _ := c.snapshotDir(l)
	switch {
	case len(changes) == 0:
		fmt.Fprintln(w, "your files already hold it: nothing changed")
	case leftBy == "":
		fmt.Fprintf(w, "your files of %s were saved first, as version %d, in %s\n", filepath.ToSlash(l.dir()), version, dir)
	case leftBy == "restore":
		fmt.Fprintf(w, "your files are version %d, as restore put them back, and are kept in %s: they are not saved again\n", version, dir)
	default:
		fmt.Fprintf(w, "your own files are saved already, as version %d, in %s: you changed nothing since the last checkpoint, so its files are not saved again as yours\n", version, dir)
		passed = nil // the code that passed was the last checkpoint's, not the learner's
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
			line := fmt.Sprintf("  %s: the solution's %s", ch.file, strings.Join(ch.m.Replaced, ", "))
			if ch.from != "" {
				line = fmt.Sprintf("  %s: the solution as it stands before step %d (%s): %s", ch.file, k, ch.from, strings.Join(ch.m.Replaced, ", "))
			}
			if len(ch.m.Added) > 0 {
				from := "the solution"
				if ch.from != "" {
					from = "the snapshot"
				}
				line += "; added from " + from + ": " + strings.Join(ch.m.Added, ", ")
			}
			if len(ch.m.Imports) > 0 {
				line += "; imports: " + strings.Join(ch.m.Imports, ", ")
			}
			fmt.Fprintln(w, line)
			spill = append(spill, ch.m.Spill...)
			spillTo = max(spillTo, ch.m.SpillTo)
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
	_, later := c.builtTests(l)
	laterK := false // step k needs a newer Go than the one here
	for _, t := range later {
		laterK = laterK || stepOf(t.name) == k
	}
	if k > 0 && laterK {
		ls := &labStatus{lab: l}
		for _, t := range later {
			if stepOf(t.name) == k {
				ls.later = append(ls.later, t)
			}
		}
		fmt.Fprintln(w, "next: "+ls.laterNote())
	} else if k > 0 && len(spill) == 0 && left > 0 {
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

// parseFile parses a Go file's declarations, without comments.
func parseFile(src []byte) (*ast.File, error) {
	return parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
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
		for n := range merge.TopNames(data) {
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

// The learner's saved files. Every time checkpoint is about to change a lab, the lab's files
// are saved as a numbered version in the user's cache folder, unless they are exactly what the
// last checkpoint (or restore) left there: then the learner typed nothing since, the code of
// theirs that those files replaced is saved already, and saving the checkpoint's own output as
// "yours" would hide it (that was the bug: checkpoint 08 3, checkpoint 08 5, restore 08 gave back
// step 3's solution). restore puts back the newest version saved before a checkpoint; the files it
// replaces are saved too, as a version of their own. No version is ever overwritten or deleted,
// and restore NN K brings back any of them: nothing a learner typed is out of reach.

// A snapshot is one saved version of the learner's files of one lab.
type snapshot struct {
	Lab   string
	Why   string            // "checkpoint 03 5", "restore 03"
	Files map[string][]byte // by path relative to the root, with slashes
}

// A checkpointMark is what the last checkpoint or restore of a lab left in its files, and which
// version holds the learner's files from before it.
type checkpointMark struct {
	By      string            // "checkpoint" or "restore"
	Version int               // the version that holds the learner's files from before it
	Files   map[string][]byte // the lab's files as the command left them
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

func snapshotFile(dir string, n int) string {
	return filepath.Join(dir, fmt.Sprintf("%04d.json", n))
}

// readSnapshot reads version n of the lab's saved files.
func readSnapshot(dir string, n int) (*snapshot, error) {
	data, err := os.ReadFile(snapshotFile(dir, n))
	if err != nil {
		return nil, err
	}
	var snap snapshot
	if err := json.Unmarshal(data, &snap); err != nil || snap.Files == nil {
		return nil, fmt.Errorf("%s is unreadable", snapshotFile(dir, n))
	}
	return &snap, nil
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

// sameFiles reports whether two sets of a lab's files hold the same files, byte for byte.
func sameFiles(a, b map[string][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for f, data := range a {
		if other, ok := b[f]; !ok || !bytes.Equal(data, other) {
			return false
		}
	}
	return true
}

// writeAtomic writes data to a temporary file of dir, then renames it to name.
func writeAtomic(dir, name string, data []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, "saving-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), filepath.Join(dir, name))
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// saveSnapshot saves files as the lab's next version and returns its number. Every version is
// kept: a later one never overwrites an earlier one.
func (c *course) saveSnapshot(l *lab, why string, files map[string][]byte) (int, error) {
	dir, nums, err := c.snapshots(l)
	if err != nil {
		return 0, err
	}
	next := 1
	if len(nums) > 0 {
		next = nums[len(nums)-1] + 1
	}
	data, err := json.MarshalIndent(snapshot{Lab: l.name, Why: why, Files: files}, "", "\t")
	if err != nil {
		return 0, err
	}
	return next, writeAtomic(dir, filepath.Base(snapshotFile(dir, next)), data)
}

const markFile = "last-checkpoint.json"

// loadMark reads what the last checkpoint or restore of the lab left; nil when there is none.
func (c *course) loadMark(l *lab) *checkpointMark {
	dir, err := c.snapshotDir(l)
	if err != nil {
		return nil
	}
	data, err := os.ReadFile(filepath.Join(dir, markFile))
	if err != nil {
		return nil
	}
	var m checkpointMark
	if json.Unmarshal(data, &m) != nil || m.Version == 0 {
		return nil
	}
	return &m
}

// saveMark records the lab's files as they are now, with the version that holds the learner's
// files from before the command. A failure to record it only means that the next checkpoint saves
// a version more.
func (c *course) saveMark(l *lab, by string, version int) {
	dir, err := c.snapshotDir(l)
	if err != nil {
		return
	}
	files, err := c.learnerFiles(l)
	if err != nil {
		return
	}
	if data, err := json.Marshal(checkpointMark{By: by, Version: version, Files: files}); err == nil {
		writeAtomic(dir, markFile, data)
	}
}

// saveBeforeCheckpoint saves the learner's files before checkpoint changes them, unless they are
// what the last checkpoint or restore left (see above); it returns the version that holds them
// and, when it was not saved now, which command left the files ("checkpoint" or "restore").
func (c *course) saveBeforeCheckpoint(l *lab, why string) (version int, leftBy string, err error) {
	files, err := c.learnerFiles(l)
	if err != nil {
		return 0, "", err
	}
	if m := c.loadMark(l); m != nil && sameFiles(m.Files, files) {
		if dir, err := c.snapshotDir(l); err == nil {
			if _, err := os.Stat(snapshotFile(dir, m.Version)); err == nil {
				return m.Version, m.By, nil
			}
		}
	}
	version, err = c.saveSnapshot(l, why, files)
	return version, "", err
}

// restore puts back version arg of the lab's saved files, or, with arg "", the learner's own
// code: when the lab is as the last checkpoint left it, the version that checkpoint saved or
// found saved; else the newest version a checkpoint saved. It saves the files there now first,
// as a version of their own.
func (c *course) restore(l *lab, arg string, w io.Writer) error {
	dir, nums, err := c.snapshots(l)
	if err != nil {
		return fmt.Errorf("restore finds no saved files: %v", err)
	}
	if len(nums) == 0 {
		return fmt.Errorf("no files of lab %s are saved: checkpoint saves them when it changes the lab, and no checkpoint of lab %s was made in this course folder", l.name, l.num)
	}
	now, err := c.learnerFiles(l)
	if err != nil {
		return err
	}
	var snap *snapshot
	version := 0
	if arg != "" {
		n, err := strconv.Atoi(arg)
		if err != nil || !containsInt(nums, n) {
			return cli.Usagef("lab %s has saved versions %s, in %s; %q is not one of them", l.name, describeVersions(dir, nums), dir, arg)
		}
		if snap, err = readSnapshot(dir, n); err != nil {
			return fmt.Errorf("version %d of lab %s cannot be read (%v): nothing changed", n, l.name, err)
		}
		version = n
	} else if m := c.loadMark(l); m != nil && m.By == "checkpoint" && sameFiles(now, m.Files) && containsInt(nums, m.Version) {
		// The lab is as the last checkpoint left it: the learner's files from before it.
		if snap, err = readSnapshot(dir, m.Version); err != nil {
			return fmt.Errorf("version %d of lab %s cannot be read (%v): nothing changed; go run ./tools/lab restore %s K brings back another", m.Version, l.name, err, l.num)
		}
		version = m.Version
	} else {
		// Else the newest version a checkpoint saved; versions saved by restore hold what
		// restore replaced, and restore NN K brings them back by number.
		for i := len(nums) - 1; i >= 0 && snap == nil; i-- {
			s, err := readSnapshot(dir, nums[i])
			if err != nil {
				return fmt.Errorf("version %d of lab %s cannot be read (%v): nothing changed; go run ./tools/lab restore %s K brings back another", nums[i], l.name, err, l.num)
			}
			if strings.HasPrefix(s.Why, "checkpoint ") {
				snap, version = s, nums[i]
			}
		}
		if snap == nil {
			return fmt.Errorf("no checkpoint of lab %s saved files in %s, only restores: name the version to bring back, one of %s", l.name, dir, describeVersions(dir, nums))
		}
	}
	if sameFiles(now, snap.Files) {
		fmt.Fprintf(w, "your files of lab %s are already as they were before %s (version %d): nothing changed\n", l.name, snap.Why, version)
		return nil
	}
	replaced, err := c.saveSnapshot(l, "restore "+l.num, now)
	if err != nil {
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
	var extra []string // files there now that were not then
	for f := range now {
		if _, ok := snap.Files[f]; !ok {
			extra = append(extra, f)
		}
	}
	sort.Strings(names)
	sort.Strings(extra)
	for _, f := range extra {
		if err := os.Remove(filepath.Join(c.root, filepath.FromSlash(f))); err != nil {
			return err
		}
	}
	c.saveMark(l, "restore", version)
	fmt.Fprintf(w, "lab %s: your files are back as they were before %s (version %d): %s\n", l.name, snap.Why, version, strings.Join(names, ", "))
	if len(extra) > 0 {
		fmt.Fprintf(w, "removed, since they were not there then: %s\n", strings.Join(extra, ", "))
	}
	fmt.Fprintf(w, "the files they replaced are saved too, as version %d: go run ./tools/lab restore %s %d brings them back\n", replaced, l.num, replaced)
	fmt.Fprintf(w, "every version is kept in %s\n", dir)
	return nil
}

// describeVersions says "1 (before checkpoint 03 2), 2 (before restore 03)".
func describeVersions(dir string, nums []int) string {
	var s []string
	for _, n := range nums {
		why := "unreadable"
		if snap, err := readSnapshot(dir, n); err == nil {
			why = "before " + snap.Why
		}
		s = append(s, fmt.Sprintf("%d (%s)", n, why))
	}
	return strings.Join(s, ", ")
}
