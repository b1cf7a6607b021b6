package benchtables

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"gomaps/labs/lanes"
)

// writeHeader writes the lines that say on which machine results were taken.
func writeHeader(b *strings.Builder, header []string) {
	for _, h := range header {
		b.WriteString(h + "\n")
	}
}

// RatioTable computes, from raw results, each map's median time per
// operation over the built-in map's median in the same runs: results hold
// the built-in map, the lab maps with their fast paths (NAME) and on the
// generic path (NAME-generic), and the peers. note, if not empty, is
// printed above the table.
func RatioTable(results, note string) (string, error) {
	samples, header := Parse(results)
	var b strings.Builder
	writeHeader(&b, header)
	fmt.Fprintf(&b, "time per operation over the built-in map's in the same runs (median of %d)\n", samples.runs())
	b.WriteString("buckets, swiss: labs 02 and 03 solved; -generic: the same maps on the generic path, as without step 9, in the same binary;\n")
	b.WriteString("cockroach: github.com/cockroachdb/swiss; dolthub: github.com/dolthub/swiss\n")
	b.WriteString(note)
	widths := make([]int, len(Cols))
	b.WriteString(Row("op", "len", "key"))
	for i, col := range Cols {
		widths[i] = max(len(col), 6)
		fmt.Fprintf(&b, "  %*s", widths[i], col)
	}
	b.WriteString("\n")
	// The ratios of TargetOps, by column, rounded as printed, so that the
	// summary can be checked against the table by hand.
	targetRatios := map[string][]float64{}
	for _, op := range Ops {
		for _, l := range Lens {
			for _, k := range Keys {
				b.WriteString(Row(op, l, k))
				for i, col := range Cols {
					r, err := samples.Ratio(col, op, l, k)
					if err != nil {
						return "", err
					}
					fmt.Fprintf(&b, "  %*.2fx", widths[i]-1, r)
					if slices.Contains(TargetOps, op) {
						targetRatios[col] = append(targetRatios[col], r)
					}
				}
				b.WriteString("\n")
			}
		}
	}
	writeTargets(&b, targetRatios)
	return b.String(), nil
}

// writeTargets writes the lines under the ratio table: each column's
// geometric mean over TargetOps and, for a lab map, its rows within its
// target's limit.
func writeTargets(b *strings.Builder, targetRatios map[string][]float64) {
	rows := len(TargetOps) * len(Lens) * len(Keys)
	fmt.Fprintf(b, "%s (%d rows): the geometric mean of each map's ratios, and the rows within its limit\n", strings.Join(TargetOps, ", "), rows)
	for _, col := range Cols {
		rs := targetRatios[col]
		t, ok := Targets[strings.TrimSuffix(col, "-generic")]
		if !ok {
			fmt.Fprintf(b, "%s: geometric mean %.2fx (a peer: no target)\n", col, Geomean(rs))
			continue
		}
		fmt.Fprintf(b, "%s: geometric mean %.2fx (target %gx), %d of %d rows within %gx\n", col, Geomean(rs), t.Geomean, t.Within(rs), len(rs), t.Row)
	}
}

// laneTable is LaneRatioTable as it is written: the two lanes' samples and
// the widths of its columns.
type laneTable struct {
	b       strings.Builder
	lanes   [2]lanes.Lane
	samples [2]Samples
	cols    []string
	w, pair int // the width of a lane's cell, and of a map's two
}

// LaneRatioTable is RatioTable's lab-map columns on the two lanes side by
// side: results[i] are the results of the build of lane i (PrevLane, then
// Lane), whose toolchain built the lab maps and its own built-in map. Each
// ratio is over the built-in map of the same runs, so a map's two columns
// differ by what each toolchain did to that map and to its own built-in
// map. note, if not empty, is printed above the table.
func LaneRatioTable(results [2]string, note string) (string, error) {
	t := &laneTable{lanes: [2]lanes.Lane{PrevLane, Lane}, cols: LabCols(), w: 6}
	var header []string
	runs := 0
	for i := range t.lanes {
		samples, h := Parse(results[i])
		for _, line := range h {
			if !slices.Contains(header, line) {
				header = append(header, line)
			}
		}
		runs = max(runs, samples.runs())
		t.samples[i] = samples
	}
	for _, l := range t.lanes {
		t.w = max(t.w, len(l.Release()))
	}
	t.pair = 2*t.w + 4
	writeHeader(&t.b, header)
	fmt.Fprintf(&t.b, "time per operation over the built-in map's in the same runs (median of %d), with the lab maps\n", runs)
	fmt.Fprintf(&t.b, "and the built-in map built by %s, then by %s\n", t.lanes[0].Toolchain, t.lanes[1].Toolchain)
	t.b.WriteString("buckets, swiss: labs 02 and 03 solved; -generic: the same maps on the generic path, as without step 9, in the same binary\n")
	t.b.WriteString(note)
	means, err := t.writeRows()
	if err != nil {
		return "", err
	}
	t.writeMeans(means)
	return t.b.String(), nil
}

// releases writes, under each of n columns, the two lanes' releases.
func (t *laneTable) releases(n int) {
	for range n {
		fmt.Fprintf(&t.b, "  %*s  %*s", t.w, t.lanes[0].Release(), t.w, t.lanes[1].Release())
	}
	t.b.WriteString("\n")
}

