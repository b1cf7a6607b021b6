package benchtables

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Shape is what bench -check compares in the table of file name (one of
// the files above): the lines that say which rows and columns it has,
// without its numbers.
func Shape(name, text string) []string {
	switch name {
	case RatiosFile:
		return ratioShape(text)
	case RatiosPrevFile:
		return laneShape(text)
	case SIMDFile:
		return append(ratioShape(text), benchstatRows(text)...)
	}
	return benchstatRows(text)
}

// ratioShape is what the check compares in the ratio table: its header of
// columns, the first three words of each row (op, len, key) and the first
// word of each summary line (the map).
func ratioShape(s string) []string {
	var rows []string
	for _, line := range strings.Split(s, "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) >= 3 && f[0] == "op" && f[1] == "len":
			rows = append(rows, strings.Join(f, " "))
		case len(f) >= 3 && slices.Contains(Ops, f[0]):
			rows = append(rows, strings.Join(f[:3], " "))
		case len(f) >= 3 && f[1] == "geometric" && f[2] == "mean":
			rows = append(rows, f[0])
		}
	}
	return rows
}

// laneShape is what the check compares in LaneRatioTable's output: its
// lines of column names, the first three words of each row, and the first
// word of each line of means.
func laneShape(s string) []string {
	cols := LabCols()
	names := append(append(slices.Clone(cols), Keys...), "iterate")
	isName := func(w string) bool { return slices.Contains(names, w) }
	var rows []string
	for _, line := range strings.Split(s, "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) == 0:
		case f[0] == "op" || f[0] == "key" || !slices.ContainsFunc(f, func(w string) bool { return !isName(w) }):
			// The header's lines: the releases, and the maps or key types.
			rows = append(rows, strings.Join(f, " "))
		case len(f) >= 3 && slices.Contains(Ops, f[0]):
			rows = append(rows, strings.Join(f[:3], " "))
		case slices.Contains(cols, f[0]):
			rows = append(rows, f[0])
		}
	}
	return rows
}

var procsSuffix = regexp.MustCompile(`-[0-9]+$`)

// benchstatRows lists the benchmark names of a benchstat table, and the
// columns of its header (the line of │ before the units).
func benchstatRows(s string) []string {
	var rows []string
	for _, line := range strings.Split(s, "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) > 0 && (strings.HasPrefix(f[0], "Map/") || strings.HasPrefix(f[0], "Hash/") || strings.HasPrefix(f[0], "Hasher/")):
			// Without the -N suffix that says GOMAXPROCS: machines differ.
			rows = append(rows, procsSuffix.ReplaceAllString(f[0], ""))
		case len(f) > 1 && f[0] == "│" && !strings.Contains(line, "/op"):
			rows = append(rows, strings.Join(f, " "))
		}
	}
	return rows
}

// ParseRatioTable reads the table of ratios of RatiosFile: for each
// column (the maps), for each operation, the ratios of its rows in order.
func ParseRatioTable(text string) (map[string]map[string][]float64, error) {
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
		if cols == nil || len(f) != 3+len(cols) || !slices.Contains(Ops, f[0]) {
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

// ParseLaneMeans reads the means at the bottom of LaneRatioTable's output:
// for each map, for each group (int64, string, iterate), the mean on the
// previous lane and on the current one.
func ParseLaneMeans(table string) (map[string]map[string][2]float64, error) {
	lines := strings.Split(table, "\n")
	var groups []string
	means := map[string]map[string][2]float64{}
	for i, line := range lines {
		f := strings.Fields(line)
		if len(f) > 0 && f[0] == "int64" && i+1 < len(lines) && strings.HasPrefix(lines[i+1], "key ") {
			groups = f
			continue
		}
		if groups == nil || len(f) != 1+2*len(groups) || !slices.Contains(LabCols(), f[0]) {
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
	if len(means) != len(LabCols()) {
		return nil, fmt.Errorf("found the means of %d maps, not %d, in\n%s", len(means), len(LabCols()), table)
	}
	return means, nil
}

// VerdictLine matches a line of LaneVerdicts: the group of ops, the key
// type, the rows, the geometric mean, and the rows faster, slower and not
// different.
var VerdictLine = regexp.MustCompile(`(?m)^(get-hit, get-miss|put|delete|iterate)\s+(\w+)\s+(\d+) rows\s+([0-9.]+)x\s+(\d+) faster, (\d+) slower, (\d+) not different$`)

// ParseLaneRows reads the rows of LaneRatioTable's output: for each map, for
// each group of rows (each key type over TargetOps, and each other op), the
// rows' ratios on the previous lane and on the current one, in the table's
// order.
func ParseLaneRows(table string) (map[string]map[string][2][]float64, error) {
	cols := LabCols()
	rows := map[string]map[string][2][]float64{}
	for _, c := range cols {
		rows[c] = map[string][2][]float64{}
	}
	n := 0
	for _, line := range strings.Split(table, "\n") {
		f := strings.Fields(line)
		if len(f) != 3+2*len(cols) || !slices.Contains(Ops, f[0]) {
			continue
		}
		group := Group(f[0], f[2])
		for i, c := range cols {
			pair := rows[c][group]
			for j := range pair {
				v, err := strconv.ParseFloat(strings.TrimSuffix(f[3+2*i+j], "x"), 64)
				if err != nil {
					return nil, fmt.Errorf("%q: %v", line, err)
				}
				pair[j] = append(pair[j], v)
			}
			rows[c][group] = pair
		}
		n++
	}
	if want := len(Ops) * len(Lens) * len(Keys); n != want {
		return nil, fmt.Errorf("found %d rows of ratios on two lanes, not %d, in\n%s", n, want, table)
	}
	return rows, nil
}
