package main

import (
	"fmt"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/bench/tables"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
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

func runBenchMine(root string, stdout io.Writer) error {
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
	bb := &benchBuild{name: "mine", what: "your labs 02 and 03 as they are, and the built-in map, on " + tables.Lane.Toolchain, env: tables.Lane.Env(), replace: map[string]string{}, impls: impls}
	fmt.Fprintf(stdout, "bench -mine: building %s\n", bb.what)
	if err := buildBench(root, tmp, bb); err != nil {
		return fmt.Errorf("your labs 02 and 03 do not compile with the benchmark; go run ./tools/lab run 02 (or 03) shows why: %v", err)
	}
	pattern := func(impls []string, benchtime string, count int) *exec.Cmd {
		p := "^BenchmarkMap$/^impl=(" + strings.Join(impls, "|") + ")$/^op=(" + strings.Join(mineOps, "|") + ")$/^len=(" + strings.Join(mineLens, "|") + ")$"
		cmd := exec.Command(bb.bin, "-test.run=^$", "-test.bench="+p, "-test.benchtime="+benchtime, fmt.Sprintf("-test.count=%d", count), "-test.timeout=5m")
		cmd.Dir = filepath.Join(root, filepath.FromSlash(benchPkg))
		return cmd
	}
	// A map is measured only when it works: a stub that stores nothing is fast, and the
	// benchmark does not check what a lookup finds. The lab's tests of steps 1 to 8 must pass
	// (step 9, the fast paths, is what a learner may want to measure before and after), and the
	// map is tried once in the benchmark, where it may still crash.
	measured := []string{"builtin"}
	for _, lm := range tables.LabMaps {
		test := exec.Command("go", "test", "-count=1", "-run", "^(Test|Fuzz)Step[1-8]([^0-9]|$)", "./labs/"+lm.Lab)
		test.Dir, test.Env = root, append(os.Environ(), tables.Lane.Env()...)
		if out, err := test.CombinedOutput(); err != nil {
			fmt.Fprintf(stdout, "bench -mine: your map of lab %s does not pass the tests of steps 1 to 8 yet, so it is not measured: go run ./tools/lab run %s shows the step to finish (%s)\n", lm.Lab, lm.Lab[:2], firstFailure(string(out)))
			continue
		}
		if out, err := pattern([]string{lm.Impl}, "1x", 1).CombinedOutput(); err != nil {
			fmt.Fprintf(stdout, "bench -mine: your map of lab %s fails in the benchmark, so it is not measured: %s\n", lm.Lab, firstFailure(string(out)))
			continue
		}
		measured = append(measured, lm.Impl)
	}
	if len(measured) == 1 {
		return fmt.Errorf("neither lab 02's map nor lab 03's passes the tests of steps 1 to 8 yet, so there is nothing of yours to measure: finish one of them first (go run ./tools/lab run 02, or 03)")
	}
	var results strings.Builder
	for round := 1; round <= mineCount; round++ {
		fmt.Fprintf(stdout, "bench -mine: round %d of %d, -benchtime %s: %s in turn\n", round, mineCount, mineBenchtime, strings.Join(measured, ", "))
		out, err := pattern(measured, mineBenchtime, 1).CombinedOutput()
		if err != nil {
			return fmt.Errorf("the benchmark failed in round %d: %v:\n%s", round, err, base.LastLines(string(out), 15))
		}
		results.Write(out)
	}
	samples, header := tables.Parse(results.String())
	var b strings.Builder
	for _, h := range header {
		b.WriteString(h + "\n")
	}
	fmt.Fprintf(&b, "your maps over the built-in map (%s), time per operation, median of %d rounds:\n", tables.Lane.Toolchain, mineCount)
	fmt.Fprintf(&b, "%-9s %-4s %-7s", "op", "len", "key")
	for _, impl := range measured[1:] {
		fmt.Fprintf(&b, "  %8s", impl)
	}
	b.WriteString("\n")
	ratios := map[string][]float64{}
	for _, op := range mineOps {
		for _, l := range mineLens {
			for _, k := range tables.Keys {
				fmt.Fprintf(&b, "%-9s %-4s %-7s", op, l, k)
				for _, impl := range measured[1:] {
					r, err := samples.Ratio(impl, op, l, k)
					if err != nil {
						return err
					}
					ratios[impl] = append(ratios[impl], r)
					fmt.Fprintf(&b, "  %7.2fx", r)
				}
				b.WriteString("\n")
			}
		}
	}
	for _, impl := range measured[1:] {
		t := tables.Targets[impl]
		fmt.Fprintf(&b, "%s: geometric mean %.2fx (the course's target %gx), %d of %d rows within %gx\n", impl, tables.Geomean(ratios[impl]), t.Geomean, t.Within(ratios[impl]), len(ratios[impl]), t.Row)
	}
	file := filepath.Join(tmp, "mine")
	if err := os.WriteFile(file, []byte(results.String()), 0o644); err != nil {
		return err
	}
	table, err := benchstat(root, "-col", "/impl@("+strings.Join(measured, " ")+")", "mine="+file)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\n$ go tool benchstat -col '/impl@(%s)' <your results>\n%s\n%s", strings.Join(measured, " "), table, b.String())
	fmt.Fprintf(stdout, "bench -mine: took %s; it wrote nothing in the course (the chapters' tables are the solutions': go run ./tools/course bench -write)\n", time.Since(start).Round(time.Second))
	return nil
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
