package bench

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"gomaps/labs/lanes"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/bench/reading"
	"gomaps/tools/course/internal/bench/tables"
	"gomaps/tools/internal/gocmd"
)

// output is what a session writes: the tables by file name, in order, and what is printed at
// the end and read by the readings.
type output struct {
	line               string // the command line above each table
	files              map[string]string
	names              []string
	ratios, ratiosPrev string
	reading            reading.Tables
}

// tables makes the session's tables from its results: the ratios here, the rest by benchstat.
func (s *session) tables() (*output, error) {
	results := func(name string) string { return s.byName[name].results.String() }
	fastOut, classicOut := results(buildFast), results(buildClassic)
	prevFastOut := results(prevLaneBuild(buildFast))
	built := fmt.Sprintf("every map built by %s (bench-ratios-127.txt has the lab maps' ratios on %s beside)\n", tables.Lane.Toolchain, tables.PrevLane.Toolchain)
	ratios, err := tables.RatioTable(fastOut, built)
	if err != nil {
		return nil, err
	}
	ratiosPrev, err := tables.LaneRatioTable([2]string{prevFastOut, fastOut}, "")
	if err != nil {
		return nil, err
	}
	// benchstat reads files: the results go to tmp, removed at the end.
	swiss, prevSwiss := tables.OnlyImpls(fastOut, "builtin"), tables.OnlyImpls(prevFastOut, "builtin")
	files := map[string]string{"all": fastOut, "classic": classicOut, tables.Lane.Toolchain: swiss, tables.PrevLane.Toolchain: prevSwiss, "hash": s.hash.String(), "hasher": s.hasher.String()}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(s.tmp, name), []byte(text), 0o644); err != nil {
			return nil, err
		}
	}
	st := s.stats()
	if st.err != nil {
		return nil, st.err
	}
	verdicts, err := tables.LaneVerdicts(prevSwiss, swiss, st.runtimesPrev)
	if err != nil {
		return nil, err
	}
	out := &output{
		line:   fmt.Sprintf("$ go run ./tools/course bench -write -count %d -benchtime %s\n", s.o.count, s.o.benchtime),
		ratios: ratios, ratiosPrev: ratiosPrev,
	}
	out.files, out.names = st.files(out.line, ratios, ratiosPrev, verdicts)
	out.reading = reading.Tables{Runs: s.o.count, Table: st.all, Hash: st.hash, Hasher: st.hasher,
		RuntimesPrev: out.files[tables.RuntimesPrevFile], RatiosPrev: ratiosPrev, Fastpath: st.fastpath}
	return out, nil
}

// stats are the benchstat tables of a session's results, and their columns.
type stats struct {
	s   *session
	err error // the first of benchstat's errors: the tables after it are empty

	cols, hashCols, hasherCols                string
	all, runtimes, runtimesPrev, hash, hasher string
	fastpath                                  map[string]string // by lab map
}

// stats runs benchstat on the results in tmp.
func (s *session) stats() *stats {
	st := &stats{s: s, fastpath: map[string]string{}}
	st.cols = "/impl@(" + strings.Join(append([]string{"builtin"}, tables.Cols...), " ") + ")"
	st.all = st.run("-col", st.cols, st.arg("all"))
	st.runtimes = st.run(st.arg("classic"), st.arg(tables.PrevLane.Toolchain), st.arg(tables.Lane.Toolchain))
	st.runtimesPrev = st.run(st.arg(tables.PrevLane.Toolchain), st.arg(tables.Lane.Toolchain))
	for _, lm := range tables.LabMaps {
		st.fastpath[lm.Impl] = st.run("-col", tables.FastpathCols(lm.Impl), st.arg("all"))
	}
	st.hashCols = "/impl@(" + strings.Join(tables.HashImpls, " ") + ")"
	st.hash = st.run("-col", st.hashCols, st.arg("hash"))
	st.hasherCols = "/impl@(" + strings.Join(tables.HasherImpls, " ") + ")"
	st.hasher = st.run("-col", st.hasherCols, st.arg("hasher"))
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
	classic, prev, cur := lanes.Classic(), tables.PrevLane, tables.Lane
	fastpath := line
	for _, lm := range tables.LabMaps {
		fastpath += tables.FastpathHeader(lm.Impl) + st.fastpath[lm.Impl]
	}
	files := map[string]string{
		tables.RatiosFile: line + ratios,
		tables.TableFile:  line + "$ go tool benchstat -col '" + st.cols + "' all=<the results>\n" + st.all,
		tables.HashFile:   line + "$ go tool benchstat -col '" + st.hashCols + "' hash=<the results of BenchmarkHash>\n" + st.hash,
		tables.HasherFile: line + "$ go tool benchstat -col '" + st.hasherCols + "' hasher=<the results of BenchmarkHasher>\n" + st.hasher,
		tables.RuntimesFile: line + fmt.Sprintf("$ go tool benchstat classic=<%s, %s> %s=<%s> %s=<%s>\n",
			classic.Toolchain, classic.Experiment, prev.Toolchain, prev.Toolchain, cur.Toolchain, cur.Toolchain) + st.runtimes,
		tables.FastpathFile: fastpath,
		tables.RuntimesPrevFile: line + fmt.Sprintf("$ go tool benchstat %s=<the built-in map built by %s> %s=<the same, built by %s>\n",
			prev.Toolchain, prev.Toolchain, cur.Toolchain, cur.Toolchain) + st.runtimesPrev + verdicts,
		tables.RatiosPrevFile: line + ratiosPrev,
	}
	names := []string{tables.RatiosFile, tables.TableFile, tables.HashFile, tables.HasherFile, tables.RuntimesFile, tables.FastpathFile, tables.RuntimesPrevFile, tables.RatiosPrevFile}
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
