package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"gomaps/labs/lanes"
	"gomaps/labs/overlay"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/scrub"
	"gomaps/tools/internal/cli"
	"gomaps/tools/internal/syncbuf"
)

// The benchmark of chapters 02 and 03: the solutions of labs 02 and 03, two
// public Swiss tables and the built-in map, side by side, as ratios.
const (
	benchPkg      = "./labs/internal/mapbench"
	benchRatios   = "chapters/out/bench-ratios.txt"
	benchTable    = "chapters/out/bench-table.txt"
	benchRuntime  = "chapters/out/bench-runtimes.txt"
	benchFastpath = "chapters/out/bench-fastpath.txt"
	benchProfile  = "chapters/out/bench-profile.txt"
	// The built-in map of benchLane against benchPrevLane's, and the lab
	// maps' ratios on each (chapter 03, "What Go 1.27 changed in a lookup").
	benchRuntimePrev = "chapters/out/bench-runtimes-127.txt"
	benchRatiosPrev  = "chapters/out/bench-ratios-127.txt"
)

// The Swiss lanes the benchmark runs on. The tables of chapters 02 and 03
// (ratios, benchstat table, step 9, profiles) are measured on benchLane, the
// current release; the built-in map and the lab maps are measured again,
// built by benchPrevLane's toolchain, the release before, to compare the two
// runtimes' fast paths and what they do to the lab maps' ratios.
var (
	benchLane     = lanes.MustGet("swiss-1.27")
	benchPrevLane = lanes.MustGet("swiss-1.26")
)

// benchLabMaps are the labs' maps: the impl= of their benchmarks and their
// lab. Each is measured as solved (impl=NAME) and on the generic path that
// New chooses without step 9 (impl=NAME-generic, see benchHook).
var benchLabMaps = []struct{ impl, lab string }{{"buckets", "02-buckets"}, {"swiss", "03-swiss"}}

// benchPeers are the public Swiss tables measured beside the labs' maps.
var benchPeers = []string{"cockroach", "dolthub"}

// benchLineRE matches one result line of BenchmarkMap.
var benchLineRE = regexp.MustCompile(`^BenchmarkMap/impl=([\w-]+)/op=([\w-]+)/len=(\w+)/key=(\w+)(?:-\d+)?\s+\d+\s+([0-9.]+) ns/op`)

// The order rows and columns are printed in.
var (
	benchOps  = []string{"get-hit", "get-miss", "put", "delete", "iterate"}
	benchLens = []string{"1e3", "1e5", "1e6"}
	benchKeys = []string{"int64", "string"}
	// benchCols are the columns of the ratio table and of the benchstat
	// table (after builtin): each lab map before and after step 9, then the
	// peers.
	benchCols = []string{"buckets-generic", "buckets", "swiss-generic", "swiss", "cockroach", "dolthub"}
)

// benchTarget is what a lab map is held to over targetOps, as its time per
// operation over the built-in map's: the geometric mean of the rows, and
// every row.
type benchTarget struct{ geomean, row float64 }

var benchTargets = map[string]benchTarget{"buckets": {1.5, 2}, "swiss": {1.2, 1.5}}
var targetOps = []string{"get-hit", "get-miss", "put"}

// genericName is the impl= of a lab map's results without its fast path.
func genericName(impl string) string { return impl + "-generic" }

// benchBuild is one test binary of labs/internal/mapbench and what it runs.
type benchBuild struct {
	name    string            // fast, classic, fast and benchPrevLane's release (prevLaneBuild), or mine (bench -mine)
	what    string            // what it measures, for the progress lines
	env     []string          // for go test -c
	replace map[string]string // the overlay
	impls   []string          // the impl= it runs
	hooks   bool              // built with -tags benchTag: replace holds the labs' hooks (addBenchHooks)
	bin     string
	results strings.Builder // the output of all its runs
}

// benchRows selects a part of BenchmarkMap's rows: one length and one key
// type, or every row when both are "".
type benchRows struct{ len, key string }

// The names of the builds whose results the tables read.
const (
	buildFast    = "fast"
	buildClassic = "classic"
)

// prevLaneBuild is the name of a build made again with benchPrevLane's toolchain.
func prevLaneBuild(name string) string { return name + "-" + benchPrevLane.Release() }

