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
)

// The sentences of chapters 02 and 03 that read the benchmark's tables are
// generated from the tables here, into benchReading's files, so that the
// text cannot say what its numbers do not.

// benchReading names the file of each lab map's reading, by its impl.
var benchReading = map[string]string{
	"buckets": "chapters/out/bench-reading-02.txt",
	"swiss":   "chapters/out/bench-reading-03.txt",
}

// benchHash is the table of the hashes alone, benchHasher the table of
// lookups in lab 03's map made by NewWithHasher (step 10).
const (
	benchHash   = "chapters/out/bench-hash.txt"
	benchHasher = "chapters/out/bench-hasher.txt"
)

// statRow is one row of a benchstat table of two columns: its name
// without the -N suffix, the ± of the first column, and the verdict.
type statRow struct {
	name  string
	ci    float64 // the first column's ± in percent; -1 for ∞
	delta float64 // the change in percent; 0 when same
	same  bool    // benchstat's "~"
	p     string
}

var (
	statNameRE  = regexp.MustCompile(`^((?:Map|Hash|Hasher)/\S+?)(?:-\d+)?\s`)
	statCIRE    = regexp.MustCompile(`±\s+(∞|[0-9.]+)%`)
	statDeltaRE = regexp.MustCompile(`\s(~|[+-][0-9.]+%)\s+\(p=([0-9.]+) n=`)
	statGeoRE   = regexp.MustCompile(`(?m)^geomean\s.*\s([+-][0-9.]+%|~)\s*$`)
)

// statRows reads the rows of the benchstat table text (its first table of
// sec/op).
func statRows(text string) []statRow {
	var rows []statRow
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "geomean") && len(rows) > 0 {
			break
		}
		m := statNameRE.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		r := statRow{name: m[1], ci: -1}
		if c := statCIRE.FindStringSubmatch(line); c != nil && c[1] != "∞" {
			r.ci, _ = strconv.ParseFloat(c[1], 64)
		}
		if d := statDeltaRE.FindStringSubmatch(line); d != nil {
			r.p = d[2]
			if d[1] == "~" {
				r.same = true
			} else {
				r.delta, _ = strconv.ParseFloat(strings.TrimSuffix(d[1], "%"), 64)
			}
		}
		rows = append(rows, r)
	}
	return rows
}

// field returns the value of key= in a benchmark's name.
func field(name, key string) string {
	for _, part := range strings.Split(name, "/") {
		if v, ok := strings.CutPrefix(part, key+"="); ok {
			return v
		}
	}
	return ""
}

// noiseSentence reads the built-in map's confidence intervals in the table
// of all the maps (its first column).
func noiseSentence(table string, runs int) (string, error) {
	var cis []float64
	for _, r := range statRows(table) {
		if r.ci < 0 {
			return "", fmt.Errorf("%s: the built-in map's row %s has no confidence interval (fewer than 6 runs?)", benchTable, r.name)
		}
		cis = append(cis, r.ci)
	}
	if len(cis) == 0 {
		return "", fmt.Errorf("%s: no rows", benchTable)
	}
	s := slices.Sorted(slices.Values(cis))
	return fmt.Sprintf("**How noisy this run was.** The built-in map's own %d rows in `bench-table.txt` "+
		"have confidence intervals (benchstat's, at 95%%, of the median of %d runs) from ±%g%% to ±%g%%, "+
		"and ±%g%% at the middle row: two maps' medians closer than about that are ones this run "+
		"cannot tell apart, and benchstat writes `~` for them.", len(s), runs, s[0], s[len(s)-1], median(s)), nil
}

