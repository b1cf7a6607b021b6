package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// fakeBench writes results of BenchmarkMap as go test prints them: for each
// op, len and key, runs lines per impl, with the time nsop(impl, op) plus
// run/10 (so that the median of 3 runs is nsop + 0.1).
func fakeBench(impls []string, runs int, nsop func(impl, op string) float64) string {
	var b strings.Builder
	b.WriteString("goos: linux\ngoarch: amd64\npkg: gomaps/labs/internal/mapbench\ncpu: Some CPU\n")
	for _, k := range benchKeys {
		for _, l := range benchLens {
			for _, impl := range impls {
				for _, op := range benchOps {
					for run := range runs {
						fmt.Fprintf(&b, "BenchmarkMap/impl=%s/op=%s/len=%s/key=%s-2   \t 1000000\t %.3f ns/op\n", impl, op, l, k, nsop(impl, op)+float64(run)/10)
					}
				}
			}
		}
	}
	b.WriteString("PASS\n")
	return b.String()
}

func TestRatioTable(t *testing.T) {
	fast := fakeBench([]string{"builtin", "buckets", "swiss", "cockroach", "dolthub"}, 3, func(impl, op string) float64 {
		switch {
		case impl == "builtin":
			return 9.9
		case impl == "swiss" && op == "put":
			return 15.9 // 1.6x: over the 1.5x of a row
		case impl == "swiss":
			return 10.9 // 1.1x
		case impl == "buckets":
			return 14.9 // 1.5x
		case impl == "cockroach":
			return 8.9 // 0.9x
		}
		return 11.9 // dolthub, 1.2x
	})
	// The generic build's built-in map is twice as slow: its lab maps'
	// ratios must be taken against it, not against the fast build's.
	generic := renameImpls(fakeBench([]string{"builtin", "buckets", "swiss"}, 3, func(impl, op string) float64 {
		switch impl {
		case "builtin":
			return 19.9
		case "buckets":
			return 49.9 // 2.5x
		}
		return 25.9 // 1.3x
	}), genericRenames())
	got, err := ratioTable(fast, generic, "(a note)\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"goos: linux\ngoarch: amd64\ncpu: Some CPU\n",
		"(median of 3)",
		"(a note)\n",
		"op        len  key      buckets-generic  buckets  swiss-generic   swiss  cockroach  dolthub\n",
		"get-hit   1e3  int64              2.50x    1.50x          1.30x   1.10x      0.90x    1.20x\n",
		"put       1e6  string             2.50x    1.50x          1.30x   1.60x      0.90x    1.20x\n",
		"iterate   1e6  string",
		"get-hit, get-miss, put (18 rows): ",
		"buckets-generic: geometric mean 2.50x (target 1.5x), 0 of 18 rows within 2x\n",
		"buckets: geometric mean 1.50x (target 1.5x), 18 of 18 rows within 2x\n",
		"swiss-generic: geometric mean 1.30x (target 1.2x), 18 of 18 rows within 1.5x\n",
		// 12 rows at 1.1x and 6 at 1.6x.
		fmt.Sprintf("swiss: geometric mean %.2fx (target 1.2x), 12 of 18 rows within 1.5x\n", math.Pow(math.Pow(1.1, 12)*math.Pow(1.6, 6), 1.0/18)),
		"cockroach: geometric mean 0.90x (a peer: no target)\n",
		"dolthub: geometric mean 1.20x (a peer: no target)\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("ratioTable: no %q in\n%s", want, got)
		}
	}
	if rows := len(benchShape(got)); rows != 1+30+6 {
		t.Errorf("benchShape of ratioTable's table: %d rows; want the header, 30 rows and 6 summary lines:\n%s", rows, got)
	}

	// A missing result is an error, not a ratio of 0 or of Inf.
	if _, err := ratioTable(fast, onlyImpls(generic, "swiss-generic", "buckets-generic"), ""); err == nil || !strings.Contains(err.Error(), "built-in map") {
		t.Errorf("ratioTable without the generic build's built-in map: err = %v; want one about the built-in map", err)
	}
	if _, err := ratioTable(onlyImpls(fast, "builtin", "buckets", "swiss", "cockroach"), generic, ""); err == nil || !strings.Contains(err.Error(), "dolthub") {
		t.Errorf("ratioTable without dolthub's results: err = %v; want one naming dolthub", err)
	}
}

