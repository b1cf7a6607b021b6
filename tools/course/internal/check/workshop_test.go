package check

import (
	"fmt"
	"gomaps/tools/course/internal/base"
	"gomaps/tools/course/internal/outputs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The instructor's guide, chapters/workshop.md, has agendas whose rows must add up, commands
// that CI must run, and quotes of the runner and the doctor that must be their real words.

const workshopGuide = "chapters/workshop.md"

// workshopCIRuns lists the commands the guide shows that are not a chapters/out/*.cmd command,
// each with the step of go run ./tools/course check that runs it. Keep it short: a command
// belongs in chapters/out when it is cheap enough.
var workshopCIRuns = map[string]string{
	// The outputs step runs every chapters/out/*.cmd, these eight among them, and prints how
	// long each took: the guide's measured runner times.
	"go run ./tools/course outputs -check 01-lab 02-lab 03-lab 04-lab 05-lab 06-lab 07-lab 08-lab": "outputs",
	// The test step runs TestDoctorOnThisMachine: the doctor's checks on the CI machine.
	"go run ./tools/course doctor":  "test",
	"go run ./tools/course prepare": "prepare",
	// The runner's golden tests (tools/lab/testdata/checkpoint-*.txtar) run checkpoint and
	// restore on the fixture course; the lab step's verify checks every lab's checkpoints.
	"go run ./tools/lab checkpoint 03 5": "test",
	// The pack step makes a pack, clones its bundle and unpacks it with GOPROXY=off.
	"go run ./tools/course pack ../room-pack":                                                            "pack",
	"git clone room-pack/course.bundle gomaps && cd gomaps && go run ./tools/course unpack ../room-pack": "pack",
}

func workshopRoot(t *testing.T) string {
	t.Helper()
	root, err := base.FindRoot()
	if err != nil {
		t.Fatal(err)
	}
	return root
}

func workshopRead(t *testing.T, root, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, name))
	if err != nil {
		t.Fatal(err)
	}
	return strings.ReplaceAll(string(data), "\r\n", "\n")
}

// workshopFences returns the lines of every fenced block of the given language, one slice per
// block, without the fences and with the block's indentation removed.
func workshopFences(text, lang string) [][]string {
	var blocks [][]string
	var cur []string
	in, indent := false, ""
	for _, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case !in && strings.HasPrefix(trimmed, "```"):
			in, indent = true, line[:len(line)-len(strings.TrimLeft(line, " "))]
			if strings.TrimPrefix(trimmed, "```") == lang {
				cur = []string{}
			} else {
				cur = nil
			}
		case in && trimmed == "```":
			in = false
			if cur != nil {
				blocks = append(blocks, cur)
			}
		case in && cur != nil:
			cur = append(cur, strings.TrimPrefix(line, indent))
		}
	}
	return blocks
}

// workshopEstimates reads the minutes of chapters/out/workshop-labsize.txt, by "talk 05" and
// "lab 05".
func workshopEstimates(t *testing.T, text string) map[string]int {
	t.Helper()
	est := map[string]int{}
	row := regexp.MustCompile(`^\s*(\d\d)-\S+(\s+\S+){6}\s+(\d+)\s+(\d+|-)\s*$`)
	for _, line := range strings.Split(text, "\n") {
		m := row.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		est["talk "+m[1]], _ = strconv.Atoi(m[3])
		if m[4] != "-" {
			est["lab "+m[1]], _ = strconv.Atoi(m[4])
		}
	}
	if len(est) < 10 {
		t.Fatalf("chapters/out/workshop-labsize.txt has %d estimates; want a talk for every chapter and a lab for every lab:\n%s", len(est), text)
	}
	return est
}

// A workshopAgenda is one agenda of the guide: its heading, the day it states, its rows.
type workshopAgenda struct {
	title      string
	days       int
	start, end int // minutes after midnight
	rows       []workshopRow
	total      int // the total row's minutes; -1 when there is none
}

type workshopRow struct {
	day, start, min int
	what, time      string
}

var (
	workshopTimeLine = regexp.MustCompile(`^Time: (\d+) days?, (?:each )?(\d\d:\d\d) to (\d\d:\d\d)\.$`)
	workshopTotalRow = regexp.MustCompile(`^\*\*(\d+)\*\*$`)
)

