package testrun

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"gomaps/tools/lab/internal/course"
)

// A Record is what the runner keeps of a lab's last run, keyed by a hash of everything the result
// depends on (see labKey): what list and progress show, and hint reads (LastResult).
type Record struct {
	Key          string      // labKey when it was run
	State        course.Text // the STATE column of list
	Passing      bool
	Kind         string      // the state in a word or two, for progress: one of the Kind constants
	Step         int         // the step the learner is on, in a lab taught in steps; 0 when none
	Steps        int         // the lab's last step; 0 for a lab without steps
	Tests        int         // how many tests the lab has,
	Failing      int         // and how many of them fail
	FailingTests []string    `json:",omitempty"` // the failing tests that ran: for course.FirstUnit
	Later        course.Text // the tests that need a newer Go, said as hint says them: (*Status).LaterNote
}

// The kinds of state a lab can be in, as progress -json names them.
const (
	KindPassing      = "passing"
	KindNotStarted   = "not started"
	KindAtStep       = "at step"     // a lab taught in steps, failing: step says which
	KindFailing      = "failing"     // a lab without steps (or past its steps), failing
	KindCrash        = "crash"       // the test binary died
	KindBuildError   = "build error" // it does not compile
	KindVetError     = "vet error"   // go vet, run by go test, fails
	KindTestsChanged = "tests changed"
	KindCannotRun    = "cannot run"
	KindNotRun       = "not run" // changed since its last run, not run again
)

// resultsVersion changes when Record gains a field, so that older records run again.
const resultsVersion = "results 4"

// records are the labs' last results, by lab, and the toolchain that runs them now.
type records struct {
	toolchain string
	byLab     map[string]Record
}

// loadRecords reads the runner's records of the course.
func loadRecords(c *course.Course) records {
	rs := records{byLab: map[string]Record{}}
	if env, err := c.Go.GoEnv(); err == nil {
		// The Go that runs the tests, with the settings that change a result.
		for _, k := range []string{"GOVERSION", "GOEXPERIMENT", "GOFLAGS", "GOARCH", "GOOS", "CGO_ENABLED"} {
			rs.toolchain += env[k] + "\n"
		}
	}
	c.LoadState("results", &rs.byLab)
	return rs
}

// current returns lab l's last result, when nothing it depends on changed since.
func (rs records) current(c *course.Course, l *course.Lab) (Record, bool) {
	r, ok := rs.byLab[l.Name]
	return r, ok && rs.toolchain != "" && r.Key != "" && r.Key == labKey(c, l, rs.toolchain)
}

// Remember records the results of a run of some labs.
func Remember(c *course.Course, statuses []*Status) {
	rs := loadRecords(c)
	if rs.toolchain == "" {
		return
	}
	for _, s := range statuses {
		if s.Problem != "" {
			continue
		}
		if key := labKey(c, s.Lab, rs.toolchain); key != "" {
			r := s.Result(c)
			r.Key = key
			rs.byLab[s.Lab.Name] = r
		}
	}
	c.SaveState("results", rs.byLab)
}

// LastResult returns lab l's last result; ok is false when it must run again.
func LastResult(c *course.Course, l *course.Lab) (r Record, ok bool) {
	return loadRecords(c).current(c, l)
}

// States returns every lab's state for list. A lab whose files are all as shipped is not
// started, without a run: the course's CI proves that every shipped lab fails all its tests. A
// lab whose key is the one of its last run has that run's result. The others run now, in one go
// test, unless runOthers is false: then they are reported as not run since they changed.
func States(ctx context.Context, c *course.Course, runOthers bool) ([]Record, error) {
	rs := loadRecords(c)
	out := make([]Record, len(c.Labs))
	for i, l := range c.Labs {
		if c.IsUntouched(l) {
			built, _ := c.BuiltTests(l)
			n := len(built)
			out[i] = Record{Kind: KindNotStarted, Tests: n, Failing: n, State: course.Say(func(lang course.Lang) string { return notStarted(n, lang) })}
			if steps := c.LabSteps(l); len(steps) > 0 {
				out[i].Steps = steps[len(steps)-1]
			}
		} else if r, ok := rs.current(c, l); ok {
			out[i] = r
		} else {
			out[i] = Record{State: course.Text{En: "changed since its last run", Zh: "上次运行之后改动过"}, Kind: KindNotRun}
		}
	}
	if !runOthers {
		return out, nil
	}
	return out, runAgain(ctx, c, out, func(int) bool { return true })
}