func TestParseBench(t *testing.T) {
	out := "goos: linux\ncpu: X\nBenchmarkMap/impl=swiss-generic/op=get-hit/len=1e3/key=int64-2  100  12.5 ns/op\n" +
		"BenchmarkMap/impl=swiss-generic/op=get-hit/len=1e3/key=int64  100  13 ns/op   0 B/op\n" +
		"BenchmarkOther-2  100  5 ns/op\ngoos: linux\n"
	samples, header := parseBench(out)
	if got := samples["swiss-generic/get-hit/1e3/int64"]; !slices.Equal(got, []float64{12.5, 13}) {
		t.Errorf("parseBench: samples = %v; want [12.5 13]", got)
	}
	if len(samples) != 1 {
		t.Errorf("parseBench: %d benchmarks; want 1 (BenchmarkOther is not BenchmarkMap)", len(samples))
	}
	if !slices.Equal(header, []string{"goos: linux", "cpu: X"}) {
		t.Errorf("parseBench: header = %q; want each header line once", header)
	}
}

func TestRenameAndOnlyImpls(t *testing.T) {
	out := "goos: linux\n" +
		"BenchmarkMap/impl=builtin/op=put/len=1e3/key=int64-2  10  1 ns/op\n" +
		"BenchmarkMap/impl=buckets/op=put/len=1e3/key=int64-2  10  2 ns/op\n" +
		"BenchmarkMap/impl=swiss/op=put/len=1e3/key=string-2  10  3 ns/op\n" +
		"PASS\n"
	renamed := renameImpls(out, genericRenames())
	want := strings.NewReplacer("impl=buckets/", "impl=buckets-generic/", "impl=swiss/", "impl=swiss-generic/").Replace(out)
	if renamed != want {
		t.Errorf("renameImpls:\n%s\nwant\n%s", renamed, want)
	}
	if got := renameImpls(out, nil); got != out {
		t.Errorf("renameImpls with no renames changed its input:\n%s", got)
	}
	only := onlyImpls(renamed, "builtin", "swiss-generic")
	want = "goos: linux\n" +
		"BenchmarkMap/impl=builtin/op=put/len=1e3/key=int64-2  10  1 ns/op\n" +
		"BenchmarkMap/impl=swiss-generic/op=put/len=1e3/key=string-2  10  3 ns/op\n" +
		"PASS\n"
	if only != want {
		t.Errorf("onlyImpls:\n%s\nwant\n%s", only, want)
	}
	if got := lastResult(out); got != "impl=swiss op=put len=1e3 key=string" {
		t.Errorf("lastResult = %q", got)
	}
}

func TestGeomeanAndMedian(t *testing.T) {
	if got := geomean([]float64{1, 4, 2}); math.Abs(got-2) > 1e-12 {
		t.Errorf("geomean(1, 4, 2) = %g; want 2", got)
	}
	if got := geomean(nil); got != 0 {
		t.Errorf("geomean() = %g; want 0", got)
	}
	if got := median([]float64{5, 1, 3, 2}); got != 2.5 {
		t.Errorf("median(5, 1, 3, 2) = %g; want 2.5", got)
	}
}