func workshopClock(s string) (int, error) {
	h, m, ok := strings.Cut(s, ":")
	hh, err1 := strconv.Atoi(h)
	mm, err2 := strconv.Atoi(m)
	if !ok || err1 != nil || err2 != nil || len(s) != 5 {
		return 0, fmt.Errorf("%q is not a time as 09:00", s)
	}
	return hh*60 + mm, nil
}

func workshopHHMM(minutes int) string { return fmt.Sprintf("%02d:%02d", minutes/60, minutes%60) }

// workshopAgendas parses the agendas: every ### section of "## Agendas" that has a table.
func workshopAgendas(text string) ([]*workshopAgenda, error) {
	var agendas []*workshopAgenda
	var cur *workshopAgenda
	inAgendas := false
	for n, line := range strings.Split(text, "\n") {
		where := fmt.Sprintf("%s:%d", workshopGuide, n+1)
		switch {
		case strings.HasPrefix(line, "## "):
			inAgendas = line == "## Agendas"
			cur = nil
			continue
		case !inAgendas:
			continue
		case strings.HasPrefix(line, "### "):
			cur = &workshopAgenda{title: strings.TrimPrefix(line, "### "), total: -1}
			agendas = append(agendas, cur)
			continue
		case cur == nil:
			continue
		}
		if m := workshopTimeLine.FindStringSubmatch(line); m != nil {
			cur.days, _ = strconv.Atoi(m[1])
			var err error
			if cur.start, err = workshopClock(m[2]); err != nil {
				return nil, fmt.Errorf("%s: %v", where, err)
			}
			if cur.end, err = workshopClock(m[3]); err != nil {
				return nil, fmt.Errorf("%s: %v", where, err)
			}
			continue
		}
		if !strings.HasPrefix(line, "|") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		if len(cells) != 6 {
			return nil, fmt.Errorf("%s: %d cells; want 6: day, start, min, what, how, time", where, len(cells))
		}
		if cells[0] == "day" || strings.HasPrefix(cells[0], "---") {
			continue
		}
		if cells[3] == "**total**" {
			m := workshopTotalRow.FindStringSubmatch(cells[2])
			if m == nil {
				return nil, fmt.Errorf("%s: the total row's minutes %q; want **N**", where, cells[2])
			}
			cur.total, _ = strconv.Atoi(m[1])
			continue
		}
		day, err := strconv.Atoi(cells[0])
		if err != nil {
			return nil, fmt.Errorf("%s: day %q is not a number", where, cells[0])
		}
		start, err := workshopClock(cells[1])
		if err != nil {
			return nil, fmt.Errorf("%s: %v", where, err)
		}
		minutes, err := strconv.Atoi(cells[2])
		if err != nil || minutes <= 0 {
			return nil, fmt.Errorf("%s: minutes %q; want a positive number", where, cells[2])
		}
		cur.rows = append(cur.rows, workshopRow{day: day, start: start, min: minutes, what: cells[3], time: cells[5]})
	}
	return slices.DeleteFunc(agendas, func(a *workshopAgenda) bool { return len(a.rows) == 0 }), nil
}

var workshopTimeCell = regexp.MustCompile(`^estimate: (talk|lab) (\d\d)(?:, part (\d) of (\d))?(?:, plus (\d+) for the runner)?$`)

