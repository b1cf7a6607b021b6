package bench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"gomaps/labs/benchtables"
	"gomaps/labs/lanes"
	"gomaps/labs/overlay"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/scrub"
	"gomaps/tools/internal/cli"
	"gomaps/tools/internal/gocmd"
	"gomaps/tools/internal/syncbuf"
)

// The names of the builds whose results the tables read.
const (
	buildFast    = "fast"
	buildClassic = "classic"
	buildSIMD    = "simd" // lab 03's step 11, on benchtables.SIMDLane
)

var buildPrevFast = buildFast + "-" + benchtables.PrevLane.Release() // the fast build on benchtables.PrevLane

// A session is one measurement of the chapters' tables: its options, its builds and their
// results.
type session struct {
	ctx    context.Context
	root   string
	g      gocmd.Go // the go command of benchstat and pprof
	o      options
	tmp    string // the builds' binaries and the results benchstat reads, removed at the end
	stdout io.Writer
	start  time.Time

	builds       []*benchBuild
	byName       map[string]*benchBuild
	hash, hasher strings.Builder // the results of BenchmarkHash and BenchmarkHasher

	// The tables, by file name, in order, each under line, the command; and the ratios, which
	// are printed at the end.
	line, ratios, ratiosPrev string
	files                    map[string]string
	names                    []string
}

// measure measures and prints the tables; with o.write it writes them, with o.check it
// compares their rows with the committed tables'.
func measure(ctx context.Context, root string, g gocmd.Go, o options, stdout io.Writer) error {
	s := &session{ctx: ctx, root: root, g: g, o: o, stdout: stdout, start: time.Now(), byName: map[string]*benchBuild{}}
	labs := make([]string, len(benchtables.LabMaps))
	for i, lm := range benchtables.LabMaps {
		labs[i] = lm.Lab
	}
	fast, err := overlay.Solutions(root, labs...)
	if err != nil {
		return err
	}
	if s.tmp, err = os.MkdirTemp("", "bench-"); err != nil {
		return err
	}
	defer os.RemoveAll(s.tmp)
	if err := addBenchHooks(root, s.tmp, fast); err != nil {
		return err
	}
	if err := s.build(fast); err != nil {
		return err
	}
	if err := s.run(); err != nil {
		return err
	}
	if err := s.tables(); err != nil {
		return err
	}
	if o.check {
		err := s.checkShapes()
		fmt.Fprintf(stdout, "bench: took %s\n", time.Since(s.start).Round(time.Second))
		return err
	}
	return s.finish()
}

// build compiles the builds, with the overlay fast (the solutions and the hooks). Each lab map
// runs twice in one binary: as solved (impl=NAME) and on the generic path that New would
// choose without step 9 (impl=NAME-generic), so that where the compiler placed each build's
// code is not what differs. The builds of one row take turns in this order: the built-in map
// of each lane right after the other's.
func (s *session) build(fast map[string]string) error {
	labImpls := []string{"builtin"}
	for _, lm := range benchtables.LabMaps {
		labImpls = append(labImpls, lm.Impl, benchtables.Generic(lm.Impl))
	}
	classic := gocmd.OnLane(lanes.Classic())
	s.builds = []*benchBuild{{
		name:  buildFast,
		what:  "the solutions of labs 02 and 03 with and without step 9, the peers and the built-in map on " + benchtables.Lane.Toolchain,
		g:     gocmd.OnLane(benchtables.Lane),
		impls: append(slices.Clone(labImpls), benchtables.Peers...),
	}, {
		name:  buildPrevFast,
		what:  "the solutions of labs 02 and 03 with and without step 9 and the built-in map on " + benchtables.PrevLane.Toolchain,
		g:     gocmd.OnLane(benchtables.PrevLane),
		impls: labImpls,
	}, {
		name:  buildClassic,
		what:  "the built-in map on " + strings.Join(lanes.Classic().Env(), " ") + " (" + classic.In(s.root).Var("GOVERSION") + ")",
		g:     classic,
		impls: []string{"builtin"},
	}, {
		name:  buildSIMD,
		what:  "the solution of lab 03 with step 11 and the built-in map on " + strings.Join(benchtables.SIMDLane.Env(), " "),
		g:     gocmd.OnLane(benchtables.SIMDLane),
		impls: benchtables.SIMDImpls,
	}}
	for _, bb := range s.builds {
		bb.replace, s.byName[bb.name] = fast, bb
		fmt.Fprintf(s.stdout, "bench: building the %s build: %s\n", bb.name, bb.what)
		if err := buildBench(s.ctx, s.root, s.tmp, bb); err != nil {
			return err
		}
	}
	return nil
}

