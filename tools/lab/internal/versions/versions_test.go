package versions

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestSaveListRead: versions take the next number, never overwrite one another, and read back
// as saved.
func TestSaveListRead(t *testing.T) {
	s := Store{Dir: filepath.Join(t.TempDir(), "03-swiss")}
	if nums := s.List(); len(nums) != 0 {
		t.Fatalf("List of a new store = %v; want none", nums)
	}
	a := Version{Lab: "03-swiss", Why: "checkpoint 03 2", Files: map[string][]byte{"labs/03-swiss/table.go": []byte("package swiss\n")}}
	b := Version{Lab: "03-swiss", Why: "restore 03", Files: map[string][]byte{"labs/03-swiss/table.go": []byte("package swiss // mine\n")}}
	for i, v := range []Version{a, b} {
		n, err := s.Save(v)
		if err != nil || n != i+1 {
			t.Fatalf("Save(%q) = %d, %v; want %d, nil", v.Why, n, err, i+1)
		}
	}
	if nums := s.List(); !reflect.DeepEqual(nums, []int{1, 2}) {
		t.Errorf("List = %v; want [1 2]", nums)
	}
	for n, want := range map[int]Version{1: a, 2: b} {
		got, err := s.Read(n)
		if err != nil || !reflect.DeepEqual(*got, want) {
			t.Errorf("Read(%d) = %+v, %v; want %+v", n, got, err, want)
		}
	}
	if _, err := os.Stat(filepath.Join(s.Dir, "0002.json")); err != nil {
		t.Errorf("version 2 is not in 0002.json: %v", err)
	}
	os.WriteFile(filepath.Join(s.Dir, "0003.json"), []byte("{"), 0o644)
	if _, err := s.Read(3); err == nil {
		t.Errorf("Read of a broken version: no error")
	}
}

// TestSaveUnlessMarked: files that are what the mark records are not saved again; changed
// files, or a mark whose version is gone, make a new version.
func TestSaveUnlessMarked(t *testing.T) {
	s := Store{Dir: t.TempDir()}
	mine := map[string][]byte{"a.go": []byte("mine")}
	left := map[string][]byte{"a.go": []byte("the checkpoint's")}
	if s.Mark() != nil {
		t.Fatalf("Mark of a new store is not nil")
	}
	n, by, err := s.SaveUnlessMarked("03-swiss", "checkpoint 03 2", mine)
	if err != nil || n != 1 || by != "" {
		t.Fatalf("first save = %d, %q, %v; want 1, \"\", nil", n, by, err)
	}
	if err := s.SetMark(Mark{By: "checkpoint", Version: n, Files: left}); err != nil {
		t.Fatal(err)
	}
	if n, by, _ := s.SaveUnlessMarked("03-swiss", "checkpoint 03 3", left); n != 1 || by != "checkpoint" {
		t.Errorf("save of the marked files = %d, %q; want 1, checkpoint (not saved again)", n, by)
	}
	if n, by, _ := s.SaveUnlessMarked("03-swiss", "checkpoint 03 3", mine); n != 2 || by != "" {
		t.Errorf("save of other files = %d, %q; want 2, \"\"", n, by)
	}
	os.Remove(filepath.Join(s.Dir, "0001.json"))
	if n, by, _ := s.SaveUnlessMarked("03-swiss", "checkpoint 03 3", left); n != 3 || by != "" {
		t.Errorf("save of the marked files, their version gone = %d, %q; want 3, \"\"", n, by)
	}
}