func runBench(args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("bench", flag.ContinueOnError)
	count := flags.Int("count", 10, "runs of each benchmark (benchstat gives a confidence interval from 6; the chapters' tables take 10)")
	benchtime := flags.String("benchtime", "100ms", "time (or Nx iterations) per run")
	check := flags.Bool("check", false, "run each benchmark once and check that the committed tables have the same rows")
	write := flags.Bool("write", false, "write the chapters' tables (chapters/out/bench-*.txt); without it, bench prints them and writes nothing")
	readingsOnly := flags.Bool("readings", false, "write the chapters' readings of the committed tables again (chapters/out/bench-reading-*.txt) without measuring")
	mine := flags.Bool("mine", false, "measure your own maps of labs 02 and 03, as they are in labs/, against the built-in map (about 2 minutes); writes nothing")
	if help, err := parseFlags(flags, args, stdout); help || err != nil {
		return err
	}
	if flags.NArg() > 0 {
		return cli.Usagef("bench: unexpected argument %q", flags.Arg(0))
	}
	if *count < 6 && !*check {
		return cli.Usagef("bench: -count %d: want at least 6, the fewest runs benchstat gives a confidence interval for", *count)
	}
	root, err := base.FindRoot()
	if err != nil {
		return err
	}
	if *readingsOnly {
		_, out, err := readingsFromFiles(root)
		if err != nil {
			return err
		}
		for _, name := range slices.Sorted(maps.Keys(out)) {
			if err := os.WriteFile(filepath.Join(root, name), []byte(out[name]), 0o644); err != nil {
				return err
			}
			fmt.Fprintf(stdout, "wrote %s\n", name)
		}
		return nil
	}
	if *mine {
		if *check || *write {
			return cli.Usagef("bench: -mine measures your own maps and writes nothing: it takes neither -check nor -write")
		}
		return runBenchMine(root, stdout)
	}
	if *check {
		*count, *benchtime = 1, "1x"
	}
	start := time.Now()
	labs := make([]string, len(benchLabMaps))
	for i, lm := range benchLabMaps {
		labs[i] = lm.lab
	}
	fast, err := overlay.Solutions(root, labs...)
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := addBenchHooks(root, tmp, fast); err != nil {
		return err
	}

	labImpls := []string{"builtin"}
	for _, lm := range benchLabMaps {
		labImpls = append(labImpls, lm.impl, genericName(lm.impl))
	}
	// Each lab map runs twice in one binary: as solved (impl=NAME) and on
	// the generic path that New would choose without step 9
	// (impl=NAME-generic), so that where the compiler placed each build's
	// code is not what differs. The builds of one row take turns in this
	// order: the built-in map of each lane right after the other's.
	builds := []*benchBuild{{
		name:    buildFast,
		what:    "the solutions of labs 02 and 03 with and without step 9, the peers and the built-in map on " + benchLane.Toolchain,
		env:     benchLane.Env(),
		replace: fast,
		impls:   append(slices.Clone(labImpls), benchPeers...),
		hooks:   true,
	}, {
		name:    prevLaneBuild(buildFast),
		what:    "the solutions of labs 02 and 03 with and without step 9 and the built-in map on " + benchPrevLane.Toolchain,
		env:     benchPrevLane.Env(),
		replace: fast,
		impls:   labImpls,
		hooks:   true,
	}, {
		name:    buildClassic,
		what:    "the built-in map on " + strings.Join(lanes.Classic().Env(), " ") + " (" + goVersion(root, lanes.Classic().Env()) + ")",
		env:     lanes.Classic().Env(),
		replace: fast,
		impls:   []string{"builtin"},
		hooks:   true,
	}}
	byName := map[string]*benchBuild{}
	for _, bb := range builds {
		byName[bb.name] = bb
		fmt.Fprintf(stdout, "bench: building the %s build: %s\n", bb.name, bb.what)
		if err := buildBench(root, tmp, bb); err != nil {
			return err
		}
	}
	if *check {
		// The check compares rows, not times: the builds run at once.
		for _, bb := range builds {
			fmt.Fprintf(stdout, "bench: running the %s build (%s), -benchtime %s\n", bb.name, strings.Join(bb.impls, ", "), *benchtime)
		}
		if err := runBenchBuilds(root, builds, benchRows{}, *benchtime, stdout); err != nil {
			return err
		}
	}
	// The hashes alone (BenchmarkHash), in the fast build: once a run, and
	// once for the check.
	var hashOut, hasherOut strings.Builder
	runHash := func() error {
		hash, hasher, err := runHashBench(root, byName[buildFast], *benchtime)
		hashOut.WriteString(hash)
		hasherOut.WriteString(hasher)
		return err
	}
	if *check {
		if err := runHash(); err != nil {
			return err
		}
	}
	// Otherwise the builds take turns on each length and key type, run after
	// run, so that a slow spell of a busy machine falls on all of them
	// rather than on one, and the two lanes' built-in maps are measured
	// within seconds of each other.
	names := make([]string, len(builds))
	for i, bb := range builds {
		names[i] = bb.name
	}
	for run := 1; run <= *count && !*check; run++ {
		for _, k := range benchKeys {
			for _, l := range benchLens {
				fmt.Fprintf(stdout, "bench: run %d of %d, len=%s key=%s, -benchtime %s: the %s builds in turn\n", run, *count, l, k, *benchtime, strings.Join(names, ", "))
				for _, bb := range builds {
					if err := runBenchBuilds(root, []*benchBuild{bb}, benchRows{l, k}, *benchtime, stdout); err != nil {
						return err
					}
				}
			}
		}
		fmt.Fprintf(stdout, "bench: run %d of %d, the hashes alone (BenchmarkHash), -benchtime %s\n", run, *count, *benchtime)
		if err := runHash(); err != nil {
			return err
		}
	}
	results := func(name string) string { return byName[name].results.String() }
	fastOut, classicOut := results(buildFast), results(buildClassic)
	prevFastOut := results(prevLaneBuild(buildFast))
	built := fmt.Sprintf("every map built by %s (bench-ratios-127.txt has the lab maps' ratios on %s beside)\n", benchLane.Toolchain, benchPrevLane.Toolchain)
	ratios, err := ratioTable(fastOut, built)
	if err != nil {
		return err
	}
	ratiosPrev, err := laneRatioTable([2]string{prevFastOut, fastOut}, "")
	if err != nil {
		return err
	}

	// benchstat reads files: the results go to tmp, removed at the end.
	swiss, prevSwiss := onlyImpls(fastOut, "builtin"), onlyImpls(prevFastOut, "builtin")
	files := map[string]string{"all": fastOut, "classic": classicOut, benchLane.Toolchain: swiss, benchPrevLane.Toolchain: prevSwiss, "hash": hashOut.String(), "hasher": hasherOut.String()}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(tmp, name), []byte(text), 0o644); err != nil {
			return err
		}
	}
	// Each argument is label=file, so the table shows the label, not the path.
	arg := func(name string) string { return name + "=" + filepath.Join(tmp, name) }
	line := fmt.Sprintf("$ go run ./tools/course bench -write -count %d -benchtime %s\n", *count, *benchtime)
	cols := "/impl@(" + strings.Join(append([]string{"builtin"}, benchCols...), " ") + ")"
	table, err := benchstat(root, "-col", cols, arg("all"))
	if err != nil {
		return err
	}
	runtimes, err := benchstat(root, arg("classic"), arg(benchPrevLane.Toolchain), arg(benchLane.Toolchain))
	if err != nil {
		return err
	}
	runtimesPrev, err := benchstat(root, arg(benchPrevLane.Toolchain), arg(benchLane.Toolchain))
	if err != nil {
		return err
	}
	verdicts, err := laneVerdicts(prevSwiss, swiss, runtimesPrev)
	if err != nil {
		return err
	}
	fastpath := line
	fastpaths := map[string]string{}
	for _, lm := range benchLabMaps {
		cols := "/impl@(" + genericName(lm.impl) + " " + lm.impl + ")"
		t, err := benchstat(root, "-col", cols, arg("all"))
		if err != nil {
			return err
		}
		fastpaths[lm.impl] = t
		fastpath += fastpathHeader(cols) + t
	}
	hashCols := "/impl@(" + strings.Join(hashImpls, " ") + ")"
	hashTable, err := benchstat(root, "-col", hashCols, arg("hash"))
	if err != nil {
		return err
	}
	hasherCols := "/impl@(" + strings.Join(hasherImpls, " ") + ")"
	hasherTable, err := benchstat(root, "-col", hasherCols, arg("hasher"))
	if err != nil {
		return err
	}
	profile := ""
	if !*check {
		if profile, err = profileRowsOver(root, tmp, byName[buildFast], fastOut, stdout); err != nil {
			return err
		}
	}
	outs := map[string]string{
		benchRatios: line + ratios,
		benchTable:  line + "$ go tool benchstat -col '" + cols + "' all=<the results>\n" + table,
		benchHash:   line + "$ go tool benchstat -col '" + hashCols + "' hash=<the results of BenchmarkHash>\n" + hashTable,
		benchHasher: line + "$ go tool benchstat -col '" + hasherCols + "' hasher=<the results of BenchmarkHasher>\n" + hasherTable,
		benchRuntime: line + fmt.Sprintf("$ go tool benchstat classic=<%s, %s> %s=<%s> %s=<%s>\n",
			lanes.Classic().Toolchain, lanes.Classic().Experiment, benchPrevLane.Toolchain, benchPrevLane.Toolchain, benchLane.Toolchain, benchLane.Toolchain) + runtimes,
		benchFastpath: fastpath,
		benchRuntimePrev: line + fmt.Sprintf("$ go tool benchstat %s=<the built-in map built by %s> %s=<the same, built by %s>\n",
			benchPrevLane.Toolchain, benchPrevLane.Toolchain, benchLane.Toolchain, benchLane.Toolchain) + runtimesPrev + verdicts,
		benchRatiosPrev: line + ratiosPrev,
	}
	outNames := []string{benchRatios, benchTable, benchHash, benchHasher, benchRuntime, benchFastpath, benchRuntimePrev, benchRatiosPrev}
	if *check {
		err := checkBenchShape(root, outs, outNames, stdout)
		fmt.Fprintf(stdout, "bench: took %s\n", time.Since(start).Round(time.Second))
		return err
	}
	outs[benchProfile] = line + profile
	outs[benchRatios] += fmt.Sprintf("bench took %s in all here: the builds, the runs and the profiles\n", time.Since(start).Round(time.Minute))
	reading, err := readings(*count, table, outs[benchRatios], profile, hashTable, hasherTable, outs[benchRuntimePrev], ratiosPrev, fastpaths)
	if err != nil {
		return err
	}
	outNames = append(outNames, benchProfile)
	for _, name := range slices.Sorted(maps.Keys(reading)) {
		outs[name] = reading[name]
		outNames = append(outNames, name)
	}
	for _, name := range outNames {
		if !*write {
			break
		}
		// The cpu: line of go test ends in the blanks of the processor's
		// name as the system gives it.
		text := scrub.TrailingBlanks.ReplaceAllString(outs[name], "\n")
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s\n", name)
	}
	if !*write {
		fmt.Fprintf(stdout, "bench: wrote nothing (with -write, it writes the chapters' tables: %s)\n", strings.Join(outNames, ", "))
	}
	fmt.Fprint(stdout, ratios)
	fmt.Fprint(stdout, ratiosPrev)
	fmt.Fprintf(stdout, "bench: took %s\n", time.Since(start).Round(time.Second))
	return nil
}

