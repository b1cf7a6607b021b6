package versions

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

// fixedClock makes Now tick a minute a call from 9:00, for the test.
func fixedClock(t *testing.T) {
	t.Helper()
	at := time.Date(2026, 1, 2, 9, 0, 0, 0, time.UTC)
	old := Now
	Now = func() time.Time { at = at.Add(time.Minute); return at }
	t.Cleanup(func() { Now = old })
}

// TestSaveListRead: versions take the next number, never overwrite one another, and read back
// as saved, with their maker and the time they were saved.
func TestSaveListRead(t *testing.T) {
	fixedClock(t)
	s := Store{Dir: filepath.Join(t.TempDir(), "03-swiss")}
	if nums := s.List(); len(nums) != 0 {
		t.Fatalf("List of a new store = %v; want none", nums)
	}
	a := Version{Lab: "03-swiss", Why: "checkpoint 03 2", Maker: Learner, Files: map[string][]byte{"labs/03-swiss/table.go": []byte("package swiss // mine\n")}}
	b := Version{Lab: "03-swiss", Why: "checkpoint 03 2", Maker: Checkpoint, Files: map[string][]byte{"labs/03-swiss/table.go": []byte("package swiss\n")}}
	for i, v := range []Version{a, b} {
		n, err := s.Save(v)
		if err != nil || n != i+1 {
			t.Fatalf("Save(%q) = %d, %v; want %d, nil", v.Why, n, err, i+1)
		}
	}
	if nums := s.List(); !reflect.DeepEqual(nums, []int{1, 2}) {
		t.Errorf("List = %v; want [1 2]", nums)
	}
	a.Saved = time.Date(2026, 1, 2, 9, 1, 0, 0, time.UTC)
	b.Saved = a.Saved.Add(time.Minute)
	for n, want := range map[int]Version{1: a, 2: b} {
		got, err := s.Read(n)
		if err != nil || !got.Saved.Equal(want.Saved) {
			t.Errorf("Read(%d) = %+v, %v; want saved at %v", n, got, err, want.Saved)
			continue
		}
		got.Saved = want.Saved
		if !reflect.DeepEqual(*got, want) {
			t.Errorf("Read(%d) = %+v; want %+v", n, got, want)
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

// TestKeepTellsTheMakers: the learner's files before a checkpoint, then the checkpoint's; the
// checkpoint's files untouched at the next checkpoint are not saved again as the learner's, nor
// when an editor only reformatted them (then saved, as the checkpoint's); the learner's edits
// are the learner's.
func TestKeepTellsTheMakers(t *testing.T) {
	fixedClock(t)
	s := Store{Dir: t.TempDir()}
	mine := map[string][]byte{"a.go": []byte("package a\n\nfunc F() int { return 1 } // mine\n")}
	written := map[string][]byte{"a.go": []byte("package a\n\nfunc F() int { return 2 * 3 }\n")}
	reformatted := map[string][]byte{"a.go": []byte("package a\r\n\r\nfunc F() int { return 2*3 }\r\n")}
	edited := map[string][]byte{"a.go": []byte("package a\n\nfunc F() int { return 2 * 3 } // and mine\n")}
	type want struct {
		n     int
		maker Maker
		why   string
		saved bool
	}
	for i, step := range []struct {
		v    Version
		want want
	}{
		{Version{Why: "checkpoint 03 2", Maker: Learner, Files: mine}, want{1, Learner, "checkpoint 03 2", true}},
		{Version{Why: "checkpoint 03 2", Maker: Checkpoint, Files: written}, want{2, Checkpoint, "checkpoint 03 2", true}},
		{Version{Why: "checkpoint 03 3", Maker: Learner, Files: written}, want{2, Checkpoint, "checkpoint 03 2", false}},
		{Version{Why: "checkpoint 03 3", Maker: Learner, Files: reformatted}, want{3, Checkpoint, "checkpoint 03 2, then reformatted", true}},
		{Version{Why: "restore 03", Maker: Learner, Files: edited}, want{4, Learner, "restore 03", true}},
		{Version{Why: "restore 03", Maker: Learner, Files: mine}, want{1, Learner, "checkpoint 03 2", false}},
	} {
		n, v, saved, err := s.Keep(step.v)
		if err != nil {
			t.Fatalf("Keep %d: %v", i+1, err)
		}
		if got := (want{n, v.Maker, v.Why, saved}); got != step.want {
			t.Errorf("Keep %d (%s, %q) = %+v; want %+v", i+1, step.v.Maker, step.v.Files["a.go"], got, step.want)
		}
	}
	if n, v := s.Newest(Learner); n != 4 || v.Why != "restore 03" {
		t.Errorf("Newest(Learner) = %d, %+v; want 4", n, v)
	}
	if n, _ := s.Newest(Unknown); n != 0 {
		t.Errorf("Newest(Unknown) = %d; want 0", n)
	}
}

// TestOlderRunnersVersions: a version saved by an older lab runner, without a maker or a time,
// reads as made by Unknown; files its mark says the last checkpoint left are the checkpoint's.
func TestOlderRunnersVersions(t *testing.T) {
	fixedClock(t)
	s := Store{Dir: t.TempDir()}
	os.WriteFile(filepath.Join(s.Dir, "0001.json"), []byte(`{"Lab": "03-swiss", "Why": "checkpoint 03 2", "Files": {"a.go": "bWluZQ=="}}`), 0o644)
	os.WriteFile(filepath.Join(s.Dir, "last-checkpoint.json"), []byte(`{"By": "checkpoint", "Version": 1, "Files": {"a.go": "dGhlIGNoZWNrcG9pbnQncw=="}}`), 0o644)
	v, err := s.Read(1)
	if err != nil || v.Maker != Unknown || !v.Saved.IsZero() || string(v.Files["a.go"]) != "mine" {
		t.Fatalf("Read(1) of an older runner's version = %+v, %v; want maker unknown, no time, a.go \"mine\"", v, err)
	}
	if n, v := s.Newest(Unknown); n != 1 || v.Why != "checkpoint 03 2" {
		t.Errorf("Newest(Unknown) = %d, %+v; want 1", n, v)
	}
	n, kept, saved, err := s.Keep(Version{Why: "checkpoint 03 3", Maker: Learner, Files: map[string][]byte{"a.go": []byte("the checkpoint's")}})
	if err != nil || n != 2 || !saved || kept.Maker != Checkpoint || kept.Why != "an earlier checkpoint" {
		t.Errorf("Keep of the files the old mark records = %d, %+v, %v, %v; want 2, saved, made by an earlier checkpoint", n, kept, saved, err)
	}
}
