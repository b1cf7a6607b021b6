// Readings writes the sentences of chapters 02 and 03 that read the benchmark's tables: they are
// generated from the committed tables (labs/benchtables names their files), in English for
// chapters/ and in Chinese for chapters/zh/, so that the text cannot say what its numbers do not.
// Each reading is an output of the book (chapters/out/bench-reading-*.cmd):
//
//	go run ./chapters/code/03-swiss/readings bench-reading-03
//
// prints chapters/out/bench-reading-03.txt as the committed tables make it. Of makes them from
// the tables; Read reads the committed tables.
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

	"gomaps/labs/benchtables"
)

// labReading names the file of each lab map's reading, by its impl (and, for
// the Chinese chapters, the same names ending in -zh.txt).
var labReading = map[string]string{
	"buckets": "chapters/out/bench-reading-02.txt",
	"swiss":   "chapters/out/bench-reading-03.txt",
}

// The readings of chapter 03's section on the two releases, and of its
// section on the two libraries.
const (
	releasesReading = "chapters/out/bench-reading-03-releases.txt"
	peersReading    = "chapters/out/bench-reading-03-peers.txt"
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

// lang is a language a reading is written in: the facts of each reading are
// read from the tables once, and written in English for chapters/ and in
// Chinese for chapters/zh/ (in the glossary's terms, chapters/zh/glossary.md).
type lang int

const (
	langEn lang = iota
	langZh
)

// langs are the languages every reading is written in.
var langs = []lang{langEn, langZh}

// pick returns the English or the Chinese of a piece of a sentence.
func (l lang) pick(en, zh string) string {
	if l == langZh {
		return zh
	}
	return en
}

// file names a reading's file in language l: the Chinese one ends in -zh.txt.
func (l lang) file(name string) string {
	return l.pick(name, strings.TrimSuffix(name, ".txt")+"-zh.txt")
}

// opNames are the groups of operations as the readings name them.
var opNames = map[string]string{"lookups": "查找", "inserts": "插入", "deletes": "删除", "ranging": "遍历"}

// op names a group of operations ("lookups") in language l.
func (l lang) op(name string) string { return l.pick(name, opNames[name]) }

// list writes a heading and the items after it, each but the last ended by a
// semicolon and the last by a full stop (in English, each after a space).
func (l lang) list(heading string, items []string) string {
	var b strings.Builder
	b.WriteString(heading)
	for i, item := range items {
		end := l.pick(";", "；")
		if i == len(items)-1 {
			end = l.pick(".", "。")
		}
		b.WriteString(l.pick(" ", "") + item + end)
	}
	return b.String()
}

// facts are what one paragraph of a reading says, read from the tables.
type facts interface {
	text(l lang) string
}

// noiseFacts are the built-in map's confidence intervals in the table of
// all the maps (its first column).
type noiseFacts struct {
	rows, runs  int
	lo, hi, mid float64
}

// readNoise reads the built-in map's confidence intervals.
func readNoise(table string, runs int) (noiseFacts, error) {
	var cis []float64
	for _, r := range statRows(table) {
		if r.ci < 0 {
			return noiseFacts{}, fmt.Errorf("%s: the built-in map's row %s has no confidence interval (fewer than 6 runs?)", benchtables.TableFile, r.name)
		}
		cis = append(cis, r.ci)
	}
	if len(cis) == 0 {
		return noiseFacts{}, fmt.Errorf("%s: no rows", benchtables.TableFile)
	}
	s := slices.Sorted(slices.Values(cis))
	return noiseFacts{rows: len(s), runs: runs, lo: s[0], hi: s[len(s)-1], mid: benchtables.Median(s)}, nil
}

func (f noiseFacts) text(l lang) string {
	return fmt.Sprintf(l.pick("**How noisy this run was.** The built-in map's own %d rows in `bench-table.txt` "+
		"have confidence intervals (benchstat's, at 95%%, of the median of %d runs) from ±%g%% to ±%g%%, "+
		"and ±%g%% at the middle row: two maps' medians closer than about that are ones this run "+
		"cannot tell apart, and benchstat writes `~` for them.",
		"**这次运行的噪声有多大。** `bench-table.txt` 中内建 map 自己的 %d 行，"+
			"置信区间（confidence interval；这里是 benchstat 对 %d 次运行的中位数给出的 95%% 置信区间）从 ±%g%% 到 ±%g%%，"+
			"居中的一行为 ±%g%%：两个 map 的中位数如果相差不到这个幅度，这次运行就分辨不出它们，"+
			"benchstat 会为它们写 `~`。"), f.rows, f.runs, f.lo, f.hi, f.mid)
}

// change is how a group of rows of a two-column benchstat table moved: the
// rows faster and slower by how many percent (in order), and how many not
// different.
type change struct {
	rows           int
	faster, slower []float64
	same           int
}

func changeOf(rows []statRow) change {
	c := change{rows: len(rows)}
	for _, r := range rows {
		switch {
		case r.same:
			c.same++
		case r.delta < 0:
			c.faster = append(c.faster, -r.delta)
		default:
			c.slower = append(c.slower, r.delta)
		}
	}
	slices.Sort(c.faster)
	slices.Sort(c.slower)
	return c
}

// text says how the rows moved: "of 15 rows, faster in 3 (by 12% to 54%),
// slower in 1 (by 9%), not different in 11".
func (c change) text(l lang) string {
	span := func(xs []float64, zhWay string) string {
		if len(xs) == 1 {
			return fmt.Sprintf(l.pick("by %.0f%%", zhWay+" %.0f%%"), xs[0])
		}
		return fmt.Sprintf(l.pick("by %.0f%% to %.0f%%", zhWay+" %.0f%% 到 %.0f%%"), xs[0], xs[len(xs)-1])
	}
	var parts []string
	if len(c.faster) > 0 {
		parts = append(parts, fmt.Sprintf(l.pick("faster in %d (%s)", "%d 行变快（%s）"), len(c.faster), span(c.faster, "快")))
	}
	if len(c.slower) > 0 {
		parts = append(parts, fmt.Sprintf(l.pick("slower in %d (%s)", "%d 行变慢（%s）"), len(c.slower), span(c.slower, "慢")))
	}
	if c.same > 0 {
		parts = append(parts, fmt.Sprintf(l.pick("not different in %d", "%d 行没有差异"), c.same))
	}
	return fmt.Sprintf(l.pick("of %d rows, %s", "%d 行，其中 %s"), c.rows, strings.Join(parts, l.pick(", ", "，")))
}

// fastpathFacts are what step 9 changed in one lab map.
type fastpathFacts struct {
	impl string
	keys []keyChanges
	rows int
	geo  string // the geometric mean's change, as benchstat writes it
}

// keyChanges are the changes of one key type's rows.
type keyChanges struct {
	key                   string
	lookups, puts, others change
}

// fastpathChanges reads one lab map's table of step 9 (without it as the
// base, with it as the second column).
//
// slower and faster count, by key type, the rows of lookups and inserts
// that step 9 made slower and faster.
func fastpathChanges(impl, table string) (f fastpathFacts, slower, faster map[string]int, err error) {
	rows := statRows(table)
	if len(rows) == 0 {
		return f, nil, nil, fmt.Errorf("%s: no rows for %s", benchtables.FastpathFile, impl)
	}
	slower, faster = map[string]int{}, map[string]int{}
	f = fastpathFacts{impl: impl, rows: len(rows)}
	for _, k := range benchtables.Keys {
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
		f.keys = append(f.keys, keyChanges{k, changeOf(lookups), changeOf(puts), changeOf(others)})
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
		return f, nil, nil, fmt.Errorf("%s: no geomean line for %s", benchtables.FastpathFile, impl)
	}
	f.geo = g[1]
	return f, slower, faster, nil
}

func (f fastpathFacts) text(l lang) string {
	var b strings.Builder
	fmt.Fprintf(&b, l.pick("**What step 9 changed in `%s`** (`bench-fastpath.txt`: the map without step 9, `%s`, as the base, and with it, in one binary, run after run).",
		"**第 9 步给 `%s` 带来了什么变化**（`bench-fastpath.txt`：以没有第 9 步的 map `%s` 为基准，与有第 9 步的 map 在同一个二进制文件中逐轮轮流运行）。"), f.impl, benchtables.Generic(f.impl))
	for _, k := range f.keys {
		fmt.Fprintf(&b, l.pick(" With `%s` keys, lookups: %s; inserts: %s; deletes and ranging: %s.", "`%s` 键：查找 %s；插入 %s；删除和遍历 %s。"),
			k.key, k.lookups.text(l), k.puts.text(l), k.others.text(l))
	}
	fmt.Fprintf(&b, l.pick(" Over all %d rows, the geometric mean of the medians moved by %s.", "全部 %d 行的中位数的几何平均变化了 %s。"), f.rows, f.geo)
	return b.String()
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

// hashFacts are the times of the hashes alone.
type hashFacts struct {
	// pathRatio gives, by key type, the time of Map.hash on step 9's path
	// over its time on the generic path.
	pathRatio map[string]float64
	// stringRatio is the time of maphash.String over maphash.Comparable's.
	stringRatio float64
}

// readHashes reads the table of the hashes alone.
//
// pathRatio gives, by key type, the time of Map.hash on step 9's path over
// its time on the generic path.
func readHashes(table string) (f hashFacts, pathRatio map[string]float64, err error) {
	med := map[string]float64{} // impl/key: the median in ns
	names, medians := statMedians(table)
	var order []string
	for _, name := range names {
		key := field(name, "key")
		cells := medians[name]
		// The columns present on this row, in benchtables.HashImpls' order.
		impls := benchtables.HashImpls
		if key != "string" {
			impls = slices.DeleteFunc(slices.Clone(benchtables.HashImpls), func(s string) bool { return s == "maphash.String" })
		}
		if len(cells) != len(impls) {
			return f, nil, fmt.Errorf("%s: row %s has %d medians, not %d", benchtables.HashFile, name, len(cells), len(impls))
		}
		for i, v := range cells {
			med[impls[i]+"/"+key] = v
		}
		order = append(order, key)
	}
	if len(order) != len(benchtables.HashKeys) {
		return f, nil, fmt.Errorf("%s: rows for %v, want %v", benchtables.HashFile, order, benchtables.HashKeys)
	}
	pathRatio = map[string]float64{}
	for _, k := range benchtables.HashKeys {
		pathRatio[k] = med["swiss/"+k] / med["swiss-generic/"+k]
	}
	f = hashFacts{pathRatio: pathRatio, stringRatio: med["maphash.String/string"] / med["comparable/string"]}
	return f, pathRatio, nil
}

func (f hashFacts) text(l lang) string {
	var items []string
	for _, k := range benchtables.HashKeys {
		item := fmt.Sprintf(l.pick("`%s`: step 9's path takes %.2fx the time of the generic path", "`%s`：第 9 步的路径耗时是通用路径的 %.2fx"), k, f.pathRatio[k])
		if k == "string" {
			item += fmt.Sprintf(l.pick(", and `maphash.String` %.2fx the time of `maphash.Comparable`", "，`maphash.String` 耗时是 `maphash.Comparable` 的 %.2fx"), f.stringRatio)
		}
		items = append(items, item)
	}
	return l.list(l.pick("**The hashes alone** (`bench-hash.txt`: each hash called through a func value on 1000 keys in turn, medians; `swiss` and `swiss-generic` are `Map.hash` of lab 03's solution on the path `New` chose and on the generic path):",
		"**单独的哈希函数**（`bench-hash.txt`：每个哈希函数通过一个函数值依次对 1000 个键调用，取中位数；`swiss` 和 `swiss-generic` 是实验 03 参考答案的 `Map.hash`，分别走 `New` 选定的路径和通用路径）："), items)
}

// keepFacts say, for each key type, whether step 9's path pays for itself
// in a lab map.
type keepFacts struct {
	impl             string
	pays, alone, not []keepKey
}

// keepKey is one key type's evidence: its hash's ratio, and its rows of
// lookups and inserts faster and slower (none when the map's table has no
// rows of it).
type keepKey struct {
	key            string
	ratio          float64
	noRows         bool
	faster, slower int
}

// keepFor judges, for each key type, whether step 9's path pays for itself
// in lab map impl. It pays where its hash takes less time than the generic
// path's (pathRatio under 1), no row of lookups or inserts is slower with it
// and at least one is faster (a key type with no rows in the map's table,
// int32, is judged by its hash alone); where the hash alone is faster but no
// row shows it, the reading says so.
func keepFor(impl string, pathRatio map[string]float64, slower, faster map[string]int) keepFacts {
	f := keepFacts{impl: impl}
	for _, k := range benchtables.HashKeys {
		e := keepKey{key: k, ratio: pathRatio[k], noRows: !slices.Contains(benchtables.Keys, k), faster: faster[k], slower: slower[k]}
		switch {
		case e.noRows && e.ratio < 1, !e.noRows && e.ratio < 1 && e.slower == 0 && e.faster > 0:
			f.pays = append(f.pays, e)
		case !e.noRows && e.ratio < 1 && e.slower == 0:
			f.alone = append(f.alone, e)
		default:
			f.not = append(f.not, e)
		}
	}
	return f
}

// text writes the key type and its evidence: "`int64` (the hash alone takes
// 0.45x the time; 7 of its rows of lookups and inserts faster, 0 slower)",
// with "but" before the rows when the saving is within the noise.
func (e keepKey) text(l lang, but bool) string {
	hash := fmt.Sprintf(l.pick("the hash alone takes %.2fx the time", "单独的哈希耗时为 %.2fx"), e.ratio)
	if e.noRows {
		if e.ratio >= 1 {
			return fmt.Sprintf(l.pick("`%s` (%s)", "`%s`（%s）"), e.key, hash)
		}
		return fmt.Sprintf(l.pick("`%s` (%s; the map's table has no `%s` rows)", "`%s`（%s，这个 map 的表中没有 `%s` 行）"), e.key, hash, e.key)
	}
	rows := fmt.Sprintf(l.pick("%d of its rows of lookups and inserts faster, %d slower", "查找和插入行中 %d 行变快、%d 行变慢"), e.faster, e.slower)
	if but {
		return fmt.Sprintf(l.pick("`%s` (%s, but %s)", "`%s`（%s，但%s）"), e.key, hash, rows)
	}
	return fmt.Sprintf(l.pick("`%s` (%s; %s)", "`%s`（%s，%s）"), e.key, hash, rows)
}

func (f keepFacts) text(l lang) string {
	list := func(es []keepKey, but bool) string {
		var s []string
		for _, e := range es {
			s = append(s, e.text(l, but))
		}
		return strings.Join(s, l.pick("; ", "；"))
	}
	var says []string
	if len(f.pays) > 0 {
		says = append(says, fmt.Sprintf(l.pick("It pays for %s.", "值得的键类型：%s。"), list(f.pays, false)))
	}
	if len(f.alone) > 0 {
		says = append(says, fmt.Sprintf(l.pick("For %s, its hash is faster alone and no row is slower, but the saving is within this run's noise in the whole map.",
			"对 %s，它的哈希单独测时更快，也没有哪一行变慢，但放到整个 map 中，省下的时间落在这次运行的噪声之内。"), list(f.alone, true)))
	}
	if len(f.not) > 0 {
		says = append(says, fmt.Sprintf(l.pick("It does not pay for %s: the generic path would do as well there.", "不值得的键类型：%s；在那里，通用路径也能做得一样好。"), list(f.not, false)))
	}
	// The space after the heading ends its bold in Chinese too.
	return fmt.Sprintf(l.pick("**Does step 9 pay for itself in `%s`?** ", "**第 9 步在 `%s` 中值得吗？** "), f.impl) + strings.Join(says, l.pick(" ", ""))
}

// targetFacts are a lab map's line under the ratio table.
type targetFacts struct {
	impl, geo, target, limit string
	within, all              int
}

// readTarget reads a lab map's line under the ratio table, and checks that
// the profiles of its rows beyond the limit are in profile.
func readTarget(impl, ratios, profile string) (targetFacts, error) {
	m := regexp.MustCompile(`(?m)^` + impl + `: geometric mean ([0-9.]+)x \(target ([0-9.]+)x\), (\d+) of (\d+) rows within ([0-9.]+)x$`).FindStringSubmatch(ratios)
	if m == nil {
		return targetFacts{}, fmt.Errorf("%s: no line of %s's geometric mean", benchtables.RatiosFile, impl)
	}
	f := targetFacts{impl: impl, geo: m[1], target: m[2], limit: m[5]}
	f.within, _ = strconv.Atoi(m[3])
	f.all, _ = strconv.Atoi(m[4])
	if beyond := f.all - f.within; beyond > 0 {
		if !strings.Contains(profile, fmt.Sprintf("%s: %d rows over its limit", impl, beyond)) && !strings.Contains(profile, fmt.Sprintf("%s: %d row over its limit", impl, beyond)) {
			return targetFacts{}, fmt.Errorf("%s: no profiles of %s's %d rows over its limit", benchtables.ProfileFile, impl, beyond)
		}
	}
	return f, nil
}

func (f targetFacts) text(l lang) string {
	g, _ := strconv.ParseFloat(f.geo, 64)
	t, _ := strconv.ParseFloat(f.target, 64)
	verdict := l.pick("meets", "达到了")
	if g > t {
		verdict = l.pick("misses", "没有达到")
	}
	beyond := f.all - f.within
	rows := fmt.Sprintf(l.pick("every one of its %[1]d rows of lookups and inserts is within %[2]sx", "它的 %[1]d 行查找和插入全都在 %[2]sx 以内"), f.all, f.limit)
	switch {
	case beyond == 1 && l == langEn:
		rows = fmt.Sprintf("1 of its %d rows of lookups and inserts is beyond %sx", f.all, f.limit)
	case beyond > 0:
		rows = fmt.Sprintf(l.pick("%[1]d of its %[2]d rows of lookups and inserts are beyond %[3]sx", "它的 %[2]d 行查找和插入中有 %[1]d 行超出 %[3]sx"), beyond, f.all, f.limit)
	}
	s := fmt.Sprintf(l.pick("**The targets.** `%[1]s` %[2]s its target of a geometric mean of %[3]sx (%[4]sx), and %[5]s.",
		"**目标。** `%[1]s` %[2]s几何平均 %[3]sx 的目标（%[4]sx），%[5]s。"), f.impl, verdict, f.target, f.geo, rows)
	if beyond > 0 {
		s += l.pick(" `bench-profile.txt` has, for each row beyond, the profile of the lab map and of the built-in map on it, one after the other.",
			"`bench-profile.txt` 对超出的每一行，先后给出实验 map 和内建 map 在这一行上的性能剖析（profile）。")
	}
	return s
}

// readingHeader opens each file of readings: it says where the sentences come from.
const readingHeader = "<!-- Generated from the bench tables beside it by chapters/code/03-swiss/readings (go run ./tools/course outputs, after bench -write); do not edit. -->\n\n"

// Tables are the tables the readings read, as bench writes them into their files.
type Tables struct {
	Runs int // how many runs each median is of
	// The text of each file (benchtables.RatiosFile...).
	Table, Ratios, Profile, Hash, Hasher, RuntimesPrev, RatiosPrev string
	// Fastpath holds each lab map's table of benchtables.FastpathFile, by its impl, without the line
	// above it.
	Fastpath map[string]string
	// SIMD is the table of ratios of benchtables.SIMDFile, without the benchstat table under it.
	SIMD string
}

// Of writes the two chapters' readings of t: each file, by name, in each of langs, the Chinese
// ones under the names of lang.file.
func Of(t Tables) (map[string]string, error) {
	paragraphs := map[string][]facts{}
	names, err := labParagraphs(t, paragraphs)
	if err != nil {
		return nil, err
	}
	releases, err := readReleases(t.RuntimesPrev, t.RatiosPrev)
	if err != nil {
		return nil, err
	}
	peers, err := readPeers(t.Ratios)
	if err != nil {
		return nil, err
	}
	simd, err := readSIMD(t.SIMD)
	if err != nil {
		return nil, err
	}
	names = append(names, releasesReading, peersReading, simdReading)
	paragraphs[releasesReading] = releases
	paragraphs[peersReading] = []facts{peers}
	paragraphs[simdReading] = []facts{simd}
	out := map[string]string{}
	for _, l := range langs {
		for _, name := range names {
			text := readingHeader
			for _, p := range paragraphs[name] {
				text += p.text(l) + "\n\n"
			}
			out[l.file(name)] = strings.TrimSuffix(text, "\n")
		}
	}
	return out, nil
}

// labParagraphs reads the facts of each lab map's reading into paragraphs, by file, and returns
// the files' names in order.
func labParagraphs(t Tables, paragraphs map[string][]facts) ([]string, error) {
	noise, err := readNoise(t.Table, t.Runs)
	if err != nil {
		return nil, err
	}
	hashes, pathRatio, err := readHashes(t.Hash)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, lm := range benchtables.LabMaps {
		fp, slower, faster, err := fastpathChanges(lm.Impl, t.Fastpath[lm.Impl])
		if err != nil {
			return nil, err
		}
		target, err := readTarget(lm.Impl, t.Ratios, t.Profile)
		if err != nil {
			return nil, err
		}
		parts := []facts{noise, fp, hashes, keepFor(lm.Impl, pathRatio, slower, faster), target}
		if lm.Impl == "swiss" {
			h, err := readHasher(t.Hasher)
			if err != nil {
				return nil, err
			}
			parts = append(parts, h)
		}
		names = append(names, labReading[lm.Impl])
		paragraphs[labReading[lm.Impl]] = parts
	}
	return names, nil
}

// runtimeFacts are the built-in map's verdicts under bench-runtimes-127.txt:
// each line's submatches of benchtables.VerdictLine.
type runtimeFacts struct {
	prev, cur string
	verdicts  [][]string
}

// laneFacts are the lab maps' means under bench-ratios-127.txt, and how
// their rows moved from one release to the other, by column and group, the
// p-values corrected for all the groups tested.
type laneFacts struct {
	prev, cur string
	means     map[string]map[string][2]float64
	moved     map[string]map[string]rowMoves
	tests     int // how many groups were tested
}

// readReleases reads the built-in map's verdicts under
// bench-runtimes-127.txt and the lab maps' means under bench-ratios-127.txt:
// a paragraph of each.
func readReleases(runtimesPrev, ratiosPrev string) ([]facts, error) {
	vs := benchtables.VerdictLine.FindAllStringSubmatch(runtimesPrev, -1)
	if len(vs) != 4*len(benchtables.Keys) {
		return nil, fmt.Errorf("%s: %d lines of verdicts under the table, not %d", benchtables.RuntimesPrevFile, len(vs), 4*len(benchtables.Keys))
	}
	means, err := benchtables.ParseLaneMeans(ratiosPrev)
	if err != nil {
		return nil, err
	}
	rows, err := benchtables.ParseLaneRows(ratiosPrev)
	if err != nil {
		return nil, err
	}
	prev, cur := benchtables.PrevLane.Release(), benchtables.Lane.Release()
	moved, tests := laneMoves(rows)
	return []facts{runtimeFacts{prev, cur, vs}, laneFacts{prev, cur, means, moved, tests}}, nil
}

// laneMoves tests how each lab column's rows of each group (each key type, and iterate) moved
// from the previous release to the current one, and corrects the p-values for the number of
// groups tested (holm); it returns the moves and that number.
func laneMoves(rows map[string]map[string][2][]float64) (map[string]map[string]rowMoves, int) {
	type at struct{ col, group string }
	var tested []at
	var all []*rowMoves
	for _, col := range benchtables.LabCols() {
		for _, g := range append(slices.Clone(benchtables.Keys), "iterate") {
			m := movesOf(rows[col][g][0], rows[col][g][1])
			tested, all = append(tested, at{col, g}), append(all, &m)
		}
	}
	holm(all)
	moved := map[string]map[string]rowMoves{}
	for i, a := range tested {
		if moved[a.col] == nil {
			moved[a.col] = map[string]rowMoves{}
		}
		moved[a.col][a.group] = *all[i]
	}
	return moved, len(all)
}

func (f runtimeFacts) text(l lang) string {
	names := map[string]string{"get-hit, get-miss": "lookups", "put": "inserts", "delete": "deletes", "iterate": "ranging"}
	var items []string
	for _, v := range f.verdicts {
		n, _ := strconv.Atoi(v[3])
		items = append(items, fmt.Sprintf(l.pick("%[1]s with `%[2]s` keys, %[3]d rows, a geometric mean of %[4]sx, %[5]s faster, %[6]s slower and %[7]s not different",
			"`%[2]s` 键的%[1]s，%[3]d 行，几何平均 %[4]sx，%[5]s 行变快，%[6]s 行变慢，%[7]s 行没有差异"),
			l.op(names[v[1]]), v[2], n, v[4], v[5], v[6], v[7]))
	}
	return l.list(fmt.Sprintf(l.pick("**The built-in map, Go %[1]s against Go %[2]s** (the lines under `bench-runtimes-127.txt`; a ratio under 1x means faster on Go %[1]s):",
		"**内建 map，Go %[1]s 对比 Go %[2]s**（`bench-runtimes-127.txt` 表格下面的几行；比值小于 1x 表示在 Go %[1]s 上更快）："), f.cur, f.prev), items)
}

func (f laneFacts) text(l lang) string {
	var items []string
	for _, col := range benchtables.LabCols() {
		m := f.means[col]
		var parts []string
		for _, g := range append(slices.Clone(benchtables.Keys), "iterate") {
			parts = append(parts, fmt.Sprintf(l.pick("`%s` %.2fx to %.2fx (%s)", "`%s` 从 %.2fx 到 %.2fx（%s）"),
				g, m[g][0], m[g][1], f.moved[col][g].text(l)))
		}
		items = append(items, fmt.Sprintf("`%s`%s%s%s%s", col, l.pick(", ", "，"),
			strings.Join(parts, l.pick(", ", "，")), l.pick(": ", "："), laneVerdict(l, f.moved[col])))
	}
	chance := 100 * (1 - math.Pow(1-alpha, float64(f.tests)))
	return l.list(fmt.Sprintf(l.pick("**The lab maps' ratios on each release** (the geometric means under `bench-ratios-127.txt`, Go %[1]s, then Go %[2]s; in brackets, how many of the group's rows rose and fell, the p-value of a signed-rank test over them, and that p-value corrected by Holm's method for the %[3]d groups tested here: a corrected p-value under %.2[4]f says the rows moved together by more than their noise. Taken alone, a p-value under %.2[4]f says less: %[3]d tests at %.2[4]f of groups that did not move would put one or more under it in up to %.0[5]f %% of runs, were the tests independent. `iterate`, which hashes nothing, is each map's control: how far its unchanged code moved from one set of runs to the other):",
		"**实验 map 在两个版本上的比值**（`bench-ratios-127.txt` 下面的几何平均，先是 Go %[1]s，然后是 Go %[2]s；括号里是这一组中比值上升和下降的行数、对这些行做符号秩检验（signed-rank test）得到的 p 值，以及按这里检验的 %[3]d 组用 Holm 方法校正后的 p 值：校正后的 p 值小于 %.2[4]f，才表示这些行一起移动，幅度超过了噪声。单独看的 p 值小于 %.2[4]f 说明得更少：对没有移动的各组做 %[3]d 次水平为 %.2[4]f 的检验，假如这些检验相互独立，在多达 %.0[5]f%% 的运行中至少有一组会低于它。`iterate` 不求任何哈希，是每个 map 的对照：它表明没有改动的代码从一组运行到另一组运行浮动了多少）："),
		f.prev, f.cur, f.tests, alpha, chance), items)
}

// text says how a group's rows moved: "7 of 9 rows up, 2 down, p = 0.039, corrected 0.390".
func (m rowMoves) text(l lang) string {
	n := m.up + m.down + m.same
	return fmt.Sprintf(l.pick("%d of %d rows up, %d down, p = %.3f, corrected %.3f", "%[2]d 行中 %[1]d 行上升，%[3]d 行下降，p = %.3[4]f，校正后 %.3[5]f"),
		m.up, n, m.down, m.p, m.corrected)
}

// laneVerdict says which of a column's key types moved beyond the run's noise once corrected,
// which only taken alone, and whether its control moved (taken alone, the stricter doubt).
func laneVerdict(l lang, moved map[string]rowMoves) string {
	var sure, alone []string
	for _, k := range benchtables.Keys {
		km := moved[k]
		if !km.alone() {
			continue
		}
		dir := l.pick("lost ground", "退步")
		if km.down > km.up {
			dir = l.pick("gained", "进步")
		}
		what := fmt.Sprintf(l.pick("its `%s` rows %s", "它的 `%s` 行%s"), k, dir)
		if km.significant() {
			sure = append(sure, what)
		} else {
			alone = append(alone, what)
		}
	}
	control := l.pick(", while its control did not move", "，而它的对照没有移动")
	if moved["iterate"].alone() {
		control = l.pick(", but its control moved as well: this run cannot tell that move from a difference between its two sets of runs",
			"，但它的对照也移动了：这次运行无法把这一变化与两组运行本身的差别区分开")
	}
	and := l.pick(", and ", "，")
	switch {
	case len(sure) > 0 && len(alone) > 0:
		return strings.Join(sure, and) + control + l.pick("; taken alone, ", "；单独看，") + strings.Join(alone, and)
	case len(sure) > 0:
		return strings.Join(sure, and) + control
	case len(alone) > 0:
		return l.pick("after the correction, no key type moved by more than this run's noise; taken alone, ", "校正之后，没有哪种键类型的变化超过了这次运行的噪声；单独看，") +
			strings.Join(alone, and) + control
	}
	return l.pick("no key type moved by more than this run's noise", "没有哪种键类型的变化超过了这次运行的噪声")
}

// peersFacts are the two libraries' columns of bench-ratios.txt: for each
// group of operations, how many rows of each library are on the slower (for
// lookups) or the faster side of 1.00x, and each library's geometric mean
// over lookups and inserts.
type peersFacts struct {
	groups []peerGroup
	geos   []float64 // in benchtables.Peers' order
}

type peerGroup struct {
	name string // "lookups"
	over bool   // counting the rows over 1.00x, not under
	n    [2]int // in benchtables.Peers' order
	all  int
}

// readPeers reads the two libraries' columns of bench-ratios.txt.
func readPeers(ratios string) (peersFacts, error) {
	table, err := benchtables.ParseRatioTable(ratios)
	if err != nil {
		return peersFacts{}, err
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
	var f peersFacts
	for _, part := range []struct {
		name string
		ops  []string
		over bool
	}{{"lookups", []string{"get-hit", "get-miss"}, true}, {"inserts", []string{"put"}, false}, {"deletes", []string{"delete"}, false}, {"ranging", []string{"iterate"}, false}} {
		g := peerGroup{name: part.name, over: part.over}
		for _, op := range part.ops {
			n, a := count(benchtables.Peers[0], op, part.over)
			m, _ := count(benchtables.Peers[1], op, part.over)
			g.n[0], g.n[1], g.all = g.n[0]+n, g.n[1]+m, g.all+a
		}
		f.groups = append(f.groups, g)
	}
	for _, p := range benchtables.Peers {
		var rs []float64
		for _, op := range benchtables.TargetOps {
			rs = append(rs, table[p][op]...)
		}
		f.geos = append(f.geos, benchtables.Geomean(rs))
	}
	return f, nil
}

func (f peersFacts) text(l lang) string {
	var items []string
	for _, g := range f.groups {
		word := l.pick("under", "小于")
		if g.over {
			word = l.pick("over", "大于")
		}
		items = append(items, fmt.Sprintf(l.pick("on %[1]s, %[2]s is %[3]s 1.00x in %[4]d of the %[5]d rows and %[6]s in %[7]d",
			"%[1]s的 %[5]d 行中，%[2]s 有 %[4]d 行%[3]s 1.00x，%[6]s 有 %[7]d 行"), l.op(g.name), benchtables.Peers[0], word, g.n[0], g.all, benchtables.Peers[1], g.n[1]))
	}
	var gs []string
	for i, p := range benchtables.Peers {
		gs = append(gs, fmt.Sprintf(l.pick("%s's %.2fx", "%s 的几何平均为 %.2fx"), p, f.geos[i]))
	}
	items = append(items, fmt.Sprintf(l.pick("over lookups and inserts together, the geometric means are %s", "把查找和插入放在一起，%s"), strings.Join(gs, l.pick(" and ", "，"))))
	return l.list(l.pick("**The two libraries against the built-in map** (`bench-ratios.txt`, ratios of medians; over 1.00x is slower):",
		"**两个库对比内建 map**（`bench-ratios.txt`，中位数之比；大于 1.00x 表示更慢）："), items)
}

// hasherFacts are the lookups in the map made by NewWithHasher: for each
// row, its times over the same map made by New and over the built-in map.
type hasherFacts struct {
	rows []hasherRow
}

type hasherRow struct {
	len, key             string
	overNew, overBuiltin float64
}

// readHasher reads the table of lookups in the map made by NewWithHasher.
func readHasher(table string) (hasherFacts, error) {
	names, medians := statMedians(table)
	if len(names) != benchtables.HasherRows {
		return hasherFacts{}, fmt.Errorf("%s: %d rows, not %d", benchtables.HasherFile, len(names), benchtables.HasherRows)
	}
	var f hasherFacts
	for _, name := range names {
		m := medians[name]
		if len(m) != len(benchtables.HasherImpls) {
			return hasherFacts{}, fmt.Errorf("%s: row %s has %d medians, not %d", benchtables.HasherFile, name, len(m), len(benchtables.HasherImpls))
		}
		f.rows = append(f.rows, hasherRow{field(name, "len"), field(name, "key"), m[3] / m[1], m[3] / m[0]})
	}
	return f, nil
}

func (f hasherFacts) text(l lang) string {
	var items []string
	for _, r := range f.rows {
		items = append(items, fmt.Sprintf(l.pick("%s entries of `%s` keys, %.2fx the time of the same map made by `New` (step 9's path) and %.2fx the built-in map's",
			"%s 个条目、`%s` 键，耗时是由 `New` 创建的同一个 map（第 9 步的路径）的 %.2fx、内建 map 的 %.2fx"), r.len, r.key, r.overNew, r.overBuiltin))
	}
	return l.list(l.pick("**Step 10's map** (`bench-hasher.txt`: lookups that hit, each map called through a func value; `swiss-hasher` is lab 03's map made by `NewWithHasher` with `maphash.ComparableHasher`, medians):",
		"**第 10 步的 map**（`bench-hasher.txt`：命中的查找，每个 map 都通过一个函数值调用；`swiss-hasher` 是用 `NewWithHasher` 和 `maphash.ComparableHasher` 创建的实验 03 的 map，取中位数）："), items)
}

// Read reads the committed tables under root.
func Read(root string) (Tables, error) {
	var err error
	read := func(name string) string {
		if err != nil {
			return ""
		}
		var b []byte
		b, err = os.ReadFile(filepath.Join(root, name))
		return string(b)
	}
	t := Tables{Ratios: read(benchtables.RatiosFile), Table: read(benchtables.TableFile), Profile: read(benchtables.ProfileFile), Hash: read(benchtables.HashFile), Hasher: read(benchtables.HasherFile),
		RuntimesPrev: read(benchtables.RuntimesPrevFile), RatiosPrev: read(benchtables.RatiosPrevFile), SIMD: read(benchtables.SIMDFile)}
	text := read(benchtables.FastpathFile)
	if err != nil {
		return Tables{}, err
	}
	m := regexp.MustCompile(`median of (\d+)\)`).FindStringSubmatch(t.Ratios)
	if m == nil {
		return Tables{}, fmt.Errorf("%s: no (median of N) line", benchtables.RatiosFile)
	}
	t.Runs, _ = strconv.Atoi(m[1])
	t.Fastpath = map[string]string{}
	for _, lm := range benchtables.LabMaps {
		header := benchtables.FastpathHeader(lm.Impl)
		i := strings.Index(text, header)
		if i < 0 {
			return Tables{}, fmt.Errorf("%s: no table for %s (%q)", benchtables.FastpathFile, lm.Impl, header)
		}
		rest := text[i+len(header):]
		if j := strings.Index(rest, "$ go tool benchstat"); j >= 0 {
			rest = rest[:j]
		}
		t.Fastpath[lm.Impl] = rest
	}
	return t, nil
}