// buildBench compiles the test binary of bb into dir.
func buildBench(root, dir string, bb *benchBuild) error {
	ov, err := overlay.Write(bb.replace)
	if err != nil {
		return err
	}
	defer os.Remove(ov)
	bb.bin = filepath.Join(dir, bb.name+".test")
	args := []string{"test", "-c", "-o", bb.bin, "-overlay=" + ov}
	if bb.hooks {
		args = append(args, "-tags", benchTag)
	}
	cmd := exec.Command("go", append(args, benchPkg)...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), bb.env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("go test -c %s (the %s build): %v: %s", benchPkg, bb.name, err, base.FirstLines(string(out), 15))
	}
	return nil
}

// benchTag is the build tag of the benchmark's files that need the
// labs' hooks (see benchHook).
const benchTag = "coursebench"

// benchHook is the Go source that bench adds to each lab map's package, by
// an overlay, as hookFile: not a file of the lab, so it does not depend on
// the learner, only on the names every solution has (New, m.path,
// pathGeneric, m.hash).
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

// addBenchHooks writes benchHook for each lab map into dir and adds it to
// the overlay replace.
func addBenchHooks(root, dir string, replace map[string]string) error {
	abs, err := filepath.Abs(root)
	if err != nil {
		return err
	}
	for _, lm := range benchLabMaps {
		src := filepath.Join(dir, lm.impl+"-"+hookFile)
		if err := os.WriteFile(src, []byte(fmt.Sprintf(benchHook, lm.impl)), 0o644); err != nil {
			return err
		}
		replace[filepath.Join(abs, "labs", lm.lab, hookFile)] = src
	}
	return nil
}