// check returns what is wrong with the agenda: rows that do not follow each other, days that do
// not fit, a total that is not the sum, and minutes that are not the estimates they name.
func (a *workshopAgenda) check(est map[string]int) []string {
	var errs []string
	bad := func(format string, args ...any) { errs = append(errs, a.title+": "+fmt.Sprintf(format, args...)) }
	if a.days == 0 {
		bad(`no line "Time: N days, 09:00 to 17:00."`)
		return errs
	}
	if a.end <= a.start {
		bad("the day ends at %s, before it starts at %s", workshopHHMM(a.end), workshopHHMM(a.start))
	}
	sum := 0
	byKey := map[string]int{} // the minutes of the rows that take an estimate, less the runner's
	parts := map[string][]int{}
	for day := 1; day <= a.days; day++ {
		clock := a.start
		for _, r := range a.rows {
			if r.day != day {
				continue
			}
			if r.start != clock {
				bad("day %d: %q starts at %s; the row before it ends at %s", day, r.what, workshopHHMM(r.start), workshopHHMM(clock))
			}
			clock = r.start + r.min
		}
		if clock != a.end {
			bad("day %d ends at %s; the agenda says its days end at %s", day, workshopHHMM(clock), workshopHHMM(a.end))
		}
	}
	for _, r := range a.rows {
		if r.day < 1 || r.day > a.days {
			bad("%q is on day %d of %d", r.what, r.day, a.days)
		}
		sum += r.min
		m := workshopTimeCell.FindStringSubmatch(r.time)
		if m == nil {
			if strings.HasPrefix(r.time, "estimate") {
				bad("%q: time %q; want estimate: talk NN or lab NN, with , part K of N or , plus M for the runner", r.what, r.time)
			}
			continue
		}
		key := m[1] + " " + m[2]
		plus, _ := strconv.Atoi(m[5])
		byKey[key] += r.min - plus
		if m[3] != "" {
			k, _ := strconv.Atoi(m[3])
			n, _ := strconv.Atoi(m[4])
			parts[key] = append(parts[key], k)
			if k < 1 || k > n {
				bad("%q: part %d of %d", r.what, k, n)
			}
		}
	}
	if a.total != sum {
		bad("the rows add up to %d minutes; the total row says %d", sum, a.total)
	}
	if want := a.days * (a.end - a.start); a.total != want {
		bad("the total is %d minutes; %d day(s) of %s to %s are %d", a.total, a.days, workshopHHMM(a.start), workshopHHMM(a.end), want)
	}
	for key, got := range byKey {
		want, ok := est[key]
		switch {
		case !ok:
			bad("the rows take the estimate of %s, which chapters/out/workshop-labsize.txt does not have", key)
		case got != want:
			bad("the rows of %s take %d minutes (the runner's added minutes left out); its estimate is %d", key, got, want)
		}
	}
	return errs
}

func TestWorkshopAgendasAddUp(t *testing.T) {
	root := workshopRoot(t)
	guide := workshopRead(t, root, workshopGuide)
	est := workshopEstimates(t, workshopRead(t, root, "chapters/out/workshop-labsize.txt"))
	agendas, err := workshopAgendas(guide)
	if err != nil {
		t.Fatal(err)
	}
	if len(agendas) != 3 {
		t.Fatalf("%d agendas with a table; want 3 (three hours, one day, two days)", len(agendas))
	}
	for _, a := range agendas {
		for _, e := range a.check(est) {
			t.Error(e)
		}
	}
}

// TestWorkshopCheckFindsErrors breaks a copy of each agenda in the ways the check must notice.
func TestWorkshopCheckFindsErrors(t *testing.T) {
	est := map[string]int{"talk 01": 10, "lab 01": 30}
	good := func() *workshopAgenda {
		return &workshopAgenda{title: "test", days: 1, start: 9 * 60, end: 10 * 60, total: 60, rows: []workshopRow{
			{1, 9 * 60, 10, "talk", "estimate: talk 01"},
			{1, 9*60 + 10, 15, "lab, part 1", "estimate: lab 01, part 1 of 2"},
			{1, 9*60 + 25, 10, "break", "fixed"},
			{1, 9*60 + 35, 25, "lab, part 2", "estimate: lab 01, part 2 of 2, plus 10 for the runner"},
		}}
	}
	if errs := good().check(est); len(errs) > 0 {
		t.Fatalf("a good agenda fails: %q", errs)
	}
	tests := []struct {
		name   string
		break_ func(a *workshopAgenda)
		want   string
	}{
		{"a sum", func(a *workshopAgenda) { a.total = 65 }, "the rows add up to 60 minutes; the total row says 65"},
		{"a row's minutes", func(a *workshopAgenda) { a.rows[2].min = 15; a.total = 65 }, "starts at 09:35; the row before it ends at 09:40"},
		{"the day's end", func(a *workshopAgenda) { a.end = 10*60 + 30 }, "day 1 ends at 10:00; the agenda says its days end at 10:30"},
		{"an estimate", func(a *workshopAgenda) {
			a.rows[0].min = 5
			a.rows[1].start -= 5
			a.rows[2].start -= 5
			a.rows[3].start -= 5
			a.rows = append(a.rows, workshopRow{1, 9*60 + 55, 5, "close", "fixed"})
		}, "the rows of talk 01 take 5 minutes"},
		{"a day too many", func(a *workshopAgenda) { a.rows[3].day = 2 }, "is on day 2 of 1"},
		{"an unknown estimate", func(a *workshopAgenda) { a.rows[0].time = "estimate: talk 42" }, "which chapters/out/workshop-labsize.txt does not have"},
	}
	for _, tt := range tests {
		a := good()
		tt.break_(a)
		errs := a.check(est)
		if !slices.ContainsFunc(errs, func(e string) bool { return strings.Contains(e, tt.want) }) {
			t.Errorf("%s broken: errors %q; want one with %q", tt.name, errs, tt.want)
		}
	}
}

