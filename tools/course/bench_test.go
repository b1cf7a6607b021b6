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
// 03 are what the committed tables say: the sentences are generated, and a
// table measured again without its readings fails here.
func TestBenchReadings(t *testing.T) {
	root := workshopRoot(t)
	read := func(name string) string { return workshopRead(t, root, name) }
	ratios := read(benchRatios)
	m := regexp.MustCompile(`median of (\d+)\)`).FindStringSubmatch(ratios)
	if m == nil {
		t.Fatalf("%s: no (median of N) line", benchRatios)
	}
	runs, _ := strconv.Atoi(m[1])
	if runs < 10 {
		t.Errorf("%s: medians of %d runs; the chapters' tables take at least 10", benchRatios, runs)
	}
	fastpaths := map[string]string{}
	text := read(benchFastpath)
	for _, lm := range benchLabMaps {
		header := fastpathHeader("/impl@(" + genericName(lm.impl) + " " + lm.impl + ")")
		i := strings.Index(text, header)
		if i < 0 {
			t.Fatalf("%s: no table for %s (%q)", benchFastpath, lm.impl, header)
		}
		rest := text[i+len(header):]
		if j := strings.Index(rest, "$ go tool benchstat"); j >= 0 {
			rest = rest[:j]
		}
		fastpaths[lm.impl] = rest
	}
	got, err := readings(runs, read(benchTable), ratios, read(benchProfile), read(benchHash), read(benchHasher), read(benchRuntimePrev), read(benchRatiosPrev), fastpaths)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range got {
		if have := read(name); have != want {
			t.Errorf("%s is not what the committed tables say: run go run ./tools/course bench -write\n%s", name, lineDiff(have, want, 12))
		}
	}
	if strings.Contains(read(benchTable), "±  ∞") || strings.Contains(read(benchTable), "± ∞") {
		t.Errorf("%s has a row without a confidence interval (± ∞)", benchTable)
	}
	for ch, files := range map[string][]string{
		"chapters/02-buckets.md": {benchReading["buckets"]},
		"chapters/03-swiss.md":   {benchReading["swiss"], benchReadingReleases, benchReadingPeers},
	} {
		for _, want := range files {
			if !strings.Contains(read(ch), `--8<-- "`+want+`"`) {
				t.Errorf("%s does not include %s", ch, want)
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
	s, err := fastpathSentences("buckets", table)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"with `int64` keys, lookups: of 1 rows, faster in 1 (by 55%)", "with `string` keys, lookups: of 1 rows, slower in 1 (by 24%); inserts: of 1 rows, not different in 1", "moved by -9.88%"} {
		if !strings.Contains(s, want) {
			t.Errorf("fastpathSentences: %q does not say %q", s, want)
		}
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
