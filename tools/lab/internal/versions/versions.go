// Package versions keeps a lab's files as numbered versions, in a folder outside the course,
// each with who made it and when: the lab runner saves the learner's files before checkpoint or
// restore replaces them, and the files a checkpoint writes; restore reads one back.
//
// No version is ever overwritten or deleted: a new one takes the next number. A version records
// its maker:
//
//   - Learner: files the learner wrote, saved before a command replaced them.
//   - Checkpoint: files a checkpoint wrote, as it wrote them.
//   - Unknown: a version saved by a lab runner older than the maker field.
//
// Files already kept are not saved again: Keep finds the version that holds them. That is how a
// checkpoint's files, still untouched when the next checkpoint comes, are told from the
// learner's (the bug it fixes: checkpoint 03 2, checkpoint 03 3, restore 03 gave back step 2's
// solution and called it the learner's). Files that are a version's but for their formatting (an
// editor that runs gofmt on save, or writes CRLF line ends) count as made by that version's
// maker, and are saved as a version of their own, so that not a byte is lost.
//
// A folder holds:
//
//	0001.json            a version: {"Lab", "Why", "Maker", "Saved", "Files"}, the files by path
//	0002.json
//	last-checkpoint.json written by older lab runners: what the last checkpoint or restore left
//	                     in the lab ({"By", "Version", "Files"}); read, never written
package versions

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// A Maker is who made the files of a version.
type Maker string

const (
	Learner    Maker = "learner"
	Checkpoint Maker = "checkpoint"
	Unknown    Maker = "" // saved by a lab runner that did not record it
)

// A Version is one saved set of a lab's files.
type Version struct {
	Lab string
	// Why is the command: for the learner's files, the one they were saved before
	// ("checkpoint 03 5", "restore 03"); for a checkpoint's, the one that wrote them.
	Why   string
	Maker Maker             `json:",omitempty"`
	Saved time.Time         `json:",omitzero"` // zero in versions of older lab runners
	Files map[string][]byte // by path relative to the course's root, with slashes
}

// Reformatted ends the Why of a checkpoint's files that were saved again reformatted.
const Reformatted = ", then reformatted"

// Now is the clock versions are stamped with; the golden tests set one that is always the same.
var Now = time.Now

// A Store is the folder of one lab's versions. It is made when the first version is saved.
type Store struct {
	Dir string
}

var versionName = regexp.MustCompile(`^([0-9]+)\.json$`)

// oldMarkFile is the mark of older lab runners (see the package's doc).
const oldMarkFile = "last-checkpoint.json"

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

// Save saves v as the next version, stamped with the time now unless it has one, and returns
// its number.
func (s Store) Save(v Version) (int, error) {
	nums := s.List()
	next := 1
	if len(nums) > 0 {
		next = nums[len(nums)-1] + 1
	}
	if v.Saved.IsZero() {
		v.Saved = Now()
	}
	data, err := json.MarshalIndent(v, "", "\t")
	if err != nil {
		return 0, err
	}
	return next, writeAtomic(s.Dir, filepath.Base(s.file(next)), data)
}

// Keep makes sure that v's files are kept, and returns the version that holds them: when one
// does, byte for byte, that one, not saved again (saved false); else v, saved now. Files that are
// a checkpoint's version but for their formatting, or that an older lab runner's mark says its
// last checkpoint left, are saved as made by a checkpoint, whatever v's maker.
func (s Store) Keep(v Version) (n int, kept *Version, saved bool, err error) {
	if same := s.Find(v.Files); same > 0 {
		kept, err = s.Read(same)
		return same, kept, false, err
	}
	if cv := s.reformatted(v.Files); cv != nil {
		v.Maker, v.Why = Checkpoint, strings.TrimSuffix(cv.Why, Reformatted)+Reformatted
	} else if s.leftByOldCheckpoint(v.Files) {
		v.Maker, v.Why = Checkpoint, "an earlier checkpoint"
	}
	n, err = s.Save(v)
	return n, &v, err == nil, err
}

// Find returns the newest version whose files are files, byte for byte; 0 when there is none.
// Unreadable versions are passed over.
func (s Store) Find(files map[string][]byte) int {
	nums := s.List()
	for i := len(nums) - 1; i >= 0; i-- {
		if v, err := s.Read(nums[i]); err == nil && Same(v.Files, files) {
			return nums[i]
		}
	}
	return 0
}

// reformatted returns the newest version a checkpoint made whose files are files but for their
// formatting; nil when there is none.
func (s Store) reformatted(files map[string][]byte) *Version {
	nums := s.List()
	norm := normalized(files)
	for i := len(nums) - 1; i >= 0; i-- {
		if v, err := s.Read(nums[i]); err == nil && v.Maker == Checkpoint && Same(normalized(v.Files), norm) {
			return v
		}
	}
	return nil
}

// Newest returns the newest readable version made by maker, and its number; 0 when there is
// none.
func (s Store) Newest(maker Maker) (int, *Version) {
	nums := s.List()
	for i := len(nums) - 1; i >= 0; i-- {
		if v, err := s.Read(nums[i]); err == nil && v.Maker == maker {
			return nums[i], v
		}
	}
	return 0, nil
}

// An oldMark is what an older lab runner recorded of the last checkpoint or restore of a lab.
type oldMark struct {
	By      string            // "checkpoint" or "restore"
	Version int               // the version that held the learner's files from before it
	Files   map[string][]byte // the lab's files as the command left them
}

// OldMark reads the mark an older lab runner left; nil when there is none, or it is unreadable.
func (s Store) OldMark() (by string, version int, files map[string][]byte) {
	data, err := os.ReadFile(filepath.Join(s.Dir, oldMarkFile))
	if err != nil {
		return "", 0, nil
	}
	var m oldMark
	if json.Unmarshal(data, &m) != nil || m.Version == 0 {
		return "", 0, nil
	}
	return m.By, m.Version, m.Files
}

// leftByOldCheckpoint reports whether an older lab runner's mark says that its last checkpoint
// left files in the lab.
func (s Store) leftByOldCheckpoint(files map[string][]byte) bool {
	by, _, left := s.OldMark()
	return by == "checkpoint" && Same(left, files)
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

// normalized is files with LF line ends, gofmt'ed when they parse: what an editor's format on
// save leaves the same.
func normalized(files map[string][]byte) map[string][]byte {
	out := make(map[string][]byte, len(files))
	for f, data := range files {
		data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
		if src, err := format.Source(data); err == nil {
			data = src
		}
		out[f] = data
	}
	return out
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
