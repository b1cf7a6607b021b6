package benchtables

import (
	"fmt"
	"slices"
	"strings"

	"gomaps/labs/lanes"
)

// SIMDFile is the table of lab 03's step 11: its map built on SIMDLane, with the runtime's own
// instructions (simd/archsimd), beside the same map on Lane with step 9's alone.
const SIMDFile = "chapters/out/bench-simd.txt"

// SIMDLane is the variant step 11 is measured on: Lane's toolchain with GOEXPERIMENT=simd. Its
// build runs the built-in map and lab 03's map (SIMDImpls); the built-in map of that build is
// the base of the step-11 map's ratios.
var (
	SIMDLane  = lanes.SIMD().Lane
	SIMDImpls = []string{"builtin", "swiss"}
)

// SIMDCol is the step-11 map's column in SIMDTable: impl swiss of the SIMDLane build.
const SIMDCol = "swiss-simd"

// The goal of step 11 (chapter 03): lookups within SIMDGetGoal of the built-in map, every row;
// inserts and iteration within SIMDOtherGoal.
const (
	SIMDGetGoal   = 1.05
	SIMDOtherGoal = 1.2
)

// SIMDGroups are the groups of rows of SIMDTable's summary: the lookups, held to SIMDGetGoal,
// then the inserts and the iteration, held to SIMDOtherGoal.
var SIMDGroups = []struct {
	Name string
	Ops  []string
	Goal float64
}{
	{"lookups", []string{"get-hit", "get-miss"}, SIMDGetGoal},
	{"inserts", []string{"put"}, SIMDOtherGoal},
	{"iterations", []string{"iterate"}, SIMDOtherGoal},
}

// SIMDTable computes, from the results of the fast build (Lane) and of the SIMDLane build, lab
// 03's map's median time per operation over the built-in map's median in the same build: the
// column swiss is the map with step 9 alone, on Lane; swiss-simd the map with step 11, on
// SIMDLane. Under the table, each column's geometric mean over each of SIMDGroups, and its rows
// within the group's goal.
func SIMDTable(fast, simd string) (string, error) {
	fs, header := Parse(fast)
	ss, h := Parse(simd)
	for _, line := range h {
		if !slices.Contains(header, line) {
			header = append(header, line)
		}
	}
	var b strings.Builder
	writeHeader(&b, header)
	fmt.Fprintf(&b, "time per operation over the built-in map's of the same build (median of %d)\n", max(fs.runs(), ss.runs()))
	fmt.Fprintf(&b, "swiss: lab 03 solved, built by %s (step 11's files are not built: steps 1 and 9 match and hash)\n", Lane.Toolchain)
	fmt.Fprintf(&b, "%s: the same, built by %s (step 11: simd/archsimd's compare and AES rounds)\n", SIMDCol, strings.TrimSpace(SIMDLane.Prefix()))
	cols := []struct {
		name    string
		samples Samples
	}{{"swiss", fs}, {SIMDCol, ss}}
	b.WriteString(Row("op", "len", "key"))
	for _, c := range cols {
		fmt.Fprintf(&b, "  %*s", len(c.name), c.name)
	}
	b.WriteString("\n")
	ratios := map[string]map[string][]float64{} // column: op: ratios
	for _, op := range Ops {
		for _, l := range Lens {
			for _, k := range Keys {
				b.WriteString(Row(op, l, k))
				for _, c := range cols {
					r, err := c.samples.Ratio("swiss", op, l, k)
					if err != nil {
						return "", fmt.Errorf("%s: %v", c.name, err)
					}
					fmt.Fprintf(&b, "  %*.2fx", len(c.name)-1, r)
					if ratios[c.name] == nil {
						ratios[c.name] = map[string][]float64{}
					}
					ratios[c.name][op] = append(ratios[c.name][op], r)
				}
				b.WriteString("\n")
			}
		}
	}
	fmt.Fprintf(&b, "the geometric mean of each map's ratios by group of rows, and the rows within step 11's goal (%gx a lookup, %gx an insert or an iteration)\n", SIMDGetGoal, SIMDOtherGoal)
	for _, c := range cols {
		var parts []string
		for _, g := range SIMDGroups {
			var rs []float64
			for _, op := range g.Ops {
				rs = append(rs, ratios[c.name][op]...)
			}
			within := Target{Row: g.Goal}.Within(rs)
			parts = append(parts, fmt.Sprintf("%.2fx of the %s (%d rows), %d within %gx", Geomean(rs), g.Name, len(rs), within, g.Goal))
		}
		fmt.Fprintf(&b, "%s: geometric mean %s\n", c.name, strings.Join(parts, "; "))
	}
	return b.String(), nil
}
