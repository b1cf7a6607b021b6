package testrun

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"hash"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gomaps/labs/courseroot"
	"gomaps/labs/kubeassets"
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
	return out, runAgain(ctx, c, out, func(int) bool { return runOthers })
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

// What a lab's result depends on, and so its key (labKey): a change to any of it makes the key
// change, and the lab run again.
//
//   - every file under the lab's folder: the learner's files, the tests, and testdata/ (go test
//     -fuzz writes the inputs that failed there, and go test runs them after);
//   - every file of the course's packages that the lab's files import, and the ones those
//     import, found by reading their imports;
//   - go.mod, go.sum, go.work and go.work.sum, and what the labs were shipped as
//     (labs/shipped.sum, else the git commit), against which a lab's tests are checked;
//   - the toolchain and its settings (see loadRecords), the lane's settings, and the environment
//     variables that change what the labs' tests do (keyEnv);
//   - for a lab that imports labs/kubeassets (its tests start an API server): the envtest
//     binaries it would find, by path, size and time.

// keyEnv are the environment variables that change what the labs' tests do: the runtime's
// settings, the race detector's, and where envtest's binaries are found.
var keyEnv = []string{"GODEBUG", "GOMAXPROCS", "GOGC", "GOMEMLIMIT", "GORACE", kubeassets.AssetsEnv, courseroot.CacheEnv}

// labKey hashes what a run of lab l depends on, or "" when it cannot tell.
func labKey(c *course.Course, l *course.Lab, toolchain string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%q\x00", resultsVersion, toolchain, c.Go.Env)
	for _, k := range keyEnv {
		fmt.Fprintf(h, "%s=%q\x00", k, os.Getenv(k))
	}
	for _, f := range []string{"go.mod", "go.sum", "go.work", "go.work.sum", courseroot.Manifest} {
		if addFile(h, c.Root, filepath.FromSlash(f)) != nil {
			fmt.Fprintf(h, "%s\x00absent\x00", f) // a module without dependencies has no go.sum
		}
	}
	if _, err := os.Stat(filepath.Join(c.Root, filepath.FromSlash(courseroot.Manifest))); err != nil {
		fmt.Fprintf(h, "shipped %s\x00", c.ShippedRef())
	}
	files, deps, err := keyFiles(c, l)
	if err != nil {
		return ""
	}
	for _, f := range files {
		if addFile(h, c.Root, f) != nil {
			return ""
		}
	}
	if slices.Contains(deps, filepath.Join("labs", "kubeassets")) {
		// The envtest binaries a test would start: their folder, or why there is none, and
		// each binary's size and time.
		kubeassets.Identify(h, func(path string) string {
			fi, err := os.Stat(path)
			if err != nil {
				return err.Error()
			}
			return fmt.Sprintf("%d %d", fi.Size(), fi.ModTime().UnixNano())
		})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// addFile adds the file at path (relative to root) to h: its name, length and bytes.
func addFile(h hash.Hash, root, path string) error {
	data, err := os.ReadFile(filepath.Join(root, path))
	if err != nil {
		return err
	}
	fmt.Fprintf(h, "%s\x00%d\x00", filepath.ToSlash(path), len(data))
	h.Write(data)
	return nil
}

// keyFiles lists the files (relative to the root) a run of lab l builds with or reads: every
// file under the lab's folder, then the files of each course package its .go files import, and
// the non-test files of the packages import in turn; deps are those packages' folders, sorted.
func keyFiles(c *course.Course, l *course.Lab) (files, deps []string, err error) {
	imports := map[string]bool{}
	err = filepath.WalkDir(filepath.Join(c.Root, l.Dir()), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(c.Root, path)
		files = append(files, rel)
		if strings.HasSuffix(path, ".go") {
			addImports(path, imports)
		}
		return nil
	})
	seen := map[string]bool{}
	for len(imports) > 0 && err == nil {
		more := map[string]bool{}
		for p := range imports {
			rel, ok := strings.CutPrefix(p, c.Module+"/")
			if !ok || seen[rel] {
				continue
			}
			seen[rel] = true
			deps = append(deps, filepath.FromSlash(rel))
			var entries []os.DirEntry
			entries, err = os.ReadDir(filepath.Join(c.Root, filepath.FromSlash(rel)))
			for _, e := range entries {
				if name := e.Name(); !e.IsDir() && strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
					addImports(filepath.Join(c.Root, filepath.FromSlash(rel), name), more)
				}
			}
		}
		imports = more
	}
	sort.Strings(deps)
	for _, dir := range deps {
		entries, _ := os.ReadDir(filepath.Join(c.Root, dir))
		for _, e := range entries {
			if !e.IsDir() {
				files = append(files, filepath.Join(dir, e.Name()))
			}
		}
	}
	return files, deps, err
}

// addImports adds the import paths of the Go file at path to imports. A file that does not
// parse adds none: it is in the key by its bytes, and go test reports it.
func addImports(path string, imports map[string]bool) {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
	if err != nil {
		return
	}
	for _, imp := range f.Imports {
		if p, err := strconv.Unquote(imp.Path.Value); err == nil {
			imports[p] = true
		}
	}
}
