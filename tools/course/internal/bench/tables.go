package bench

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"gomaps/labs/benchtables"
	"gomaps/labs/lanes"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/internal/gocmd"
)

// add adds the table name, text under the command line.
func (s *session) add(name, text string) {
	s.files[name] = s.line + text
	s.names = append(s.names, name)
}

// tables makes the session's tables from its results: the ratios here, the rest by benchstat,
// which reads files: the results go to tmp, removed at the end.
func (s *session) tables() error {
	results := func(name string) string { return s.byName[name].results.String() }
	fastOut, prevFastOut, simdOut := results(buildFast), results(buildPrevFast), results(buildSIMD)
	built := fmt.Sprintf("every map built by %s (bench-ratios-127.txt has the lab maps' ratios on %s beside)\n", benchtables.Lane.Toolchain, benchtables.PrevLane.Toolchain)
	ratios, err := benchtables.RatioTable(fastOut, built)
	ratiosPrev, err2 := benchtables.LaneRatioTable([2]string{prevFastOut, fastOut}, "")
	simd, err3 := benchtables.SIMDTable(fastOut, simdOut)
	if err = cmp.Or(err, err2, err3); err != nil {
		return err
	}
	classic, prev, cur := lanes.Classic(), benchtables.PrevLane, benchtables.Lane
	swiss, prevSwiss := benchtables.OnlyImpls(fastOut, "builtin"), benchtables.OnlyImpls(prevFastOut, "builtin")
	files := map[string]string{"all": fastOut, "classic": results(buildClassic), cur.Toolchain: swiss, prev.Toolchain: prevSwiss, "hash": s.hash.String(), "hasher": s.hasher.String(), "simd": simdOut}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(s.tmp, name), []byte(text), 0o644); err != nil {
			return err
		}
	}
	// arg names the results of name for benchstat: label=file, so that the table shows the
	// label, not the path. stat runs benchstat, unless an earlier run failed: the first error
	// is the session's.
	arg := func(name string) string { return name + "=" + filepath.Join(s.tmp, name) }
	stat := func(args ...string) string {
		if err != nil {
			return ""
		}
		var out string
		out, err = benchstat(s.ctx, s.root, s.g, args...)
		return out
	}
	// colTable is the benchstat table of the results of name with a column per impl.
	colTable := func(impls []string, name, what string) string {
		cols := "/impl@(" + strings.Join(impls, " ") + ")"
		return "$ go tool benchstat -col '" + cols + "' " + name + "=<" + what + ">\n" + stat("-col", cols, arg(name))
	}
	table := colTable(append([]string{"builtin"}, benchtables.Cols...), "all", "the results")
	runtimes := stat(arg("classic"), arg(prev.Toolchain), arg(cur.Toolchain))
	runtimesPrev := stat(arg(prev.Toolchain), arg(cur.Toolchain))
	fastpath := ""
	for _, lm := range benchtables.LabMaps {
		fastpath += benchtables.FastpathHeader(lm.Impl) + stat("-col", benchtables.FastpathCols(lm.Impl), arg("all"))
	}
	hash := colTable(benchtables.HashImpls, "hash", "the results of BenchmarkHash")
	hasher := colTable(benchtables.HasherImpls, "hasher", "the results of BenchmarkHasher")
	simdTable := colTable(benchtables.SIMDImpls, "simd", "the results of the "+buildSIMD+" build")
	if err != nil {
		return err
	}
	verdicts, err := benchtables.LaneVerdicts(prevSwiss, swiss, runtimesPrev)
	if err != nil {
		return err
	}
	s.line, s.files, s.ratios, s.ratiosPrev = fmt.Sprintf("$ go run ./tools/course bench -write -count %d -benchtime %s\n", s.o.count, s.o.benchtime), map[string]string{}, ratios, ratiosPrev
	s.add(benchtables.RatiosFile, ratios)
	s.add(benchtables.TableFile, table)
	s.add(benchtables.HashFile, hash)
	s.add(benchtables.HasherFile, hasher)
	s.add(benchtables.RuntimesFile, fmt.Sprintf("$ go tool benchstat classic=<%s, %s> %s=<%s> %s=<%s>\n",
		classic.Toolchain, classic.Experiment, prev.Toolchain, prev.Toolchain, cur.Toolchain, cur.Toolchain)+runtimes)
	s.add(benchtables.FastpathFile, fastpath)
	s.add(benchtables.RuntimesPrevFile, fmt.Sprintf("$ go tool benchstat %s=<the built-in map built by %s> %s=<the same, built by %s>\n",
		prev.Toolchain, prev.Toolchain, cur.Toolchain, cur.Toolchain)+runtimesPrev+verdicts)
	s.add(benchtables.RatiosPrevFile, ratiosPrev)
	s.add(benchtables.SIMDFile, simd+simdTable)
	return nil
}

