// Package benchtables is the benchmark of chapters 02 and 03 as tables: what BenchmarkMap of
// labs/internal/mapbench measures (the lab maps, the peers, the built-in map; the operations,
// sizes and key types), the files of chapters/out the tables go to, how the tables are made from
// go test's results, and how they are read back. The bench command (tools/course) measures and
// writes the tables; the chapter program chapters/code/03-swiss/readings reads them into the
// chapters' sentences. It lives under labs/, beside lanes, so that both can use it.
package benchtables

import (
	"bufio"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gomaps/labs/lanes"
)

// The tables of chapters 02 and 03, under the course's root.
const (
	RatiosFile   = "chapters/out/bench-ratios.txt"
	TableFile    = "chapters/out/bench-table.txt"
	RuntimesFile = "chapters/out/bench-runtimes.txt"
	FastpathFile = "chapters/out/bench-fastpath.txt"
	ProfileFile  = "chapters/out/bench-profile.txt"
	// The built-in map of Lane against PrevLane's, and the lab maps' ratios
	// on each (chapter 03, "What Go 1.27 changed in a lookup").
	RuntimesPrevFile = "chapters/out/bench-runtimes-127.txt"
	RatiosPrevFile   = "chapters/out/bench-ratios-127.txt"
	// HashFile is the table of the hashes alone, HasherFile the table of
	// lookups in lab 03's map made by NewWithHasher (step 10).
	HashFile   = "chapters/out/bench-hash.txt"
	HasherFile = "chapters/out/bench-hasher.txt"
)

// The Swiss lanes the benchmark runs on. The tables of chapters 02 and 03
// (ratios, benchstat table, step 9, profiles) are measured on Lane, the
// current release; the built-in map and the lab maps are measured again,
// built by PrevLane's toolchain, the release before, to compare the two
// runtimes' fast paths and what they do to the lab maps' ratios.
var (
	Lane     = lanes.DefaultLane()
	PrevLane = lanes.Previous()
)

// A LabMap is one of the labs' maps: the impl= of its benchmarks and its lab.
type LabMap struct{ Impl, Lab string }

// LabMaps are the labs' maps. Each is measured as solved (impl=NAME) and on
// the generic path that New chooses without step 9 (impl=NAME-generic).
var LabMaps = []LabMap{{"buckets", "02-buckets"}, {"swiss", "03-swiss"}}

// Peers are the public Swiss tables measured beside the labs' maps.
var Peers = []string{"cockroach", "dolthub"}

// The order rows and columns are printed in.
var (
	Ops  = []string{"get-hit", "get-miss", "put", "delete", "iterate"}
	Lens = []string{"1e3", "1e5", "1e6"}
	Keys = []string{"int64", "string"}
	// Cols are the columns of the ratio table and of the benchstat table
	// (after builtin): each lab map before and after step 9, then the peers.
	Cols = []string{"buckets-generic", "buckets", "swiss-generic", "swiss", "cockroach", "dolthub"}
)

// A Target is what a lab map is held to over TargetOps, as its time per
// operation over the built-in map's: the geometric mean of the rows, and
// every row.
type Target struct{ Geomean, Row float64 }

// Targets are the lab maps' targets, by impl.
var Targets = map[string]Target{"buckets": {1.5, 2}, "swiss": {1.2, 1.5}}

// TargetOps are the operations the targets are set on.
var TargetOps = []string{"get-hit", "get-miss", "put"}

// Group is the group of rows that the lane table's means sum up, for a row of op and key type:
// the key type for TargetOps, which are held to the targets together, and the op itself for
// the others.
func Group(op, key string) string {
	if slices.Contains(TargetOps, op) {
		return key
	}
	return op
}

// Within counts the ratios within the target's limit for a row.
func (t Target) Within(ratios []float64) int {
	n := 0
	for _, r := range ratios {
		if r <= t.Row {
			n++
		}
	}
	return n
}

// Generic is the impl= of a lab map's results without its fast path.
func Generic(impl string) string { return impl + "-generic" }

// HashImpls and HashKeys are BenchmarkHash's: maphash.String runs on
// strings only.
var (
	HashImpls = []string{"comparable", "maphash.String", "swiss-generic", "swiss"}
	HashKeys  = []string{"int64", "int32", "string"}
)

// HasherImpls are BenchmarkHasher's maps, on int64 and string keys at
// 1e3 and 1e5 entries (HasherRows rows): lab 03's map made by NewWithHasher
// (step 10) beside the same map made by New, on the generic path, and the
// built-in map.
var HasherImpls = []string{"builtin", "swiss", "swiss-generic", "swiss-hasher"}

const HasherRows = 4

