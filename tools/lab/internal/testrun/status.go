// Package testrun runs the labs' tests and says what a run means to a learner: a lab's Status
// (its failures, each with its first message; a crash, explained; the step the learner is on;
// the tests that need a newer Go), the Report that run and watch print, and the Record of each
// lab's last run, kept in the user's cache folder, from which list and progress tell every lab's
// state without running again the labs that did not change.
package testrun

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"time"

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
	Skipped []string              // tests that skipped (t.Skip): neither failing nor passing
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
	Test     string      // the test that was running, if known
	Headline string      // "fatal error: concurrent map writes"
	Explain  course.Text // what it means, in one sentence
	Misuse   bool        // a lock released that was not held: a bug of the code as written, in any step
	Tail     []string    // the frames in the course's files: where the code was
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
	switch {
	case p == nil || (p.Status == "" && !p.BuildFailed):
		if s.Problem = res.goProblem(c.Lang); s.Problem == "" {
			s.Problem = fmt.Sprintf("go test said nothing about %s: %s", l.Dir(), course.FirstLine(res.Stderr))
		}
		return s
	case p.BuildFailed:
		s.Compile = slices.DeleteFunc(slices.Clone(p.BuildOutput), func(line string) bool { return strings.TrimSpace(line) == "" })
		if len(s.Compile) == 0 {
			s.Compile = []string{"(the go command gave no details)"}
		}
		s.Vet = p.VetFailed
		return s
	}
	// Tests of the run that the source does not declare (nor leaves to a newer Go) count too.
	for _, name := range p.Order {
		if !strings.Contains(name, "/") && !slices.Contains(s.Tests, name) && !slices.ContainsFunc(s.Later, func(t course.LaterTest) bool { return t.Name == name }) {
			s.Tests = append(s.Tests, name)
		}
	}
	s.Crash = findCrash(c, p, l.Dir())
	for _, name := range s.Tests {
		t := p.Tests[name]
		crashed := s.Crash != nil && s.Crash.Test == name
		switch {
		case t == nil || t.Status == "" || crashed:
			if s.Crash != nil && s.Crash.Test == "" && t != nil {
				s.Crash.Test, crashed = name, true
			}
			s.Failing = append(s.Failing, Failure{Test: name, NotRun: !crashed, Crashed: crashed})
		case t.Status == "fail":
			f := Failure{Test: name}
			f.Msg, f.Race = firstMessage(p, name)
			s.Failing = append(s.Failing, f)
		case t.Status == "skip":
			s.Skipped = append(s.Skipped, name)
		}
	}
	return s
}

var msgRE = regexp.MustCompile(`^(\s+)([\w.-]+\.go:\d+): ?(.*)$`)