// hashImpls and hashKeys are BenchmarkHash's: maphash.String runs on
// strings only.
var (
	hashImpls = []string{"comparable", "maphash.String", "swiss-generic", "swiss"}
	hashKeys  = []string{"int64", "int32", "string"}
)

// hasherImpls are BenchmarkHasher's maps, on int64 and string keys at
// 1e3 and 1e5 entries: lab 03's map made by NewWithHasher (step 10) beside
// the same map made by New, on the generic path, and the built-in map.
var hasherImpls = []string{"builtin", "swiss", "swiss-generic", "swiss-hasher"}

const hasherRows = 4

// runHashBench runs BenchmarkHash, and BenchmarkHasher, once each in bb's
// binary and returns their outputs.
func runHashBench(root string, bb *benchBuild, benchtime string) (hash, hasher string, err error) {
	run := func(name string, want int) (string, error) {
		cmd := exec.Command(bb.bin, "-test.run=^$", "-test.bench=^"+name+"$", "-test.benchtime="+benchtime, "-test.count=1", "-test.timeout=0")
		cmd.Dir = filepath.Join(root, filepath.FromSlash(benchPkg))
		out, err := cmd.CombinedOutput()
		if err != nil {
			return "", fmt.Errorf("%s of the %s build failed: %v:\n%s", name, bb.name, err, base.LastLines(string(out), 15))
		}
		if n := strings.Count(string(out), " ns/op"); n != want {
			return "", fmt.Errorf("%s of the %s build printed %d results, not %d (is the lane's Go older than 1.27?):\n%s", name, bb.name, n, want, base.LastLines(string(out), 15))
		}
		return string(out), nil
	}
	if hash, err = run("BenchmarkHash", (len(hashImpls)-1)*len(hashKeys)+1); err != nil {
		return "", "", err
	}
	hasher, err = run("BenchmarkHasher", len(hasherImpls)*hasherRows)
	return hash, hasher, err
}

// fastpathHeader is the line above each lab map's table in benchFastpath.
func fastpathHeader(cols string) string {
	return "$ go tool benchstat -col '" + cols + "' all=<the results>\n"
}

// benchProgressEvery is how often a long run says how far it is.
const benchProgressEvery = 30 * time.Second

// runBenchBuilds runs each of builds' binaries once on rows, all at once,
// adds their results to each build's, and every benchProgressEvery says how
// far each is.
func runBenchBuilds(root string, builds []*benchBuild, rows benchRows, benchtime string, stdout io.Writer) error {
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
		want := len(bb.impls) * len(benchOps) * len(benchLens) * len(benchKeys)
		if rows != (benchRows{}) {
			pattern += "/./^len=" + rows.len + "$/^key=" + rows.key + "$"
			want = len(bb.impls) * len(benchOps)
		}
		cmd := exec.Command(bb.bin, "-test.run=^$", "-test.bench="+pattern, "-test.benchtime="+benchtime, "-test.count=1", "-test.timeout=0")
		// In the package's folder, as go test runs it.
		cmd.Dir = filepath.Join(root, filepath.FromSlash(benchPkg))
		r := &running{bb: bb, want: want, done: make(chan struct{})}
		cmd.Stdout, cmd.Stderr = &r.out, &r.out
		if err := cmd.Start(); err != nil {
			for _, r := range runs {
				r.cmd.Process.Kill()
				<-r.done
			}
			return fmt.Errorf("the %s build: %v", bb.name, err)
		}
		r.cmd = cmd
		go func() { r.err = cmd.Wait(); close(r.done) }()
		runs = append(runs, r)
	}
	start := time.Now()
	tick := time.NewTicker(benchProgressEvery)
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
						fmt.Fprintf(stdout, "bench:   the %s build: %d of %d results after %s, the last %s\n", r.bb.name, strings.Count(text, " ns/op"), r.want, time.Since(start).Round(time.Second), lastResult(text))
					}
				}
			}
		}
		text := r.out.String()
		switch {
		case r.err != nil:
			errs = append(errs, fmt.Errorf("the benchmarks of the %s build failed (are labs 02 and 03 solved in solutions/?): %v:\n%s", r.bb.name, r.err, base.LastLines(text, 15)))
		case strings.Count(text, " ns/op") != r.want:
			errs = append(errs, fmt.Errorf("the %s build printed %d results, not %d:\n%s", r.bb.name, strings.Count(text, " ns/op"), r.want, base.LastLines(text, 15)))
		default:
			r.bb.results.WriteString(text)
		}
	}
	return errors.Join(errs...)
}

