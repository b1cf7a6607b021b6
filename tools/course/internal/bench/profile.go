package bench

import (
	"fmt"
	"path/filepath"
	"strings"

	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/bench/tables"
)

// profileTime is how long each profiled benchmark runs.
const profileTime = "3s"

// profileRow is a row of BenchmarkMap to profile, and a lab map's ratio on it.
type profileRow struct {
	op, l, k string
	ratio    float64
}

// profileRowsOver profiles, with the fast build, the rows of TargetOps
// where a lab map's median is over its limit (its target's Row), or, for a
// lab map with none, its worst row: the lab map and the built-in map, each
// alone. It returns go tool pprof -top of each, so that the chapter shows
// where the time goes rather than guesses.
func (s *session) profileRowsOver() (string, error) {
	samples, _ := tables.Parse(s.byName[buildFast].results.String())
	var b strings.Builder
	for _, lm := range tables.LabMaps {
		limit := tables.Targets[lm.Impl].Row
		rows, over, err := rowsOver(samples, lm.Impl, limit)
		if err != nil {
			return "", err
		}
		if !over {
			fmt.Fprintf(&b, "%s: no row over its limit of %gx; its worst row:\n", lm.Impl, limit)
		} else {
			word := "rows"
			if len(rows) == 1 {
				word = "row"
			}
			fmt.Fprintf(&b, "%s: %d %s over its limit of %gx:\n", lm.Impl, len(rows), word, limit)
		}
		for _, row := range rows {
			fmt.Fprintf(&b, "\n%s op=%s len=%s key=%s: %.2fx the built-in map\n", lm.Impl, row.op, row.l, row.k, row.ratio)
			for _, impl := range []string{lm.Impl, "builtin"} {
				fmt.Fprintf(s.stdout, "bench: profiling %s op=%s len=%s key=%s for %s\n", impl, row.op, row.l, row.k, profileTime)
				top, err := s.profileTop(impl, row)
				if err != nil {
					return "", err
				}
				fmt.Fprintf(&b, "\n$ go tool pprof -top -nodecount=12 <impl=%s op=%s len=%s key=%s, %s>\n%s", impl, row.op, row.l, row.k, profileTime, top)
			}
		}
		b.WriteString("\n")
	}
	return "CPU profiles of the lab map and of the built-in map, each on one row alone\n\n" + strings.TrimRight(b.String(), "\n") + "\n", nil
}

// rowsOver returns impl's rows of TargetOps over limit, in order, or, when there is none
// (over is false), its worst row alone.
func rowsOver(samples tables.Samples, impl string, limit float64) (rows []profileRow, over bool, err error) {
	var worst profileRow
	for _, op := range tables.TargetOps {
		for _, l := range tables.Lens {
			for _, k := range tables.Keys {
				r, err := samples.Ratio(impl, op, l, k)
				if err != nil {
					return nil, false, err
				}
				row := profileRow{op, l, k, r}
				if r > limit {
					rows = append(rows, row)
				}
				if r > worst.ratio {
					worst = row
				}
			}
		}
	}
	if len(rows) == 0 {
		return []profileRow{worst}, false, nil
	}
	return rows, true, nil
}

// profileTop runs one benchmark of the fast build with a CPU profile (into
// tmp) and returns the profile's top, without the lines that name the file,
// the build and the time. The profile includes filling the map, which happens before
// the timed loop: the Put functions in it are that.
func (s *session) profileTop(impl string, row profileRow) (string, error) {
	prof := filepath.Join(s.tmp, "cpu.pprof")
	fast := s.byName[buildFast]
	sel := fmt.Sprintf("^BenchmarkMap$/^impl=%s$/^op=%s$/^len=%s$/^key=%s$", impl, row.op, row.l, row.k)
	cmd := fast.command(s.ctx, s.root, "-test.run=^$", "-test.bench="+sel, "-test.benchtime="+profileTime, "-test.cpuprofile="+prof)
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("profiling %s: %v: %s", sel, err, base.FirstLines(string(out), 10))
	}
	out, err := s.g.In(s.root).Command(s.ctx, "tool", "pprof", "-top", "-nodecount=12", fast.bin, prof).Output()
	if err != nil {
		return "", fmt.Errorf("go tool pprof -top: %v", err)
	}
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimRight(string(out), "\n"), "\n") {
		if strings.HasPrefix(line, "File:") || strings.HasPrefix(line, "Build ID:") || strings.HasPrefix(line, "Time:") || strings.HasPrefix(line, "Type:") {
			continue
		}
		b.WriteString(line + "\n")
	}
	return b.String(), nil
}
