// Package versions keeps the learner's files of a lab as numbered versions, in a folder outside
// the course, with what made each: the lab runner saves one before checkpoint or restore changes
// the lab, and restore reads one back.
//
// No version is ever overwritten or deleted: a new one takes the next number. Beside them, a
// mark records what the last checkpoint or restore left in the lab's files, and which version
// holds the learner's files from before it. When the files are still what the mark records, the
// learner typed nothing since, and the code of theirs those files replaced is saved already:
// saving the command's own output again as "yours" would hide it (that was the bug: checkpoint
// 08 3, checkpoint 08 5, restore 08 gave back step 3's solution). SaveUnlessMarked follows that
// rule.
//
// A folder holds:
//
//	0001.json            a version: {"Lab", "Why", "Files"}, the files by path
//	0002.json
//	last-checkpoint.json the mark: {"By", "Version", "Files"}
package versions

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
)

// A Version is one saved set of a lab's files.
type Version struct {
	Lab   string
	Why   string            // the command it was saved before: "checkpoint 03 5", "restore 03"
	Files map[string][]byte // by path relative to the course's root, with slashes
}

// A Mark is what the last checkpoint or restore of a lab left in its files, and which version
// holds the learner's files from before it.
type Mark struct {
	By      string            // "checkpoint" or "restore"
	Version int               // the version that holds the learner's files from before it
	Files   map[string][]byte // the lab's files as the command left them
}

// A Store is the folder of one lab's versions. It is made when the first version is saved.
type Store struct {
	Dir string
}

var versionName = regexp.MustCompile(`^([0-9]+)\.json$`)

const markFile = "last-checkpoint.json"

// file is the path of version n.
func (s Store) file(n int) string { return filepath.Join(s.Dir, fmt.Sprintf("%04d.json", n)) }

// List lists the numbers of the versions, oldest first.
func (s Store) List() []int {
	var nums []int
	entries, _ := os.ReadDir(s.Dir)
	for _, e := range entries {
		if m := versionName.FindStringSubmatch(e.Name()); m != nil {
			n, _ := strconv.Atoi(m[1])
			nums = append(nums, n)
		}
	}
	sort.Ints(nums)
	return nums
}

// Has reports whether version n is there.
func (s Store) Has(n int) bool {
	_, err := os.Stat(s.file(n))
	return err == nil
}

// Read reads version n.
func (s Store) Read(n int) (*Version, error) {
	data, err := os.ReadFile(s.file(n))
	if err != nil {
		return nil, err
	}
	var v Version
	if err := json.Unmarshal(data, &v); err != nil || v.Files == nil {
		return nil, fmt.Errorf("%s is unreadable", s.file(n))
	}
	return &v, nil
}

// Save saves v as the next version and returns its number.
func (s Store) Save(v Version) (int, error) {
	nums := s.List()
	next := 1
	if len(nums) > 0 {
		next = nums[len(nums)-1] + 1
	}
	data, err := json.MarshalIndent(v, "", "\t")
	if err != nil {
		return 0, err
	}
	return next, writeAtomic(s.Dir, filepath.Base(s.file(next)), data)
}

// Mark reads the mark; nil when there is none, or it is unreadable.
func (s Store) Mark() *Mark {
	data, err := os.ReadFile(filepath.Join(s.Dir, markFile))
	if err != nil {
		return nil
	}
	var m Mark
	if json.Unmarshal(data, &m) != nil || m.Version == 0 {
		return nil
	}
	return &m
}

// SetMark records m as the mark.
func (s Store) SetMark(m Mark) error {
	data, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return writeAtomic(s.Dir, markFile, data)
}

// SaveUnlessMarked saves files as a new version, unless they are what the mark records and the
// version it names is there (see the package's doc): it returns the version that holds them and,
// when it was not saved now, the command that left them (the mark's By).
func (s Store) SaveUnlessMarked(lab, why string, files map[string][]byte) (version int, leftBy string, err error) {
	if m := s.Mark(); m != nil && Same(m.Files, files) && s.Has(m.Version) {
		return m.Version, m.By, nil
	}
	version, err = s.Save(Version{Lab: lab, Why: why, Files: files})
	return version, "", err
}

// Same reports whether two sets of files hold the same files, byte for byte.
func Same(a, b map[string][]byte) bool {
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