// lastResult names the last benchmark that printed a result in out.
func lastResult(out string) string {
	lines := strings.Split(out, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if m := benchLineRE.FindStringSubmatch(lines[i]); m != nil {
			return fmt.Sprintf("impl=%s op=%s len=%s key=%s", m[1], m[2], m[3], m[4])
		}
	}
	return "(none yet)"
}

func goVersion(root string, env []string) string {
	cmd := exec.Command("go", "env", "GOVERSION")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), env...)
	out, _ := cmd.Output()
	return strings.TrimSpace(string(out))
}

func benchstat(root string, args ...string) (string, error) {
	cmd := exec.Command("go", append([]string{"tool", "benchstat"}, args...)...)
	cmd.Dir = root
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("go tool benchstat: %v: %s", err, base.FirstLines(errOut.String(), 5))
	}
	return out.String(), nil
}

// onlyImpls keeps the lines that are not results and the results of impls.
func onlyImpls(results string, impls ...string) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(results, "\n") {
		if m := benchLineRE.FindStringSubmatch(line); m != nil && !slices.Contains(impls, m[1]) {
			continue
		}
		b.WriteString(line)
	}
	return b.String()
}

// benchSamples holds, for each impl/op/len/key, the ns/op of every run.
type benchSamples map[string][]float64

// parseBench reads the results of BenchmarkMap, and the header lines that
// say on which machine they were taken.
func parseBench(results string) (benchSamples, []string) {
	samples := benchSamples{}
	var header []string
	sc := bufio.NewScanner(strings.NewReader(results))
	for sc.Scan() {
		line := sc.Text()
		for _, h := range []string{"goos:", "goarch:", "cpu:"} {
			if strings.HasPrefix(line, h) && !slices.Contains(header, line) {
				header = append(header, line)
			}
		}
		if m := benchLineRE.FindStringSubmatch(line); m != nil {
			v, err := strconv.ParseFloat(m[5], 64)
			if err != nil {
				continue
			}
			key := strings.Join(m[1:5], "/")
			samples[key] = append(samples[key], v)
		}
	}
	return samples, header
}

// ratioTable computes, from raw results, each map's median time per
// operation over the built-in map's median in the same runs: results hold
// the built-in map, the lab maps with their fast paths (NAME) and on the
// generic path (NAME-generic), and the peers. note, if not empty, is
// printed above the table.
func ratioTable(results, note string) (string, error) {
	samples, header := parseBench(results)
	var b strings.Builder
	for _, h := range header {
		b.WriteString(h + "\n")
	}
	runs := 0
	for _, s := range samples {
		runs = max(runs, len(s))
	}
	fmt.Fprintf(&b, "time per operation over the built-in map's in the same runs (median of %d)\n", runs)
	b.WriteString("buckets, swiss: labs 02 and 03 solved; -generic: the same maps on the generic path, as without step 9, in the same binary;\n")
	b.WriteString("cockroach: github.com/cockroachdb/swiss; dolthub: github.com/dolthub/swiss\n")
	b.WriteString(note)
	widths := make([]int, len(benchCols))
	fmt.Fprintf(&b, "%-9s %-4s %-7s", "op", "len", "key")
	for i, col := range benchCols {
		widths[i] = max(len(col), 6)
		fmt.Fprintf(&b, "  %*s", widths[i], col)
	}
	b.WriteString("\n")
	// The ratios of targetOps, by column, rounded as printed, so that the
	// summary can be checked against the table by hand.
	targetRatios := map[string][]float64{}
	for _, op := range benchOps {
		for _, l := range benchLens {
			for _, k := range benchKeys {
				fmt.Fprintf(&b, "%-9s %-4s %-7s", op, l, k)
				for i, col := range benchCols {
					r, err := benchRatio(samples, col, op, l, k)
					if err != nil {
						return "", err
					}
					fmt.Fprintf(&b, "  %*.2fx", widths[i]-1, r)
					if slices.Contains(targetOps, op) {
						targetRatios[col] = append(targetRatios[col], r)
					}
				}
				b.WriteString("\n")
			}
		}
	}
	rows := len(targetOps) * len(benchLens) * len(benchKeys)
	fmt.Fprintf(&b, "%s (%d rows): the geometric mean of each map's ratios, and the rows within its limit\n", strings.Join(targetOps, ", "), rows)
	for _, col := range benchCols {
		rs := targetRatios[col]
		t, ok := benchTargets[strings.TrimSuffix(col, "-generic")]
		if !ok {
			fmt.Fprintf(&b, "%s: geometric mean %.2fx (a peer: no target)\n", col, geomean(rs))
			continue
		}
		within := 0
		for _, r := range rs {
			if r <= t.row {
				within++
			}
		}
		fmt.Fprintf(&b, "%s: geometric mean %.2fx (target %gx), %d of %d rows within %gx\n", col, geomean(rs), t.geomean, within, len(rs), t.row)
	}
	return b.String(), nil
}