// TestBenchShapes checks what bench -check compares: a table of the old
// columns must not pass for one of the new.
func TestBenchShapes(t *testing.T) {
	old := "op        len  key      buckets    swiss\nget-hit   1e3  int64      2.11x    1.69x\n" +
		"buckets within 2x of the built-in map for get-hit, get-miss, put: 15 of 18 rows\n"
	cur := "op        len  key      buckets-generic  buckets\nget-hit   1e3  int64      2.11x    1.69x\n" +
		"buckets: geometric mean 1.50x (target 1.5x), 18 of 18 rows within 2x\n"
	if got, want := benchShape(old), []string{"op len key buckets swiss", "get-hit 1e3 int64"}; !slices.Equal(got, want) {
		t.Errorf("benchShape(old) = %q; want %q", got, want)
	}
	if got, want := benchShape(cur), []string{"op len key buckets-generic buckets", "get-hit 1e3 int64", "buckets:"}; !slices.Equal(got, want) {
		t.Errorf("benchShape(cur) = %q; want %q", got, want)
	}

	table := `goos: linux
                                     │    builtin    │                buckets                │
                                     │    sec/op     │    sec/op      vs base                │
Map/op=get-hit/len=1e3/key=int64-2      7.884n ±  5%   16.615n ±  9%  +110.76% (p=0.002 n=6)
Map/op=get-miss/len=1e3/key=int64       8.714n ±  7%   15.540n ± 16%   +78.33% (p=0.002 n=6)
geomean                                 8.000n         16.000n         +100.00%
`
	want := []string{"│ builtin │ buckets │", "Map/op=get-hit/len=1e3/key=int64", "Map/op=get-miss/len=1e3/key=int64"}
	if got := benchstatRows(table); !slices.Equal(got, want) {
		t.Errorf("benchstatRows = %q; want %q", got, want)
	}
}

