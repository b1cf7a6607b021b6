package bench

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"gomaps/labs/benchtables"
	"gomaps/labs/overlay"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/internal/gocmd"
	"gomaps/tools/internal/syncbuf"
)

// pkg is the benchmark's package.
const pkg = "./labs/internal/mapbench"

// benchBuild is one test binary of labs/internal/mapbench and what it runs.
type benchBuild struct {
	name    string            // fast, classic, fast and benchtables.PrevLane's release (prevLaneBuild), or mine (bench -mine)
	what    string            // what it measures, for the progress lines
	g       gocmd.Go          // the go command that builds it, on its lane; the binary runs in its environment
	replace map[string]string // the overlay; when it is not empty, it holds the labs' hooks (addBenchHooks), built with -tags benchTag
	impls   []string          // the impl= it runs in a session
	bin     string
	results strings.Builder // the output of all its runs
}

// bench runs the benchmarks pattern selects in bb's binary, each for benchtime, in the
// benchmark's package folder, as go test runs them.
func (bb *benchBuild) bench(ctx context.Context, root, pattern, benchtime string, more ...string) *exec.Cmd {
	args := append([]string{"-test.run=^$", "-test.bench=" + pattern, "-test.benchtime=" + benchtime}, more...)
	return bb.g.In(filepath.Join(root, filepath.FromSlash(pkg))).Tool(ctx, bb.bin, args...)
}

// buildBench compiles the test binary of bb into dir.
func buildBench(ctx context.Context, root, dir string, bb *benchBuild) error {
	ov, err := overlay.Write(bb.replace)
	if err != nil {
		return err
	}
	defer os.Remove(ov)
	bb.bin = filepath.Join(dir, bb.name+".test")
	args := []string{"test", "-c", "-o", bb.bin, "-overlay=" + ov}
	if len(bb.replace) > 0 {
		args = append(args, "-tags", benchTag)
	}
	out, err := bb.g.In(root).Command(ctx, append(args, pkg)...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("go test -c %s (the %s build): %v: %s", pkg, bb.name, err, base.FirstLines(string(out), 15))
	}
	return nil
}

// benchTag is the build tag of the benchmark's files that need the labs' hooks (benchHook).
const benchTag = "coursebench"

// benchHook is the Go source that bench adds to each lab map's package, by an overlay, as
// hookFile: not a file of the lab, so it depends only on the names every solution has (New,
// m.path, pathGeneric, m.hash), not on the learner.
const benchHook = `//go:build coursebench

// Added by go run ./tools/course bench as an overlay: not a file of the lab.

package %s

// NewGeneric is New on the generic path, maphash.Comparable for every key:
// the map as it was before step 9, in the same binary as the map with it.
func NewGeneric[K comparable, V any](hint int) *Map[K, V] {
	m := New[K, V](hint)
	m.path = pathGeneric
	return m
}

// Hash is m.hash: the hash of key on the map's path.
func (m *Map[K, V]) Hash(key K) uint64 { return m.hash(key) }
`

const hookFile = "zz_coursebench.go"

// addBenchHooks writes benchHook for each lab map into dir and adds it to the overlay replace.
func addBenchHooks(root, dir string, replace map[string]string) error {
	abs, err := filepath.Abs(root)
	if err != nil {
		return err
	}
	for _, lm := range benchtables.LabMaps {
		src := filepath.Join(dir, lm.Impl+"-"+hookFile)
		if err := os.WriteFile(src, []byte(fmt.Sprintf(benchHook, lm.Impl)), 0o644); err != nil {
			return err
		}
		replace[filepath.Join(abs, "labs", lm.Lab, hookFile)] = src
	}
	return nil
}

// progressEvery is how often a long run says how far it is.
const progressEvery = 30 * time.Second

// runBuilds runs each of builds' binaries once, all at once, on the rows of length l and key
// type k, or on every row when both are ""; it adds their results to each build's, and every
// progressEvery says how far each is.
func (s *session) runBuilds(builds []*benchBuild, l, k string) error {
	type running struct {
		bb   *benchBuild
		cmd  *exec.Cmd
		out  syncbuf.Buffer
		want int // results
		err  error
		done chan struct{}
	}
	var runs []*running
	for _, bb := range builds {
		pattern := "^BenchmarkMap$/^impl=(" + strings.Join(bb.impls, "|") + ")$"
		r := &running{bb: bb, want: len(bb.impls) * len(benchtables.Ops) * len(benchtables.Lens) * len(benchtables.Keys), done: make(chan struct{})}
		if l != "" || k != "" {
			pattern += "/./^len=" + l + "$/^key=" + k + "$"
			r.want = len(bb.impls) * len(benchtables.Ops)
		}
		r.cmd = bb.bench(s.ctx, s.root, pattern, s.o.benchtime, "-test.count=1", "-test.timeout=0")
		r.cmd.Stdout, r.cmd.Stderr = &r.out, &r.out
		if err := r.cmd.Start(); err != nil {
			for _, r := range runs {
				r.cmd.Process.Kill()
				<-r.done
			}
			return fmt.Errorf("the %s build: %v", bb.name, err)
		}
		go func() { r.err = r.cmd.Wait(); close(r.done) }()
		runs = append(runs, r)
	}
	start := time.Now()
	tick := time.NewTicker(progressEvery)
	defer tick.Stop()
	var errs []error
	for _, r := range runs {
		for waiting := true; waiting; {
			select {
			case <-r.done:
				waiting = false
			case <-tick.C:
				for _, r := range runs {
					select {
					case <-r.done:
					default:
						text := r.out.String()
						fmt.Fprintf(s.stdout, "bench:   the %s build: %d of %d results after %s, the last %s\n", r.bb.name, strings.Count(text, " ns/op"), r.want, time.Since(start).Round(time.Second), benchtables.LastResult(text))
					}
				}
			}
		}
		text := r.out.String()
		switch n := strings.Count(text, " ns/op"); {
		case r.err != nil:
			errs = append(errs, fmt.Errorf("the benchmarks of the %s build failed (are labs 02 and 03 solved in solutions/?): %v:\n%s", r.bb.name, r.err, base.LastLines(text, 15)))
		case n != r.want:
			errs = append(errs, fmt.Errorf("the %s build printed %d results, not %d:\n%s", r.bb.name, n, r.want, base.LastLines(text, 15)))
		default:
			r.bb.results.WriteString(text)
		}
	}
	return errors.Join(errs...)
}