// writeRows writes the table's header and rows, and returns the ratios of
// each column and lane by group of rows ("swiss/int64/0"): TargetOps by key
// type, and the other ops each.
func (t *laneTable) writeRows() (map[string][]float64, error) {
	b := &t.b
	b.WriteString(Row("", "", ""))
	for _, col := range t.cols {
		fmt.Fprintf(b, "%*s", t.pair, col)
	}
	b.WriteString("\n" + Row("op", "len", "key"))
	t.releases(len(t.cols))
	means := map[string][]float64{}
	for _, op := range Ops {
		for _, l := range Lens {
			for _, k := range Keys {
				b.WriteString(Row(op, l, k))
				for _, col := range t.cols {
					for i := range t.lanes {
						r, err := t.samples[i].Ratio(col, op, l, k)
						if err != nil {
							return nil, fmt.Errorf("%s: %v", t.lanes[i].Toolchain, err)
						}
						fmt.Fprintf(b, "  %*.2fx", t.w-1, r)
						key := fmt.Sprintf("%s/%s/%d", col, Group(op, k), i)
						means[key] = append(means[key], r)
					}
				}
				b.WriteString("\n")
			}
		}
	}
	return means, nil
}

// writeMeans writes the geometric means of the groups of rows: TargetOps
// for each key type, and iterate, which hashes nothing: how far the ratios
// of the same code move from one set of runs to the other, a control.
func (t *laneTable) writeMeans(means map[string][]float64) {
	b := &t.b
	groups := append(slices.Clone(Keys), "iterate")
	fmt.Fprintf(b, "the geometric mean of each map's ratios: over %s, the %s rows apart (%d rows each);\n",
		strings.Join(TargetOps, ", "), strings.Join(Keys, " and "), len(TargetOps)*len(Lens))
	fmt.Fprintf(b, "and over iterate, which hashes nothing, as a control (%d rows)\n", len(Lens)*len(Keys))
	name := len("key")
	for _, col := range t.cols {
		name = max(name, len(col))
	}
	fmt.Fprintf(b, "%-*s", name, "")
	for _, g := range groups {
		fmt.Fprintf(b, "%*s", t.pair, g)
	}
	fmt.Fprintf(b, "\n%-*s", name, "key")
	t.releases(len(groups))
	for _, col := range t.cols {
		fmt.Fprintf(b, "%-*s", name, col)
		for _, g := range groups {
			for i := range t.lanes {
				fmt.Fprintf(b, "  %*.2fx", t.w-1, Geomean(means[fmt.Sprintf("%s/%s/%d", col, g, i)]))
			}
		}
		b.WriteString("\n")
	}
}

// benchstatDelta finds, in a row of a benchstat table of two columns, the
// benchmark's op, key type and the verdict: "~" or the change, "-12.34%".
var benchstatDelta = regexp.MustCompile(`^Map/impl=builtin/op=([\w-]+)/len=(\w+)/key=(\w+)(?:-\d+)?\s.*\s(~|[+-][0-9.]+%)\s+\(p=`)

// LaneVerdicts sums up the built-in map on the two lanes, old and cur
// (results of PrevLane's and Lane's builds), by groups of rows: the
// geometric mean of the rows' ratios of medians (new over old), and how many
// rows benchstat's table, given, finds faster, slower or not different.
// VerdictLine reads its lines back.
func LaneVerdicts(old, cur, table string) (string, error) {
	oldS, _ := Parse(old)
	newS, _ := Parse(cur)
	verdict := map[string]string{} // op/len/key: "~", "-" or "+"
	for _, line := range strings.Split(table, "\n") {
		if m := benchstatDelta.FindStringSubmatch(line); m != nil {
			verdict[m[1]+"/"+m[2]+"/"+m[3]] = m[4][:1]
		}
	}
	groups := [][]string{{"get-hit", "get-miss"}, {"put"}, {"delete"}, {"iterate"}}
	var b strings.Builder
	fmt.Fprintf(&b, "%s over %s, the built-in map: the geometric mean of the rows' ratios (median time over median time),\n", Lane.Toolchain, PrevLane.Toolchain)
	b.WriteString("and how many rows benchstat finds faster, slower, or not different (p < 0.05)\n")
	for _, ops := range groups {
		for _, k := range Keys {
			var ratios []float64
			counts := map[string]int{}
			for _, op := range ops {
				for _, l := range Lens {
					row := op + "/" + l + "/" + k
					o, n := Median(oldS["builtin/"+row]), Median(newS["builtin/"+row])
					if o == 0 || n == 0 {
						return "", fmt.Errorf("no result for the built-in map on both lanes, op=%s len=%s key=%s", op, l, k)
					}
					v, ok := verdict[row]
					if !ok {
						return "", fmt.Errorf("benchstat printed no verdict for the built-in map, op=%s len=%s key=%s", op, l, k)
					}
					ratios = append(ratios, n/o)
					counts[v]++
				}
			}
			fmt.Fprintf(&b, "%-18s %-7s %d rows  %.2fx  %d faster, %d slower, %d not different\n",
				strings.Join(ops, ", "), k, len(ratios), Geomean(ratios), counts["-"], counts["+"], counts["~"])
		}
	}
	return b.String(), nil
}