func TestWithoutFastPaths(t *testing.T) {
	root := t.TempDir()
	write := func(rel string) {
		t.Helper()
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("package x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	abs := func(rel string) string { return filepath.Join(root, filepath.FromSlash(rel)) }
	for _, f := range []string{"labs/02-buckets/map.go", "labs/02-buckets/fast.go", "solutions/02-buckets/map.go", "solutions/02-buckets/fast.go",
		"labs/03-swiss/map.go", "solutions/03-swiss/map.go"} {
		write(f)
	}
	replace := map[string]string{
		abs("labs/02-buckets/map.go"):  abs("solutions/02-buckets/map.go"),
		abs("labs/02-buckets/fast.go"): abs("solutions/02-buckets/fast.go"),
		abs("labs/03-swiss/map.go"):    abs("solutions/03-swiss/map.go"),
	}
	generic, fastLabs, err := withoutFastPaths(root, replace)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(fastLabs, []string{"02-buckets"}) {
		t.Errorf("withoutFastPaths: fastLabs = %q; want [02-buckets]", fastLabs)
	}
	if _, ok := generic[abs("labs/02-buckets/fast.go")]; ok || len(generic) != 2 {
		t.Errorf("withoutFastPaths: generic = %v; want replace without labs/02-buckets/fast.go", generic)
	}
	if len(replace) != 3 {
		t.Errorf("withoutFastPaths changed its argument: %v", replace)
	}

	// A solution's fast.go without the lab's own cannot make a generic build.
	os.Remove(abs("labs/02-buckets/fast.go"))
	if _, _, err := withoutFastPaths(root, replace); err == nil || !strings.Contains(err.Error(), "labs/02-buckets/fast.go") {
		t.Errorf("withoutFastPaths without labs/02-buckets/fast.go: err = %v; want one naming it", err)
	}
}

// TestLaneRatioTable checks the lab maps' ratios on the two Swiss lanes: each
// over the built-in map of its own lane's runs, the previous lane first.
func TestLaneRatioTable(t *testing.T) {
	labs := []string{"builtin", "buckets", "swiss"}
	build := func(builtin float64, generic bool) string {
		out := fakeBench(labs, 3, func(impl, op string) float64 {
			// fakeBench's median is the time given plus 0.1.
			switch {
			case impl == "builtin":
				return builtin - 0.1
			case generic:
				return 2*builtin - 0.1 // 2x
			case impl == "swiss" && op == "get-hit":
				return 9.9 // the same time on both lanes: 1x, then 2x
			}
			return 1.5*builtin - 0.1 // 1.5x
		})
		if generic {
			out = renameImpls(out, genericRenames())
		}
		return out
	}
	// The previous lane's built-in map takes 10 ns, the current one's 5.
	prev, cur := build(10, false), build(5, false)
	prevGeneric, curGeneric := build(10, true), build(5, true)
	got, err := laneRatioTable([2]string{prev, cur}, [2]string{prevGeneric, curGeneric}, "(a note)\n")
	if err != nil {
		t.Fatal(err)
	}
	p, c := benchPrevLane.Release(), benchLane.Release()
	cell := func(s string) string { return fmt.Sprintf("  %6s", s) }
	for _, want := range []string{
		"goos: linux\ngoarch: amd64\ncpu: Some CPU\n",
		"(median of 3)",
		"built by " + benchPrevLane.Toolchain + ", then by " + benchLane.Toolchain,
		"(a note)\n",
		"op        len  key    " + strings.Repeat(cell(p)+cell(c), 4) + "\n",
		"get-hit   1e3  int64  " + cell("2.00x") + cell("2.00x") + cell("1.50x") + cell("1.50x") + cell("2.00x") + cell("2.00x") + cell("1.00x") + cell("2.00x") + "\n",
		"iterate   1e6  string " + cell("2.00x") + cell("2.00x") + cell("1.50x") + cell("1.50x") + cell("2.00x") + cell("2.00x") + cell("1.50x") + cell("1.50x") + "\n",
		"the geometric mean of each map's ratios: over get-hit, get-miss, put, the int64 and string rows apart (9 rows each);\n",
		"and over iterate, which hashes nothing, as a control (6 rows)\n",
		"buckets-generic" + strings.Repeat(cell("2.00x"), 6) + "\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("laneRatioTable: no %q in\n%s", want, got)
		}
	}
	// swiss: get-hit at 1x then 2x, get-miss and put at 1.5x on both.
	mean := func(xs ...float64) string { return fmt.Sprintf("%.2fx", geomean(xs)) }
	before, after := mean(1, 1, 1, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5), mean(2, 2, 2, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5)
	if want := "swiss          " + cell(before) + cell(after) + cell(before) + cell(after) + cell("1.50x") + cell("1.50x") + "\n"; !strings.Contains(got, want) {
		t.Errorf("laneRatioTable: no %q in\n%s", want, got)
	}
	shape := laneShape(got)
	if len(shape) != 2+30+2+4 {
		t.Errorf("laneShape: %d lines; want 2 of header, 30 rows, 2 of header and 4 of means:\n%s", len(shape), strings.Join(shape, "\n"))
	}
	for _, want := range []string{"buckets-generic buckets swiss-generic swiss", "get-hit 1e3 int64", "int64 string iterate", "swiss"} {
		if !slices.Contains(shape, want) {
			t.Errorf("laneShape: no line %q in %q", want, shape)
		}
	}

	// A lane without its built-in map's results is an error that names it.
	if _, err := laneRatioTable([2]string{onlyImpls(prev, "buckets", "swiss"), cur}, [2]string{prevGeneric, curGeneric}, ""); err == nil || !strings.Contains(err.Error(), benchPrevLane.Toolchain) {
		t.Errorf("laneRatioTable without the previous lane's built-in map: err = %v; want one naming %s", err, benchPrevLane.Toolchain)
	}
}

// TestLaneVerdicts checks the summary under the benchstat table of the
// two lanes' built-in maps: ratios from the samples, verdicts from benchstat.
func TestLaneVerdicts(t *testing.T) {
	prev := fakeBench([]string{"builtin"}, 3, func(impl, op string) float64 { return 9.9 })
	cur := fakeBench([]string{"builtin"}, 3, func(impl, op string) float64 {
		if op == "get-hit" || op == "get-miss" {
			return 4.9 // half the time
		}
		return 9.9
	})
	var table strings.Builder
	table.WriteString("                                  │ go1.A │ go1.B │\n")
	for _, k := range benchKeys {
		for _, l := range benchLens {
			for _, op := range benchOps {
				verdict := "~ (p=0.310 n=6)"
				switch {
				case op == "get-hit":
					verdict = "-50.00% (p=0.002 n=6)"
				case op == "put" && l == "1e6":
					verdict = "+3.10% (p=0.041 n=6)"
				}
				fmt.Fprintf(&table, "Map/impl=builtin/op=%s/len=%s/key=%s-2   9.900n ± 1%%   4.900n ± 2%%  %s\n", op, l, k, verdict)
			}
		}
	}
	got, err := laneVerdicts(prev, cur, table.String())
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		benchLane.Toolchain + " over " + benchPrevLane.Toolchain,
		"get-hit, get-miss  int64   6 rows  0.50x  3 faster, 0 slower, 3 not different\n",
		"get-hit, get-miss  string  6 rows  0.50x  3 faster, 0 slower, 3 not different\n",
		"put                int64   3 rows  1.00x  0 faster, 1 slower, 2 not different\n",
		"iterate            string  3 rows  1.00x  0 faster, 0 slower, 3 not different\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("laneVerdicts: no %q in\n%s", want, got)
		}
	}
	// A row benchstat did not print is an error, not a row left out.
	short := strings.Replace(table.String(), "op=delete/len=1e5/key=int64", "op=other", 1)
	if _, err := laneVerdicts(prev, cur, short); err == nil || !strings.Contains(err.Error(), "op=delete len=1e5 key=int64") {
		t.Errorf("laneVerdicts without a row of benchstat: err = %v; want one naming op=delete len=1e5 key=int64", err)
	}
}