// changeList says how a group of rows of a two-column benchstat table
// moved: "faster in 3 of 15 rows (by 12% to 54%), slower in 1 (by 9%), no
// different in 11".
func changeList(rows []statRow) string {
	var faster, slower []float64
	same := 0
	for _, r := range rows {
		switch {
		case r.same:
			same++
		case r.delta < 0:
			faster = append(faster, -r.delta)
		default:
			slower = append(slower, r.delta)
		}
	}
	span := func(xs []float64) string {
		slices.Sort(xs)
		if len(xs) == 1 {
			return fmt.Sprintf("by %.0f%%", xs[0])
		}
		return fmt.Sprintf("by %.0f%% to %.0f%%", xs[0], xs[len(xs)-1])
	}
	var parts []string
	if len(faster) > 0 {
		parts = append(parts, fmt.Sprintf("faster in %d (%s)", len(faster), span(faster)))
	}
	if len(slower) > 0 {
		parts = append(parts, fmt.Sprintf("slower in %d (%s)", len(slower), span(slower)))
	}
	if same > 0 {
		parts = append(parts, fmt.Sprintf("not different in %d", same))
	}
	return fmt.Sprintf("of %d rows, %s", len(rows), strings.Join(parts, ", "))
}

// fastpathSentences reads one lab map's table of step 9 (without it as the
// base, with it as the second column).
//
// slower and faster count, by key type, the rows of lookups and inserts
// that step 9 made slower and faster.
func fastpathSentences(impl, table string) (text string, slower, faster map[string]int, err error) {
	rows := statRows(table)
	if len(rows) == 0 {
		return "", nil, nil, fmt.Errorf("%s: no rows for %s", benchFastpath, impl)
	}
	slower, faster = map[string]int{}, map[string]int{}
	var b strings.Builder
	fmt.Fprintf(&b, "**What step 9 changed in `%s`** (`bench-fastpath.txt`: the map without step 9, `%s`, as the base, and with it, in one binary, run after run).", impl, genericName(impl))
	for _, k := range benchKeys {
		var lookups, puts, others []statRow
		for _, r := range rows {
			if field(r.name, "key") != k {
				continue
			}
			switch field(r.name, "op") {
			case "get-hit", "get-miss":
				lookups = append(lookups, r)
			case "put":
				puts = append(puts, r)
			default:
				others = append(others, r)
			}
		}
		fmt.Fprintf(&b, " With `%s` keys, lookups: %s; inserts: %s; deletes and ranging: %s.", k, changeList(lookups), changeList(puts), changeList(others))
		for _, r := range append(lookups, puts...) {
			switch {
			case r.same:
			case r.delta > 0:
				slower[k]++
			default:
				faster[k]++
			}
		}
	}
	g := statGeoRE.FindStringSubmatch(table)
	if g == nil {
		return "", nil, nil, fmt.Errorf("%s: no geomean line for %s", benchFastpath, impl)
	}
	fmt.Fprintf(&b, " Over all %d rows, the geometric mean of the medians moved by %s.", len(rows), g[1])
	return b.String(), slower, faster, nil
}

// statMedians reads the medians of a benchstat table of several columns
// (its first table, of sec/op), in nanoseconds: the rows' names without the
// -N suffix, in order, and for each the medians of the columns present on
// it, in order.
func statMedians(table string) (names []string, medians map[string][]float64) {
	medians = map[string][]float64{}
	cell := regexp.MustCompile(`([0-9.]+)([nµm]?)\s+±`)
	inTable := false
	for _, line := range strings.Split(table, "\n") {
		if strings.Contains(line, "sec/op") {
			if inTable && len(names) > 0 {
				break
			}
			inTable = true
			continue
		}
		name := statNameRE.FindStringSubmatch(line)
		if !inTable || name == nil {
			continue
		}
		var vs []float64
		for _, c := range cell.FindAllStringSubmatch(line, -1) {
			v, _ := strconv.ParseFloat(c[1], 64)
			switch c[2] {
			case "µ":
				v *= 1e3
			case "m":
				v *= 1e6
			}
			vs = append(vs, v)
		}
		names = append(names, name[1])
		medians[name[1]] = vs
	}
	return names, medians
}

