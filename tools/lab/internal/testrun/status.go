package testrun

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"gomaps/labs/testout"
	"gomaps/tools/lab/internal/course"
)

// A Status is what one run of a lab's tests means to a learner.
type Status struct {
	Lab     *course.Lab
	Tests   []string              // the lab's top-level tests
	Failing []Failure             // top-level tests that failed or never ran
	Compile []string              // compiler errors, if the lab does not build
	Vet     bool                  // and those errors are go vet's
	Crash   *Crash                // the test binary died (fatal error, panic, timeout)
	Problem string                // the go command could not run at all
	Graders []course.GraderChange // test files that are not as shipped: the lab cannot pass
	Later   []course.LaterTest    // tests that need a newer Go than the one that ran: not in tests
}

// A Failure is a top-level test that failed, or did not run.
type Failure struct {
	Test    string
	Msg     []string // the first failure message, one or more lines
	NotRun  bool     // a crash stopped the binary before this test ran
	Race    bool     // the race detector reported a data race in it
	Crashed bool     // the test binary died in this test: see Status.Crash
}

// A Crash ended the test binary: everything after it did not run.
type Crash struct {
	Test     string   // the test that was running, if known
	Headline string   // "fatal error: concurrent map writes"
	Explain  string   // what it means, in one sentence
	Misuse   bool     // a lock released that was not held: a bug of the code as written, in any step
	Tail     []string // the frames in the course's files: where the code was
}

// Passing reports whether the lab passes: its tests, as shipped, all pass.
func (s *Status) Passing() bool {
	return s.TestsPass() && len(s.Graders) == 0
}

// TestsPass reports whether every test passed, whatever its test files hold.
func (s *Status) TestsPass() bool {
	return s.Problem == "" && s.Compile == nil && s.Crash == nil && len(s.Failing) == 0 && len(s.Tests) > 0
}

// Analyze turns the go test result for lab l into a Status.
func Analyze(c *course.Course, l *course.Lab, res *Output) *Status {
	s := &Status{Lab: l, Graders: c.GraderChanges(l)}
	s.Tests, s.Later = c.BuiltTests(l)
	p := res.Pkgs[c.Pkg(l)]
	if p == nil || (p.Status == "" && !p.BuildFailed) {
		if msg := res.goProblem(); msg != "" {
			s.Problem = msg
		} else {
			s.Problem = fmt.Sprintf("go test said nothing about %s: %s", l.Dir(), course.FirstLine(res.Stderr))
		}
		return s
	}
	if p.BuildFailed {
		for _, line := range p.BuildOutput {
			if strings.TrimSpace(line) != "" {
				s.Compile = append(s.Compile, line)
			}
		}
		if len(s.Compile) == 0 {
			s.Compile = []string{"(the go command gave no details)"}
		}
		s.Vet = p.VetFailed
		return s
	}
	// Tests the source declares that the run never mentioned still count.
	seen := map[string]bool{}
	for _, name := range p.Order {
		seen[name] = true
	}
	for _, name := range p.Order {
		if !strings.Contains(name, "/") && !slices.Contains(s.Tests, name) && !slices.Contains(laterNames(s.Later), name) {
			s.Tests = append(s.Tests, name)
		}
	}
	s.Crash = findCrash(c, p, l.Dir())
	for _, name := range s.Tests {
		t := p.Tests[name]
		switch {
		case t == nil || t.Status == "":
			if s.Crash != nil && s.Crash.Test == "" && t != nil {
				s.Crash.Test = name
			}
			s.Failing = append(s.Failing, Failure{Test: name, NotRun: s.Crash == nil || s.Crash.Test != name, Crashed: s.Crash != nil && s.Crash.Test == name})
		case s.Crash != nil && s.Crash.Test == name:
			s.Failing = append(s.Failing, Failure{Test: name, Crashed: true})
		case t.Status == "fail":
			f := Failure{Test: name}
			f.Msg, f.Race = firstMessage(p, name)
			s.Failing = append(s.Failing, f)
		}
	}
	return s
}

