// Package plan works out what checkpoint NN K writes to each learner file of a lab, with
// package merge, and writes nothing: checkpoint writes the plan, verify runs the tests with it
// in place (by -overlay) to check a lab's step snapshots.
package plan

import (
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"

	"gomaps/tools/lab/internal/course"
	"gomaps/tools/lab/internal/merge"
)

// A Change is what checkpoint writes to one learner file.
type Change struct {
	File  string // relative to the root, with slashes
	Old   []byte // nil: the file is not there
	New   []byte
	Merge *merge.Result // nil for a whole solution file
	From  string        // the step snapshot the merge took its code from, with slashes; "": the solution
}

// A Plan is what checkpoint would do to a lab: the files it writes, the notes it
// adds, and how many declarations of the step to reach and later it leaves to the learner.
type Plan struct {
	Changes []Change
	Notes   []string
	Left    int
}

// Checkpoint works out what checkpoint writes to each learner file of lab l to bring it to
// step k (k 0: the whole solution), and writes nothing. The steps of each func are read from
// the files at ref, the commit of the labs as shipped, or from the files as they are when ref
// is "". A file with a step snapshot of the step before k takes its code from the snapshot.
func Checkpoint(c *course.Course, l *course.Lab, steps []int, k int, ref string) (*Plan, error) {
	sols, err := c.GoFiles(l.SolutionDir(), false)
	if err != nil || len(sols) == 0 {
		return nil, fmt.Errorf(c.Lang.Pick("lab %s has no solution folder %s, so there is nothing to put in place", "实验 %s 没有参考答案目录 %s，所以没有东西可以放进去"), l.Name, filepath.ToSlash(l.SolutionDir()))
	}
	snapDir := "" // the step snapshots of the step before k
	if i := slices.Index(steps, k); i > 0 {
		snapDir = l.StepSnapshotDir(steps[i-1])
	}
	p := &Plan{}
	for _, solFile := range sols {
		if err := planFile(c, p, l, filepath.Base(solFile), k, ref, snapDir); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// planFile adds to p what checkpoint writes to the learner file name of lab l (see
// Checkpoint; snapDir is the folder of the step snapshots to take code from, or ""). Every
// version is read with LF line ends (see course.NormalizeEOL), since the merge compares lines.
func planFile(c *course.Course, p *Plan, l *course.Lab, name string, k int, ref, snapDir string) error {
	file := filepath.ToSlash(filepath.Join(l.Dir(), name))
	sol, err := os.ReadFile(filepath.Join(c.Root, l.SolutionDir(), name))
	if err != nil {
		return err
	}
	old, _ := os.ReadFile(filepath.Join(c.Root, filepath.FromSlash(file)))
	ch := Change{File: file, Old: old, New: course.NormalizeEOL(sol)}
	if k > 0 {
		mine, shipped, note, err := startingFile(c, l, file, old, ref)
		if err != nil {
			return err
		}
		if note != "" {
			p.Notes = append(p.Notes, note)
		}
		var snap []byte
		if snapDir != "" {
			ch.From = filepath.ToSlash(filepath.Join(snapDir, name)) // the step snapshot's file
			if snap, err = os.ReadFile(filepath.Join(c.Root, snapDir, name)); err != nil {
				snap, ch.From = nil, ""
			} else if snap = course.NormalizeEOL(snap); !merge.Parses(snap) {
				return fmt.Errorf("%s, the step snapshot of %s, does not parse: the course is broken there (go run ./tools/lab verify %s says more)", ch.From, file, l.Num)
			}
		}
		f := merge.File{Name: file, Lab: l.Num, Mine: mine, Shipped: shipped, Solution: ch.New, Snapshot: snap, Others: otherNames(c, l, file), Lang: c.Lang}
		if ch.Merge, err = merge.ToStep(f, k); err != nil {
			return err
		}
		p.Left += ch.Merge.Left
		ch.New = ch.Merge.Out
	}
	if !bytes.Equal(ch.New, course.NormalizeEOL(old)) {
		p.Changes = append(p.Changes, ch)
	}
	return nil
}

// startingFile gives the learner's file the merge starts from (old, the file on disk, or the
// shipped one when old is missing or does not parse, with a note saying so) and the file at ref
// as shipped (nil without ref).
func startingFile(c *course.Course, l *course.Lab, file string, old []byte, ref string) (mine, shipped []byte, note string, err error) {
	if ref != "" {
		shipped, _ = c.Git("show", ref+":"+file)
	}
	shipped, mine = course.NormalizeEOL(shipped), course.NormalizeEOL(old)
	if mine != nil && merge.Parses(mine) {
		return mine, shipped, "", nil
	}
	lang := c.Lang
	switch {
	case shipped == nil && mine == nil:
		return nil, nil, "", fmt.Errorf(lang.Pick("%s is missing, and without the course's git history checkpoint cannot tell what it held: put it back with a fresh copy of the course",
			"%s 不见了，而没有课程的 git 历史，checkpoint 就不知道它原来是什么：从一份新的课程副本里把它放回来"), file)
	case shipped == nil:
		return nil, nil, "", fmt.Errorf(lang.Pick("%s does not parse, so checkpoint cannot work on its funcs: fix the syntax error (%s shows it) and checkpoint again",
			"%s 无法解析，所以 checkpoint 没法处理它的函数：修好语法错误（%s 会指出它）再做 checkpoint"), file, lang.Cmd("run "+l.Num))
	case mine == nil:
		note = fmt.Sprintf(lang.Pick("%s was missing: it starts from the shipped file", "%s 不见了：从发布时的文件开始"), file)
	default:
		note = fmt.Sprintf(lang.Pick("%s does not parse: it starts from the shipped file (your version is saved)", "%s 无法解析：从发布时的文件开始（你的版本已经保存）"), file)
	}
	return shipped, shipped, note, nil
}

// otherNames lists the package-level names the lab's other files declare (its tests too,
// when they are in the package), so that checkpoint adds no second declaration of one.
func otherNames(c *course.Course, l *course.Lab, file string) map[string]bool {
	names := map[string]bool{}
	mine, _ := c.GoFiles(l.Dir(), false)
	tests, _ := c.GoFiles(l.Dir(), true)
	for _, f := range append(mine, tests...) {
		if filepath.ToSlash(f) == file {
			continue
		}
		data, err := os.ReadFile(filepath.Join(c.Root, f))
		if err != nil {
			continue
		}
		if af, err := parser.ParseFile(token.NewFileSet(), "", data, parser.PackageClauseOnly); err == nil && af.Name.Name != l.Word {
			continue // an external test package
		}
		for n := range merge.TopNames(data) {
			names[n] = true
		}
	}
	return names
}