// hashSentences reads the table of the hashes alone.
//
// pathRatio gives, by key type, the time of Map.hash on step 9's path over
// its time on the generic path.
func hashSentences(table string) (text string, pathRatio map[string]float64, err error) {
	med := map[string]float64{} // impl/key: the median in ns
	names, medians := statMedians(table)
	var order []string
	for _, name := range names {
		key := field(name, "key")
		cells := medians[name]
		// The columns present on this row, in hashImpls' order.
		impls := hashImpls
		if key != "string" {
			impls = slices.DeleteFunc(slices.Clone(hashImpls), func(s string) bool { return s == "maphash.String" })
		}
		if len(cells) != len(impls) {
			return "", nil, fmt.Errorf("%s: row %s has %d medians, not %d", benchHash, name, len(cells), len(impls))
		}
		for i, v := range cells {
			med[impls[i]+"/"+key] = v
		}
		order = append(order, key)
	}
	if len(order) != len(hashKeys) {
		return "", nil, fmt.Errorf("%s: rows for %v, want %v", benchHash, order, hashKeys)
	}
	pathRatio = map[string]float64{}
	for _, k := range hashKeys {
		pathRatio[k] = med["swiss/"+k] / med["swiss-generic/"+k]
	}
	ratio := func(a, b, k string) string {
		return fmt.Sprintf("%.2fx", med[a+"/"+k]/med[b+"/"+k])
	}
	var b strings.Builder
	b.WriteString("**The hashes alone** (`bench-hash.txt`: each hash called through a func value on 1000 keys in turn, medians; `swiss` and `swiss-generic` are `Map.hash` of lab 03's solution on the path `New` chose and on the generic path):")
	for _, k := range hashKeys {
		fmt.Fprintf(&b, " `%s`: step 9's path takes %s the time of the generic path", k, ratio("swiss", "swiss-generic", k))
		if k == "string" {
			fmt.Fprintf(&b, ", and `maphash.String` %s the time of `maphash.Comparable`.", ratio("maphash.String", "comparable", k))
		} else {
			b.WriteString(";")
		}
	}
	return b.String(), pathRatio, nil
}

// keepSentence says, for each key type, whether step 9's path pays for
// itself in lab map impl. It pays where its hash takes less time than the
// generic path's (pathRatio under 1), no row of lookups or inserts is
// slower with it and at least one is faster (a key type with no rows in the
// map's table, int32, is judged by its hash alone); where the hash alone is
// faster but no row shows it, the sentence says so.
func keepSentence(impl string, pathRatio map[string]float64, slower, faster map[string]int) string {
	var pays, alone, not []string
	for _, k := range hashKeys {
		hash := fmt.Sprintf("the hash alone takes %.2fx the time", pathRatio[k])
		if !slices.Contains(benchKeys, k) {
			if pathRatio[k] < 1 {
				pays = append(pays, fmt.Sprintf("`%s` (%s; the map's table has no `%s` rows)", k, hash, k))
			} else {
				not = append(not, fmt.Sprintf("`%s` (%s)", k, hash))
			}
			continue
		}
		rows := fmt.Sprintf("%d of its rows of lookups and inserts faster, %d slower", faster[k], slower[k])
		switch {
		case pathRatio[k] < 1 && slower[k] == 0 && faster[k] > 0:
			pays = append(pays, fmt.Sprintf("`%s` (%s; %s)", k, hash, rows))
		case pathRatio[k] < 1 && slower[k] == 0:
			alone = append(alone, fmt.Sprintf("`%s` (%s, but %s)", k, hash, rows))
		default:
			not = append(not, fmt.Sprintf("`%s` (%s; %s)", k, hash, rows))
		}
	}
	s := fmt.Sprintf("**Does step 9 pay for itself in `%s`?**", impl)
	if len(pays) > 0 {
		s += " It pays for " + strings.Join(pays, "; ") + "."
	}
	if len(alone) > 0 {
		s += " For " + strings.Join(alone, "; ") + ", its hash is faster alone and no row is slower, but the saving is within this run's noise in the whole map."
	}
	if len(not) > 0 {
		s += " It does not pay for " + strings.Join(not, "; ") + ": the generic path would do as well there."
	}
	return s
}

