// Package bench is the bench command of tools/course: the benchmark of chapters 02 and 03, the
// solutions of labs 02 and 03, two public Swiss tables and the built-in map, side by side, as
// ratios. It builds labs/internal/mapbench on the Swiss lanes and the classic one, runs the
// builds in turn, reads the results with benchstat, and writes the tables (gomaps/labs/benchtables)
// into chapters/out, which chapters/code/03-swiss/readings reads into the chapters' sentences.
// bench -check runs every benchmark once and compares the tables' rows; bench -mine measures a
// learner's own maps.
package bench

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"gomaps/labs/benchtables"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/internal/cli"
	"gomaps/tools/internal/gocmd"
)

// options are the command's flags.
type options struct {
	count              int
	benchtime          string
	check, write, mine bool
}

func (o *options) flags(fs *flag.FlagSet) {
	fs.IntVar(&o.count, "count", 0, "runs of each benchmark: 10 by default (the chapters' tables), 6 with -mine (benchstat gives a confidence interval from 6)")
	fs.StringVar(&o.benchtime, "benchtime", "", "time (or Nx iterations) per run: 100ms by default, 50ms with -mine")
	fs.BoolVar(&o.check, "check", false, "run each benchmark once and check that the committed tables have the same rows")
	fs.BoolVar(&o.write, "write", false, "write the chapters' tables (chapters/out/bench-*.txt); without it, bench prints them and writes nothing")
	fs.BoolVar(&o.mine, "mine", false, "measure your own maps of labs 02 and 03, as they are in labs/, against the built-in map (about 2 minutes); writes nothing")
}

// Command is the bench command.
func Command() *cli.Command {
	var o options
	return &cli.Command{
		Name:  "bench",
		Usage: "[-count N] [-benchtime D] [-check] [-write] [-mine]",
		Short: "measure the lab maps against the built-in map and two Swiss tables: the tables of chapters 02 and 03",
		Long: "run labs/internal/mapbench with the solutions of labs 02 and 03 in place (each also on its " +
			"generic path, as without step 9, in the same binary), the peers github.com/cockroachdb/swiss " +
			"and github.com/dolthub/swiss, and the built-in map on every runtime, 10 runs each taking turns, " +
			"then benchstat; prints the tables, and with -write writes chapters/out/bench-table.txt, " +
			"bench-ratios.txt (each map's time per operation over the built-in map's, against the course's " +
			"targets), bench-fastpath.txt (each lab map without and with step 9), bench-hash.txt (each hash " +
			"alone), bench-hasher.txt (lookups in lab 03's map made by NewWithHasher, step 10), " +
			"bench-runtimes.txt (the built-in map on the classic lane against each Swiss lane), " +
			"bench-runtimes-127.txt and bench-ratios-127.txt (the default lane's release against the one " +
			"before it) and bench-profile.txt; the sentences of chapters 02 and 03 that read them are " +
			"outputs of the book (bench-reading-*, made by chapters/code/03-swiss/readings from the " +
			"committed tables: go run ./tools/course outputs writes them again); -check runs every " +
			"benchmark once and checks that the committed tables still have the same rows; -mine measures your " +
			"own maps of labs 02 and 03, as they are in labs/, against the built-in map, and writes nothing",
		Flags: o.flags,
		Run: func(ctx context.Context, io cli.IO, args []string) error {
			return o.run(ctx, args, io.Stdout)
		},
	}
}

