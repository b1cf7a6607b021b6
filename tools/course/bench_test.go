package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
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