// targetSentence reads a lab map's line under the ratio table.
func targetSentence(impl, ratios, profile string) (string, error) {
	m := regexp.MustCompile(`(?m)^` + impl + `: geometric mean ([0-9.]+)x \(target ([0-9.]+)x\), (\d+) of (\d+) rows within ([0-9.]+)x$`).FindStringSubmatch(ratios)
	if m == nil {
		return "", fmt.Errorf("%s: no line of %s's geometric mean", benchRatios, impl)
	}
	g, _ := strconv.ParseFloat(m[1], 64)
	t, _ := strconv.ParseFloat(m[2], 64)
	verdict := "meets"
	if g > t {
		verdict = "misses"
	}
	within, _ := strconv.Atoi(m[3])
	all, _ := strconv.Atoi(m[4])
	rows := fmt.Sprintf("every one of its %d rows of lookups and inserts is within %sx", all, m[5])
	if within < all {
		rows = fmt.Sprintf("%d of its %d rows of lookups and inserts are beyond %sx", all-within, all, m[5])
		if all-within == 1 {
			rows = fmt.Sprintf("1 of its %d rows of lookups and inserts is beyond %sx", all, m[5])
		}
	}
	s := fmt.Sprintf("**The targets.** `%s` %s its target of a geometric mean of %sx (%sx), and %s.", impl, verdict, m[2], m[1], rows)
	if within < all {
		if !strings.Contains(profile, fmt.Sprintf("%s: %d rows over its limit", impl, all-within)) && !strings.Contains(profile, fmt.Sprintf("%s: %d row over its limit", impl, all-within)) {
			return "", fmt.Errorf("%s: no profiles of %s's %d rows over its limit", benchProfile, impl, all-within)
		}
		s += " `bench-profile.txt` has, for each row beyond, the profile of the lab map and of the built-in map on it, one after the other."
	}
	return s, nil
}

// readingHeader opens each file of readings.
const readingHeader = "<!-- Generated by go run ./tools/course bench -write from the tables beside it (tools/course/benchread.go); do not edit. -->\n\n"

// readings builds the two chapters' readings from the tables.
func readings(runs int, table, ratios, profile, hash, hasher, runtimesPrev, ratiosPrev string, fastpath map[string]string) (map[string]string, error) {
	noise, err := noiseSentence(table, runs)
	if err != nil {
		return nil, err
	}
	hashes, pathRatio, err := hashSentences(hash)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, lm := range benchLabMaps {
		fp, slower, faster, err := fastpathSentences(lm.impl, fastpath[lm.impl])
		if err != nil {
			return nil, err
		}
		target, err := targetSentence(lm.impl, ratios, profile)
		if err != nil {
			return nil, err
		}
		text := readingHeader
		parts := []string{noise, fp, hashes, keepSentence(lm.impl, pathRatio, slower, faster), target}
		if lm.impl == "swiss" {
			h, err := hasherSentences(hasher)
			if err != nil {
				return nil, err
			}
			parts = append(parts, h)
		}
		for _, p := range parts {
			text += p + "\n\n"
		}
		out[benchReading[lm.impl]] = strings.TrimSuffix(text, "\n")
	}
	releases, err := releasesSentences(runtimesPrev, ratiosPrev)
	if err != nil {
		return nil, err
	}
	peers, err := peersSentences(ratios)
	if err != nil {
		return nil, err
	}
	out[benchReadingReleases] = readingHeader + releases + "\n"
	out[benchReadingPeers] = readingHeader + peers + "\n"
	return out, nil
}

// parseRatioTable reads the table of ratios of bench-ratios.txt: for each
// column (the maps), for each operation, the ratios of its rows in order.
func parseRatioTable(text string) (map[string]map[string][]float64, error) {
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
				return nil, fmt.Errorf("%q: %v", line, err)
			}
			table[c][f[0]] = append(table[c][f[0]], v)
		}
	}
	if cols == nil {
		return nil, fmt.Errorf("no table of ratios")
	}
	return table, nil
}

// parseLaneMeans reads the means at the bottom of laneRatioTable's output:
// for each map, for each group (int64, string, iterate), the mean on the
// previous lane and on the current one.
func parseLaneMeans(table string) (map[string]map[string][2]float64, error) {
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
					return nil, fmt.Errorf("the means of %s: %v", f[0], err)
				}
				m[i] = v
			}
			means[f[0]][g] = m
		}
	}
	if len(means) != len(labCols()) {
		return nil, fmt.Errorf("found the means of %d maps, not %d, in\n%s", len(means), len(labCols()), table)
	}
	return means, nil
}