func (o *options) run(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) > 0 {
		return cli.Usagef("bench: unexpected argument %q", args[0])
	}
	// Unset, the chapters' tables take 10 runs of 100ms; -mine, which a learner waits for, 6
	// rounds of 50ms.
	count, benchtime := 10, "100ms"
	if o.mine {
		count, benchtime = mineRounds, mineBenchtime
	}
	o.count, o.benchtime = cmp.Or(o.count, count), cmp.Or(o.benchtime, benchtime)
	if o.count < 6 && !o.check {
		return cli.Usagef("bench: -count %d: want at least 6, the fewest runs benchstat gives a confidence interval for", o.count)
	}
	root, err := base.FindRoot()
	if err != nil {
		return err
	}
	// From the command line, benchstat and pprof run as the environment sets the go command.
	g := gocmd.Machine()
	switch {
	case o.mine:
		if o.check || o.write {
			return cli.Usagef("bench: -mine measures your own maps and writes nothing: it takes neither -check nor -write")
		}
		return Mine(ctx, root, g, MineRun{Rounds: o.count, Benchtime: o.benchtime}, stdout)
	case o.check:
		return Check(ctx, root, g, stdout)
	}
	return measure(ctx, root, g, *o, stdout)
}

// Check is bench -check: it runs every benchmark once and checks that the committed tables of
// the course at root still have the same rows, or says which changed and returns cli.ErrFailed.
// g runs benchstat; the builds run on their lanes.
func Check(ctx context.Context, root string, g gocmd.Go, stdout io.Writer) error {
	return measure(ctx, root, g, options{count: 1, benchtime: "1x", check: true}, stdout)
}

// bench -mine measures the learner's own maps of labs 02 and 03, as they are in labs/, against
// the built-in map, on the course's default lane: the rows the labs' targets are set on (lookups
// and inserts) at two sizes, each run once per round with the three maps in turn, for benchstat's
// confidence intervals. It writes nothing in the course: the test binary and the results go to a
// temporary folder, and the tables are printed.
var (
	mineOps  = benchtables.TargetOps
	mineLens = []string{"1e3", "1e5"}
)

// The rounds of bench -mine and their -benchtime, unless MineRun says otherwise.
const (
	mineRounds    = 6 // benchstat gives a confidence interval from 6 samples
	mineBenchtime = "50ms"
)

// MineRun is how long bench -mine measures: how many rounds (at least 6), each of how long a
// -benchtime; zero values take mineRounds and mineBenchtime.
type MineRun struct {
	Rounds    int
	Benchtime string
}

// ErrNothingToMeasure is Mine's error when neither lab map passes the tests of steps 1 to 8:
// what the labs are as shipped.
var ErrNothingToMeasure = errors.New("neither lab 02's map nor lab 03's passes the tests of steps 1 to 8 yet, so there is nothing of yours to measure: finish one of them first (go run ./tools/lab run 02, or 03)")