// firstMessage finds the first t.Error-style message of test name or one of its subtests.
func firstMessage(p *testout.Package, name string) (msg []string, race bool) {
	for _, tn := range p.Order {
		if tn != name && !strings.HasPrefix(tn, name+"/") {
			continue
		}
		lines := p.Tests[tn].Output
		for i, line := range lines {
			race = race || strings.Contains(line, "WARNING: DATA RACE")
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
			cur = map[string]*[]string{"Error:": &errLines, "Messages:": &msgLines}[label]
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

// stops says, in each language, that a fatal error stops the whole program.
var stops = course.Text{En: "; the runtime stops the whole program and recover cannot catch it", Zh: "；运行时会停掉整个程序，recover 也拦不住"}

// onMap explains a fatal error of a map, in each language.
func onMap(en, zh string) course.Text {
	return course.Text{En: en + stops.En + " (chapter 06)", Zh: zh + stops.Zh + "（第 06 章）"}
}

type crashExplanation struct {
	match   string
	explain course.Text
}

// crashExplanations are the crashes the runtime can end a test binary with, and what each
// means, after the fatal errors of package sync (lock misuses, not races on a map), which
// testout.LockMisuse explains and lockMisuseZh says in Chinese.
var crashExplanations = []crashExplanation{
	{"concurrent map writes", onMap("two goroutines wrote the same map at once", "两个 goroutine 同时写同一个 map")},
	{"concurrent map read and map write", onMap("one goroutine read a map while another wrote it", "一个 goroutine 读一个 map 的同时，另一个在写它")},
	{"concurrent map clone and map write", onMap("one goroutine copied a map (maps.Clone) while another wrote it", "一个 goroutine 复制一个 map（maps.Clone）的同时，另一个在写它")},
	{"concurrent map iteration and map write", onMap("one goroutine ranged over a map while another wrote it", "一个 goroutine 遍历一个 map 的同时，另一个在写它")},
	{"all goroutines are asleep - deadlock!", course.Text{En: "every goroutine is blocked: a channel or lock that nothing will ever release", Zh: "所有 goroutine 都阻塞了：某个 channel 或锁永远不会被释放"}},
	{"stack overflow", course.Text{En: "a function calls itself without end", Zh: "某个函数无休止地调用自己"}},
	{"assignment to entry in nil map", course.Text{En: "a map was written before it was made: use make or a literal first", Zh: "一个 map 还没创建就被写入了：先用 make 或字面量创建它"}},
	{"test timed out", course.Text{En: "a test ran too long: look for a loop that never ends or a goroutine that waits forever", Zh: "某个测试运行得太久了：找一找永远不会结束的循环，或者永远在等待的 goroutine"}},
	{"invalid memory address or nil pointer dereference", course.Text{En: "a nil pointer was used", Zh: "用到了 nil 指针"}},
	{"hash of unhashable type", course.Text{En: "a map key's dynamic type is not comparable (a slice, map or func inside an interface)", Zh: "某个 map 键的动态类型不可比较（接口里装着切片、map 或函数）"}},
}

// lockMisuseZh says the explanations of testout.LockMisuse in Chinese; one without stays English.
var lockMisuseZh = map[string]string{
	"a lock misuse: an Unlock without its Lock, or RLock paired with Unlock":                                                         "锁用错了：有 Unlock 却没有对应的 Lock，或者 RLock 配了 Unlock",
	"a lock misuse: an RUnlock without its RLock, or Lock paired with RUnlock":                                                       "锁用错了：有 RUnlock 却没有对应的 RLock，或者 Lock 配了 RUnlock",
	"a lock misuse: an Unlock without its Lock, or RLock paired with Unlock (there or in another function that takes the same lock)": "锁用错了：有 Unlock 却没有对应的 Lock，或者 RLock 配了 Unlock（在这里，或者在另一个使用同一把锁的函数里）",
	"a lock misuse: a lock of package sync was used wrongly":                                                                         "锁用错了：sync 包里的某把锁用法不对",
}

// lockMisuse explains a lock misuse, in each language.
func lockMisuse(misuse string) course.Text {
	t := course.Text{En: misuse + stops.En + ": release each Lock with Unlock and each RLock with RUnlock, once (chapter 06)", Zh: lockMisuseZh[misuse]}
	if t.Zh == "" {
		t.Zh = t.En
	} else {
		t.Zh += stops.Zh + "：每个 Lock 用 Unlock 释放、每个 RLock 用 RUnlock 释放，各一次（第 06 章）"
	}
	return t
}

// findCrash looks for a fatal error, a panic or a timeout in the run of the lab in dir.
func findCrash(c *course.Course, p *testout.Package, dir string) *Crash {
	scan := func(test string, lines []string) *Crash {
		head, i := testout.Crash(lines)
		if i < 0 {
			return nil
		}
		cr := &Crash{Test: test, Headline: head, Explain: course.Text{En: "the test binary stopped here", Zh: "测试程序在这里停止了"}}
		if misuse := testout.LockMisuse(strings.TrimPrefix(head, "fatal error: ")); misuse != "" {
			cr.Explain, cr.Misuse = lockMisuse(misuse), true
		} else if i := slices.IndexFunc(crashExplanations, func(e crashExplanation) bool { return strings.Contains(head, e.match) }); i >= 0 {
			cr.Explain = crashExplanations[i].explain
		}
		timedOut := strings.Contains(head, "test timed out")
		if t := testout.TimedOutTest(lines[i+1:]); timedOut && t != "" {
			cr.Test = t
		}
		cr.Tail = crashTail(c, testout.Frames(lines[i+1:]), dir, timedOut)
		return cr
	}
	for _, name := range p.Order {
		if cr := scan(name, p.Tests[name].Output); cr != nil {
			cr.Test, _, _ = strings.Cut(cr.Test, "/")
			return cr
		}
	}
	return scan("", p.Output)
}

// crashTail is where the code was when the test binary died, six frames at most: those of the
// goroutine that crashed that are in the course's files; after a timeout, whose panic is the
// test timer's, the frames of every goroutine in the lab's own files, the learner's first.
func crashTail(c *course.Course, frames []testout.Frame, dir string, timedOut bool) []string {
	root, labDir := filepath.ToSlash(c.Root)+"/", filepath.ToSlash(filepath.Join(c.Root, dir))
	var mine, tests []string
	for _, f := range frames {
		if !timedOut && f.Goroutine != frames[0].Goroutine {
			break
		}
		if (timedOut && !f.In(labDir)) || (!timedOut && !strings.HasPrefix(f.Path, root)) {
			continue
		}
		list := &mine
		if timedOut && f.InTest() {
			list = &tests
		}
		entry := fmt.Sprintf("%s:%s %s", c.Rel(filepath.FromSlash(f.Path)), f.Line, f.Short()) // "labs/01-demo/demo.go:6 Count"
		if !slices.Contains(*list, entry) {
			*list = append(*list, entry)
		}
	}
	out := append(mine, tests...)
	return out[:min(len(out), 6)]
}

// Output is a whole go test run.
type Output struct {
	Pkgs   map[string]*testout.Package // by import path
	Stderr string                      // what the go command itself printed
	Err    error                       // how the go command exited
}

// GoTestRuns counts the runs of go test, for the tests of the result cache.
var GoTestRuns atomic.Int64

// ProgressEvery is how often a run that is still going says so (the golden tests make it an
// hour: how long a run takes depends on the machine).
var ProgressEvery = 10 * time.Second

// Lab runs the tests of lab l and analyzes them.
func Lab(ctx context.Context, c *course.Course, l *course.Lab, extra ...string) *Status {
	return Labs(ctx, c, []*course.Lab{l}, extra...)[0]
}

// Labs runs the tests of the given labs in one go test and analyzes each.
func Labs(ctx context.Context, c *course.Course, labs []*course.Lab, extra ...string) []*Status {
	res := GoTest(ctx, c, labs, extra...)
	out := make([]*Status, len(labs))
	for i, l := range labs {
		out[i] = Analyze(c, l, res)
	}
	return out
}

// GoTest runs go test -json on the given labs, each test binary limited to the longest of their
// time limits unless extra says otherwise (-timeout=D). While it waits it says so on c.Progress,
// every ProgressEvery.
func GoTest(ctx context.Context, c *course.Course, labs []*course.Lab, extra ...string) *Output {
	GoTestRuns.Add(1)
	limit, dirs := time.Duration(0), []string{}
	for _, l := range labs {
		limit, dirs = max(limit, l.Timeout), append(dirs, "./"+filepath.ToSlash(l.Dir()))
	}
	args := slices.Concat([]string{"test", "-json", "-timeout", limit.String()}, extra, dirs)
	for _, a := range extra { // a later -timeout wins, as it does for go test
		if d, err := time.ParseDuration(strings.TrimPrefix(a, "-timeout=")); err == nil && strings.HasPrefix(a, "-timeout=") {
			limit = d
		}
	}
	if c.Progress != nil {
		defer sayStillRunning(c, labs, limit)()
	}
	cmd := c.Go.With("GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS"))).Command(ctx, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	return &Output{Pkgs: testout.ReadJSON(&stdout), Stderr: stderr.String(), Err: err}
}

// sayStillRunning says on c.Progress, every ProgressEvery until stop is called, that the tests
// of labs are still running.
func sayStillRunning(c *course.Course, labs []*course.Lab, limit time.Duration) (stop func()) {
	done := make(chan struct{})
	start := time.Now()
	lang := c.Lang
	what := fmt.Sprintf(lang.Pick("lab %s", "实验 %s "), labs[0].Name)
	if len(labs) > 1 {
		what = fmt.Sprintf(lang.Pick("%d labs", " %d 个实验"), len(labs))
	}
	go func() {
		t := time.NewTicker(ProgressEvery)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				// The limit is go test's -timeout: it counts from the start of each test binary,
				// while the time shown counts the compiling too.
				fmt.Fprintf(c.Progress, lang.Pick("still running the tests of %s (%.0f s so far, compiling included; a test binary that runs %v is stopped)\n",
					"仍在运行%s的测试（到现在 %.0f 秒，包括编译；测试程序运行到 %v 时会被停掉）\n"), what, time.Since(start).Seconds(), limit)
			}
		}
	}()
	return func() { close(done) }
}

// goProblem explains, in lang, a go command that failed before running any test of the package
// (a toolchain it could not get, a broken go.mod): one sentence.
func (r *Output) goProblem(lang course.Lang) string {
	if r.Err == nil {
		return ""
	}
	if _, ok := r.Err.(*exec.ExitError); !ok {
		return fmt.Sprintf(lang.Pick("could not run go test: %v", "无法运行 go test：%v"), r.Err)
	}
	for _, line := range strings.Split(r.Stderr, "\n") {
		line, ok := strings.CutPrefix(strings.TrimSpace(line), "go: ")
		switch {
		case !ok:
		case strings.Contains(line, "toolchain") || strings.Contains(line, "download go"):
			return fmt.Sprintf(lang.Pick("the go command could not get the Go toolchain it needs (%s): check GOTOOLCHAIN or install that Go version",
				"go 命令拿不到它需要的 Go 工具链（%s）：检查 GOTOOLCHAIN，或者安装那个 Go 版本"), line)
		default:
			return lang.Pick("go test could not run: ", "go test 无法运行：") + line
		}
	}
	return ""
}
