package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"gomaps/labs/lanes"
	"gomaps/labs/overlay"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/bench/reading"
	"gomaps/tools/course/internal/bench/tables"
	"gomaps/tools/course/internal/scrub"
	"gomaps/tools/internal/cli"
	"gomaps/tools/internal/syncbuf"
)

// The benchmark of chapters 02 and 03: the solutions of labs 02 and 03, two
// public Swiss tables and the built-in map, side by side, as ratios.
const (
	benchPkg = "./labs/internal/mapbench"
)

// benchBuild is one test binary of labs/internal/mapbench and what it runs.
type benchBuild struct {
	name    string            // fast, classic, fast and tables.PrevLane's release (prevLaneBuild), or mine (bench -mine)
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

// prevLaneBuild is the name of a build made again with tables.PrevLane's toolchain.
func prevLaneBuild(name string) string { return name + "-" + tables.PrevLane.Release() }

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
		committed, err := reading.Read(root)
		if err != nil {
			return err
		}
		out, err := reading.Of(committed)
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
	labs := make([]string, len(tables.LabMaps))
	for i, lm := range tables.LabMaps {
		labs[i] = lm.Lab
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
	for _, lm := range tables.LabMaps {
		labImpls = append(labImpls, lm.Impl, tables.Generic(lm.Impl))
	}
	// Each lab map runs twice in one binary: as solved (impl=NAME) and on
	// the generic path that New would choose without step 9
	// (impl=NAME-generic), so that where the compiler placed each build's
	// code is not what differs. The builds of one row take turns in this
	// order: the built-in map of each lane right after the other's.
	builds := []*benchBuild{{
		name:    buildFast,
		what:    "the solutions of labs 02 and 03 with and without step 9, the peers and the built-in map on " + tables.Lane.Toolchain,
		env:     tables.Lane.Env(),
		replace: fast,
		impls:   append(slices.Clone(labImpls), tables.Peers...),
		hooks:   true,
	}, {
		name:    prevLaneBuild(buildFast),
		what:    "the solutions of labs 02 and 03 with and without step 9 and the built-in map on " + tables.PrevLane.Toolchain,
		env:     tables.PrevLane.Env(),
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
		for _, k := range tables.Keys {
			for _, l := range tables.Lens {
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
	built := fmt.Sprintf("every map built by %s (bench-ratios-127.txt has the lab maps' ratios on %s beside)\n", tables.Lane.Toolchain, tables.PrevLane.Toolchain)
	ratios, err := tables.RatioTable(fastOut, built)
	if err != nil {
		return err
	}
	ratiosPrev, err := tables.LaneRatioTable([2]string{prevFastOut, fastOut}, "")
	if err != nil {
		return err
	}

	// benchstat reads files: the results go to tmp, removed at the end.
	swiss, prevSwiss := tables.OnlyImpls(fastOut, "builtin"), tables.OnlyImpls(prevFastOut, "builtin")
	files := map[string]string{"all": fastOut, "classic": classicOut, tables.Lane.Toolchain: swiss, tables.PrevLane.Toolchain: prevSwiss, "hash": hashOut.String(), "hasher": hasherOut.String()}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(tmp, name), []byte(text), 0o644); err != nil {
			return err
		}
	}
	// Each argument is label=file, so the table shows the label, not the path.
	arg := func(name string) string { return name + "=" + filepath.Join(tmp, name) }
	line := fmt.Sprintf("$ go run ./tools/course bench -write -count %d -benchtime %s\n", *count, *benchtime)
	cols := "/impl@(" + strings.Join(append([]string{"builtin"}, tables.Cols...), " ") + ")"
	table, err := benchstat(root, "-col", cols, arg("all"))
	if err != nil {
		return err
	}
	runtimes, err := benchstat(root, arg("classic"), arg(tables.PrevLane.Toolchain), arg(tables.Lane.Toolchain))
	if err != nil {
		return err
	}
	runtimesPrev, err := benchstat(root, arg(tables.PrevLane.Toolchain), arg(tables.Lane.Toolchain))
	if err != nil {
		return err
	}
	verdicts, err := tables.LaneVerdicts(prevSwiss, swiss, runtimesPrev)
	if err != nil {
		return err
	}
	fastpath := line
	fastpaths := map[string]string{}
	for _, lm := range tables.LabMaps {
		t, err := benchstat(root, "-col", tables.FastpathCols(lm.Impl), arg("all"))
		if err != nil {
			return err
		}
		fastpaths[lm.Impl] = t
		fastpath += tables.FastpathHeader(lm.Impl) + t
	}
	hashCols := "/impl@(" + strings.Join(tables.HashImpls, " ") + ")"
	hashTable, err := benchstat(root, "-col", hashCols, arg("hash"))
	if err != nil {
		return err
	}
	hasherCols := "/impl@(" + strings.Join(tables.HasherImpls, " ") + ")"
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
		tables.RatiosFile: line + ratios,
		tables.TableFile:  line + "$ go tool benchstat -col '" + cols + "' all=<the results>\n" + table,
		tables.HashFile:   line + "$ go tool benchstat -col '" + hashCols + "' hash=<the results of BenchmarkHash>\n" + hashTable,
		tables.HasherFile: line + "$ go tool benchstat -col '" + hasherCols + "' hasher=<the results of BenchmarkHasher>\n" + hasherTable,
		tables.RuntimesFile: line + fmt.Sprintf("$ go tool benchstat classic=<%s, %s> %s=<%s> %s=<%s>\n",
			lanes.Classic().Toolchain, lanes.Classic().Experiment, tables.PrevLane.Toolchain, tables.PrevLane.Toolchain, tables.Lane.Toolchain, tables.Lane.Toolchain) + runtimes,
		tables.FastpathFile: fastpath,
		tables.RuntimesPrevFile: line + fmt.Sprintf("$ go tool benchstat %s=<the built-in map built by %s> %s=<the same, built by %s>\n",
			tables.PrevLane.Toolchain, tables.PrevLane.Toolchain, tables.Lane.Toolchain, tables.Lane.Toolchain) + runtimesPrev + verdicts,
		tables.RatiosPrevFile: line + ratiosPrev,
	}
	outNames := []string{tables.RatiosFile, tables.TableFile, tables.HashFile, tables.HasherFile, tables.RuntimesFile, tables.FastpathFile, tables.RuntimesPrevFile, tables.RatiosPrevFile}
	if *check {
		err := checkBenchShape(root, outs, outNames, stdout)
		fmt.Fprintf(stdout, "bench: took %s\n", time.Since(start).Round(time.Second))
		return err
	}
	outs[tables.ProfileFile] = line + profile
	outs[tables.RatiosFile] += fmt.Sprintf("bench took %s in all here: the builds, the runs and the profiles\n", time.Since(start).Round(time.Minute))
	readings, err := reading.Of(reading.Tables{Runs: *count, Table: table, Ratios: outs[tables.RatiosFile], Profile: profile, Hash: hashTable, Hasher: hasherTable,
		RuntimesPrev: outs[tables.RuntimesPrevFile], RatiosPrev: ratiosPrev, Fastpath: fastpaths})
	if err != nil {
		return err
	}
	outNames = append(outNames, tables.ProfileFile)
	for _, name := range slices.Sorted(maps.Keys(readings)) {
		outs[name] = readings[name]
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
	for _, lm := range tables.LabMaps {
		src := filepath.Join(dir, lm.Impl+"-"+hookFile)
		if err := os.WriteFile(src, []byte(fmt.Sprintf(benchHook, lm.Impl)), 0o644); err != nil {
			return err
		}
		replace[filepath.Join(abs, "labs", lm.Lab, hookFile)] = src
	}
	return nil
}

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
	if hash, err = run("BenchmarkHash", (len(tables.HashImpls)-1)*len(tables.HashKeys)+1); err != nil {
		return "", "", err
	}
	hasher, err = run("BenchmarkHasher", len(tables.HasherImpls)*tables.HasherRows)
	return hash, hasher, err
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
		want := len(bb.impls) * len(tables.Ops) * len(tables.Lens) * len(tables.Keys)
		if rows != (benchRows{}) {
			pattern += "/./^len=" + rows.len + "$/^key=" + rows.key + "$"
			want = len(bb.impls) * len(tables.Ops)
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
						fmt.Fprintf(stdout, "bench:   the %s build: %d of %d results after %s, the last %s\n", r.bb.name, strings.Count(text, " ns/op"), r.want, time.Since(start).Round(time.Second), tables.LastResult(text))
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

func checkBenchShape(root string, fresh map[string]string, names []string, stdout io.Writer) error {
	failed := false
	for _, name := range names {
		old, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			failed = true
			fmt.Fprintf(stdout, "%s is missing: run go run ./tools/course bench\n", name)
			continue
		}
		oldRows, newRows := tables.Shape(name, string(old)), tables.Shape(name, fresh[name])
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

// benchProfileTime is how long each profiled benchmark runs.
const benchProfileTime = "3s"

// profileRowsOver profiles, with the fast build, the rows of tables.TargetOps
// where a lab map's median is over its limit (tables.Targets' row), or, for a
// lab map with none, its worst row: the lab map and the built-in map, each
// alone. It returns go tool pprof -top of each, so that the chapter shows
// where the time goes rather than guesses.
func profileRowsOver(root, tmp string, fast *benchBuild, fastOut string, stdout io.Writer) (string, error) {
	samples, _ := tables.Parse(fastOut)
	type benchRow struct {
		op, l, k string
		ratio    float64
	}
	var b strings.Builder
	for _, lm := range tables.LabMaps {
		limit := tables.Targets[lm.Impl].Row
		var over []benchRow
		var worst benchRow
		for _, op := range tables.TargetOps {
			for _, l := range tables.Lens {
				for _, k := range tables.Keys {
					r, err := samples.Ratio(lm.Impl, op, l, k)
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
			fmt.Fprintf(&b, "%s: no row over its limit of %gx; its worst row:\n", lm.Impl, limit)
		} else {
			rows := "rows"
			if len(over) == 1 {
				rows = "row"
			}
			fmt.Fprintf(&b, "%s: %d %s over its limit of %gx:\n", lm.Impl, len(over), rows, limit)
		}
		for _, row := range rows {
			fmt.Fprintf(&b, "\n%s op=%s len=%s key=%s: %.2fx the built-in map\n", lm.Impl, row.op, row.l, row.k, row.ratio)
			for _, impl := range []string{lm.Impl, "builtin"} {
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
