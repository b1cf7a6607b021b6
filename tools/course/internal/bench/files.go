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

// output is what a session writes: the tables by file name, in order, and what is printed at
// the end.
type output struct {
	line               string // the command line above each table
	files              map[string]string
	names              []string
	ratios, ratiosPrev string
}

// tables makes the session's tables from its results: the ratios here, the rest by benchstat.
func (s *session) tables() (*output, error) {
	results := func(name string) string { return s.byName[name].results.String() }
	fastOut, classicOut := results(buildFast), results(buildClassic)
	prevFastOut := results(prevLaneBuild(buildFast))
	built := fmt.Sprintf("every map built by %s (bench-ratios-127.txt has the lab maps' ratios on %s beside)\n", benchtables.Lane.Toolchain, benchtables.PrevLane.Toolchain)
	ratios, err := benchtables.RatioTable(fastOut, built)
	if err != nil {
		return nil, err
	}
	ratiosPrev, err := benchtables.LaneRatioTable([2]string{prevFastOut, fastOut}, "")
	if err != nil {
		return nil, err
	}
	simdOut := results(buildSIMD)
	simd, err := benchtables.SIMDTable(fastOut, simdOut)
	if err != nil {
		return nil, err
	}
	// benchstat reads files: the results go to tmp, removed at the end.
	swiss, prevSwiss := benchtables.OnlyImpls(fastOut, "builtin"), benchtables.OnlyImpls(prevFastOut, "builtin")
	files := map[string]string{"all": fastOut, "classic": classicOut, benchtables.Lane.Toolchain: swiss, benchtables.PrevLane.Toolchain: prevSwiss, "hash": s.hash.String(), "hasher": s.hasher.String(), "simd": simdOut}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(s.tmp, name), []byte(text), 0o644); err != nil {
			return nil, err
		}
	}
	st := s.stats()
	if st.err != nil {
		return nil, st.err
	}
	verdicts, err := benchtables.LaneVerdicts(prevSwiss, swiss, st.runtimesPrev)
	if err != nil {
		return nil, err
	}
	out := &output{
		line:   fmt.Sprintf("$ go run ./tools/course bench -write -count %d -benchtime %s\n", s.o.count, s.o.benchtime),
		ratios: ratios, ratiosPrev: ratiosPrev,
	}
	out.files, out.names = st.files(out.line, ratios, ratiosPrev, verdicts)
	out.files[benchtables.SIMDFile] = out.line + simd + "$ go tool benchstat -col '" + st.simdCols + "' simd=<the results of the " + buildSIMD + " build>\n" + st.simd
	out.names = append(out.names, benchtables.SIMDFile)
	return out, nil
}

// stats are the benchstat tables of a session's results, and their columns.
type stats struct {
	s   *session
	err error // the first of benchstat's errors: the tables after it are empty

	cols, hashCols, hasherCols, simdCols            string
	all, runtimes, runtimesPrev, hash, hasher, simd string
	fastpath                                        map[string]string // by lab map
}

// stats runs benchstat on the results in tmp.
func (s *session) stats() *stats {
	st := &stats{s: s, fastpath: map[string]string{}}
	st.cols = "/impl@(" + strings.Join(append([]string{"builtin"}, benchtables.Cols...), " ") + ")"
	st.all = st.run("-col", st.cols, st.arg("all"))
	st.runtimes = st.run(st.arg("classic"), st.arg(benchtables.PrevLane.Toolchain), st.arg(benchtables.Lane.Toolchain))
	st.runtimesPrev = st.run(st.arg(benchtables.PrevLane.Toolchain), st.arg(benchtables.Lane.Toolchain))
	for _, lm := range benchtables.LabMaps {
		st.fastpath[lm.Impl] = st.run("-col", benchtables.FastpathCols(lm.Impl), st.arg("all"))
	}
	st.hashCols = "/impl@(" + strings.Join(benchtables.HashImpls, " ") + ")"
	st.hash = st.run("-col", st.hashCols, st.arg("hash"))
	st.hasherCols = "/impl@(" + strings.Join(benchtables.HasherImpls, " ") + ")"
	st.hasher = st.run("-col", st.hasherCols, st.arg("hasher"))
	st.simdCols = "/impl@(" + strings.Join(benchtables.SIMDImpls, " ") + ")"
	st.simd = st.run("-col", st.simdCols, st.arg("simd"))
	return st
}

// arg names the results of name for benchstat: label=file, so that the table shows the label,
// not the path.
func (st *stats) arg(name string) string { return name + "=" + filepath.Join(st.s.tmp, name) }

// run runs benchstat, unless an earlier run failed.
func (st *stats) run(args ...string) string {
	if st.err != nil {
		return ""
	}
	out, err := benchstat(st.s.ctx, st.s.root, st.s.g, args...)
	st.err = err
	return out
}

// files are the tables, by file name, each under line, and their names in order.
func (st *stats) files(line, ratios, ratiosPrev, verdicts string) (map[string]string, []string) {
	classic, prev, cur := lanes.Classic(), benchtables.PrevLane, benchtables.Lane
	fastpath := line
	for _, lm := range benchtables.LabMaps {
		fastpath += benchtables.FastpathHeader(lm.Impl) + st.fastpath[lm.Impl]
	}
	files := map[string]string{
		benchtables.RatiosFile: line + ratios,
		benchtables.TableFile:  line + "$ go tool benchstat -col '" + st.cols + "' all=<the results>\n" + st.all,
		benchtables.HashFile:   line + "$ go tool benchstat -col '" + st.hashCols + "' hash=<the results of BenchmarkHash>\n" + st.hash,
		benchtables.HasherFile: line + "$ go tool benchstat -col '" + st.hasherCols + "' hasher=<the results of BenchmarkHasher>\n" + st.hasher,
		benchtables.RuntimesFile: line + fmt.Sprintf("$ go tool benchstat classic=<%s, %s> %s=<%s> %s=<%s>\n",
			classic.Toolchain, classic.Experiment, prev.Toolchain, prev.Toolchain, cur.Toolchain, cur.Toolchain) + st.runtimes,
		benchtables.FastpathFile: fastpath,
		benchtables.RuntimesPrevFile: line + fmt.Sprintf("$ go tool benchstat %s=<the built-in map built by %s> %s=<the same, built by %s>\n",
			prev.Toolchain, prev.Toolchain, cur.Toolchain, cur.Toolchain) + st.runtimesPrev + verdicts,
		benchtables.RatiosPrevFile: line + ratiosPrev,
	}
	names := []string{benchtables.RatiosFile, benchtables.TableFile, benchtables.HashFile, benchtables.HasherFile, benchtables.RuntimesFile, benchtables.FastpathFile, benchtables.RuntimesPrevFile, benchtables.RatiosPrevFile}
	return files, names
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