var msgRE = regexp.MustCompile(`^(\s+)([\w.-]+\.go:\d+): ?(.*)$`)

// firstMessage finds the first t.Error-style message of test name or one of
// its subtests.
func firstMessage(p *pkgResult, name string) (msg []string, race bool) {
	for _, tn := range p.Order {
		if tn != name && !strings.HasPrefix(tn, name+"/") {
			continue
		}
		lines := p.Tests[tn].Output
		for i, line := range lines {
			if strings.Contains(line, "WARNING: DATA RACE") {
				race = true
			}
			m := msgRE.FindStringSubmatch(line)
			if m == nil || msg != nil {
				continue
			}
			indent := len(m[1])
			var raw []string
			for _, next := range lines[i+1:] {
				// A line of spaces and tabs deeper than the message (testify's blank line
				// inside a diff) belongs to it; an empty or shallower line ends it.
				if len(next)-len(strings.TrimLeft(next, " \t")) <= indent {
					break
				}
				raw = append(raw, next)
			}
			body := testifyMessage(m[3], raw)
			if tn != name {
				body[0] = "(" + strings.TrimPrefix(tn, name+"/") + ") " + body[0]
			}
			msg = append([]string{m[2] + ": " + body[0]}, body[1:]...)
		}
	}
	if race && msg == nil {
		msg = []string{"the race detector found a data race"}
	}
	return msg, race
}

// testifyMessage turns the lines under a test's message into what a learner reads. testify's
// block ("Error Trace:", "Error:", "Test:", "Messages:", each a label and a value between tabs,
// the value going on over the lines below it) becomes the message first, then the whole error
// (a Not equal's expected, actual and diff included), without the trace and the test's name.
// Other lines are kept, trimmed.
func testifyMessage(first string, raw []string) []string {
	if strings.TrimSpace(first) != "" || len(raw) == 0 || !strings.HasPrefix(strings.TrimSpace(raw[0]), "Error Trace:") {
		body := []string{first}
		for _, line := range raw {
			body = append(body, strings.TrimSpace(line))
		}
		return body
	}
	var errLines, msgLines []string
	var cur *[]string
	for _, line := range raw {
		// "<indent>\tLabel:   \tvalue" or "<indent>\t         \tvalue going on".
		_, rest, _ := strings.Cut(line, "\t")
		label, value, ok := strings.Cut(rest, "\t")
		if !ok {
			label, value = "", rest
		}
		if label = strings.TrimSpace(label); label != "" {
			switch label {
			case "Error:":
				cur = &errLines
			case "Messages:":
				cur = &msgLines
			default:
				cur = nil
			}
		}
		if cur != nil && (label != "" || len(*cur) > 0) {
			*cur = append(*cur, strings.TrimRight(value, " \t"))
		}
	}
	for len(errLines) > 0 && errLines[len(errLines)-1] == "" {
		errLines = errLines[:len(errLines)-1]
	}
	out := append(msgLines, errLines...)
	if len(out) == 0 {
		return []string{first}
	}
	return out
}

// lockMisuseEnd ends the explanation of every fatal error of package sync.
const lockMisuseEnd = "; the runtime stops the whole program and recover cannot catch it: release each Lock with Unlock and each RLock with RUnlock, once (chapter 06)"

