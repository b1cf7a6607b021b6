package benchtables

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

// fakeBench writes results of BenchmarkMap as go test prints them: for each
// op, len and key, runs lines per impl, with the time nsop(impl, op) plus
// run/10 (so that the median of 3 runs is nsop + 0.1).
func fakeBench(impls []string, runs int, nsop func(impl, op string) float64) string {
	var b strings.Builder
	b.WriteString("goos: linux\ngoarch: amd64\npkg: gomaps/labs/internal/mapbench\ncpu: Some CPU\n")
	for _, k := range Keys {
		for _, l := range Lens {
			for _, impl := range impls {
				for _, op := range Ops {
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
	got, err := RatioTable(results, "(a note)\n")
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
	if rows := len(ratioShape(got)); rows != 1+30+6 {
		t.Errorf("benchShape of ratioTable's table: %d rows; want the header, 30 rows and 6 summary lines:\n%s", rows, got)
	}

	// A missing result is an error, not a ratio of 0 or of Inf.
	if _, err := RatioTable(OnlyImpls(results, "buckets-generic", "buckets", "swiss-generic", "swiss", "cockroach", "dolthub"), ""); err == nil || !strings.Contains(err.Error(), "built-in map") {
		t.Errorf("ratioTable without the built-in map: err = %v; want one about the built-in map", err)
	}
	if _, err := RatioTable(OnlyImpls(results, "builtin", "buckets-generic", "buckets", "swiss-generic", "swiss", "cockroach"), ""); err == nil || !strings.Contains(err.Error(), "dolthub") {
		t.Errorf("ratioTable without dolthub's results: err = %v; want one naming dolthub", err)
	}
}

func TestParseBench(t *testing.T) {
	out := "goos: linux\ncpu: X\nBenchmarkMap/impl=swiss-generic/op=get-hit/len=1e3/key=int64-2  100  12.5 ns/op\n" +
		"BenchmarkMap/impl=swiss-generic/op=get-hit/len=1e3/key=int64  100  13 ns/op   0 B/op\n" +
		"BenchmarkOther-2  100  5 ns/op\ngoos: linux\n"
	samples, header := Parse(out)
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
	only := OnlyImpls(generic, "builtin", "swiss-generic")
	want := "goos: linux\n" +
		"BenchmarkMap/impl=builtin/op=put/len=1e3/key=int64-2  10  1 ns/op\n" +
		"BenchmarkMap/impl=swiss-generic/op=put/len=1e3/key=string-2  10  3 ns/op\n" +
		"PASS\n"
	if only != want {
		t.Errorf("onlyImpls:\n%s\nwant\n%s", only, want)
	}
	if got := LastResult(out); got != "impl=swiss op=put len=1e3 key=string" {
		t.Errorf("lastResult = %q", got)
	}
}

func TestGeomeanAndMedian(t *testing.T) {
	if got := Geomean([]float64{1, 4, 2}); math.Abs(got-2) > 1e-12 {
		t.Errorf("Geomean(1, 4, 2) = %g; want 2", got)
	}
	if got := Geomean(nil); got != 0 {
		t.Errorf("Geomean() = %g; want 0", got)
	}
	if got := Median([]float64{5, 1, 3, 2}); got != 2.5 {
		t.Errorf("Median(5, 1, 3, 2) = %g; want 2.5", got)
	}
}

// TestBenchShapes checks what bench -check compares: a table of the old
// columns must not pass for one of the new.
func TestBenchShapes(t *testing.T) {
	old := "op        len  key      buckets    swiss\nget-hit   1e3  int64      2.11x    1.69x\n" +
		"buckets within 2x of the built-in map for get-hit, get-miss, put: 15 of 18 rows\n"
	cur := "op        len  key      buckets-generic  buckets\nget-hit   1e3  int64      2.11x    1.69x\n" +
		"buckets: geometric mean 1.50x (target 1.5x), 18 of 18 rows within 2x\n"
	if got, want := ratioShape(old), []string{"op len key buckets swiss", "get-hit 1e3 int64"}; !slices.Equal(got, want) {
		t.Errorf("ratioShape(old) = %q; want %q", got, want)
	}
	if got, want := ratioShape(cur), []string{"op len key buckets-generic buckets", "get-hit 1e3 int64", "buckets:"}; !slices.Equal(got, want) {
		t.Errorf("ratioShape(cur) = %q; want %q", got, want)
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

// fakeLane is the results of a lane's build whose built-in map takes builtin ns: the lab maps
// take twice that on the generic path and 1.5 times with step 9, but for swiss's get-hit,
// which takes 10 ns on every lane.
func fakeLane(builtin float64) string {
	labs := []string{"builtin", "buckets-generic", "buckets", "swiss-generic", "swiss"}
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

// TestLaneRatioTable checks the lab maps' ratios on the two Swiss lanes: each
// over the built-in map of its own lane's runs, the previous lane first.
func TestLaneRatioTable(t *testing.T) {
	// The previous lane's built-in map takes 10 ns, the current one's 5.
	prev, cur := fakeLane(10), fakeLane(5)
	got, err := LaneRatioTable([2]string{prev, cur}, "(a note)\n")
	if err != nil {
		t.Fatal(err)
	}
	p, c := PrevLane.Release(), Lane.Release()
	cell := func(s string) string { return fmt.Sprintf("  %6s", s) }
	for _, want := range []string{
		"goos: linux\ngoarch: amd64\ncpu: Some CPU\n",
		"(median of 3)",
		"built by " + PrevLane.Toolchain + ", then by " + Lane.Toolchain,
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
	mean := func(xs ...float64) string { return fmt.Sprintf("%.2fx", Geomean(xs)) }
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
}

// TestLaneRatioTableNamesLaneWithoutBuiltin checks that a lane without its built-in map's
// results is an error that names it.
func TestLaneRatioTableNamesLaneWithoutBuiltin(t *testing.T) {
	prev, cur := fakeLane(10), fakeLane(5)
	if _, err := LaneRatioTable([2]string{OnlyImpls(prev, "buckets-generic", "buckets", "swiss-generic", "swiss"), cur}, ""); err == nil || !strings.Contains(err.Error(), PrevLane.Toolchain) {
		t.Errorf("laneRatioTable without the previous lane's built-in map: err = %v; want one naming %s", err, PrevLane.Toolchain)
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
	for _, k := range Keys {
		for _, l := range Lens {
			for _, op := range Ops {
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
	got, err := LaneVerdicts(prev, cur, table.String())
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		Lane.Toolchain + " over " + PrevLane.Toolchain,
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
	if _, err := LaneVerdicts(prev, cur, short); err == nil || !strings.Contains(err.Error(), "op=delete len=1e5 key=int64") {
		t.Errorf("laneVerdicts without a row of benchstat: err = %v; want one naming op=delete len=1e5 key=int64", err)
	}
}

// TestSIMDTable: step 11's table divides each build's lab map by the built-in map of the same
// build, and counts the rows within step 11's goal by group.
func TestSIMDTable(t *testing.T) {
	fast := fakeBench([]string{"builtin", "swiss"}, 3, func(impl, op string) float64 {
		if impl == "builtin" {
			return 9.9
		}
		return 11.9 // 1.2x
	})
	simd := fakeBench(SIMDImpls, 3, func(impl, op string) float64 {
		switch {
		case impl == "builtin":
			return 19.9 // another build, another base
		case op == "get-hit":
			return 19.9 // 1.00x
		case op == "get-miss":
			return 21.9 // 1.10x: beyond 1.05x
		}
		return 23.9 // 1.20x: within 1.2x
	})
	got, err := SIMDTable(fast, simd)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"op        len  key      swiss  swiss-simd\n",
		"get-hit   1e3  int64    1.20x       1.00x\n",
		"get-miss  1e6  string   1.20x       1.10x\n",
		"swiss: geometric mean 1.20x of the lookups (12 rows), 0 within 1.05x; 1.20x of the inserts (6 rows), 6 within 1.2x; 1.20x of the iterations (6 rows), 6 within 1.2x\n",
		"swiss-simd: geometric mean 1.05x of the lookups (12 rows), 6 within 1.05x; 1.20x of the inserts (6 rows), 6 within 1.2x; 1.20x of the iterations (6 rows), 6 within 1.2x\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("SIMDTable does not say %q:\n%s", want, got)
		}
	}
	if shape := Shape(SIMDFile, got); !slices.Contains(shape, "op len key swiss swiss-simd") || !slices.Contains(shape, "swiss-simd:") {
		t.Errorf("Shape of the SIMD table = %q; want its header and its lines of means", shape)
	}
}
