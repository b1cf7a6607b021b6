package bench

import (
	"bytes"
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
	fastOut, prevFastOut, simdOut := results(buildFast), results(prevLaneBuild(buildFast)), results(buildSIMD)
	built := fmt.Sprintf("every map built by %s (bench-ratios-127.txt has the lab maps' ratios on %s beside)\n", benchtables.Lane.Toolchain, benchtables.PrevLane.Toolchain)
	ratios, err := benchtables.RatioTable(fastOut, built)
	if err != nil {
		return err
	}
	ratiosPrev, err := benchtables.LaneRatioTable([2]string{prevFastOut, fastOut}, "")
	if err != nil {
		return err
	}
	simd, err := benchtables.SIMDTable(fastOut, simdOut)
	if err != nil {
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
