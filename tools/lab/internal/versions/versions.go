// Package versions keeps a lab's files as numbered versions, in a folder outside the course,
// each with who made it and when: the lab runner saves the learner's files before checkpoint or
// restore replaces them, and the files a checkpoint writes; restore reads one back. No version
// is ever overwritten or deleted: a new one takes the next number.
//
// Files already kept are not saved again: Keep finds the version that holds them. That is how a
// checkpoint's files, still untouched when the next checkpoint comes, are told from the
// learner's (the bug it fixes: checkpoint 03 2, checkpoint 03 3, restore 03 gave back step 2's
// solution and called it the learner's). Files that are a version's but for their formatting (an
// editor that runs gofmt on save, or writes CRLF line ends) count as made by that version's
// maker, and are saved as a version of their own, so that not a byte is lost.
//
// A folder holds 0001.json, 0002.json, ...: a version each ({"Lab", "Why", "Maker", "Saved",
// "Files"}, the files by path). Older lab runners recorded no maker and no time, and wrote
// last-checkpoint.json: what their last checkpoint or restore left in the lab ({"By",
// "Version", "Files"}), read, never written.
package versions

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/format"
	"maps"
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
	Learner    Maker = "learner"    // files the learner wrote, saved before a command replaced them
	Checkpoint Maker = "checkpoint" // files a checkpoint wrote, as it wrote them
	Unknown    Maker = ""           // saved by a lab runner that did not record it
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

// Save saves v as the next version, stamped with the time now, and returns its number. It
// writes a temporary file, then renames it.
func (s Store) Save(v Version) (int, error) {
	next := 1
	if nums := s.List(); len(nums) > 0 {
		next = nums[len(nums)-1] + 1
	}
	v.Saved = Now()
	data, err := json.MarshalIndent(v, "", "\t")
	if err == nil {
		err = os.MkdirAll(s.Dir, 0o755)
	}
	var tmp *os.File
	if err == nil {
		tmp, err = os.CreateTemp(s.Dir, "saving-*")
	}
	if err != nil {
		return 0, err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), s.file(next))
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return next, err
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
	norm := normalized(v.Files)
	if _, cv := s.newest(func(old *Version) bool { return old.Maker == Checkpoint && Same(normalized(old.Files), norm) }); cv != nil {
		v.Maker, v.Why = Checkpoint, strings.TrimSuffix(cv.Why, Reformatted)+Reformatted
	} else if by, _, left := s.OldMark(); by == "checkpoint" && Same(left, v.Files) {
		v.Maker, v.Why = Checkpoint, "an earlier checkpoint"
	}
	n, err = s.Save(v)
	return n, &v, err == nil, err
}

// newest returns the newest readable version that match matches, and its number; 0 when none does.
func (s Store) newest(match func(*Version) bool) (int, *Version) {
	nums := s.List()
	for i := len(nums) - 1; i >= 0; i-- {
		if v, err := s.Read(nums[i]); err == nil && match(v) {
			return nums[i], v
		}
	}
	return 0, nil
}

// Find returns the newest version whose files are files, byte for byte; 0 when there is none.
func (s Store) Find(files map[string][]byte) int {
	n, _ := s.newest(func(v *Version) bool { return Same(v.Files, files) })
	return n
}

// Newest returns the newest readable version made by maker, and its number; 0 when there is none.
func (s Store) Newest(maker Maker) (int, *Version) {
	return s.newest(func(v *Version) bool { return v.Maker == maker })
}

// OldMark reads the mark an older lab runner left (see the package's doc): by is "" when there
// is none, or it is unreadable.
func (s Store) OldMark() (by string, version int, files map[string][]byte) {
	var m struct {
		By      string            // "checkpoint" or "restore"
		Version int               // the version that held the learner's files from before it
		Files   map[string][]byte // the lab's files as the command left them
	}
	data, err := os.ReadFile(filepath.Join(s.Dir, "last-checkpoint.json"))
	if err != nil || json.Unmarshal(data, &m) != nil || m.Version == 0 {
		return "", 0, nil
	}
	return m.By, m.Version, m.Files
}

// Same reports whether two sets of files hold the same files, byte for byte.
func Same(a, b map[string][]byte) bool { return maps.EqualFunc(a, b, bytes.Equal) }

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