// runHash runs the hashes alone, BenchmarkHash and BenchmarkHasher, once each in the fast build.
func (s *session) runHash() error {
	bb := s.byName[buildFast]
	for _, h := range []struct {
		name string
		want int
		to   *strings.Builder
	}{
		{"BenchmarkHash", (len(benchtables.HashImpls)-1)*len(benchtables.HashKeys) + 1, &s.hash},
		{"BenchmarkHasher", len(benchtables.HasherImpls) * benchtables.HasherRows, &s.hasher},
	} {
		out, err := bb.bench(s.ctx, s.root, "^"+h.name+"$", s.o.benchtime, "-test.count=1", "-test.timeout=0").CombinedOutput()
		if err != nil {
			return fmt.Errorf("%s of the %s build failed: %v:\n%s", h.name, bb.name, err, base.LastLines(string(out), 15))
		}
		if n := strings.Count(string(out), " ns/op"); n != h.want {
			return fmt.Errorf("%s of the %s build printed %d results, not %d (is the lane's Go older than 1.27?):\n%s", h.name, bb.name, n, h.want, base.LastLines(string(out), 15))
		}
		h.to.Write(out)
	}
	return nil
}

// run runs the benchmarks. For the check, which compares rows, not times, it runs every
// benchmark once, the builds at once. Otherwise it runs the builds o.count times, taking turns
// on each length and key type, run after run, so that a slow spell of a busy machine falls on
// all of them rather than on one, and the two lanes' built-in maps are measured within seconds
// of each other.
func (s *session) run() error {
	names := make([]string, len(s.builds))
	for i, bb := range s.builds {
		names[i] = bb.name
		if s.o.check {
			fmt.Fprintf(s.stdout, "bench: running the %s build (%s), -benchtime %s\n", bb.name, strings.Join(bb.impls, ", "), s.o.benchtime)
		}
	}
	if s.o.check {
		if err := s.runBuilds(s.builds, "", ""); err != nil {
			return err
		}
		return s.runHash()
	}
	for run := 1; run <= s.o.count; run++ {
		for _, k := range benchtables.Keys {
			for _, l := range benchtables.Lens {
				fmt.Fprintf(s.stdout, "bench: run %d of %d, len=%s key=%s, -benchtime %s: the %s builds in turn\n", run, s.o.count, l, k, s.o.benchtime, strings.Join(names, ", "))
				for _, bb := range s.builds {
					if err := s.runBuilds([]*benchBuild{bb}, l, k); err != nil {
						return err
					}
				}
			}
		}
		fmt.Fprintf(s.stdout, "bench: run %d of %d, the hashes alone (BenchmarkHash), -benchtime %s\n", run, s.o.count, s.o.benchtime)
		if err := s.runHash(); err != nil {
			return err
		}
	}
	return nil
}

// finish profiles the rows over their limits, writes the tables into the course with o.write,
// and prints the ratios.
func (s *session) finish() error {
	profile, err := s.profileRowsOver()
	if err != nil {
		return err
	}
	s.add(benchtables.ProfileFile, profile)
	s.files[benchtables.RatiosFile] += fmt.Sprintf("bench took %s in all here: the builds, the runs and the profiles\n", time.Since(s.start).Round(time.Minute))
	if s.o.write {
		for _, name := range s.names {
			// The cpu: line of go test ends in the blanks of the processor's name as the system
			// gives it.
			text := scrub.TrailingBlanks.ReplaceAllString(s.files[name], "\n")
			if err := os.WriteFile(filepath.Join(s.root, name), []byte(text), 0o644); err != nil {
				return err
			}
			fmt.Fprintf(s.stdout, "wrote %s\n", name)
		}
		fmt.Fprintf(s.stdout, "bench: the chapters' sentences that read these tables are outputs of the book: go run ./tools/course outputs %s writes them again\n", strings.Join(benchtables.ReadingOutputs, " "))
	} else {
		fmt.Fprintf(s.stdout, "bench: wrote nothing (with -write, it writes the chapters' tables: %s)\n", strings.Join(s.names, ", "))
	}
	fmt.Fprint(s.stdout, s.ratios)
	fmt.Fprint(s.stdout, s.ratiosPrev)
	fmt.Fprintf(s.stdout, "bench: took %s\n", time.Since(s.start).Round(time.Second))
	return nil
}

// checkShapes compares the rows of each table with the committed table's; it says which
// changed and returns cli.ErrFailed when one did.
func (s *session) checkShapes() error {
	failed := false
	for _, name := range s.names {
		old, err := os.ReadFile(filepath.Join(s.root, name))
		oldRows, newRows := benchtables.Shape(name, string(old)), benchtables.Shape(name, s.files[name])
		switch {
		case err != nil:
			failed = true
			fmt.Fprintf(s.stdout, "%s is missing: run go run ./tools/course bench\n", name)
		case !slices.Equal(oldRows, newRows):
			failed = true
			fmt.Fprintf(s.stdout, "%s: its rows changed:\n%s\nrun go run ./tools/course bench to measure again\n", name, scrub.LineDiff(strings.Join(oldRows, "\n"), strings.Join(newRows, "\n"), 12))
		default:
			fmt.Fprintf(s.stdout, "ok %s: the same %d rows\n", name, len(newRows))
		}
	}
	if failed {
		return cli.ErrFailed
	}
	return nil
}

// pkg is the benchmark's package.
const pkg = "./labs/internal/mapbench"

// benchBuild is one test binary of labs/internal/mapbench and what it runs.
type benchBuild struct {
	name    string            // buildFast, buildPrevFast, buildClassic, buildSIMD, or mine (bench -mine)
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
