package testout

import (
	"fmt"
	"strings"
	"testing"
)

func TestReadJSON(t *testing.T) {
	out := `{"Action":"start","Package":"gomaps/labs/01-basics"}
{"Action":"run","Package":"gomaps/labs/01-basics","Test":"TestA"}
{"Action":"output","Package":"gomaps/labs/01-basics","Test":"TestA","Output":"=== RUN   TestA\n"}
{"Action":"output","Package":"gomaps/labs/01-basics","Test":"TestA","Output":"    a_test.go:3: wrong\n"}
{"Action":"fail","Package":"gomaps/labs/01-basics","Test":"TestA"}
{"Action":"pass","Package":"gomaps/labs/01-basics","Test":"TestA"}
{"Action":"output","Package":"gomaps/labs/01-basics","Output":"FAIL\n"}
{"Action":"fail","Package":"gomaps/labs/01-basics"}
go: downloading something
{"ImportPath":"gomaps/labs/02-buckets [gomaps/labs/02-buckets.test]","Action":"build-output","Output":"# [gomaps/labs/02-buckets]\n"}
{"ImportPath":"gomaps/labs/02-buckets [gomaps/labs/02-buckets.test]","Action":"build-output","Output":"labs/02-buckets/map.go:3:2: unreachable code\n"}
{"ImportPath":"gomaps/labs/02-buckets [gomaps/labs/02-buckets.test]","Action":"build-fail"}
`
	pkgs := ReadJSON(strings.NewReader(out))
	a := pkgs["gomaps/labs/01-basics"]
	if a == nil || a.Status != "fail" || len(a.Order) != 1 || a.Tests["TestA"].Status != "fail" ||
		fmt.Sprint(a.Tests["TestA"].Output) != "[    a_test.go:3: wrong]" || fmt.Sprint(a.Output) != "[FAIL]" {
		t.Errorf("01-basics = %+v, TestA %+v; want TestA failed (once of -count=2) with its one line, the package failed", a, a.Tests["TestA"])
	}
	b := pkgs["gomaps/labs/02-buckets"]
	if b == nil || !b.BuildFailed || !b.VetFailed || fmt.Sprint(b.BuildOutput) != "[labs/02-buckets/map.go:3:2: unreachable code]" {
		t.Errorf("02-buckets = %+v; want a vet failure with its one line", b)
	}
}

// A race report, then a goroutine dump: the frames, the stack each is in, the creators.
const trace = `==================
WARNING: DATA RACE
Write at 0x00c000118060 by goroutine 8:
  runtime.mapassign_faststr()
      /usr/lib/go/src/internal/runtime/maps/runtime_faststr.go:263 +0x0
  gomaps/labs/06-races.(*Cache).Set()
      /home/reader/gomaps/labs/06-races/cache.go:20 +0x84

Previous read at 0x00c000118060 by goroutine 7:
  gomaps/labs/06-races.(*Cache).Get()
      /home/reader/gomaps/labs/06-races/cache.go:14 +0x5c
  gomaps/labs/06-races.TestStep1.func2()
      /home/reader/gomaps/labs/06-races/step1_cache_test.go:31 +0x44

Goroutine 8 (running) created at:
  gomaps/labs/06-races.TestStep1()
      /home/reader/gomaps/labs/06-races/step1_cache_test.go:25 +0x1f0
==================
panic: test timed out after 45s
	running tests:
		TestLoop (45s)

goroutine 21 [running]:
testing.(*M).startAlarm.func1()
	/usr/lib/go/src/testing/testing.go:2484 +0x394
created by time.goFunc
	/usr/lib/go/src/time/sleep.go:215 +0x2d

goroutine 6 [runnable]:
gomaps/labs/01-basics.Histogram({0xc000014150, 0x5, 0x5})
	C:\Users\reader\gomaps\labs\01-basics\nan.go:14 +0x68
`

func TestFrames(t *testing.T) {
	var got []string
	for _, f := range Frames(strings.Split(trace, "\n")) {
		got = append(got, fmt.Sprintf("%d %s %s creator=%v test=%v in06=%v", f.Goroutine, f.Pos(), f.Short(), f.Creator, f.InTest(), f.In("labs/06-races")))
	}
	want := []string{
		"0 runtime_faststr.go:263 mapassign_faststr creator=false test=false in06=false",
		"0 cache.go:20 (*Cache).Set creator=false test=false in06=true",
		"1 cache.go:14 (*Cache).Get creator=false test=false in06=true",
		"1 step1_cache_test.go:31 TestStep1.func2 creator=false test=true in06=true",
		"2 step1_cache_test.go:25 TestStep1 creator=false test=true in06=true",
		"3 testing.go:2484 (*M).startAlarm.func1 creator=false test=false in06=false",
		"3 sleep.go:215 goFunc (started the goroutine) creator=true test=false in06=false",
		"4 nan.go:14 Histogram creator=false test=false in06=false",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Frames =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	last := Frames(strings.Split(trace, "\n"))
	if f := last[len(last)-1]; !f.In(`labs\01-basics`) || !f.In("labs/01-basics") {
		t.Errorf("%+v: want it in labs/01-basics, however the folder is written", f)
	}
}

func TestCrash(t *testing.T) {
	lines := strings.Split(trace, "\n")
	head, at := Crash(lines)
	if head != "panic: test timed out after 45s" || lines[at] != head {
		t.Fatalf("Crash = %q, %d", head, at)
	}
	if got := TimedOutTest(lines[at+1:]); got != "TestLoop" {
		t.Errorf("TimedOutTest = %q, want TestLoop", got)
	}
	if head, _ := Crash([]string{"ok", "panic: boom [recovered, repanicked]"}); head != "panic: boom" {
		t.Errorf("Crash = %q, want go test's suffix taken off", head)
	}
	if _, at := Crash([]string{"--- FAIL: TestA", "    a_test.go:3: wrong"}); at != -1 {
		t.Errorf("Crash found %d in output without a crash", at)
	}
}

func TestLockMisuse(t *testing.T) {
	for fatal, want := range map[string]string{
		"sync: Unlock of unlocked RWMutex":      "an Unlock without its Lock, or RLock paired with Unlock",
		"sync: RUnlock of unlocked RWMutex":     "an RUnlock without its RLock, or Lock paired with RUnlock",
		"sync: unlock of unlocked mutex":        "(there or in another function that takes the same lock)",
		"sync: inconsistent mutex state":        "a lock of package sync was used wrongly",
		"concurrent map writes":                 "",
		"all goroutines are asleep - deadlock!": "",
	} {
		got := LockMisuse(fatal)
		if want == "" && got != "" || want != "" && !strings.Contains(got, want) || want != "" && !strings.HasPrefix(got, "a lock misuse: ") {
			t.Errorf("LockMisuse(%q) = %q; want a lock misuse naming %q (or \"\" for a crash that is not one)", fatal, got, want)
		}
	}
}