// TestChapter03MeasurementClaims checks the sentences of chapter 03 that read the committed
// measurements of go run ./tools/course bench against them, so that a new measurement that
// contradicts one fails here until the chapter is changed. It reads committed files: it
// measures nothing, and no time of this machine enters it.
func TestChapter03MeasurementClaims(t *testing.T) {
	root := workshopRoot(t)
	read := func(name string) string { return workshopRead(t, root, name) }

	// "On Go 1.27.3 the Swiss map misses its target: its geometric mean is over 1.2x, the rows
	// beyond the limits are of both key types, and its means are higher than beside the built-in
	// map of Go 1.26.8 in the same runs."
	over := regexp.MustCompile(`(?m)^(\w+): (\d+) rows over its limit`)
	row := regexp.MustCompile(`^(\w+) op=\S+ len=\S+ key=(\w+): [0-9.]+x the built-in map$`)
	profile := read(benchProfile)
	overKeys := map[string]bool{}
	for _, m := range over.FindAllStringSubmatch(profile, -1) {
		for _, line := range strings.Split(profile, "\n") {
			if r := row.FindStringSubmatch(line); r != nil && r[1] == m[1] {
				overKeys[r[2]] = true
			}
		}
	}
	for _, k := range benchKeys {
		if !overKeys[k] {
			t.Errorf("%s: no %s row is over a limit; chapter 03 says the rows beyond the limits are of both key types", benchProfile, k)
		}
	}
	gm := regexp.MustCompile(`(?m)^swiss: geometric mean ([0-9.]+)x`).FindStringSubmatch(read(benchRatios))
	if gm == nil {
		t.Fatalf("%s: no line of the swiss map's geometric mean", benchRatios)
	}
	if g, _ := strconv.ParseFloat(gm[1], 64); g <= benchTargets["swiss"].geomean {
		t.Errorf("%s: swiss's geometric mean is %.2fx; chapter 03 says it misses its target of %gx", benchRatios, g, benchTargets["swiss"].geomean)
	}
	means := laneMeans(t, read(benchRatiosPrev))
	for _, k := range benchKeys {
		if m := means["swiss"][k]; m[1] <= m[0] {
			t.Errorf("%s: swiss's %s means are %.2fx beside Go 1.26.8's built-in map and %.2fx beside Go 1.27.3's; chapter 03 says they are higher on 1.27.3", benchRatiosPrev, k, m[0], m[1])
		}
	}

	// "Of the twelve rows of lookups, benchstat finds at most one where the two releases
	// differ, and the geometric mean of each key type's lookup ratios is within 5 % of 1."
	verdict := regexp.MustCompile(`(?m)^get-hit, get-miss\s+(\w+)\s+(\d+) rows\s+([0-9.]+)x\s+(\d+) faster, (\d+) slower`)
	verdicts := verdict.FindAllStringSubmatch(read(benchRuntimePrev), -1)
	if len(verdicts) != len(benchKeys) {
		t.Fatalf("%s: %d lines of lookups under the table; want one per key type", benchRuntimePrev, len(verdicts))
	}
	rows, differ := 0, 0
	for _, v := range verdicts {
		n, _ := strconv.Atoi(v[2])
		faster, _ := strconv.Atoi(v[4])
		slower, _ := strconv.Atoi(v[5])
		rows, differ = rows+n, differ+faster+slower
		if g, _ := strconv.ParseFloat(v[3], 64); math.Abs(g-1) > 0.05+1e-9 {
			t.Errorf("%s: lookups with %s keys: geometric mean %.2fx; chapter 03 says it is within 5 %% of 1", benchRuntimePrev, v[1], g)
		}
	}
	if rows != 12 || differ > 1 {
		t.Errorf("%s: benchstat finds %d of %d rows of lookups different; chapter 03 says at most one of twelve", benchRuntimePrev, differ, rows)
	}

	// "The string rows of all four columns lost ground on Go 1.27, by more than their column's
	// iterate control moved. buckets-generic's int64 rows lost more than its control moved, but
	// swiss-generic's did not, and neither did buckets' and swiss'."
	change := func(col, group string) float64 { m := means[col][group]; return m[1] - m[0] }
	control := func(col string) float64 { return math.Abs(change(col, "iterate")) }
	for _, col := range labCols() {
		if change(col, "string") <= control(col) {
			t.Errorf("%s: %s's string means went from %.2fx to %.2fx, no more than its control moved (%.2f); chapter 03 says the string rows of all four lost ground", benchRatiosPrev, col, means[col]["string"][0], means[col]["string"][1], control(col))
		}
		lost := change(col, "int64") > control(col)
		if want := col == "buckets-generic"; lost != want {
			t.Errorf("%s: %s's int64 means went from %.2fx to %.2fx, its control moved %.2f; chapter 03 says only buckets-generic's int64 rows lost more than their control moved", benchRatiosPrev, col, means[col]["int64"][0], means[col]["int64"][1], control(col))
		}
	}

	// "Read the table row family by row family, as ratios of medians: on lookups, cockroach is
	// over 1.00x in A of the 12 rows and dolthub in B; on inserts, cockroach is under 1.00x in C of
	// the 6 rows and dolthub in D; on deletes, cockroach is under in E and dolthub in F; ranging,
	// both are under in every row. So neither library is faster than Go 1.27.3's map on lookups.
	// Over lookups and inserts together, cockroach's geometric mean is within a tenth of 1x,
	// dolthub's higher."
	chapter := strings.Join(strings.Fields(read("chapters/03-swiss.md")), " ")
	says := func(sentence string) {
		t.Helper()
		if !strings.Contains(chapter, sentence) {
			t.Errorf("chapters/03-swiss.md does not say %q, which is what %s shows", sentence, benchRatios)
		}
	}
	ratios := readRatioTable(t, read(benchRatios))
	count := func(peer string, ops []string, over bool) int {
		n := 0
		for _, op := range ops {
			for _, r := range ratios[peer][op] {
				if (r > 1) == over && r != 1 {
					n++
				}
			}
		}
		return n
	}
	lookups := []string{"get-hit", "get-miss"}
	says(fmt.Sprintf("on lookups, cockroach is over 1.00x in %d of the 12 rows and dolthub in %d;", count("cockroach", lookups, true), count("dolthub", lookups, true)))
	says(fmt.Sprintf("on inserts, cockroach is under 1.00x in %d of the 6 rows and dolthub in %d;", count("cockroach", []string{"put"}, false), count("dolthub", []string{"put"}, false)))
	says(fmt.Sprintf("on deletes, cockroach is under in %d and dolthub in %d;", count("cockroach", []string{"delete"}, false), count("dolthub", []string{"delete"}, false)))
	if c, d := count("cockroach", []string{"iterate"}, false), count("dolthub", []string{"iterate"}, false); c != 6 || d != 6 {
		t.Errorf("%s: cockroach ranges faster in %d of 6 rows, dolthub in %d; chapter 03 says both are under 1.00x in every row", benchRatios, c, d)
	}
	// Chapter 02: "the table has string rows that benchstat finds changed" (step 9's table).
	changed := regexp.MustCompile(`(?m)^Map/op=\S+/key=string(-[0-9]+)?\s.*\s[+-][0-9.]+% \(p=`)
	if !changed.MatchString(read(benchFastpath)) {
		t.Errorf("%s: benchstat finds no string row changed by step 9; chapter 02 says the table has some", benchFastpath)
	}

	// "neither library is faster than Go 1.27.3's map on lookups": the geometric mean of each
	// one's 12 lookup ratios is over 1.
	for _, p := range []string{"cockroach", "dolthub"} {
		var rs []float64
		for _, op := range lookups {
			rs = append(rs, ratios[p][op]...)
		}
		if g := geomean(rs); len(rs) != 12 || g <= 1 {
			t.Errorf("%s: %s's %d lookup ratios have a geometric mean of %.2fx; chapter 03 says neither library is faster than the built-in map on lookups", benchRatios, p, len(rs), g)
		}
	}
	peer := func(name string) float64 {
		m := regexp.MustCompile(`(?m)^` + name + `: geometric mean ([0-9.]+)x`).FindStringSubmatch(read(benchRatios))
		if m == nil {
			t.Fatalf("%s: no line of %s's geometric mean", benchRatios, name)
		}
		g, _ := strconv.ParseFloat(m[1], 64)
		return g
	}
	if c, d := peer("cockroach"), peer("dolthub"); math.Abs(c-1) > 0.1+1e-9 || d <= c {
		t.Errorf("%s: cockroach's geometric mean is %.2fx and dolthub's %.2fx; chapter 03 says cockroach is within a tenth of 1x and dolthub higher", benchRatios, c, d)
	}
}