// FastpathCols are benchstat's columns of a lab map's table in
// FastpathFile: the map without step 9, then with it.
func FastpathCols(impl string) string { return "/impl@(" + Generic(impl) + " " + impl + ")" }

// FastpathHeader is the line above each lab map's table in FastpathFile.
func FastpathHeader(impl string) string {
	return "$ go tool benchstat -col '" + FastpathCols(impl) + "' all=<the results>\n"
}

// Row is the start of a row of a table of ratios: its op, len and key.
func Row(op, l, k string) string { return fmt.Sprintf("%-9s %-4s %-7s", op, l, k) }

// resultRE matches one result line of BenchmarkMap.
var resultRE = regexp.MustCompile(`^BenchmarkMap/impl=([\w-]+)/op=([\w-]+)/len=(\w+)/key=(\w+)(?:-\d+)?\s+\d+\s+([0-9.]+) ns/op`)

// OnlyImpls keeps the lines that are not results and the results of impls.
func OnlyImpls(results string, impls ...string) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(results, "\n") {
		if m := resultRE.FindStringSubmatch(line); m != nil && !slices.Contains(impls, m[1]) {
			continue
		}
		b.WriteString(line)
	}
	return b.String()
}

// LastResult names the last benchmark that printed a result in out.
func LastResult(out string) string {
	lines := strings.Split(out, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if m := resultRE.FindStringSubmatch(lines[i]); m != nil {
			return fmt.Sprintf("impl=%s op=%s len=%s key=%s", m[1], m[2], m[3], m[4])
		}
	}
	return "(none yet)"
}

// Samples holds, for each impl/op/len/key, the ns/op of every run.
type Samples map[string][]float64

// Parse reads the results of BenchmarkMap, and the header lines that
// say on which machine they were taken.
func Parse(results string) (Samples, []string) {
	samples := Samples{}
	var header []string
	sc := bufio.NewScanner(strings.NewReader(results))
	for sc.Scan() {
		line := sc.Text()
		for _, h := range []string{"goos:", "goarch:", "cpu:"} {
			if strings.HasPrefix(line, h) && !slices.Contains(header, line) {
				header = append(header, line)
			}
		}
		if m := resultRE.FindStringSubmatch(line); m != nil {
			v, err := strconv.ParseFloat(m[5], 64)
			if err != nil {
				continue
			}
			key := strings.Join(m[1:5], "/")
			samples[key] = append(samples[key], v)
		}
	}
	return samples, header
}

// runs is the most runs of any benchmark in s.
func (s Samples) runs() int {
	n := 0
	for _, xs := range s {
		n = max(n, len(xs))
	}
	return n
}

// Ratio returns impl's median time per operation over the built-in map's
// in s, on one row, rounded as the ratio table prints it.
func (s Samples) Ratio(impl, op, l, k string) (float64, error) {
	row := op + "/" + l + "/" + k
	base := Median(s["builtin/"+row])
	if base == 0 {
		return 0, fmt.Errorf("no result for the built-in map beside %s, op=%s len=%s key=%s", impl, op, l, k)
	}
	x := Median(s[impl+"/"+row])
	if x == 0 {
		return 0, fmt.Errorf("no result for %s, op=%s len=%s key=%s", impl, op, l, k)
	}
	return math.Round(x/base*100) / 100, nil
}

// Geomean is the geometric mean of xs, 0 for none.
func Geomean(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	sum := 0.0
	for _, x := range xs {
		sum += math.Log(x)
	}
	return math.Exp(sum / float64(len(xs)))
}

// Median is the median of xs, 0 for none.
func Median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(xs))
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// LabCols are the columns of Cols that are lab maps, with and without
// step 9.
func LabCols() []string {
	var cols []string
	for _, col := range Cols {
		if slices.ContainsFunc(LabMaps, func(lm LabMap) bool {
			return lm.Impl == strings.TrimSuffix(col, "-generic")
		}) {
			cols = append(cols, col)
		}
	}
	return cols
}

// ReadingOutputs are the outputs of the book (chapters/out/NAME.cmd) that read the tables into
// the sentences of chapters 02 and 03, in English and in Chinese: chapters/code/03-swiss/readings
// prints them from the committed tables, so bench -write is followed by go run ./tools/course
// outputs with these names.
var ReadingOutputs = []string{
	"bench-reading-02", "bench-reading-02-zh",
	"bench-reading-03", "bench-reading-03-zh",
	"bench-reading-03-peers", "bench-reading-03-peers-zh",
	"bench-reading-03-releases", "bench-reading-03-releases-zh",
	"bench-reading-03-simd", "bench-reading-03-simd-zh",
}