// labCols are the columns of benchCols that are lab maps, with and without
// step 9.
func labCols() []string {
	var cols []string
	for _, col := range benchCols {
		if slices.ContainsFunc(benchLabMaps, func(lm struct{ impl, lab string }) bool {
			return lm.impl == strings.TrimSuffix(col, "-generic")
		}) {
			cols = append(cols, col)
		}
	}
	return cols
}

// laneRatioTable is ratioTable's lab-map columns on the two lanes side by
// side: results[i] are the results of the build of lane i (benchPrevLane,
// then benchLane), whose toolchain built the lab maps and its own built-in
// map. Each ratio is over the built-in map of the same runs, so a map's two
// columns differ by what each toolchain did to that map and to its own
// built-in map. note, if not empty, is printed above the table.
func laneRatioTable(results [2]string, note string) (string, error) {
	ls := [2]lanes.Lane{benchPrevLane, benchLane}
	cols := labCols()
	var sets [2]benchSamples
	var header []string
	runs := 0
	for i := range ls {
		samples, h := parseBench(results[i])
		for _, line := range h {
			if !slices.Contains(header, line) {
				header = append(header, line)
			}
		}
		for _, s := range samples {
			runs = max(runs, len(s))
		}
		sets[i] = samples
	}
	var b strings.Builder
	for _, h := range header {
		b.WriteString(h + "\n")
	}
	fmt.Fprintf(&b, "time per operation over the built-in map's in the same runs (median of %d), with the lab maps\n", runs)
	fmt.Fprintf(&b, "and the built-in map built by %s, then by %s\n", ls[0].Toolchain, ls[1].Toolchain)
	b.WriteString("buckets, swiss: labs 02 and 03 solved; -generic: the same maps on the generic path, as without step 9, in the same binary\n")
	b.WriteString(note)
	w := 6
	for _, l := range ls {
		w = max(w, len(l.Release()))
	}
	pair := 2*w + 4
	prefix := func(a, l, k string) string { return fmt.Sprintf("%-9s %-4s %-7s", a, l, k) }
	b.WriteString(prefix("", "", ""))
	for _, col := range cols {
		fmt.Fprintf(&b, "%*s", pair, col)
	}
	b.WriteString("\n" + prefix("op", "len", "key"))
	for range cols {
		fmt.Fprintf(&b, "  %*s  %*s", w, ls[0].Release(), w, ls[1].Release())
	}
	b.WriteString("\n")
	// The ratios of each column and lane by group of rows: targetOps by key
	// type, and the other ops each.
	means := map[string][]float64{}
	for _, op := range benchOps {
		for _, l := range benchLens {
			for _, k := range benchKeys {
				b.WriteString(prefix(op, l, k))
				for _, col := range cols {
					for i := range ls {
						r, err := benchRatio(sets[i], col, op, l, k)
						if err != nil {
							return "", fmt.Errorf("%s: %v", ls[i].Toolchain, err)
						}
						fmt.Fprintf(&b, "  %*.2fx", w-1, r)
						group := k
						if !slices.Contains(targetOps, op) {
							group = op
						}
						key := fmt.Sprintf("%s/%s/%d", col, group, i)
						means[key] = append(means[key], r)
					}
				}
				b.WriteString("\n")
			}
		}
	}
	// The groups of the means: targetOps for each key type, and iterate,
	// which hashes nothing: how far the ratios of the same code move from one
	// set of runs to the other, a control.
	groups := append(slices.Clone(benchKeys), "iterate")
	fmt.Fprintf(&b, "the geometric mean of each map's ratios: over %s, the %s rows apart (%d rows each);\n",
		strings.Join(targetOps, ", "), strings.Join(benchKeys, " and "), len(targetOps)*len(benchLens))
	fmt.Fprintf(&b, "and over iterate, which hashes nothing, as a control (%d rows)\n", len(benchLens)*len(benchKeys))
	name := len("key")
	for _, col := range cols {
		name = max(name, len(col))
	}
	fmt.Fprintf(&b, "%-*s", name, "")
	for _, g := range groups {
		fmt.Fprintf(&b, "%*s", pair, g)
	}
	fmt.Fprintf(&b, "\n%-*s", name, "key")
	for range groups {
		fmt.Fprintf(&b, "  %*s  %*s", w, ls[0].Release(), w, ls[1].Release())
	}
	b.WriteString("\n")
	for _, col := range cols {
		fmt.Fprintf(&b, "%-*s", name, col)
		for _, g := range groups {
			for i := range ls {
				fmt.Fprintf(&b, "  %*.2fx", w-1, geomean(means[fmt.Sprintf("%s/%s/%d", col, g, i)]))
			}
		}
		b.WriteString("\n")
	}
	return b.String(), nil
}

