package s0

// The claims about races: the post's counter snippet (section 2.2), what a racing map does to
// the process (sections 3.1 and 3.3), and the race detector's flag and report (section 4.4).

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	claims "gomaps/chapters/code/09-claims"
	"gomaps/chapters/code/09-claims/check"
	"gomaps/chapters/code/09-claims/check/inspector"
)

const counter = "./chapters/code/09-claims/s0/testdata/counter"

// raceRun runs the counter snippet with the race detector and returns the output of a run that
// reported the race. The detector reports only what it observes and never a race that is not
// there, so a run without a report proves nothing either way: the observation is made again, up
// to raceTries runs, and the test fails only if none of them reports the race.
func raceRun(t *testing.T) string {
	t.Helper()
	var out string
	var code int
	for try := 1; try <= raceTries; try++ {
		out, code = check.Go(t, 5*time.Minute, nil, "run", "-race", counter)
		if code != 0 && strings.Contains(out, "WARNING: DATA RACE") {
			return out
		}
		t.Logf("run %d of %d: exit status %d and no race report: observing again", try, raceTries, code)
	}
	t.Fatalf("go run -race of the counter snippet, %d runs: none reported the race; the last, exit status %d:\n%s", raceTries, code, out)
	return ""
}

// raceTries bounds the runs of raceRun.
const raceTries = 3

func TestS0_21_CounterSnippetIsADataRace(t *testing.T) {
	out := raceRun(t)
	// go run prints the program's exit status when it is not 0: the detector's is 66.
	if !strings.Contains(out, "exit status 66") {
		t.Errorf("want the race detector's exit status 66:\n%s", out)
	}
}

func TestS0_22_CounterIncrementIsOneInstruction(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skipf("the claim names amd64 instructions; this is %s", runtime.GOARCH)
	}
	src, err := os.ReadFile(check.Resolver(t).Repo + "/" + counter + "/main.go")
	if err != nil {
		t.Fatal(err)
	}
	line := 0
	for i, l := range strings.Split(string(src), "\n") {
		if strings.TrimSpace(l) == "counter++" {
			line = i + 1
		}
	}
	out, code := check.Go(t, 5*time.Minute, nil, "build", "-o", os.DevNull, "-gcflags=-S", counter)
	if code != 0 {
		t.Fatalf("go build -gcflags=-S: exit status %d:\n%s", code, out)
	}
	// The instructions of the counter++ line that touch the counter.
	at := regexp.MustCompile(fmt.Sprintf(`\(.*main\.go:%d\)\s+(\w+)\s+main\.counter\(SB\)`, line))
	var ops []string
	for _, m := range at.FindAllStringSubmatch(out, -1) {
		ops = append(ops, m[1])
	}
	if len(ops) != 1 || ops[0] != "INCQ" {
		t.Fatalf("counter++ (main.go:%d) touches main.counter with %v; want one INCQ", line, ops)
	}
	t.Logf("%s, main.go:%d counter++: INCQ main.counter(SB), one instruction, without a LOCK prefix", runtime.Version(), line)
}

func TestS0_23_CounterRaceRaisesNoError(t *testing.T) {
	out, code := check.Go(t, 5*time.Minute, nil, "run", counter)
	if code != 0 || strings.Contains(out, "panic") || strings.Contains(out, "fatal error") {
		t.Fatalf("the counter snippet without -race: exit status %d:\n%s", code, out)
	}
	// One writer, as in the post: nothing can even be lost.
	if !strings.Contains(out, "counter = 1000000, want 1000000") {
		t.Errorf("want the writer's million increments:\n%s", out)
	}
}