// crashes the runtime can end a test binary with, and what each means, after the fatal errors
// of package sync, which testout.LockMisuse explains: lock misuses, not races on a map.
var crashExplanations = []struct {
	match, explain string
}{
	{"concurrent map writes", "two goroutines wrote the same map at once; the runtime stops the whole program and recover cannot catch it (chapter 06)"},
	{"concurrent map read and map write", "one goroutine read a map while another wrote it; the runtime stops the whole program and recover cannot catch it (chapter 06)"},
	{"concurrent map clone and map write", "one goroutine copied a map (maps.Clone) while another wrote it; the runtime stops the whole program and recover cannot catch it (chapter 06)"},
	{"concurrent map iteration and map write", "one goroutine ranged over a map while another wrote it; the runtime stops the whole program and recover cannot catch it (chapter 06)"},
	{"all goroutines are asleep - deadlock!", "every goroutine is blocked: a channel or lock that nothing will ever release"},
	{"stack overflow", "a function calls itself without end"},
	{"assignment to entry in nil map", "a map was written before it was made: use make or a literal first"},
	{"test timed out", "a test ran too long: look for a loop that never ends or a goroutine that waits forever"},
	{"invalid memory address or nil pointer dereference", "a nil pointer was used"},
	{"hash of unhashable type", "a map key's dynamic type is not comparable (a slice, map or func inside an interface)"},
}

// findCrash looks for a fatal error, a panic or a timeout in the run of the lab in dir.
func findCrash(c *course.Course, p *pkgResult, dir string) *Crash {
	scan := func(test string, lines []string) *Crash {
		head, i := testout.Crash(lines)
		if i < 0 {
			return nil
		}
		cr := &Crash{Test: test, Headline: head, Explain: "the test binary stopped here"}
		if misuse := testout.LockMisuse(strings.TrimPrefix(head, "fatal error: ")); misuse != "" {
			cr.Explain, cr.Misuse = misuse+lockMisuseEnd, true
		}
		for _, e := range crashExplanations {
			if !cr.Misuse && strings.Contains(head, e.match) {
				cr.Explain = e.explain
				break
			}
		}
		frames := testout.Frames(lines[i+1:])
		cr.Tail = crashFrames(c, frames)
		if strings.Contains(head, "test timed out") {
			if t := testout.TimedOutTest(lines[i+1:]); t != "" {
				cr.Test = t
			}
			// The goroutine that panics is the test timer's: the loop is in another one.
			cr.Tail = learnerFrames(c, frames, dir)
		}
		return cr
	}
	for _, name := range p.Order {
		if cr := scan(name, p.Tests[name].Output); cr != nil {
			if i := strings.Index(cr.Test, "/"); i >= 0 {
				cr.Test = cr.Test[:i]
			}
			return cr
		}
	}
	return scan("", p.Output)
}

// crashFrames keeps the frames of the first stack (the goroutine that crashed) that point into the
// course's own files, so the tail of a crash shows the learner's lines, not the runtime's.
func crashFrames(c *course.Course, frames []testout.Frame) []string {
	var out []string
	for _, f := range frames {
		if f.Goroutine != frames[0].Goroutine {
			break
		}
		if !strings.HasPrefix(f.Path, filepath.ToSlash(c.Root)+"/") {
			continue
		}
		entry := frameEntry(c, f)
		if !slices.Contains(out, entry) {
			out = append(out, entry)
		}
		if len(out) == 6 {
			break
		}
	}
	return out
}

// learnerFrames keeps, from every goroutine of a dump, the frames in the lab's own files (the
// learner's first, then its tests'): after a timeout, where the code was when time ran out.
func learnerFrames(c *course.Course, frames []testout.Frame, dir string) []string {
	labDir := filepath.ToSlash(filepath.Join(c.Root, dir))
	var mine, tests []string
	for _, f := range frames {
		if !f.In(labDir) {
			continue
		}
		entry := frameEntry(c, f)
		list := &mine
		if f.InTest() {
			list = &tests
		}
		if !slices.Contains(*list, entry) {
			*list = append(*list, entry)
		}
	}
	out := append(mine, tests...)
	if len(out) > 6 {
		out = out[:6]
	}
	return out
}

// frameEntry is how a crash's tail shows a frame: "labs/01-demo/demo.go:6 Count".
func frameEntry(c *course.Course, f testout.Frame) string {
	return fmt.Sprintf("%s:%s %s", c.Rel(filepath.FromSlash(f.Path)), f.Line, f.Short())
}
