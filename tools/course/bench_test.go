package main

import (
	"fmt"
	"gomaps/tools/course/internal/scrub"
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
	// The lab maps run as solved and on the generic path (NAME-generic)
	// in the same binary as the built-in map and the peers.
	results := fakeBench([]string{"builtin", "buckets-generic", "buckets", "swiss-generic", "swiss", "cockroach", "dolthub"}, 3, func(impl, op string) float64 {
		switch {
		case impl == "builtin":
			return 9.9
		case impl == "buckets-generic":
			return 24.9 // 2.5x
		case impl == "swiss-generic":
			return 12.9 // 1.3x
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
	got, err := ratioTable(results, "(a note)\n")
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
	if _, err := ratioTable(onlyImpls(results, "buckets-generic", "buckets", "swiss-generic", "swiss", "cockroach", "dolthub"), ""); err == nil || !strings.Contains(err.Error(), "built-in map") {
		t.Errorf("ratioTable without the built-in map: err = %v; want one about the built-in map", err)
	}
	if _, err := ratioTable(onlyImpls(results, "builtin", "buckets-generic", "buckets", "swiss-generic", "swiss", "cockroach"), ""); err == nil || !strings.Contains(err.Error(), "dolthub") {
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

func TestOnlyImplsAndLastResult(t *testing.T) {
	out := "goos: linux\n" +
		"BenchmarkMap/impl=builtin/op=put/len=1e3/key=int64-2  10  1 ns/op\n" +
		"BenchmarkMap/impl=buckets/op=put/len=1e3/key=int64-2  10  2 ns/op\n" +
		"BenchmarkMap/impl=swiss/op=put/len=1e3/key=string-2  10  3 ns/op\n" +
		"PASS\n"
	generic := strings.NewReplacer("impl=buckets/", "impl=buckets-generic/", "impl=swiss/", "impl=swiss-generic/").Replace(out)
	only := onlyImpls(generic, "builtin", "swiss-generic")
	want := "goos: linux\n" +
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

// TestAddBenchHooks checks that each lab map's package gets the hook file,
// in its own package.
func TestAddBenchHooks(t *testing.T) {
	root, dir := t.TempDir(), t.TempDir()
	replace := map[string]string{}
	if err := addBenchHooks(root, dir, replace); err != nil {
		t.Fatal(err)
	}
	if len(replace) != len(benchLabMaps) {
		t.Fatalf("addBenchHooks added %d files; want one per lab map (%d)", len(replace), len(benchLabMaps))
	}
	for _, lm := range benchLabMaps {
		src, ok := replace[filepath.Join(root, "labs", lm.lab, hookFile)]
		if !ok {
			t.Fatalf("no hook file for labs/%s", lm.lab)
		}
		text, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(text), "\npackage "+lm.impl+"\n") || !strings.Contains(string(text), "m.path = pathGeneric") {
			t.Errorf("the hook of labs/%s is not in package %s or does not force the generic path:\n%s", lm.lab, lm.impl, text)
		}
	}
}

// TestBenchReadings checks that the committed readings of chapters 02 and
// 03, in English and in Chinese (the -zh.txt files), are what the committed
// tables say: the sentences are generated, and a table measured again
// without its readings fails here, naming each stale file.
func TestBenchReadings(t *testing.T) {
	root := workshopRoot(t)
	read := func(name string) string { return workshopRead(t, root, name) }
	runs, got, err := readingsFromFiles(root)
	if err != nil {
		t.Fatal(err)
	}
	if runs < 10 {
		t.Errorf("%s: medians of %d runs; the chapters' tables take at least 10", benchRatios, runs)
	}
	for name, want := range got {
		if have := read(name); have != want {
			t.Errorf("%s is not what the committed tables say: run go run ./tools/course bench -readings (or measure again with bench -write)\n%s", name, scrub.LineDiff(have, want, 12))
		}
	}
	if strings.Contains(read(benchTable), "±  ∞") || strings.Contains(read(benchTable), "± ∞") {
		t.Errorf("%s has a row without a confidence interval (± ∞)", benchTable)
	}
	// Each chapter, English and Chinese, includes its readings in its own
	// language and not the other's.
	for _, l := range langs {
		for ch, files := range map[string][]string{
			"02-buckets.md": {benchReading["buckets"]},
			"03-swiss.md":   {benchReading["swiss"], benchReadingReleases, benchReadingPeers},
		} {
			ch = "chapters/" + l.pick("", "zh/") + ch
			for _, name := range files {
				want := l.file(name)
				if _, ok := got[want]; !ok {
					t.Errorf("readingsFromFiles wrote no %s", want)
				}
				if !strings.Contains(read(ch), `--8<-- "`+want+`"`) {
					t.Errorf("%s does not include %s", ch, want)
				}
				for _, other := range langs {
					if other != l && strings.Contains(read(ch), `--8<-- "`+other.file(name)+`"`) {
						t.Errorf("%s includes %s, the reading in the other language", ch, other.file(name))
					}
				}
			}
		}
	}
}

func TestStatRows(t *testing.T) {
	table := `                                     │ buckets-generic │                buckets                │
                                     │     sec/op      │     sec/op      vs base               │
Map/op=get-hit/len=1e3/key=int64-2      17.190n ±  74%    7.778n ± 101%  -54.75% (p=0.010 n=8)
Map/op=put/len=1e3/key=string-2          113.50n ± 186%    90.44n ± 336%        ~ (p=0.234 n=8)
Map/op=get-miss/len=1e3/key=string-2      17.34n ± 3%    21.54n ± 2%  +24.16% (p=0.038 n=10)
geomean                                  50.05n           45.10n          -9.88%
`
	rows := statRows(table)
	if len(rows) != 3 || rows[0].name != "Map/op=get-hit/len=1e3/key=int64" || rows[0].ci != 74 || rows[0].delta != -54.75 || !rows[1].same || rows[2].delta != 24.16 {
		t.Fatalf("statRows = %+v", rows)
	}
	fp, slower, faster, err := fastpathChanges("buckets", table)
	if err != nil {
		t.Fatal(err)
	}
	s := fp.text(langEn)
	if slower["string"] != 1 || slower["int64"] != 0 || faster["int64"] != 1 || faster["string"] != 0 {
		t.Errorf("fastpathChanges: slower = %v, faster = %v; want one string row slower, one int64 row faster", slower, faster)
	}
	k := keepFor("buckets", map[string]float64{"int64": 0.5, "int32": 0.5, "string": 0.8}, slower, faster).text(langEn)
	for _, want := range []string{"It pays for `int64` (the hash alone takes 0.50x the time; 1 of its rows of lookups and inserts faster, 0 slower)",
		"It does not pay for `string` (the hash alone takes 0.80x the time; 0 of its rows of lookups and inserts faster, 1 slower)"} {
		if !strings.Contains(k, want) {
			t.Errorf("keepFor: %q does not say %q", k, want)
		}
	}
	if k := keepFor("buckets", map[string]float64{"int64": 0.5, "int32": 0.5, "string": 0.8}, map[string]int{}, map[string]int{"int64": 2}).text(langEn); !strings.Contains(k, "For `string` (the hash alone takes 0.80x the time, but 0 of its rows of lookups and inserts faster, 0 slower), its hash is faster alone") {
		t.Errorf("keepFor without string rows changed: %q", k)
	}
	for _, want := range []string{"With `int64` keys, lookups: of 1 rows, faster in 1 (by 55%)", "With `string` keys, lookups: of 1 rows, slower in 1 (by 24%); inserts: of 1 rows, not different in 1", "moved by -9.88%"} {
		if !strings.Contains(s, want) {
			t.Errorf("fastpathChanges: %q does not say %q", s, want)
		}
	}
}

// TestLaneRatioTable checks the lab maps' ratios on the two Swiss lanes: each
// over the built-in map of its own lane's runs, the previous lane first.
func TestLaneRatioTable(t *testing.T) {
	labs := []string{"builtin", "buckets-generic", "buckets", "swiss-generic", "swiss"}
	build := func(builtin float64) string {
		return fakeBench(labs, 3, func(impl, op string) float64 {
			// fakeBench's median is the time given plus 0.1.
			switch {
			case impl == "builtin":
				return builtin - 0.1
			case strings.HasSuffix(impl, "-generic"):
				return 2*builtin - 0.1 // 2x
			case impl == "swiss" && op == "get-hit":
				return 9.9 // the same time on both lanes: 1x, then 2x
			}
			return 1.5*builtin - 0.1 // 1.5x
		})
	}
	// The previous lane's built-in map takes 10 ns, the current one's 5.
	prev, cur := build(10), build(5)
	got, err := laneRatioTable([2]string{prev, cur}, "(a note)\n")
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
	if _, err := laneRatioTable([2]string{onlyImpls(prev, "buckets-generic", "buckets", "swiss-generic", "swiss"), cur}, ""); err == nil || !strings.Contains(err.Error(), benchPrevLane.Toolchain) {
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
// TestChapter03MeasurementClaims checks the sentences of chapters 02 and 03
// that explain the benchmark's tables, beside the readings that bench
// generates (TestBenchReadings): each against the committed tables, so that a
// new measurement that says otherwise fails here until the text changes.
func TestChapter03MeasurementClaims(t *testing.T) {
	root := workshopRoot(t)
	read := func(name string) string { return workshopRead(t, root, name) }

	// "benchstat finds no row of lookups where the two releases differ, and the geometric
	// mean of each key type's lookup ratios is within 5 % of 1."
	verdicts := verdictLineRE.FindAllStringSubmatch(read(benchRuntimePrev), -1)
	lookups := 0
	for _, v := range verdicts {
		if v[1] != "get-hit, get-miss" {
			continue
		}
		lookups++
		if v[5] != "0" || v[6] != "0" {
			t.Errorf("%s: lookups with %s keys: %s faster, %s slower; chapter 03 says no row of lookups differs", benchRuntimePrev, v[2], v[5], v[6])
		}
		if g, _ := strconv.ParseFloat(v[4], 64); math.Abs(g-1) > 0.05+1e-9 {
			t.Errorf("%s: lookups with %s keys: geometric mean %.2fx; chapter 03 says it is within 5 %% of 1", benchRuntimePrev, v[2], g)
		}
	}
	if lookups != len(benchKeys) {
		t.Fatalf("%s: %d lines of lookups under the table; want one per key type", benchRuntimePrev, lookups)
	}

	// "Both generic columns lost ground on both key types, by more than their controls moved.
	// buckets moved by no more than its control. swiss did on its string rows."
	means := laneMeans(t, read(benchRatiosPrev))
	change := func(col, group string) float64 { m := means[col][group]; return m[1] - m[0] }
	control := func(col string) float64 { return math.Abs(change(col, "iterate")) }
	lost := func(col, k string) bool { return change(col, k) > control(col) }
	moved := func(col, k string) bool { return math.Abs(change(col, k)) > control(col) }
	for _, col := range []string{"buckets-generic", "swiss-generic"} {
		for _, k := range benchKeys {
			if !lost(col, k) {
				t.Errorf("%s: %s's %s means went from %.2fx to %.2fx, its control moved %.2f; chapter 03 says both generic columns lost ground on both key types", benchRatiosPrev, col, k, means[col][k][0], means[col][k][1], control(col))
			}
		}
	}
	for _, k := range benchKeys {
		if moved("buckets", k) {
			t.Errorf("%s: buckets' %s means moved by more than its control; chapter 03 says they did not", benchRatiosPrev, k)
		}
	}
	if !lost("swiss", "string") || moved("swiss", "int64") {
		t.Errorf("%s: swiss's string means lost ground: %t, its int64 means moved: %t; chapter 03 says swiss lost ground on its string rows only", benchRatiosPrev, lost("swiss", "string"), moved("swiss", "int64"))
	}

	// "So neither library is faster than Go 1.27.3's map on lookups: the geometric mean of
	// each one's twelve lookup ratios is over 1x. Over lookups and inserts together,
	// cockroach's geometric mean is within a tenth of 1x, dolthub's higher."
	ratios := readRatioTable(t, read(benchRatios))
	for _, p := range benchPeers {
		rs := append(slices.Clone(ratios[p]["get-hit"]), ratios[p]["get-miss"]...)
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

	// "In the Swiss map's row beyond its limit, inserts of string keys into a map that grows to
	// a million entries, the function with the most time of each map is its hash (hashString,
	// memHashAES) ... the lab map's split holds half of its time."
	profile := read(benchProfile)
	if !strings.Contains(profile, "swiss: 1 row over its limit") || !strings.Contains(profile, "\nswiss op=put len=1e6 key=string: ") {
		t.Errorf("%s: the Swiss map's one row beyond its limit is not put len=1e6 key=string; chapter 03 says it is", benchProfile)
	}
	top := func(impl string) (first string, lines []string) {
		head := "<impl=" + impl + " op=put len=1e6 key=string, "
		i := strings.Index(profile, head)
		if i < 0 {
			t.Fatalf("%s: no profile of %s on put len=1e6 key=string", benchProfile, impl)
		}
		rest := profile[i:]
		if j := strings.Index(rest[len(head):], "$ go tool pprof"); j >= 0 {
			rest = rest[:len(head)+j]
		}
		for _, line := range strings.Split(rest, "\n") {
			f := strings.Fields(line)
			if len(f) >= 6 && strings.HasSuffix(f[1], "%") && strings.HasSuffix(f[4], "%") {
				lines = append(lines, line)
			}
		}
		if len(lines) == 0 {
			t.Fatalf("%s: the profile of %s has no rows", benchProfile, impl)
		}
		return strings.Fields(lines[0])[5], lines
	}
	if f, _ := top("swiss"); !strings.HasSuffix(f, ".hashString") {
		t.Errorf("%s: the lab map's top function on put len=1e6 key=string is %s; chapter 03 says hashString", benchProfile, f)
	}
	if f, _ := top("builtin"); !strings.HasSuffix(f, ".memHashAES") {
		t.Errorf("%s: the built-in map's top function on put len=1e6 key=string is %s; chapter 03 says memHashAES", benchProfile, f)
	}
	_, lines := top("swiss")
	split := -1.0
	for _, line := range lines {
		if f := strings.Fields(line); strings.HasSuffix(f[5], ").split") {
			split, _ = strconv.ParseFloat(strings.TrimSuffix(f[4], "%"), 64)
		}
	}
	if split < 40 || split > 60 {
		t.Errorf("%s: split holds %.1f%% of the lab map's time on put len=1e6 key=string; chapter 03 says half", benchProfile, split)
	}

	// Chapter 02: "timed alone, maphash.String is slower than maphash.Comparable, and Map.hash
	// is faster with hashString than on the generic path."
	hash := read(benchHash)
	for _, c := range []struct{ re, says string }{
		{`(?m)^Hash/key=string\S*\s+\S+ ±\s+\S+\s+\S+ ±\s+\S+\s+\+[0-9.]+% \(p=`, "maphash.String is slower than maphash.Comparable"},
	} {
		if !regexp.MustCompile(c.re).MatchString(hash) {
			t.Errorf("%s: benchstat does not find that %s; chapter 02 says it is", benchHash, c.says)
		}
	}
	_, pathRatio, err := readHashes(hash)
	if err != nil {
		t.Fatal(err)
	}
	if pathRatio["string"] >= 1 {
		t.Errorf("%s: Map.hash takes %.2fx the time with hashString as on the generic path; chapter 02 says it is faster", benchHash, pathRatio["string"])
	}
}

// readRatioTable and laneMeans are parseRatioTable and parseLaneMeans that
// fail the test on an error.
func readRatioTable(t *testing.T, text string) map[string]map[string][]float64 {
	t.Helper()
	table, err := parseRatioTable(text)
	if err != nil {
		t.Fatal(err)
	}
	return table
}

func laneMeans(t *testing.T, table string) map[string]map[string][2]float64 {
	t.Helper()
	means, err := parseLaneMeans(table)
	if err != nil {
		t.Fatal(err)
	}
	return means
}