func TestS0_40_FatalErrorEndsEveryGoroutine(t *testing.T) {
	// The "watch" goroutine races a map, or panics; the main goroutine waits for it and would
	// then print that the process survived.
	t.Run("map race", func(t *testing.T) {
		if check.IsChild(t) {
			writeRace(2) // the watch goroutine and a handler; main waits for them, then says "no crash"
			return
		}
		// wantFatal also fails if a recover ran or main went on ("no crash" after a race).
		raceChild(t, "concurrent map")
	})
	t.Run("panic", func(t *testing.T) {
		if check.IsChild(t) {
			done := make(chan bool)
			go func() { // a goroutine that panics, with nothing to recover it
				var pods map[string]int
				pods["web-0"] = 1
				done <- true
			}()
			<-done
			fmt.Println("the process survived the panic")
			return
		}
		out, code := check.Child(t, time.Minute)
		if code != 2 || !strings.Contains(out, "panic: assignment to entry in nil map") || strings.Contains(out, "survived") {
			t.Fatalf("a goroutine's panic: exit status %d; want 2, the panic, and no more of main:\n%s", code, out)
		}
	})
}

func TestS0_41_GOGCDoesNotDecideTheCrash(t *testing.T) {
	if check.IsChild(t) {
		writeRace(2)
		return
	}
	// On this lane the crash comes under every setting.
	for _, gogc := range []string{"GOGC=10", "GOGC=100", "GOGC=off"} {
		raceChild(t, "concurrent map writes", gogc)
	}
	// "Sooner" is about time: the ruling's figures and its conclusion must be those of the
	// committed measurement of the times to the crash.
	checkGOGCRuling(t)
}

// gogcRow is a line of chapters/out/09-s0-gogc.txt's table; gogcP one of its p-values.
var (
	gogcRow = regexp.MustCompile(`(?m)^(\S+) +(\d+) +(\d+) +([0-9.]+) ms +\[ *([0-9.]+) ms, +([0-9.]+) ms\] +([0-9.]+) ms$`)
	gogcP   = regexp.MustCompile(`(?m)^GOGC=10 against GOGC=(\S+): Mann-Whitney p = ([0-9.]+)$`)
)

// checkGOGCRuling checks S0-41's ruling against the committed output of the gogcrace program:
// the runs, the crashes, every median, interval and p-value it prints, and its conclusion that
// GOGC=10 did not bring the crash sooner, which holds only if, against each other setting, the
// median at GOGC=10 is not lower or the difference is not significant (p >= 0.05), and that the
// medians lean the other way, later at GOGC=10.
func checkGOGCRuling(t *testing.T) {
	t.Helper()
	c, ok := claims.ByID("S0-41")
	if !ok {
		t.Fatal("no row S0-41")
	}
	data, err := os.ReadFile(filepath.Join(check.Resolver(t).Repo, "chapters", "out", "09-s0-gogc.txt"))
	if err != nil {
		t.Fatal(err)
	}
	out := string(data)
	rows := gogcRow.FindAllStringSubmatch(out, -1)
	if len(rows) != 3 {
		t.Fatalf("chapters/out/09-s0-gogc.txt has %d rows of the table; want 3 (GOGC=10, 100, off):\n%s", len(rows), out)
	}
	says := func(what, s string) {
		if !strings.Contains(c.Ruling, s) {
			t.Errorf("S0-41's ruling does not say %s, %q, as chapters/out/09-s0-gogc.txt does", what, s)
		}
	}
	median := map[string]float64{}
	for _, r := range rows {
		gogc, runs, crashed := r[1], r[2], r[3]
		if crashed != runs {
			t.Errorf("GOGC=%s: %s of %s runs crashed; the ruling says every run did", gogc, crashed, runs)
		}
		says("the runs per setting", runs+" runs per setting")
		says("the median at GOGC="+gogc, r[4]+" ms")
		says("the median's interval at GOGC="+gogc, r[5]+"–"+r[6])
		median[gogc], _ = strconv.ParseFloat(r[4], 64)
	}
	says("that every run crashed", "in every run")
	says("its conclusion", "did not bring the crash sooner")
	ps := gogcP.FindAllStringSubmatch(out, -1)
	if len(ps) != 2 {
		t.Fatalf("chapters/out/09-s0-gogc.txt has %d p-values; want 2:\n%s", len(ps), out)
	}
	says("which way the medians lean", "later at `GOGC=10`")
	for _, m := range ps {
		says("the p-value against GOGC="+m[1], "p = "+m[2])
		if median["10"] <= median[m[1]] {
			t.Errorf("the median at GOGC=10 (%g ms) is not above that at GOGC=%s (%g ms): the ruling says the crash came later at GOGC=10", median["10"], m[1], median[m[1]])
		}
		p, _ := strconv.ParseFloat(m[2], 64)
		if p < 0.05 && median["10"] < median[m[1]] {
			t.Errorf("GOGC=10 crashed sooner than GOGC=%s (median %g ms against %g ms, p = %g): the ruling says it did not", m[1], median["10"], median[m[1]], p)
		}
	}
}

