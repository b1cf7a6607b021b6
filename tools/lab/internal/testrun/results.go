package testrun

import (
	"context"
	"fmt"
	"strings"

	"gomaps/tools/lab/internal/course"
)

// The runner remembers each lab's last result, keyed by a hash of everything the result depends
// on (see labKey): the lab's files, the course's packages it imports, go.mod, the Go toolchain
// and its settings. list reruns only the labs whose key changed, so a second list is quick; run
// knows which other labs pass when it names the next one; hint finds the step the learner is on
// without running the tests again (LastResult). The record lives in the user's cache folder,
// never in the course's files.

// A Record is what list and progress show of a lab.
type Record struct {
	Key     string // labKey when it was run
	State   string // the STATE column of list
	Passing bool
	Kind    string // the state in a word or two, for progress: see (*Status).result
	Step    int    // the step the learner is on, in a lab taught in steps; 0 when none
	Steps   int    // the lab's last step; 0 for a lab without steps
	Tests   int    // how many tests the lab has,
	Failing int    // and how many of them fail
	Later   string // the tests that need a newer Go, said as hint says them: (*Status).LaterNote
}

// resultsVersion changes when result gains a field, so that records without it are run again.
const resultsVersion = "results 3"

// toolchain names the Go that runs the tests, with the settings that change a result.
func toolchain(c *course.Course) string {
	env, err := c.Go.GoEnv()
	if err != nil {
		return ""
	}
	var b strings.Builder
	for _, k := range []string{"GOVERSION", "GOEXPERIMENT", "GOFLAGS", "GOARCH", "GOOS", "CGO_ENABLED"} {
		b.WriteString(env[k] + "\n")
	}
	return b.String()
}

// Remember records the results of a run of some labs.
func Remember(c *course.Course, statuses []*Status) {
	toolchain := toolchain(c)
	if toolchain == "" {
		return
	}
	results := map[string]Record{}
	c.LoadState("results", &results)
	for _, s := range statuses {
		if s.Problem != "" {
			continue
		}
		if key := labKey(c, s.Lab, toolchain); key != "" {
			r := s.result(c)
			r.Key = key
			results[s.Lab.Name] = r
		}
	}
	c.SaveState("results", results)
}

// LastResult returns the result of lab l's last run, when nothing it depends on changed since
// (see labKey): ok is false when it must run again.
func LastResult(c *course.Course, l *course.Lab) (r Record, ok bool) {
	toolchain := toolchain(c)
	if toolchain == "" {
		return Record{}, false
	}
	results := map[string]Record{}
	c.LoadState("results", &results)
	r, ok = results[l.Name]
	return r, ok && r.Key != "" && r.Key == labKey(c, l, toolchain)
}

// States returns every lab's state for list. A lab whose files are all as shipped is not
// started, without a run: the course's CI proves that every shipped lab fails all its tests. A
// lab whose key is the one of its last run has that run's result. The others run now, in one go
// test, unless runOthers is false: then they are reported as not run since they changed.
func States(ctx context.Context, c *course.Course, runOthers bool) ([]Record, error) {
	toolchain := toolchain(c)
	results := map[string]Record{}
	c.LoadState("results", &results)
	out := make([]Record, len(c.Labs))
	var stale []*course.Lab
	var staleAt []int
	for i, l := range c.Labs {
		if same, known := c.Untouched(l); known && same {
			built, _ := c.BuiltTests(l)
			n := len(built)
			out[i] = Record{State: fmt.Sprintf("not started (%d test%s)", n, course.Plural(n)), Kind: KindNotStarted, Tests: n, Failing: n}
			if steps := c.LabSteps(l); len(steps) > 0 {
				out[i].Steps = steps[len(steps)-1]
			}
			continue
		}
		if r, ok := results[l.Name]; ok && toolchain != "" && r.Key == labKey(c, l, toolchain) {
			out[i] = r
			continue
		}
		if !runOthers {
			out[i] = Record{State: "changed since its last run", Kind: KindNotRun}
			continue
		}
		stale = append(stale, l)
		staleAt = append(staleAt, i)
	}
	if len(stale) > 0 {
		statuses := Labs(ctx, c, stale)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		for j, s := range statuses {
			if s.Problem != "" {
				return nil, fmt.Errorf("%s", s.Problem)
			}
			out[staleAt[j]] = s.result(c)
		}
		Remember(c, statuses)
	}
	return out, nil
}

// NextLab is the lowest lab that is not known to pass, or nil when every lab passes.
func NextLab(c *course.Course, states []Record) *course.Lab {
	for i, r := range states {
		if !r.Passing {
			return c.Labs[i]
		}
	}
	return nil
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

// result is what list and progress keep of one run of a lab.
func (s *Status) result(c *course.Course) Record {
	r := Record{State: s.state(c), Passing: s.Passing(), Tests: len(s.Tests), Failing: len(s.Failing), Later: s.LaterNote()}
	for _, t := range s.Tests {
		if n := course.StepOf(t); n != course.AfterSteps {
			r.Steps = max(r.Steps, n)
		}
	}
	if s.Problem == "" && s.Compile == nil {
		r.Step = s.Step()
	}
	switch {
	case s.Problem != "":
		r.Kind = KindCannotRun
	case len(s.Graders) > 0:
		r.Kind = KindTestsChanged
	case s.Compile != nil && s.Vet:
		r.Kind = KindVetError
	case s.Compile != nil:
		r.Kind = KindBuildError
	case s.Crash != nil:
		r.Kind = KindCrash
	case r.Passing:
		r.Kind = KindPassing
	case strings.HasPrefix(r.State, "not started"):
		r.Kind = KindNotStarted
	case r.Step > 0:
		r.Kind = KindAtStep
	default:
		r.Kind = KindFailing
	}
	return r
}