// TestWorkshopCommandsRunInCI checks that every command line of the guide's sh fences is a
// chapters/out/*.cmd command, or one that a step of the check runs (workshopCIRuns).
func TestWorkshopCommandsRunInCI(t *testing.T) {
	root := workshopRoot(t)
	guide := workshopRead(t, root, workshopGuide)
	lines, err := outputs.Lines(root)
	if err != nil || len(lines) == 0 {
		t.Fatalf("no chapters/out/*.cmd (%v)", err)
	}
	known := map[string]bool{}
	for _, line := range lines {
		known[line] = true
	}
	steps := names(allSteps())
	shown := 0
	for _, block := range workshopFences(guide, "sh") {
		for _, line := range block {
			line = strings.TrimSpace(line)
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			shown++
			if known[line] {
				continue
			}
			step, ok := workshopCIRuns[line]
			switch {
			case !ok:
				t.Errorf("%s shows %q, which is neither a chapters/out/*.cmd command nor in workshopCIRuns", workshopGuide, line)
			case !slices.Contains(steps, step):
				t.Errorf("workshopCIRuns says step %q runs %q; the check has no such step (%s)", step, line, strings.Join(steps, ", "))
			}
		}
	}
	if shown == 0 {
		t.Fatalf("%s shows no command in a sh fence", workshopGuide)
	}
	for line := range workshopCIRuns {
		if !strings.Contains(guide, line) {
			t.Errorf("workshopCIRuns lists %q, which %s no longer shows: remove it", line, workshopGuide)
		}
	}
}

// TestWorkshopQuotesAreReal checks that every line of the guide's text fences that is not an
// included output is the runner's or the doctor's own words: a part of a generated output, of
// the runner's golden tests, of what TestWrongAnswers checks the runner says of a wrong answer
// (its say lines), or of the doctor's code and tests. A line may end with " …" to quote only its
// start.
func TestWorkshopQuotesAreReal(t *testing.T) {
	root := workshopRoot(t)
	guide := workshopRead(t, root, workshopGuide)
	var sources []string
	for _, pattern := range []string{"chapters/out/*.txt", "tools/lab/testdata/*.txtar", "tools/course/internal/doctor/*.go"} {
		files, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(pattern)))
		if err != nil || len(files) == 0 {
			t.Fatalf("no %s (%v)", pattern, err)
		}
		for _, f := range files {
			rel, _ := filepath.Rel(root, f)
			sources = append(sources, workshopRead(t, root, rel))
		}
	}
	wrong, err := filepath.Glob(filepath.Join(root, "tools", "lab", "testdata", "wrong", "*.txtar"))
	if err != nil || len(wrong) == 0 {
		t.Fatalf("no wrong answers in tools/lab/testdata/wrong (%v)", err)
	}
	for _, f := range wrong {
		rel, _ := filepath.Rel(root, f)
		for _, line := range strings.Split(workshopRead(t, root, rel), "\n") {
			if say, ok := strings.CutPrefix(line, "say "); ok {
				sources = append(sources, say)
			}
		}
	}
	quoted := 0
	for _, block := range workshopFences(guide, "text") {
		for _, line := range block {
			line = strings.TrimSpace(line)
			if line == "" || strings.HasPrefix(line, "--8<--") {
				continue
			}
			quoted++
			quote := strings.TrimSuffix(line, " …")
			if !slices.ContainsFunc(sources, func(s string) bool { return strings.Contains(s, quote) }) {
				t.Errorf("%s quotes %q, which no generated output, runner golden test, wrong answer's say line or doctor file has", workshopGuide, quote)
			}
		}
	}
	if quoted == 0 {
		t.Fatalf("%s quotes nothing in a text fence", workshopGuide)
	}
}