func TestS0_48_TheCrashIsAFatalErrorInMapassignFaststr(t *testing.T) {
	if check.IsChild(t) {
		writeRace(2) // a map[string]int, like an informer's keys
		return
	}
	check.Has(t, claims.Go127, "src/runtime/panic.go", `^func fatal\(s string\)`)
	check.Has(t, claims.Go127, "src/runtime/panic.go", `// \(fp, sp, pc\) in the stack trace unless GOTRACEBACK=system or higher\.`)
	// By default (GOTRACEBACK=single) the traceback of a fatal error leaves the runtime's frames
	// out: it shows where the program wrote the map, not which runtime function found the race.
	out := raceChild(t, "concurrent map writes", "GOTRACEBACK=single")
	for _, not := range []string{"runtime.fatal(", "runtime.mapassign_faststr(", "runtime.throw("} {
		if strings.Contains(out, not) {
			t.Errorf("with GOTRACEBACK=single the traceback has a %s frame:\n%s", not, out)
		}
	}
	if !strings.Contains(out, "writeRace") {
		t.Errorf("with GOTRACEBACK=single the traceback has no frame of the program's writer:\n%s", out)
	}
	// Swiss tables reach runtime.fatal through internal/runtime/maps.fatal, a frame outside
	// package runtime, so the default traceback shows it; the classic map calls fatal directly.
	if got, want := strings.Contains(out, "internal/runtime/maps.fatal("), !inspector.Classic(); got != want {
		t.Errorf("with GOTRACEBACK=single an internal/runtime/maps.fatal frame: %v; want %v:\n%s", got, want, out)
	}
	// GOTRACEBACK=system shows them: runtime.fatal, called from mapassign_faststr.
	out = raceChild(t, "concurrent map writes", "GOTRACEBACK=system")
	for _, want := range []string{"runtime.fatal(", "runtime.mapassign_faststr("} {
		if !strings.Contains(out, want) {
			t.Errorf("with GOTRACEBACK=system the traceback has no %s frame:\n%s", want, out)
		}
	}
	for _, not := range []string{"runtime.throw(", "mapassign_fast64"} {
		if strings.Contains(out, not) {
			t.Errorf("with GOTRACEBACK=system the traceback has a %s frame:\n%s", not, out)
		}
	}
}

func TestS0_62_LdflagsRaceDetectsNothing(t *testing.T) {
	out, code := check.Go(t, 5*time.Minute, nil, "run", "-ldflags=-race", counter)
	if code != 0 || strings.Contains(out, "DATA RACE") {
		t.Fatalf("go run -ldflags=-race: exit status %d; want 0 and no report:\n%s", code, out)
	}
	// The go command's -race does: the same program, the same race, reported.
	raceRun(t)
}

func TestS0_64_RaceReportHeadings(t *testing.T) {
	out := raceRun(t)
	for _, want := range []string{
		// The access that revealed the race, then the earlier one: which side is which varies.
		`(?m)^(Read|Write) at 0x[0-9a-f]+ by goroutine \d+:$`,
		`(?m)^Previous (read|write) at 0x[0-9a-f]+ by goroutine \d+:$`,
		`(?m)^Goroutine \d+ \(running\) created at:$`,
	} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("the report has no line matching %s:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Current read") {
		t.Errorf("the report has a heading Current read:\n%s", out)
	}
}