// The readings of chapter 03's section on the two releases, and of its
// section on the two libraries.
var (
	benchReadingReleases = "chapters/out/bench-reading-03-releases.txt"
	benchReadingPeers    = "chapters/out/bench-reading-03-peers.txt"
)

// verdictLineRE matches a line of laneVerdicts.
var verdictLineRE = regexp.MustCompile(`(?m)^(get-hit, get-miss|put|delete|iterate)\s+(\w+)\s+(\d+) rows\s+([0-9.]+)x\s+(\d+) faster, (\d+) slower, (\d+) not different$`)

// releasesSentences reads the built-in map's verdicts under
// bench-runtimes-127.txt and the lab maps' means under bench-ratios-127.txt.
func releasesSentences(runtimesPrev, ratiosPrev string) (string, error) {
	vs := verdictLineRE.FindAllStringSubmatch(runtimesPrev, -1)
	if len(vs) != 4*len(benchKeys) {
		return "", fmt.Errorf("%s: %d lines of verdicts under the table, not %d", benchRuntimePrev, len(vs), 4*len(benchKeys))
	}
	prev, cur := benchPrevLane.Release(), benchLane.Release()
	var b strings.Builder
	fmt.Fprintf(&b, "**The built-in map, Go %s against Go %s** (the lines under `bench-runtimes-127.txt`; a ratio under 1x means faster on Go %s):", cur, prev, cur)
	names := map[string]string{"get-hit, get-miss": "lookups", "put": "inserts", "delete": "deletes", "iterate": "ranging"}
	for i, v := range vs {
		n, _ := strconv.Atoi(v[3])
		sep := ";"
		if i == len(vs)-1 {
			sep = "."
		}
		fmt.Fprintf(&b, " %s with `%s` keys, %s rows, a geometric mean of %sx, %s faster, %s slower and %s not different%s", names[v[1]], v[2], strconv.Itoa(n), v[4], v[5], v[6], v[7], sep)
	}
	means, err := parseLaneMeans(ratiosPrev)
	if err != nil {
		return "", err
	}
	fmt.Fprintf(&b, "\n\n**The lab maps' ratios on each release** (the geometric means under `bench-ratios-127.txt`, Go %s, then Go %s; `iterate`, which hashes nothing, is each map's control: how far its unchanged code moved from one set of runs to the other):", prev, cur)
	for i, col := range labCols() {
		m := means[col]
		move := func(g string) float64 { return m[g][1] - m[g][0] }
		control := math.Abs(move("iterate"))
		var more []string
		for _, k := range benchKeys {
			if math.Abs(move(k)) > control {
				dir := "lost ground"
				if move(k) < 0 {
					dir = "gained"
				}
				more = append(more, fmt.Sprintf("its `%s` rows %s by more than its control moved", k, dir))
			}
		}
		verdict := "neither key type moved by more than its control"
		if len(more) > 0 {
			verdict = strings.Join(more, ", and ")
		}
		sep := ";"
		if i == len(labCols())-1 {
			sep = "."
		}
		fmt.Fprintf(&b, " `%s`, `int64` %.2fx to %.2fx, `string` %.2fx to %.2fx, `iterate` %.2fx to %.2fx: %s%s", col,
			m["int64"][0], m["int64"][1], m["string"][0], m["string"][1], m["iterate"][0], m["iterate"][1], verdict, sep)
	}
	return b.String(), nil
}