// laneShape is what the check compares in laneRatioTable's output: its
// lines of column names, the first three words of each row, and the first
// word of each line of means.
func laneShape(s string) []string {
	cols := labCols()
	names := append(append(slices.Clone(cols), benchKeys...), "iterate")
	isName := func(w string) bool { return slices.Contains(names, w) }
	var rows []string
	for _, line := range strings.Split(s, "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) == 0:
		case f[0] == "op" || f[0] == "key" || !slices.ContainsFunc(f, func(w string) bool { return !isName(w) }):
			// The header's lines: the releases, and the maps or key types.
			rows = append(rows, strings.Join(f, " "))
		case len(f) >= 3 && slices.Contains(benchOps, f[0]):
			rows = append(rows, strings.Join(f[:3], " "))
		case slices.Contains(cols, f[0]):
			rows = append(rows, f[0])
		}
	}
	return rows
}

// benchstatDelta finds, in a row of a benchstat table of two columns, the
// benchmark's op, key type and the verdict: "~" or the change, "-12.34%".
var benchstatDelta = regexp.MustCompile(`^Map/impl=builtin/op=([\w-]+)/len=(\w+)/key=(\w+)(?:-\d+)?\s.*\s(~|[+-][0-9.]+%)\s+\(p=`)

// laneVerdicts sums up the built-in map on the two lanes, old and cur
// (results of benchPrevLane's and benchLane's builds), by groups of rows:
// the geometric mean of the rows' ratios of medians (new over old), and
// how many rows benchstat's table, given, finds faster, slower or not
// different.
func laneVerdicts(old, cur, table string) (string, error) {
	oldS, _ := parseBench(old)
	newS, _ := parseBench(cur)
	verdict := map[string]string{} // op/len/key: "~", "-" or "+"
	for _, line := range strings.Split(table, "\n") {
		if m := benchstatDelta.FindStringSubmatch(line); m != nil {
			verdict[m[1]+"/"+m[2]+"/"+m[3]] = m[4][:1]
		}
	}
	groups := [][]string{{"get-hit", "get-miss"}, {"put"}, {"delete"}, {"iterate"}}
	var b strings.Builder
	fmt.Fprintf(&b, "%s over %s, the built-in map: the geometric mean of the rows' ratios (median time over median time),\n", benchLane.Toolchain, benchPrevLane.Toolchain)
	b.WriteString("and how many rows benchstat finds faster, slower, or not different (p < 0.05)\n")
	for _, ops := range groups {
		for _, k := range benchKeys {
			var ratios []float64
			counts := map[string]int{}
			for _, op := range ops {
				for _, l := range benchLens {
					row := op + "/" + l + "/" + k
					o, n := median(oldS["builtin/"+row]), median(newS["builtin/"+row])
					if o == 0 || n == 0 {
						return "", fmt.Errorf("no result for the built-in map on both lanes, op=%s len=%s key=%s", op, l, k)
					}
					v, ok := verdict[row]
					if !ok {
						return "", fmt.Errorf("benchstat printed no verdict for the built-in map, op=%s len=%s key=%s", op, l, k)
					}
					ratios = append(ratios, n/o)
					counts[v]++
				}
			}
			fmt.Fprintf(&b, "%-18s %-7s %d rows  %.2fx  %d faster, %d slower, %d not different\n",
				strings.Join(ops, ", "), k, len(ratios), geomean(ratios), counts["-"], counts["+"], counts["~"])
		}
	}
	return b.String(), nil
}

// benchRatio returns impl's median time per operation over the built-in
// map's in samples, on one row, rounded as the ratio table prints it.
func benchRatio(samples benchSamples, impl, op, l, k string) (float64, error) {
	row := op + "/" + l + "/" + k
	base := median(samples["builtin/"+row])
	if base == 0 {
		return 0, fmt.Errorf("no result for the built-in map beside %s, op=%s len=%s key=%s", impl, op, l, k)
	}
	x := median(samples[impl+"/"+row])
	if x == 0 {
		return 0, fmt.Errorf("no result for %s, op=%s len=%s key=%s", impl, op, l, k)
	}
	return math.Round(x/base*100) / 100, nil
}

func geomean(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	sum := 0.0
	for _, x := range xs {
		sum += math.Log(x)
	}
	return math.Exp(sum / float64(len(xs)))
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(xs))
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// benchShape is what the check compares in the ratio table: its header of
// columns, the first three words of each row (op, len, key) and the first
// word of each summary line (the map).
func benchShape(s string) []string {
	var rows []string
	for _, line := range strings.Split(s, "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) >= 3 && f[0] == "op" && f[1] == "len":
			rows = append(rows, strings.Join(f, " "))
		case len(f) >= 3 && slices.Contains(benchOps, f[0]):
			rows = append(rows, strings.Join(f[:3], " "))
		case len(f) >= 3 && f[1] == "geometric" && f[2] == "mean":
			rows = append(rows, f[0])
		}
	}
	return rows
}

func checkBenchShape(root string, fresh map[string]string, names []string, stdout io.Writer) error {
	failed := false
	for _, name := range names {
		old, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			failed = true
			fmt.Fprintf(stdout, "%s is missing: run go run ./tools/course bench\n", name)
			continue
		}
		var oldRows, newRows []string
		switch name {
		case benchRatios:
			oldRows, newRows = benchShape(string(old)), benchShape(fresh[name])
		case benchRatiosPrev:
			oldRows, newRows = laneShape(string(old)), laneShape(fresh[name])
		default:
			oldRows, newRows = benchstatRows(string(old)), benchstatRows(fresh[name])
		}
		if !slices.Equal(oldRows, newRows) {
			failed = true
			fmt.Fprintf(stdout, "%s: its rows changed:\n%s\nrun go run ./tools/course bench to measure again\n", name, scrub.LineDiff(strings.Join(oldRows, "\n"), strings.Join(newRows, "\n"), 12))
			continue
		}
		fmt.Fprintf(stdout, "ok %s: the same %d rows\n", name, len(newRows))
	}
	if failed {
		return cli.ErrFailed
	}
	return nil
}

