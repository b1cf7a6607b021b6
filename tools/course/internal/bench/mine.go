package bench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/bench/tables"
	"gomaps/tools/internal/gocmd"
)

// bench -mine measures the learner's own maps of labs 02 and 03, as they are in labs/, against
// the built-in map, on the course's default lane: the rows the labs' targets are set on (lookups
// and inserts) at two sizes, each run once per round with the three maps in turn, for benchstat's
// confidence intervals. It writes nothing in the course: the test binary and the results go to a
// temporary folder, and the tables are printed.
var (
	mineOps  = tables.TargetOps
	mineLens = []string{"1e3", "1e5"}
)

const (
	mineCount     = 6 // benchstat gives a confidence interval from 6 samples
	mineBenchtime = "50ms"
)

// ErrNothingToMeasure is Mine's error when neither lab map passes the tests of steps 1 to 8:
// what the labs are as shipped.
var ErrNothingToMeasure = errors.New("neither lab 02's map nor lab 03's passes the tests of steps 1 to 8 yet, so there is nothing of yours to measure: finish one of them first (go run ./tools/lab run 02, or 03)")

// Mine measures the learner's maps of labs 02 and 03 in the course at root against the
// built-in map, as bench -mine does, and prints the tables. The benchmark builds and runs on
// tables.Lane; g is the go command that runs benchstat. A map that does not pass its lab's
// tests of steps 1 to 8 is left out; when both are, Mine returns ErrNothingToMeasure.
func Mine(ctx context.Context, root string, g gocmd.Go, stdout io.Writer) error {
	start := time.Now()
	tmp, err := os.MkdirTemp("", "bench-mine-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	impls := []string{"builtin"}
	for _, lm := range tables.LabMaps {
		impls = append(impls, lm.Impl)
	}
	bb := &benchBuild{name: "mine", what: "your labs 02 and 03 as they are, and the built-in map, on " + tables.Lane.Toolchain, g: gocmd.OnLane(tables.Lane), replace: map[string]string{}, impls: impls}
	fmt.Fprintf(stdout, "bench -mine: building %s\n", bb.what)
	if err := buildBench(ctx, root, tmp, bb); err != nil {
		return fmt.Errorf("your labs 02 and 03 do not compile with the benchmark; go run ./tools/lab run 02 (or 03) shows why: %v", err)
	}
	measured := mineWorking(ctx, root, bb, stdout)
	if len(measured) == 1 {
		return ErrNothingToMeasure
	}
	var results strings.Builder
	for round := 1; round <= mineCount; round++ {
		fmt.Fprintf(stdout, "bench -mine: round %d of %d, -benchtime %s: %s in turn\n", round, mineCount, mineBenchtime, strings.Join(measured, ", "))
		out, err := mineCommand(ctx, root, bb, measured, mineBenchtime).CombinedOutput()
		if err != nil {
			return fmt.Errorf("the benchmark failed in round %d: %v:\n%s", round, err, base.LastLines(string(out), 15))
		}
		results.Write(out)
	}
	ratios, err := mineRatios(results.String(), measured[1:])
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
	fmt.Fprintf(stdout, "bench -mine: took %s; it wrote nothing in the course (the chapters' tables are the solutions': go run ./tools/course bench -write)\n", time.Since(start).Round(time.Second))
	return nil
}

// mineCommand runs the benchmark of impls on mineOps and mineLens once in bb's binary.
func mineCommand(ctx context.Context, root string, bb *benchBuild, impls []string, benchtime string) *exec.Cmd {
	p := "^BenchmarkMap$/^impl=(" + strings.Join(impls, "|") + ")$/^op=(" + strings.Join(mineOps, "|") + ")$/^len=(" + strings.Join(mineLens, "|") + ")$"
	return bb.command(ctx, root, "-test.run=^$", "-test.bench="+p, "-test.benchtime="+benchtime, "-test.count=1", "-test.timeout=5m")
}

// mineWorking returns the maps to measure: the built-in map, and each lab map that works. A
// stub that stores nothing is fast, and the benchmark does not check what a lookup finds: the
// lab's tests of steps 1 to 8 must pass (step 9, the fast paths, is what a learner may want to
// measure before and after), and the map is tried once in the benchmark, where it may still
// crash. It says why each map it leaves out is left out.
func mineWorking(ctx context.Context, root string, bb *benchBuild, stdout io.Writer) []string {
	measured := []string{"builtin"}
	for _, lm := range tables.LabMaps {
		test := gocmd.OnLane(tables.Lane).In(root).Command(ctx, "test", "-count=1", "-run", "^(Test|Fuzz)Step[1-8]([^0-9]|$)", "./labs/"+lm.Lab)
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
func mineRatios(results string, impls []string) (string, error) {
	samples, header := tables.Parse(results)
	var b strings.Builder
	for _, h := range header {
		b.WriteString(h + "\n")
	}
	fmt.Fprintf(&b, "your maps over the built-in map (%s), time per operation, median of %d rounds:\n", tables.Lane.Toolchain, mineCount)
	b.WriteString(tables.Row("op", "len", "key"))
	for _, impl := range impls {
		fmt.Fprintf(&b, "  %8s", impl)
	}
	b.WriteString("\n")
	ratios := map[string][]float64{}
	for _, op := range mineOps {
		for _, l := range mineLens {
			for _, k := range tables.Keys {
				b.WriteString(tables.Row(op, l, k))
				for _, impl := range impls {
					r, err := samples.Ratio(impl, op, l, k)
					if err != nil {
						return "", err
					}
					ratios[impl] = append(ratios[impl], r)
					fmt.Fprintf(&b, "  %7.2fx", r)
				}
				b.WriteString("\n")
			}
		}
	}
	for _, impl := range impls {
		t := tables.Targets[impl]
		fmt.Fprintf(&b, "%s: geometric mean %.2fx (the course's target %gx), %d of %d rows within %gx\n", impl, tables.Geomean(ratios[impl]), t.Geomean, t.Within(ratios[impl]), len(ratios[impl]), t.Row)
	}
	return b.String(), nil
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