// Mine is bench -mine on the course at root: it builds and runs the benchmark on
// benchtables.Lane (g runs benchstat) and prints the tables. A map that does not pass its lab's
// tests of steps 1 to 8 is left out; when both are, Mine returns ErrNothingToMeasure.
func Mine(ctx context.Context, root string, g gocmd.Go, run MineRun, stdout io.Writer) error {
	start := time.Now()
	run = MineRun{cmp.Or(run.Rounds, mineRounds), cmp.Or(run.Benchtime, mineBenchtime)}
	tmp, err := os.MkdirTemp("", "bench-mine-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	bb := &benchBuild{name: "mine", what: "your labs 02 and 03 as they are, and the built-in map, on " + benchtables.Lane.Toolchain, g: gocmd.OnLane(benchtables.Lane), replace: map[string]string{}}
	fmt.Fprintf(stdout, "bench -mine: building %s\n", bb.what)
	if err := buildBench(ctx, root, tmp, bb); err != nil {
		return fmt.Errorf("your labs 02 and 03 do not compile with the benchmark; go run ./tools/lab run 02 (or 03) shows why: %v", err)
	}
	measured := mineWorking(ctx, root, bb, stdout)
	if len(measured) == 1 {
		return ErrNothingToMeasure
	}
	var results strings.Builder
	for round := 1; round <= run.Rounds; round++ {
		fmt.Fprintf(stdout, "bench -mine: round %d of %d, -benchtime %s: %s in turn\n", round, run.Rounds, run.Benchtime, strings.Join(measured, ", "))
		out, err := mineCommand(ctx, root, bb, measured, run.Benchtime).CombinedOutput()
		if err != nil {
			return fmt.Errorf("the benchmark failed in round %d: %v:\n%s", round, err, base.LastLines(string(out), 15))
		}
		results.Write(out)
	}
	ratios, err := mineRatios(results.String(), measured[1:], run.Rounds)
	if err != nil {
		return err
	}
	file := filepath.Join(tmp, "mine")
	if err := os.WriteFile(file, []byte(results.String()), 0o644); err != nil {
		return err
	}
	table, err := benchstat(ctx, root, g, "-col", "/impl@("+strings.Join(measured, " ")+")", "mine="+file)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\n$ go tool benchstat -col '/impl@(%s)' <your results>\n%s\n%s", strings.Join(measured, " "), table, ratios)
	fmt.Fprintf(stdout, "bench -mine: took %s; it wrote nothing in the course (the chapters' tables measure the solutions, not your maps)\n", time.Since(start).Round(time.Second))
	return nil
}

// mineCommand runs the benchmark of impls on mineOps and mineLens once in bb's binary.
func mineCommand(ctx context.Context, root string, bb *benchBuild, impls []string, benchtime string) *exec.Cmd {
	p := "^BenchmarkMap$/^impl=(" + strings.Join(impls, "|") + ")$/^op=(" + strings.Join(mineOps, "|") + ")$/^len=(" + strings.Join(mineLens, "|") + ")$"
	return bb.bench(ctx, root, p, benchtime, "-test.count=1", "-test.timeout=5m")
}

// mineWorking returns the maps to measure: the built-in map, and each lab map that works. A
// stub that stores nothing is fast, and the benchmark does not check what a lookup finds: the
// lab's tests of steps 1 to 8 must pass (step 9, the fast paths, is what a learner may want to
// measure before and after), and the map is tried once in the benchmark, where it may still
// crash. It says why each map it leaves out is left out.
func mineWorking(ctx context.Context, root string, bb *benchBuild, stdout io.Writer) []string {
	measured := []string{"builtin"}
	for _, lm := range benchtables.LabMaps {
		test := gocmd.OnLane(benchtables.Lane).In(root).Command(ctx, "test", "-count=1", "-run", "^(Test|Fuzz)Step[1-8]([^0-9]|$)", "./labs/"+lm.Lab)
		if out, err := test.CombinedOutput(); err != nil {
			fmt.Fprintf(stdout, "bench -mine: your map of lab %s does not pass the tests of steps 1 to 8 yet, so it is not measured: go run ./tools/lab run %s shows the step to finish (%s)\n", lm.Lab, lm.Lab[:2], firstFailure(string(out)))
			continue
		}
		if out, err := mineCommand(ctx, root, bb, []string{lm.Impl}, "1x").CombinedOutput(); err != nil {
			fmt.Fprintf(stdout, "bench -mine: your map of lab %s fails in the benchmark, so it is not measured: %s\n", lm.Lab, firstFailure(string(out)))
			continue
		}
		measured = append(measured, lm.Impl)
	}
	return measured
}

// mineRatios is the table of the ratios of impls over the built-in map in results, and the
// lines under it that hold each map to the course's target.
func mineRatios(results string, impls []string, rounds int) (string, error) {
	samples, header := benchtables.Parse(results)
	var b strings.Builder
	for _, h := range header {
		b.WriteString(h + "\n")
	}
	fmt.Fprintf(&b, "your maps over the built-in map (%s), time per operation, median of %d rounds:\n", benchtables.Lane.Toolchain, rounds)
	b.WriteString(benchtables.Row("op", "len", "key"))
	for _, impl := range impls {
		fmt.Fprintf(&b, "  %8s", impl)
	}
	b.WriteString("\n")
	ratios := map[string][]float64{}
	for _, row := range mineRows() {
		b.WriteString(benchtables.Row(row[0], row[1], row[2]))
		for _, impl := range impls {
			r, err := samples.Ratio(impl, row[0], row[1], row[2])
			if err != nil {
				return "", err
			}
			ratios[impl] = append(ratios[impl], r)
			fmt.Fprintf(&b, "  %7.2fx", r)
		}
		b.WriteString("\n")
	}
	for _, impl := range impls {
		t := benchtables.Targets[impl]
		fmt.Fprintf(&b, "%s: geometric mean %.2fx (the course's target %gx), %d of %d rows within %gx\n", impl, benchtables.Geomean(ratios[impl]), t.Geomean, t.Within(ratios[impl]), len(ratios[impl]), t.Row)
	}
	b.WriteString("\n")
	for _, impl := range impls {
		b.WriteString(readRounds(samples, impl))
	}
	return b.String(), nil
}

// mineRows are the rows bench -mine measures: op, len and key.
func mineRows() (rows [][3]string) {
	for _, op := range mineOps {
		for _, l := range mineLens {
			for _, k := range benchtables.Keys {
				rows = append(rows, [3]string{op, l, k})
			}
		}
	}
	return rows
}

// readRounds says what a run of bench -mine can tell about impl, reading its rows in samples
// round by round (each over the built-in map of the same round), and what to do for a steadier
// figure when it cannot tell enough. A ratio that stays on one side of the target in every
// round is one the run can place; one that crosses it from one round to another is noise the
// run cannot see past, whatever its median says.
func readRounds(samples benchtables.Samples, impl string) string {
	t := benchtables.Targets[impl]
	within, over, unplaced := 0, 0, 0 // rows within the row limit in every round, over it in every round, or both
	spread := 1.0                     // the largest ratio of a row's highest round to its lowest
	var byRound [][]float64
	for _, row := range mineRows() {
		key := row[0] + "/" + row[1] + "/" + row[2]
		mine, base := samples[impl+"/"+key], samples["builtin/"+key]
		lo, hi := math.Inf(1), 0.0
		for i := range min(len(mine), len(base)) {
			x := mine[i] / base[i]
			lo, hi = min(lo, x), max(hi, x)
			if i == len(byRound) {
				byRound = append(byRound, nil)
			}
			byRound[i] = append(byRound[i], x)
		}
		switch {
		case hi <= t.Row:
			within++
		case lo > t.Row:
			over++
		default:
			unplaced++
		}
		spread = max(spread, hi/lo)
	}
	geoLow, geoHigh := math.Inf(1), 0.0 // the lowest and highest geometric mean of one round's rows
	for _, xs := range byRound {
		g := benchtables.Geomean(xs)
		geoLow, geoHigh = min(geoLow, g), max(geoHigh, g)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s, round by round: %d rows within %gx in every round, %d over it in every round", impl, within, t.Row, over)
	if unplaced > 0 {
		fmt.Fprintf(&b, ", and %d that cross it from one round to another, which this run cannot place", unplaced)
	}
	fmt.Fprintf(&b, "; the geometric mean of one round's rows was between %.2fx and %.2fx", geoLow, geoHigh)
	switch {
	case geoHigh <= t.Geomean:
		fmt.Fprintf(&b, ", within the target of %gx in every round.\n", t.Geomean)
	case geoLow > t.Geomean:
		fmt.Fprintf(&b, ", over the target of %gx in every round.\n", t.Geomean)
	default:
		fmt.Fprintf(&b, ", on both sides of the target of %gx: this run cannot say whether your map meets it.\n", t.Geomean)
	}
	if unplaced > 0 || (geoLow <= t.Geomean) != (geoHigh <= t.Geomean) {
		fmt.Fprintf(&b, "  The rounds disagree (one row's ratio changed by up to %.1f times from one round to another): the machine was busy, or the rows sit that close to the target. For a steadier figure, close what else runs and measure again, with more or longer rounds: go run ./tools/course bench -mine -count 12 -benchtime 100ms\n", spread)
	}
	return b.String()
}

// firstFailure is the first line of a failed test's or benchmark's output that says what went
// wrong.
func firstFailure(out string) string {
	for _, line := range strings.Split(out, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "panic:") || strings.HasPrefix(t, "fatal error:") || strings.Contains(t, "_test.go:") {
			return t
		}
	}
	return base.FirstLines(strings.TrimSpace(out), 1)
}