// benchstat runs go tool benchstat with args in the course's root, with the go command g.
func benchstat(ctx context.Context, root string, g gocmd.Go, args ...string) (string, error) {
	cmd := g.In(root).Command(ctx, append([]string{"tool", "benchstat"}, args...)...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("go tool benchstat: %v: %s", err, base.FirstLines(errOut.String(), 5))
	}
	return out.String(), nil
}

// profileTime is how long each profiled benchmark runs.
const profileTime = "3s"

// profileRow is a row of BenchmarkMap to profile, and a lab map's ratio on it.
type profileRow struct {
	op, l, k string
	ratio    float64
}

// profileRowsOver profiles, with the fast build, the rows of TargetOps where a lab map's median
// is over its limit (its target's Row), or, for a lab map with none, its worst row: the lab map
// and the built-in map, each alone; and with the simd build, the lookups of lab 03's map with
// step 11 over step 11's goal, or its worst lookup. It returns go tool pprof -top of each, so
// that the chapter shows where the time goes rather than guesses.
func (s *session) profileRowsOver() (string, error) {
	type profiled struct {
		name, impl, build string // the map as the file names it, its impl=, its build
		ops               []string
		limit             float64
	}
	maps := []profiled{}
	for _, lm := range benchtables.LabMaps {
		maps = append(maps, profiled{lm.Impl, lm.Impl, buildFast, benchtables.TargetOps, benchtables.Targets[lm.Impl].Row})
	}
	maps = append(maps, profiled{benchtables.SIMDCol, "swiss", buildSIMD, benchtables.SIMDGroups[0].Ops, benchtables.SIMDGetGoal})
	var b strings.Builder
	for _, lm := range maps {
		// The rows over the limit, in order, or, when there is none, the worst row alone.
		samples, _ := benchtables.Parse(s.byName[lm.build].results.String())
		var rows []profileRow
		var worst profileRow
		for _, op := range lm.ops {
			for _, l := range benchtables.Lens {
				for _, k := range benchtables.Keys {
					r, err := samples.Ratio(lm.impl, op, l, k)
					if err != nil {
						return "", err
					}
					if r > lm.limit {
						rows = append(rows, profileRow{op, l, k, r})
					}
					if r > worst.ratio {
						worst = profileRow{op, l, k, r}
					}
				}
			}
		}
		switch len(rows) {
		case 0:
			rows = []profileRow{worst}
			fmt.Fprintf(&b, "%s: no row over its limit of %gx; its worst row:\n", lm.name, lm.limit)
		case 1:
			fmt.Fprintf(&b, "%s: 1 row over its limit of %gx:\n", lm.name, lm.limit)
		default:
			fmt.Fprintf(&b, "%s: %d rows over its limit of %gx:\n", lm.name, len(rows), lm.limit)
		}
		for _, row := range rows {
			fmt.Fprintf(&b, "\n%s op=%s len=%s key=%s: %.2fx the built-in map\n", lm.name, row.op, row.l, row.k, row.ratio)
			for _, impl := range []string{lm.impl, "builtin"} {
				fmt.Fprintf(s.stdout, "bench: profiling %s op=%s len=%s key=%s in the %s build for %s\n", impl, row.op, row.l, row.k, lm.build, profileTime)
				top, err := s.profileTop(lm.build, impl, row)
				if err != nil {
					return "", err
				}
				fmt.Fprintf(&b, "\n$ go tool pprof -top -nodecount=12 <impl=%s op=%s len=%s key=%s, the %s build, %s>\n%s", impl, row.op, row.l, row.k, lm.build, profileTime, top)
			}
		}
		b.WriteString("\n")
	}
	return "CPU profiles of the lab map and of the built-in map, each on one row alone\n\n" + strings.TrimRight(b.String(), "\n") + "\n", nil
}

// profileTop runs one benchmark of a build with a CPU profile (into tmp) and returns the
// profile's top, without the lines that name the file, the build and the time. The profile
// includes filling the map, which happens before the timed loop: the Put functions in it are
// that.
func (s *session) profileTop(build, impl string, row profileRow) (string, error) {
	prof := filepath.Join(s.tmp, "cpu.pprof")
	fast := s.byName[build]
	sel := fmt.Sprintf("^BenchmarkMap$/^impl=%s$/^op=%s$/^len=%s$/^key=%s$", impl, row.op, row.l, row.k)
	if out, err := fast.bench(s.ctx, s.root, sel, profileTime, "-test.cpuprofile="+prof).CombinedOutput(); err != nil {
		return "", fmt.Errorf("profiling %s: %v: %s", sel, err, base.FirstLines(string(out), 10))
	}
	out, err := s.g.In(s.root).Command(s.ctx, "tool", "pprof", "-top", "-nodecount=12", fast.bin, prof).Output()
	if err != nil {
		return "", fmt.Errorf("go tool pprof -top: %v", err)
	}
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimRight(string(out), "\n"), "\n") {
		if !strings.HasPrefix(line, "File:") && !strings.HasPrefix(line, "Build ID:") && !strings.HasPrefix(line, "Time:") && !strings.HasPrefix(line, "Type:") {
			b.WriteString(line + "\n")
		}
	}
	return b.String(), nil
}
