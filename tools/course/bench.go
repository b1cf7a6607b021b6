package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gomaps/labs/overlay"
	"gomaps/tools/internal/cli"
)

// The benchmark of chapters 02 and 03: the solutions of labs 02 and 03 and
// the built-in map, side by side in one run, as ratios.
const (
	benchPkg     = "./labs/internal/mapbench"
	benchRatios  = "chapters/out/bench-ratios.txt"
	benchTable   = "chapters/out/bench-table.txt"
	benchRuntime = "chapters/out/bench-runtimes.txt"
)

var benchLabs = []string{"02-buckets", "03-swiss"}

// benchLineRE matches one result line of BenchmarkMap.
var benchLineRE = regexp.MustCompile(`^BenchmarkMap/impl=(\w+)/op=([\w-]+)/len=(\w+)/key=(\w+)(?:-\d+)?\s+\d+\s+([0-9.]+) ns/op`)

// The order rows and columns are printed in.
var (
	benchOps   = []string{"get-hit", "get-miss", "put", "delete", "iterate"}
	benchLens  = []string{"1e3", "1e5", "1e6"}
	benchKeys  = []string{"int64", "string"}
	benchImpls = []string{"buckets", "swiss"}
)

// The targets the solutions are held to: each map's time per operation over
// the built-in map's, for these operations, at every length.
var benchTargets = map[string]float64{"buckets": 2, "swiss": 1.5}
var targetOps = []string{"get-hit", "get-miss", "put"}

func runBench(args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("bench", flag.ContinueOnError)
	count := flags.Int("count", 6, "runs of each benchmark")
	benchtime := flags.String("benchtime", "300ms", "time (or Nx iterations) per run")
	check := flags.Bool("check", false, "run each benchmark once and check that the committed tables have the same rows")
	if help, err := parseFlags(flags, args, stdout); help || err != nil {
		return err
	}
	if flags.NArg() > 0 {
		return cli.Usagef("bench: unexpected argument %q", flags.Arg(0))
	}
	root, err := findRoot()
	if err != nil {
		return err
	}
	if *check {
		*count, *benchtime = 1, "1x"
	}
	replace, err := overlay.Solutions(root, benchLabs...)
	if err != nil {
		return err
	}
	ov, err := overlay.Write(replace)
	if err != nil {
		return err
	}
	defer os.Remove(ov)

	line := fmt.Sprintf("go run ./tools/course bench -count %d -benchtime %s", *count, *benchtime)
	testArgs := []string{"test", "-run=^$", "-timeout=0", "-count=" + strconv.Itoa(*count), "-benchtime=" + *benchtime, "-overlay=" + ov}
	fmt.Fprintf(stdout, "bench: running the three maps on %s (Swiss tables)\n", goVersion(root, nil))
	all, err := goBench(root, nil, append(testArgs, "-bench=^BenchmarkMap$", benchPkg))
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "bench: running the built-in map on %s\n", strings.Join(classicEnv, " "))
	classic, err := goBench(root, classicEnv, append(testArgs, "-bench=^BenchmarkMap$/^impl=builtin$", benchPkg))
	if err != nil {
		return err
	}

	ratios, err := ratioTable(all)
	if err != nil {
		return err
	}
	// benchstat reads files: the results go to a folder removed at the end.
	tmp, err := os.MkdirTemp("", "bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	results := map[string]string{"all": all, "classic": classic, "swiss": onlyImpl(all, "builtin")}
	for name, text := range results {
		if err := os.WriteFile(filepath.Join(tmp, name), []byte(text), 0o644); err != nil {
			return err
		}
	}
	// Each argument is label=file, so the table shows the label, not the path.
	arg := func(name string) string { return name + "=" + filepath.Join(tmp, name) }
	table, err := benchstat(root, "-col", "/impl", arg("all"))
	if err != nil {
		return err
	}
	runtimes, err := benchstat(root, arg("classic"), arg("swiss"))
	if err != nil {
		return err
	}
	outs := map[string]string{
		benchRatios:  "$ " + line + "\n" + ratios,
		benchTable:   "$ " + line + "\n$ go tool benchstat -col /impl all=<the results>\n" + table,
		benchRuntime: "$ " + line + "\n$ go tool benchstat classic=<Go 1.25, noswissmap> swiss=<Go 1.26>\n" + runtimes,
	}
	names := []string{benchRatios, benchTable, benchRuntime}
	if *check {
		return checkBenchShape(root, outs, names, stdout)
	}
	for _, name := range names {
		if err := os.WriteFile(filepath.Join(root, name), []byte(outs[name]), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s\n", name)
	}
	fmt.Fprint(stdout, ratios)
	return nil
}

// goBench runs go test with env added and returns its output, which must
// hold benchmark results.
func goBench(root string, env, args []string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("the benchmarks failed (are labs 02 and 03 solved in solutions/?): %s", firstLines(out.String(), 10))
	}
	return out.String(), nil
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
		return "", fmt.Errorf("go tool benchstat: %v: %s", err, firstLines(errOut.String(), 5))
	}
	return out.String(), nil
}