var procsSuffix = regexp.MustCompile(`-[0-9]+$`)

// benchstatRows lists the benchmark names of a benchstat table, and the
// columns of its header (the line of │ before the units).
func benchstatRows(s string) []string {
	var rows []string
	for _, line := range strings.Split(s, "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) > 0 && (strings.HasPrefix(f[0], "Map/") || strings.HasPrefix(f[0], "Hash/") || strings.HasPrefix(f[0], "Hasher/")):
			// Without the -N suffix that says GOMAXPROCS: machines differ.
			rows = append(rows, procsSuffix.ReplaceAllString(f[0], ""))
		case len(f) > 1 && f[0] == "│" && !strings.Contains(line, "/op"):
			rows = append(rows, strings.Join(f, " "))
		}
	}
	return rows
}

// benchProfileTime is how long each profiled benchmark runs.
const benchProfileTime = "3s"

// profileRowsOver profiles, with the fast build, the rows of targetOps
// where a lab map's median is over its limit (benchTargets' row), or, for a
// lab map with none, its worst row: the lab map and the built-in map, each
// alone. It returns go tool pprof -top of each, so that the chapter shows
// where the time goes rather than guesses.
func profileRowsOver(root, tmp string, fast *benchBuild, fastOut string, stdout io.Writer) (string, error) {
	samples, _ := parseBench(fastOut)
	type benchRow struct {
		op, l, k string
		ratio    float64
	}
	var b strings.Builder
	for _, lm := range benchLabMaps {
		limit := benchTargets[lm.impl].row
		var over []benchRow
		var worst benchRow
		for _, op := range targetOps {
			for _, l := range benchLens {
				for _, k := range benchKeys {
					r, err := benchRatio(samples, lm.impl, op, l, k)
					if err != nil {
						return "", err
					}
					row := benchRow{op, l, k, r}
					if r > limit {
						over = append(over, row)
					}
					if r > worst.ratio {
						worst = row
					}
				}
			}
		}
		rows := over
		if len(over) == 0 {
			rows = []benchRow{worst}
			fmt.Fprintf(&b, "%s: no row over its limit of %gx; its worst row:\n", lm.impl, limit)
		} else {
			rows := "rows"
			if len(over) == 1 {
				rows = "row"
			}
			fmt.Fprintf(&b, "%s: %d %s over its limit of %gx:\n", lm.impl, len(over), rows, limit)
		}
		for _, row := range rows {
			fmt.Fprintf(&b, "\n%s op=%s len=%s key=%s: %.2fx the built-in map\n", lm.impl, row.op, row.l, row.k, row.ratio)
			for _, impl := range []string{lm.impl, "builtin"} {
				fmt.Fprintf(stdout, "bench: profiling %s op=%s len=%s key=%s for %s\n", impl, row.op, row.l, row.k, benchProfileTime)
				top, err := profileTop(root, tmp, fast.bin, impl, row.op, row.l, row.k)
				if err != nil {
					return "", err
				}
				fmt.Fprintf(&b, "\n$ go tool pprof -top -nodecount=12 <impl=%s op=%s len=%s key=%s, %s>\n%s", impl, row.op, row.l, row.k, benchProfileTime, top)
			}
		}
		b.WriteString("\n")
	}
	return "CPU profiles of the lab map and of the built-in map, each on one row alone\n\n" + strings.TrimRight(b.String(), "\n") + "\n", nil
}

// profileTop runs one benchmark of the binary bin with a CPU profile (into
// tmp) and returns the profile's top, without the lines that name the file,
// the build and the time. The profile includes filling the map, which happens before
// the timed loop: the Put functions in it are that.
func profileTop(root, tmp, bin, impl, op, l, k string) (string, error) {
	prof := filepath.Join(tmp, "cpu.pprof")
	sel := fmt.Sprintf("^BenchmarkMap$/^impl=%s$/^op=%s$/^len=%s$/^key=%s$", impl, op, l, k)
	cmd := exec.Command(bin, "-test.run=^$", "-test.bench="+sel, "-test.benchtime="+benchProfileTime, "-test.cpuprofile="+prof)
	cmd.Dir = filepath.Join(root, filepath.FromSlash(benchPkg))
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("profiling %s: %v: %s", sel, err, base.FirstLines(string(out), 10))
	}
	cmd = exec.Command("go", "tool", "pprof", "-top", "-nodecount=12", bin, prof)
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go tool pprof -top: %v", err)
	}
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimRight(string(out), "\n"), "\n") {
		if strings.HasPrefix(line, "File:") || strings.HasPrefix(line, "Build ID:") || strings.HasPrefix(line, "Time:") || strings.HasPrefix(line, "Type:") {
			continue
		}
		b.WriteString(line + "\n")
	}
	return b.String(), nil
}
