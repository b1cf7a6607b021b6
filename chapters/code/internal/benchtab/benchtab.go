// Package benchtab reads the comparison tables that benchstat prints with -col, so that a
// sentence of the book about a measurement can be checked against the committed output it
// quotes; and runs the go commands of the programs that make them.
package benchtab

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// A Table is one block of benchstat's output: one unit (sec/op, ops/s, B/op...), its columns
// and its rows.
type Table struct {
	Unit    string   // "sec/op"
	Columns []string // "mutex", "rwmutex", ...: the first is the base
	Rows    []Row    // in benchstat's order, the geomean row last when there is one
}

// A Row is one benchmark of a table.
type Row struct {
	Name  string // "Map/mix=read99-2", "geomean"
	Cells []Cell // one per column
}

// A Cell is one column of a row.
type Cell struct {
	Value  float64 // the center, in the unit without its prefix applied: 19.45n is 19.45e-9
	Spread string  // "5%", "" for the geomean row
	// Delta is benchstat's comparison with the base: "~", "+25.93%", "" for the base column.
	Delta string
	P     float64 // the p-value of Delta, 0 when none is printed
}

// Significant reports whether benchstat found the cell different from the base.
func (c Cell) Significant() bool { return c.Delta != "" && c.Delta != "~" }

// Percent is Delta as a number: +25.93% is 25.93. It is 0 for "~" and for the base.
func (c Cell) Percent() float64 {
	v, _ := strconv.ParseFloat(strings.TrimSuffix(c.Delta, "%"), 64)
	return v
}

// Rounded is Delta rounded to a whole percent, with the sign the book prints: "+26%", "−54%"
// (a minus sign, U+2212), "~" when it is not significant.
func (c Cell) Rounded() string {
	if !c.Significant() {
		return "~"
	}
	v := c.Percent()
	s := fmt.Sprintf("%+.0f%%", v)
	return strings.Replace(s, "-", "−", 1)
}

// Row returns the row of that name, benchmarks' GOMAXPROCS suffix included.
func (t Table) Row(name string) (Row, bool) {
	for _, r := range t.Rows {
		if r.Name == name {
			return r, true
		}
	}
	return Row{}, false
}

// Cell returns the cell of a column of a row.
func (t Table) Cell(row, col string) (Cell, error) {
	r, ok := t.Row(row)
	if !ok {
		return Cell{}, fmt.Errorf("no row %s in the %s table", row, t.Unit)
	}
	for i, c := range t.Columns {
		if c == col {
			return r.Cells[i], nil
		}
	}
	return Cell{}, fmt.Errorf("no column %s in the %s table (it has %s)", col, t.Unit, strings.Join(t.Columns, ", "))
}

var (
	value  = `([0-9][0-9.]*)([a-zA-Zµ]*)`
	cell   = regexp.MustCompile(`^\s*` + value + `(?:\s*±\s*(∞|[0-9.]+%))?(?:\s+(~|[+-][0-9.]+%)(?:\s+\(p=([0-9.]+) n=[0-9]+\))?)?(?:\s*[¹²³⁴⁵⁶⁷⁸⁹]+)?`)
	prefix = map[string]float64{"": 1, "n": 1e-9, "µ": 1e-6, "m": 1e-3, "k": 1e3, "K": 1e3, "M": 1e6, "G": 1e9, "Ki": 1 << 10, "Mi": 1 << 20, "Gi": 1 << 30}
)

// Parse reads every table of a benchstat output. Lines that are not part of a table (the
// command, goos, cpu, footnotes) are skipped.
func Parse(out string) ([]Table, error) {
	lines := strings.Split(out, "\n")
	var tables []Table
	for i := 0; i < len(lines); i++ {
		if !strings.Contains(lines[i], "│") || i+1 >= len(lines) || !strings.Contains(lines[i+1], "│") {
			continue
		}
		var t Table
		for _, c := range strings.Split(lines[i], "│")[1:] {
			if c = strings.TrimSpace(c); c != "" {
				t.Columns = append(t.Columns, c)
			}
		}
		units := strings.Split(lines[i+1], "│")
		if len(units) < 2 {
			return nil, fmt.Errorf("line %d: no unit under the columns", i+2)
		}
		t.Unit = strings.TrimSpace(units[1])
		for i += 2; i < len(lines) && strings.TrimSpace(lines[i]) != ""; i++ {
			r, err := parseRow(lines[i], len(t.Columns))
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", i+1, err)
			}
			t.Rows = append(t.Rows, r)
		}
		tables = append(tables, t)
	}
	if len(tables) == 0 {
		return nil, fmt.Errorf("no benchstat table")
	}
	return tables, nil
}

func parseRow(line string, columns int) (Row, error) {
	name, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
	r := Row{Name: name}
	for len(r.Cells) < columns {
		m := cell.FindStringSubmatchIndex(rest)
		if m == nil || m[1] == 0 {
			return Row{}, fmt.Errorf("row %s: %d cells, not %d: %q", name, len(r.Cells), columns, line)
		}
		sub := func(k int) string {
			if m[2*k] < 0 {
				return ""
			}
			return rest[m[2*k]:m[2*k+1]]
		}
		v, err := strconv.ParseFloat(sub(1), 64)
		if err != nil {
			return Row{}, fmt.Errorf("row %s: %v", name, err)
		}
		mult, ok := prefix[sub(2)]
		if !ok {
			return Row{}, fmt.Errorf("row %s: unknown prefix %q", name, sub(2))
		}
		c := Cell{Value: v * mult, Spread: sub(3), Delta: sub(4)}
		if p := sub(5); p != "" {
			c.P, _ = strconv.ParseFloat(p, 64)
		}
		r.Cells = append(r.Cells, c)
		rest = rest[m[1]:]
	}
	if strings.TrimSpace(rest) != "" {
		return Row{}, fmt.Errorf("row %s: more than %d cells: %q", name, columns, line)
	}
	return r, nil
}

// Find returns the table of a unit.
func Find(tables []Table, unit string) (Table, error) {
	var units []string
	for _, t := range tables {
		if t.Unit == unit {
			return t, nil
		}
		units = append(units, t.Unit)
	}
	return Table{}, fmt.Errorf("no %s table (there are: %s)", unit, strings.Join(units, ", "))
}

// Go runs the go command in the course's root, with env added to the environment, as the
// programs that make these tables run go test and go tool benchstat, and returns its standard
// output, or with an error everything it printed.
func Go(root string, env []string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), env...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		return out.String() + errOut.String(), err
	}
	return out.String(), nil
}

// Benchstat runs go tool benchstat with options on the results of go test -bench, given as a
// file named "results" (the name benchstat prints when it has one file and no -col of files),
// and returns its table.
func Benchstat(root, results string, options ...string) (string, error) {
	tmp, err := os.MkdirTemp("", "benchtab-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	file := filepath.Join(tmp, "results")
	if err := os.WriteFile(file, []byte(results), 0o644); err != nil {
		return "", err
	}
	table, err := Go(root, nil, append(append([]string{"tool", "benchstat"}, options...), "results="+file)...)
	if err != nil {
		return "", fmt.Errorf("go tool benchstat: %v\n%s", err, table)
	}
	return table, nil
}