// readRatioTable reads the table of ratios of bench-ratios.txt: for each column (the maps), for each
// operation, the ratios of its rows in order.
func readRatioTable(t *testing.T, text string) map[string]map[string][]float64 {
	t.Helper()
	var cols []string
	table := map[string]map[string][]float64{}
	for _, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) > 3 && f[0] == "op" && f[1] == "len" && f[2] == "key" {
			cols = f[3:]
			for _, c := range cols {
				table[c] = map[string][]float64{}
			}
			continue
		}
		if cols == nil || len(f) != 3+len(cols) || !slices.Contains(benchOps, f[0]) {
			continue
		}
		for i, c := range cols {
			v, err := strconv.ParseFloat(strings.TrimSuffix(f[3+i], "x"), 64)
			if err != nil {
				t.Fatalf("%q: %v", line, err)
			}
			table[c][f[0]] = append(table[c][f[0]], v)
		}
	}
	if cols == nil {
		t.Fatal("no table of ratios")
	}
	return table
}

// laneMeans reads the means at the bottom of laneRatioTable's output: for each map, for
// each group (int64, string, iterate), the mean on the previous lane and on the current one.
func laneMeans(t *testing.T, table string) map[string]map[string][2]float64 {
	t.Helper()
	lines := strings.Split(table, "\n")
	var groups []string
	means := map[string]map[string][2]float64{}
	for i, line := range lines {
		f := strings.Fields(line)
		if len(f) > 0 && f[0] == "int64" && i+1 < len(lines) && strings.HasPrefix(lines[i+1], "key ") {
			groups = f
			continue
		}
		if groups == nil || len(f) != 1+2*len(groups) || !slices.Contains(labCols(), f[0]) {
			continue
		}
		means[f[0]] = map[string][2]float64{}
		for j, g := range groups {
			var m [2]float64
			for i := range m {
				v, err := strconv.ParseFloat(strings.TrimSuffix(f[1+2*j+i], "x"), 64)
				if err != nil {
					t.Fatalf("the means of %s: %v", f[0], err)
				}
				m[i] = v
			}
			means[f[0]][g] = m
		}
	}
	if len(means) != len(labCols()) {
		t.Fatalf("found the means of %d maps, not %d, in\n%s", len(means), len(labCols()), table)
	}
	return means
}