// runAgain runs in one go test the labs not run since they changed that pick picks (by index),
// and records their results, in states too.
func runAgain(ctx context.Context, c *course.Course, states []Record, pick func(i int) bool) error {
	var labs []*course.Lab
	var at []int
	for i, r := range states {
		if r.Kind == KindNotRun && pick(i) {
			labs, at = append(labs, c.Labs[i]), append(at, i)
		}
	}
	if len(labs) == 0 {
		return nil
	}
	statuses := Labs(ctx, c, labs)
	if ctx.Err() != nil {
		return ctx.Err()
	}
	for j, s := range statuses {
		if s.Problem != "" {
			return errors.New(s.Problem)
		}
		states[at[j]] = s.Result(c)
	}
	Remember(c, statuses)
	return nil
}

// NextLab is the lowest lab that is not known to pass, or nil when every lab passes.
func NextLab(c *course.Course, states []Record) *course.Lab {
	if i := slices.IndexFunc(states, func(r Record) bool { return !r.Passing }); i >= 0 {
		return c.Labs[i]
	}
	return nil
}

// Next is the next lab to do, as list names it: the lowest lab that does not pass. It knows
// what list knows, but runs fewer labs: of the labs that changed since their last run, only
// those below the first lab known not to pass, which decide whether it is next (a lab run again
// may pass). It returns nil when every lab passes.
func Next(ctx context.Context, c *course.Course) (*course.Lab, error) {
	states, err := States(ctx, c, false)
	if err != nil {
		return nil, err
	}
	first := slices.IndexFunc(states, func(r Record) bool { return !r.Passing && r.Kind != KindNotRun })
	if err := runAgain(ctx, c, states, func(i int) bool { return first < 0 || i < first }); err != nil {
		return nil, err
	}
	return NextLab(c, states), nil
}

// Result is the Record of the run s.
func (s *Status) Result(c *course.Course) Record {
	kind := s.kind(c)
	r := Record{Kind: kind, Passing: s.Passing(), Tests: len(s.Tests), Failing: len(s.Failing), Step: s.Step()}
	r.State = course.Say(func(lang course.Lang) string { return s.state(kind, lang) })
	r.Later = course.Say(s.LaterNote)
	for _, t := range s.Tests {
		if n := course.StepOf(t); n != course.AfterSteps {
			r.Steps = max(r.Steps, n)
		}
	}
	for _, f := range s.Failing {
		if !f.NotRun {
			r.FailingTests = append(r.FailingTests, f.Test)
		}
	}
	return r
}

// kind is the lab's state in a word or two: one of the Kind constants but KindNotRun.
func (s *Status) kind(c *course.Course) string {
	switch {
	case s.Problem != "":
		return KindCannotRun
	case len(s.Graders) > 0:
		return KindTestsChanged
	case s.Compile != nil && s.Vet:
		return KindVetError
	case s.Compile != nil:
		return KindBuildError
	case s.Crash != nil:
		return KindCrash
	case s.Passing():
		return KindPassing
	case len(s.Failing) == len(s.Tests) && c.IsUntouched(s.Lab):
		return KindNotStarted
	case s.Step() > 0:
		return KindAtStep
	}
	return KindFailing
}

// stateWords are the states list says as they are.
var stateWords = map[string]course.Text{
	KindCannotRun:  {En: "cannot run", Zh: "无法运行"},
	KindVetError:   {En: "fails go vet", Zh: "go vet 不通过"},
	KindBuildError: {En: "does not compile", Zh: "编译不通过"},
	KindCrash:      {En: "crashes", Zh: "崩溃"},
}

// state is the one-phrase summary list prints for a lab of that kind, in language lang.
func (s *Status) state(kind string, lang course.Lang) string {
	switch kind {
	case KindTestsChanged:
		return lang.Pick("tests changed: reset -tests ", "测试被改动过：reset -tests ") + s.Lab.Num
	case KindPassing:
		if later := s.LaterShort(lang); later != "" {
			return fmt.Sprintf(lang.Pick("passing (%s)", "通过（%s）"), later)
		}
		return lang.Pick("passing", "通过")
	case KindNotStarted:
		return notStarted(len(s.Tests), lang)
	case KindAtStep:
		return fmt.Sprintf(lang.Pick("at %s, %d of %d tests failing", "在%[1]s，%[3]d 个测试中 %[2]d 个没通过"), s.steps().name(lang), len(s.Failing), len(s.Tests))
	case KindFailing:
		return fmt.Sprintf(lang.Pick("%d of %d tests failing", "%[2]d 个测试中 %[1]d 个没通过"), len(s.Failing), len(s.Tests))
	}
	return stateWords[kind].In(lang)
}

// notStarted is the state of a lab of n tests whose files are as shipped.
func notStarted(n int, lang course.Lang) string {
	return fmt.Sprintf(lang.Pick("not started (%d test%s)", "还没开始（%[1]d 个测试）"), n, course.Plural(n))
}
