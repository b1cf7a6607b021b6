package main

import (
	"fmt"
	"slices"

	"gomaps/labs/benchtables"
)

// simdReading is the file of chapter 03's reading of step 11's table.
const simdReading = "chapters/out/bench-reading-03-simd.txt"

// simdFacts are lab 03's map's ratios in benchtables.SIMDFile, by group of rows: with step 9 alone
// (swiss) and with step 11 (swiss-simd).
type simdFacts struct {
	groups []simdGroup
}

type simdGroup struct {
	name     string
	goal     float64
	rows     int
	lo, hi   [2]float64 // swiss, swiss-simd
	geo      [2]float64
	within   [2]int
	worstRow string // the row of swiss-simd's highest ratio: "get-hit 1e6 string"
}

// readSIMD reads the table of step 11.
func readSIMD(text string) (simdFacts, error) {
	table, err := benchtables.ParseRatioTable(text)
	if err != nil {
		return simdFacts{}, fmt.Errorf("%s: %v", benchtables.SIMDFile, err)
	}
	cols := []string{"swiss", benchtables.SIMDCol}
	var f simdFacts
	for _, g := range benchtables.SIMDGroups {
		sg := simdGroup{name: g.Name, goal: g.Goal}
		for i, col := range cols {
			var rs []float64
			for _, op := range g.Ops {
				rs = append(rs, table[col][op]...)
			}
			if len(rs) == 0 {
				return simdFacts{}, fmt.Errorf("%s: no rows of %s in column %s", benchtables.SIMDFile, g.Name, col)
			}
			sg.rows = len(rs)
			sg.lo[i], sg.hi[i], sg.geo[i] = slices.Min(rs), slices.Max(rs), benchtables.Geomean(rs)
			sg.within[i] = benchtables.Target{Row: g.Goal}.Within(rs)
		}
		worst := 0.0
		for _, op := range g.Ops {
			i := 0
			for _, l := range benchtables.Lens {
				for _, k := range benchtables.Keys {
					if r := table[benchtables.SIMDCol][op][i]; r > worst {
						worst, sg.worstRow = r, op+" "+l+" "+k
					}
					i++
				}
			}
		}
		f.groups = append(f.groups, sg)
	}
	return f, nil
}

var simdGroupNames = map[string]string{"lookups": "查找", "inserts": "插入", "iterations": "遍历"}

func (f simdFacts) text(l lang) string {
	var items []string
	for _, g := range f.groups {
		name := l.pick(g.name, simdGroupNames[g.name])
		items = append(items, fmt.Sprintf(l.pick(
			"on the %[2]d rows of %[1]s, %.2[3]fx to %.2[4]fx the built-in map's time with step 11 (geometric mean %.2[5]fx; %[6]d of %[2]d rows within its goal of %[7]gx; the highest, %[8]s), against %.2[9]fx to %.2[10]fx with step 9 alone (geometric mean %.2[11]fx; %[12]d within %[7]gx)",
			"%[1]s的 %[2]d 行：有第 11 步时是内建 map 耗时的 %.2[3]fx 到 %.2[4]fx（几何平均 %.2[5]fx；%[2]d 行中有 %[6]d 行在目标 %[7]gx 以内；最高的是 %[8]s），只有第 9 步时是 %.2[9]fx 到 %.2[10]fx（几何平均 %.2[11]fx；%[12]d 行在 %[7]gx 以内）"),
			name, g.rows, g.lo[1], g.hi[1], g.geo[1], g.within[1], g.goal, g.worstRow, g.lo[0], g.hi[0], g.geo[0], g.within[0]))
	}
	return l.list(l.pick("**Step 11** (`bench-simd.txt`: lab 03's map over the built-in map of the same build, medians; built with `GOEXPERIMENT=simd` for step 11, and without it for step 9 alone):",
		"**第 11 步**（`bench-simd.txt`：实验 03 的 map 相对于同一次构建中内建 map 的耗时，取中位数；第 11 步用 `GOEXPERIMENT=simd` 构建，只有第 9 步时不用）："), items)
}
