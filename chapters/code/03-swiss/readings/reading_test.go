package main

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gomaps/labs/benchtables"
	"gomaps/labs/courseroot"
)

// TestBenchReadings checks that the committed tables are medians of enough runs, with a
// confidence interval on every row, and that each chapter, English and Chinese, includes its
// readings in its own language. That the committed readings are what the committed tables say is
// outputs -check's: each reading is an output of the book (chapters/out/bench-reading-*.cmd).
func TestBenchReadings(t *testing.T) {
	root, committed := readCommitted(t)
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		return strings.ReplaceAll(string(data), "\r\n", "\n")
	}
	if committed.Runs < 10 {
		t.Errorf("%s: medians of %d runs; the chapters' tables take at least 10", benchtables.RatiosFile, committed.Runs)
	}
	got, err := Of(committed)
	if err != nil {
		t.Fatal(err)
	}
	// Each reading is an output of the book, and bench -write names them all.
	var names []string
	for name := range got {
		base := strings.TrimSuffix(filepath.Base(name), ".txt")
		names = append(names, base)
		cmd := read(filepath.Join("chapters", "out", base+".cmd"))
		if !strings.Contains(cmd, "go run ./chapters/code/03-swiss/readings "+base+"\n") || !strings.Contains(cmd, "# raw\n") {
			t.Errorf("chapters/out/%s.cmd does not run go run ./chapters/code/03-swiss/readings %s with # raw", base, base)
		}
	}
	if slices.Sort(names); !slices.Equal(names, slices.Sorted(slices.Values(benchtables.ReadingOutputs))) {
		t.Errorf("the readings are %v; benchtables.ReadingOutputs, which bench -write names, are %v", names, benchtables.ReadingOutputs)
	}
	if strings.Contains(read(benchtables.TableFile), "±  ∞") || strings.Contains(read(benchtables.TableFile), "± ∞") {
		t.Errorf("%s has a row without a confidence interval (± ∞)", benchtables.TableFile)
	}
	// Each chapter, English and Chinese, includes its readings in its own
	// language and not the other's.
	for _, l := range langs {
		for ch, files := range map[string][]string{
			"02-buckets.md": {labReading["buckets"]},
			"03-swiss.md":   {labReading["swiss"], releasesReading, peersReading, simdReading},
		} {
			ch = "chapters/" + l.pick("", "zh/") + ch
			for _, name := range files {
				want := l.file(name)
				if _, ok := got[want]; !ok {
					t.Errorf("Of wrote no %s", want)
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

// TestChapter03MeasurementClaims checks the sentences of chapters 02 and 03
// that explain the benchmark's tables, beside the readings that bench
// generates (TestBenchReadings): each against the committed tables, so that a
// new measurement that says otherwise fails here until the text changes. It
// reads committed files: it measures nothing, and no time of this machine
// enters it.
func TestChapter03MeasurementClaims(t *testing.T) {
	_, committed := readCommitted(t)
	for _, c := range []struct {
		name, text string
		check      func(t *testing.T, text string)
	}{
		{"releases' lookups", committed.RuntimesPrev, checkReleasesLookups},
		{"lab maps on two releases", committed.RatiosPrev, checkLaneMoves},
		{"peers", committed.Ratios, checkPeers},
		{"profile", committed.Profile, checkProfile},
		{"hashes", committed.Hash, checkHashes},
	} {
		t.Run(c.name, func(t *testing.T) { c.check(t, c.text) })
	}
}

// checkReleasesLookups checks chapter 03's reading of the built-in map on the two releases.
func checkReleasesLookups(t *testing.T, runtimesPrev string) {
	// "benchstat finds no row of lookups slower than on Go 1.26.8, and the geometric mean of
	// each key type's lookup ratios is within 5 % of 1."
	verdicts := benchtables.VerdictLine.FindAllStringSubmatch(runtimesPrev, -1)
	lookups := 0
	for _, v := range verdicts {
		if v[1] != "get-hit, get-miss" {
			continue
		}
		lookups++
		if v[6] != "0" {
			t.Errorf("%s: lookups with %s keys: %s slower; chapter 03 says no row of lookups is slower on Go 1.27.3", benchtables.RuntimesPrevFile, v[2], v[6])
		}
		if g, _ := strconv.ParseFloat(v[4], 64); math.Abs(g-1) > 0.05+1e-9 {
			t.Errorf("%s: lookups with %s keys: geometric mean %.2fx; chapter 03 says it is within 5 %% of 1", benchtables.RuntimesPrevFile, v[2], g)
		}
	}
	if lookups != len(benchtables.Keys) {
		t.Fatalf("%s: %d lines of lookups under the table; want one per key type", benchtables.RuntimesPrevFile, lookups)
	}
}

// checkLaneMoves checks chapter 03's reading of the lab maps' ratios on the two releases, by
// the signed-rank tests and the correction the generated reading uses.
func checkLaneMoves(t *testing.T, ratiosPrev string) {
	// "no move survives the correction for the twelve groups tested. Taken alone, two are larger
	// than this run's noise while their controls did not move: the int64 rows of buckets-generic
	// and of swiss, both up. Every other group moved by no more than its noise, even taken
	// alone."
	rows, err := benchtables.ParseLaneRows(ratiosPrev)
	if err != nil {
		t.Fatal(err)
	}
	moved, tests := laneMoves(rows)
	if tests != 12 {
		t.Errorf("%s: %d groups tested; chapter 03 says twelve", benchtables.RatiosPrevFile, tests)
	}
	for _, col := range benchtables.LabCols() {
		for _, g := range append(slices.Clone(benchtables.Keys), "iterate") {
			if m := moved[col][g]; m.significant() {
				t.Errorf("%s: %s's %s rows: %s; chapter 03 says no group moved beyond the run's noise once corrected", benchtables.RatiosPrevFile, col, g, m.text(langEn))
			}
		}
		for _, k := range benchtables.Keys {
			m := moved[col][k]
			switch col + "/" + k {
			case "buckets-generic/int64", "swiss/int64":
				if !m.alone() || m.up <= m.down {
					t.Errorf("%s: %s's %s rows: %s; chapter 03 says that, taken alone, they went up beyond the run's noise", benchtables.RatiosPrevFile, col, k, m.text(langEn))
				}
			default:
				if m.alone() {
					t.Errorf("%s: %s's %s rows: %s; chapter 03 says they moved by no more than the run's noise, even taken alone", benchtables.RatiosPrevFile, col, k, m.text(langEn))
				}
			}
		}
		if c := moved[col]["iterate"]; c.alone() {
			t.Errorf("%s: %s's control: %s; chapter 03 says no control moved, even taken alone", benchtables.RatiosPrevFile, col, c.text(langEn))
		}
	}
}

// TestSignedRank checks the signed-rank test's p-values against values worked by hand.
func TestSignedRank(t *testing.T) {
	for _, tt := range []struct {
		d    []float64
		want float64
	}{
		{[]float64{1, 2, 3, 4, 5, 6}, 2.0 / 64},     // all up: only all-up and all-down are as extreme
		{[]float64{1, -2, 3, -4, 5, -6}, 54.0 / 64}, // W+ = 9 against a mean of 10.5: 54 of the 64 sums are as far
		{[]float64{0.1, 0.1, 0.1}, 2.0 / 8},         // ties share their rank
		{nil, 1},
	} {
		if got := signedRankP(tt.d); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("signedRankP(%v) = %v, want %v", tt.d, got, tt.want)
		}
	}
	ms := []*rowMoves{{p: 0.01}, {p: 0.04}, {p: 0.03}, {p: 0.5}}
	holm(ms)
	for i, want := range []float64{0.04, 0.09, 0.09, 0.5} { // 4 × 0.01, max(3 × 0.03, 0.04), max(2 × 0.04, 0.09), 0.5
		if math.Abs(ms[i].corrected-want) > 1e-12 {
			t.Errorf("holm: test %d of p = %v corrected to %v; want %v", i, ms[i].p, ms[i].corrected, want)
		}
	}
	m := movesOf([]float64{1, 1, 1}, []float64{1.1, 1, 0.9})
	if m.up != 1 || m.down != 1 || m.same != 1 {
		t.Errorf("movesOf: %+v; want 1 up, 1 down, 1 the same", m)
	}
}

// checkPeers checks chapter 03's reading of the two libraries against the built-in map.
func checkPeers(t *testing.T, ratios string) {
	// "So neither library is faster than Go 1.27.3's map on lookups: the geometric mean of
	// each one's twelve lookup ratios is over 1x. Over lookups and inserts together,
	// cockroach's geometric mean is within a tenth of 1x, dolthub's higher."
	table := readRatioTable(t, ratios)
	for _, p := range benchtables.Peers {
		rs := append(slices.Clone(table[p]["get-hit"]), table[p]["get-miss"]...)
		if g := benchtables.Geomean(rs); len(rs) != 12 || g <= 1 {
			t.Errorf("%s: %s's %d lookup ratios have a geometric mean of %.2fx; chapter 03 says neither library is faster than the built-in map on lookups", benchtables.RatiosFile, p, len(rs), g)
		}
	}
	peer := func(name string) float64 {
		m := regexp.MustCompile(`(?m)^` + name + `: geometric mean ([0-9.]+)x`).FindStringSubmatch(ratios)
		if m == nil {
			t.Fatalf("%s: no line of %s's geometric mean", benchtables.RatiosFile, name)
		}
		g, _ := strconv.ParseFloat(m[1], 64)
		return g
	}
	// "on misses in the table's maps of 100,000 and 1,000,000 entries, dolthub/swiss is faster
	// than the built-in map for both key types, while its hits at the same sizes stay slower."
	for i, size := range benchtables.Lens {
		if size != "1e5" && size != "1e6" {
			continue
		}
		for j, k := range benchtables.Keys {
			at := i*len(benchtables.Keys) + j
			if miss, hit := table["dolthub"]["get-miss"][at], table["dolthub"]["get-hit"][at]; miss >= 1 || hit <= 1 {
				t.Errorf("%s: dolthub at %s %s keys: misses %.2fx, hits %.2fx; chapter 03 says its misses are faster than the built-in map's there, its hits slower", benchtables.RatiosFile, size, k, miss, hit)
			}
		}
	}
	if c, d := peer("cockroach"), peer("dolthub"); math.Abs(c-1) > 0.1+1e-9 || d <= c {
		t.Errorf("%s: cockroach's geometric mean is %.2fx and dolthub's %.2fx; chapter 03 says cockroach is within a tenth of 1x and dolthub higher", benchtables.RatiosFile, c, d)
	}
}

// checkProfile checks chapter 03's reading of the profiles of the Swiss map's worst row.
func checkProfile(t *testing.T, profile string) {
	// "In the Swiss map's worst row, within its limit here, lookups that hit in a map of a
	// million string keys, the function with the most time of each map is matchH2 [...] the
	// built-in map's time sits in mapaccess2_faststr; the lab map's is spread over table.find,
	// Get and hashString."
	const row = "op=get-hit len=1e6 key=string"
	if !strings.Contains(profile, "swiss: no row over its limit") || !strings.Contains(profile, "\nswiss "+row+": ") {
		t.Errorf("%s: the Swiss map's worst row is not %s, within its limit; chapter 03 says it is", benchtables.ProfileFile, row)
	}
	top := func(impl string) (names []string) {
		head := "<impl=" + impl + " " + row + ", the fast build, "
		i := strings.Index(profile, head)
		if i < 0 {
			t.Fatalf("%s: no profile of %s on %s", benchtables.ProfileFile, impl, row)
		}
		rest := profile[i:]
		if j := strings.Index(rest[len(head):], "$ go tool pprof"); j >= 0 {
			rest = rest[:len(head)+j]
		}
		for _, line := range strings.Split(rest, "\n") {
			f := strings.Fields(line)
			if len(f) >= 6 && strings.HasSuffix(f[1], "%") && strings.HasSuffix(f[4], "%") {
				names = append(names, strings.Join(f[5:], " "))
			}
		}
		if len(names) < 4 {
			t.Fatalf("%s: the profile of %s has %d rows", benchtables.ProfileFile, impl, len(names))
		}
		return names
	}
	lab, builtin := top("swiss"), top("builtin")
	for _, p := range []struct {
		who   string
		names []string
		want  []string
	}{
		{"the lab map", lab, []string{"ctrlGroup.matchH2", ").find", ").Get", ".hashString"}},
		{"the built-in map", builtin, []string{"ctrlGroup.matchH2", "mapaccess2_faststr"}},
	} {
		if !strings.Contains(p.names[0], p.want[0]) {
			t.Errorf("%s: %s's top function on %s is %s; chapter 03 says matchH2", benchtables.ProfileFile, p.who, row, p.names[0])
		}
		for _, w := range p.want[1:] {
			if !slices.ContainsFunc(p.names[:5], func(n string) bool { return strings.Contains(n, w) }) {
				t.Errorf("%s: %s's top 5 functions on %s have no %s; chapter 03 says its time sits there", benchtables.ProfileFile, p.who, row, w)
			}
		}
	}
}

// checkHashes checks chapter 02's reading of the hashes alone.
func checkHashes(t *testing.T, hash string) {
	// Chapter 02: "timed alone, maphash.String is slower than maphash.Comparable, and Map.hash
	// is faster with hashString than on the generic path."
	for _, c := range []struct{ re, says string }{
		{`(?m)^Hash/key=string\S*\s+\S+ ±\s+\S+\s+\S+ ±\s+\S+\s+\+[0-9.]+% \(p=`, "maphash.String is slower than maphash.Comparable"},
	} {
		if !regexp.MustCompile(c.re).MatchString(hash) {
			t.Errorf("%s: benchstat does not find that %s; chapter 02 says it is", benchtables.HashFile, c.says)
		}
	}
	_, pathRatio, err := readHashes(hash)
	if err != nil {
		t.Fatal(err)
	}
	if pathRatio["string"] >= 1 {
		t.Errorf("%s: Map.hash takes %.2fx the time with hashString as on the generic path; chapter 02 says it is faster", benchtables.HashFile, pathRatio["string"])
	}
}

// readCommitted reads the course's committed tables, as Read does.
func readCommitted(t *testing.T) (root string, committed Tables) {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if root, _, err = courseroot.Find(wd); err != nil {
		t.Fatal(err)
	}
	if committed, err = Read(root); err != nil {
		t.Fatal(err)
	}
	return root, committed
}

// readRatioTable is benchtables.ParseRatioTable that fails the test on an error.
func readRatioTable(t *testing.T, text string) map[string]map[string][]float64 {
	t.Helper()
	table, err := benchtables.ParseRatioTable(text)
	if err != nil {
		t.Fatal(err)
	}
	return table
}