// peersSentences reads the two libraries' columns of bench-ratios.txt.
func peersSentences(ratios string) (string, error) {
	table, err := parseRatioTable(ratios)
	if err != nil {
		return "", err
	}
	count := func(peer, op string, over bool) (n, all int) {
		for _, r := range table[peer][op] {
			all++
			if (r > 1) == over && r != 1 {
				n++
			}
		}
		return n, all
	}
	var b strings.Builder
	b.WriteString("**The two libraries against the built-in map** (`bench-ratios.txt`, ratios of medians; over 1.00x is slower):")
	for _, part := range []struct {
		name string
		ops  []string
		over bool
	}{{"lookups", []string{"get-hit", "get-miss"}, true}, {"inserts", []string{"put"}, false}, {"deletes", []string{"delete"}, false}, {"ranging", []string{"iterate"}, false}} {
		var c, d, all int
		for _, op := range part.ops {
			n, a := count(benchPeers[0], op, part.over)
			m, _ := count(benchPeers[1], op, part.over)
			c, d, all = c+n, d+m, all+a
		}
		word := "under"
		if part.over {
			word = "over"
		}
		fmt.Fprintf(&b, " on %s, %s is %s 1.00x in %d of the %d rows and %s in %d;", part.name, benchPeers[0], word, c, all, benchPeers[1], d)
	}
	var gs []string
	for _, p := range benchPeers {
		var rs []float64
		for _, op := range targetOps {
			rs = append(rs, table[p][op]...)
		}
		gs = append(gs, fmt.Sprintf("%s's %.2fx", p, geomean(rs)))
	}
	fmt.Fprintf(&b, " over lookups and inserts together, the geometric means are %s.", strings.Join(gs, " and "))
	return b.String(), nil
}

// hasherSentences reads the table of lookups in the map made by
// NewWithHasher.
func hasherSentences(table string) (string, error) {
	names, medians := statMedians(table)
	if len(names) != hasherRows {
		return "", fmt.Errorf("%s: %d rows, not %d", benchHasher, len(names), hasherRows)
	}
	var b strings.Builder
	b.WriteString("**Step 10's map** (`bench-hasher.txt`: lookups that hit, each map called through a func value; `swiss-hasher` is lab 03's map made by `NewWithHasher` with `maphash.ComparableHasher`, medians):")
	for i, name := range names {
		m := medians[name]
		if len(m) != len(hasherImpls) {
			return "", fmt.Errorf("%s: row %s has %d medians, not %d", benchHasher, name, len(m), len(hasherImpls))
		}
		sep := ";"
		if i == len(names)-1 {
			sep = "."
		}
		fmt.Fprintf(&b, " %s entries of `%s` keys, %.2fx the time of the same map made by `New` (step 9's path) and %.2fx the built-in map's%s",
			field(name, "len"), field(name, "key"), m[3]/m[1], m[3]/m[0], sep)
	}
	return b.String(), nil
}

// readingsFromFiles builds the readings from the committed tables under
// root, and returns the runs they took.
func readingsFromFiles(root string) (runs int, out map[string]string, err error) {
	read := func(name string) string {
		if err != nil {
			return ""
		}
		var b []byte
		b, err = os.ReadFile(filepath.Join(root, name))
		return string(b)
	}
	ratios, table, profile, hash, hasher := read(benchRatios), read(benchTable), read(benchProfile), read(benchHash), read(benchHasher)
	runtimesPrev, ratiosPrev, text := read(benchRuntimePrev), read(benchRatiosPrev), read(benchFastpath)
	if err != nil {
		return 0, nil, err
	}
	m := regexp.MustCompile(`median of (\d+)\)`).FindStringSubmatch(ratios)
	if m == nil {
		return 0, nil, fmt.Errorf("%s: no (median of N) line", benchRatios)
	}
	runs, _ = strconv.Atoi(m[1])
	fastpaths := map[string]string{}
	for _, lm := range benchLabMaps {
		header := fastpathHeader("/impl@(" + genericName(lm.impl) + " " + lm.impl + ")")
		i := strings.Index(text, header)
		if i < 0 {
			return 0, nil, fmt.Errorf("%s: no table for %s (%q)", benchFastpath, lm.impl, header)
		}
		rest := text[i+len(header):]
		if j := strings.Index(rest, "$ go tool benchstat"); j >= 0 {
			rest = rest[:j]
		}
		fastpaths[lm.impl] = rest
	}
	out, err = readings(runs, table, ratios, profile, hash, hasher, runtimesPrev, ratiosPrev, fastpaths)
	return runs, out, err
}