// onlyImpl keeps the header lines and the results of one implementation.
func onlyImpl(results, impl string) string {
	var b strings.Builder
	for _, line := range strings.Split(results, "\n") {
		if m := benchLineRE.FindStringSubmatch(line); m != nil && m[1] != impl {
			continue
		}
		b.WriteString(line + "\n")
	}
	return b.String()
}

// ratioTable computes, from raw results, each lab map's median time per
// operation over the built-in map's median in the same run.
func ratioTable(results string) (string, error) {
	samples := map[string][]float64{}
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
			v, _ := strconv.ParseFloat(m[5], 64)
			key := strings.Join(m[1:5], "/")
			samples[key] = append(samples[key], v)
		}
	}
	var b strings.Builder
	for _, h := range header {
		b.WriteString(h + "\n")
	}
	runs := 0
	for _, s := range samples {
		runs = max(runs, len(s))
	}
	fmt.Fprintf(&b, "time per operation over the built-in map's, same run (median of %d)\n", runs)
	fmt.Fprintf(&b, "%-9s %-4s %-7s %8s %8s\n", "op", "len", "key", "buckets", "swiss")
	met := map[string][2]int{}
	for _, op := range benchOps {
		for _, l := range benchLens {
			for _, k := range benchKeys {
				base := median(samples["builtin/"+op+"/"+l+"/"+k])
				if base == 0 {
					return "", fmt.Errorf("no result for the built-in map, op=%s len=%s key=%s", op, l, k)
				}
				fmt.Fprintf(&b, "%-9s %-4s %-7s", op, l, k)
				for _, impl := range benchImpls {
					x := median(samples[impl+"/"+op+"/"+l+"/"+k])
					if x == 0 {
						return "", fmt.Errorf("no result for %s, op=%s len=%s key=%s", impl, op, l, k)
					}
					r := x / base
					fmt.Fprintf(&b, " %7.2fx", r)
					if slices.Contains(targetOps, op) {
						m := met[impl]
						m[1]++
						if r <= benchTargets[impl] {
							m[0]++
						}
						met[impl] = m
					}
				}
				b.WriteString("\n")
			}
		}
	}
	for _, impl := range benchImpls {
		fmt.Fprintf(&b, "%s within %gx of the built-in map for %s: %d of %d rows\n",
			impl, benchTargets[impl], strings.Join(targetOps, ", "), met[impl][0], met[impl][1])
	}
	return b.String(), nil
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

// benchShape is what the check compares: the first word of each row of the
// ratio table (op, len, key).
func benchShape(s string) []string {
	var rows []string
	for _, line := range strings.Split(s, "\n") {
		f := strings.Fields(line)
		if len(f) >= 3 && slices.Contains(benchOps, f[0]) {
			rows = append(rows, strings.Join(f[:3], " "))
		}
	}
	return rows
}

func checkBenchShape(root string, fresh map[string]string, names []string, stdout io.Writer) error {
	failed := false
	for _, name := range names {
		old, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			return fmt.Errorf("%s is missing: run go run ./tools/course bench", name)
		}
		var oldRows, newRows []string
		if name == benchRatios {
			oldRows, newRows = benchShape(string(old)), benchShape(fresh[name])
		} else {
			oldRows, newRows = benchstatRows(string(old)), benchstatRows(fresh[name])
		}
		if !slices.Equal(oldRows, newRows) {
			failed = true
			fmt.Fprintf(stdout, "%s: its rows changed:\n%s\nrun go run ./tools/course bench to measure again\n", name, lineDiff(strings.Join(oldRows, "\n"), strings.Join(newRows, "\n"), 12))
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

// benchstatRows lists the benchmark names of a benchstat table.
func benchstatRows(s string) []string {
	var rows []string
	for _, line := range strings.Split(s, "\n") {
		f := strings.Fields(line)
		if len(f) > 0 && strings.HasPrefix(f[0], "Map/") {
			// Without the -N suffix that says GOMAXPROCS: machines differ.
			rows = append(rows, procsSuffix.ReplaceAllString(f[0], ""))
		}
	}
	return rows
}
