package claims

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gomaps/chapters/code/internal/benchtab"
	"gomaps/chapters/code/internal/gosrc"
)

func resolver(t *testing.T) *gosrc.Resolver {
	t.Helper()
	r, err := gosrc.NewResolver()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestRowsAreComplete: every row has an ID in order, a section, a claim, a verdict on the scale,
// a ruling, evidence, and a test unless the claim cannot be checked as stated.
func TestRowsAreComplete(t *testing.T) {
	prefixes := []string{}
	for _, p := range Posts {
		prefixes = append(prefixes, p.Prefix)
	}
	for _, r := range References {
		prefixes = append(prefixes, r.Prefix)
		if r.Ruled() && (r.Where == "" || r.Readers == "" || r.Version == "") {
			t.Errorf("%s: a reference ruled on says where it is read, who reads it and the Go version it describes", r.Prefix)
		}
		if r.Ruled() == (strings.TrimSpace(r.Unread) != "") {
			t.Errorf("%s: a reference has rows or says why it is not ruled on (Unread), not both and not neither", r.Prefix)
		}
		for _, c := range r.Rows {
			if strings.TrimSpace(c.Held) == "" {
				t.Errorf("%s: no Held: a reference's claim says on which versions it was true", c.ID)
			}
		}
	}
	for _, prefix := range prefixes {
		rows := Of(prefix)
		for i, c := range rows {
			want := fmt.Sprintf("%s-%02d", prefix, i+1)
			if c.ID != want {
				t.Errorf("row %d of %s has ID %q; want %q (post or reference, then order of appearance)", i+1, prefix, c.ID, want)
			}
			if !idPattern.MatchString(c.ID) {
				t.Errorf("%s: an ID is S<post>-<two digits> or R<reference>-<two digits>", c.ID)
			}
			for field, v := range map[string]string{"Section": c.Section, "Claim": c.Claim, "Ruling": c.Ruling, "Teach": c.Teach} {
				if strings.TrimSpace(v) == "" {
					t.Errorf("%s: no %s", c.ID, field)
				}
			}
			if c.Verdict < True || c.Verdict > NoSuchAPI {
				t.Errorf("%s: verdict %v is not on the scale", c.ID, c.Verdict)
			}
			if len(c.Evidence) == 0 {
				t.Errorf("%s: no evidence", c.ID)
			}
			if c.Test == "" && c.Verdict != Uncheckable {
				t.Errorf("%s: no test; only a claim that cannot be checked as stated may have none", c.ID)
			}
			if c.Test != "" && !strings.HasPrefix(c.Test, c.TestPrefix()) {
				t.Errorf("%s: test %s is not named by the claim's ID: want %s...", c.ID, c.Test, c.TestPrefix())
			}
		}
	}
}

// TestEveryTestNamesAClaim: the tests the rows name exist, and every test named like a claim is
// a row's test.
func TestEveryTestNamesAClaim(t *testing.T) {
	r := resolver(t)
	tests, err := Tests(r.Repo)
	if err != nil {
		t.Fatal(err)
	}
	named := map[string]string{}
	for _, c := range All() {
		if c.Test == "" {
			continue
		}
		if other, dup := named[c.Test]; dup {
			t.Errorf("%s and %s both name %s: one test per claim", other, c.ID, c.Test)
		}
		named[c.Test] = c.ID
		if _, ok := tests[c.Test]; !ok {
			t.Errorf("%s names %s, which no _test.go file under chapters/code/09-claims declares", c.ID, c.Test)
		}
	}
	for name, dir := range tests {
		if _, ok := named[name]; !ok {
			t.Errorf("%s (in %s) is named like a claim's test, and no row names it", name, dir)
		}
	}
}

// TestProgramsAreOutputs: a program a row names is the command of a chapters/out/*.cmd file, so
// CI runs it.
func TestProgramsAreOutputs(t *testing.T) {
	r := resolver(t)
	cmds, err := filepath.Glob(filepath.Join(r.Repo, "chapters", "out", "*.cmd"))
	if err != nil {
		t.Fatal(err)
	}
	lines := map[string]bool{}
	for _, f := range cmds {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(data), "\n") {
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
				lines[l] = true
			}
		}
	}
	for _, c := range All() {
		if c.Program != "" && !lines[c.Program] {
			t.Errorf("%s: program %q is not the command of any chapters/out/*.cmd", c.ID, c.Program)
		}
	}
}

// varyDirective is a "# vary REGEXP" line of a chapters/out/*.cmd file: text of the output that
// the outputs check (go run ./tools/course outputs -check) masks, line by line, before it compares
// a fresh output with the committed one. checkMasks are the masks the check applies to every
// output, as tools/course/internal/scrub writes them: durations and hex numbers.
var (
	varyDirective = regexp.MustCompile(`^#\s*vary\s+(.+?)\s*$`)
	checkMasks    = []*regexp.Regexp{
		regexp.MustCompile(`\(cached\)|\b(\d+(\.\d+)?(ns|µs|us|ms|s|m|h))+\b`),
		regexp.MustCompile(`0x[0-9a-fA-F]+`),
	}
)

// TestOutputEvidenceIsCompared: where a row's evidence is a line of a committed output, what its
// pattern depends on is compared by the outputs check. A pattern that pins a figure the check
// masks (a count that depends on the hash seed, a heap read while the collector runs) holds only
// for the run that was committed: a regenerated output may print another figure, and nothing
// checks the row's figure meanwhile. So the test changes every digit that a mask covers in the
// cited line (d to d+1, 9 to 0), in the words that start with a figure (not "read90-2", a
// benchmark's name); where the masks still hide the change, the row's pattern must still match.
// (A mask that accepts only a range, such as `28[5-9] MB`, does not hide every change: there the
// pattern may state the same range.)
func TestOutputEvidenceIsCompared(t *testing.T) {
	r := resolver(t)
	masks := map[string][]*regexp.Regexp{}
	masksOf := func(name string) []*regexp.Regexp {
		if m, ok := masks[name]; ok {
			return m
		}
		data, err := os.ReadFile(filepath.Join(r.Repo, "chapters", "out", name+".cmd"))
		if err != nil {
			t.Fatal(err)
		}
		var m []*regexp.Regexp
		for _, l := range strings.Split(string(data), "\n") {
			if v := varyDirective.FindStringSubmatch(strings.TrimSpace(l)); v != nil {
				m = append(m, regexp.MustCompile("(?m)"+v[1]))
			}
		}
		masks[name] = append(m, checkMasks...)
		return masks[name]
	}
	mask := func(line string, res []*regexp.Regexp) string {
		for _, re := range res {
			line = re.ReplaceAllString(line, "<masked>")
		}
		return line
	}
	for _, c := range All() {
		for _, e := range c.Evidence {
			o, ok := e.(Output)
			if !ok {
				continue
			}
			find := regexp.MustCompile(o.Find)
			data, err := os.ReadFile(filepath.Join(r.Repo, "chapters", "out", o.Name+".txt"))
			if err != nil {
				continue // TestEvidenceIsWhereItSays says so
			}
			i := slices.IndexFunc(strings.Split(string(data), "\n"), find.MatchString)
			if i < 0 {
				continue // TestEvidenceIsWhereItSays says so
			}
			line, res := strings.Split(string(data), "\n")[i], masksOf(o.Name)
			masked := make([]bool, len(line))
			for _, re := range res {
				for _, span := range re.FindAllStringIndex(line, -1) {
					for i := span[0]; i < span[1]; i++ {
						masked[i] = true
					}
				}
			}
			changed := []byte(line)
			figure := false // in a word whose first letter or digit is a digit
			for i := range len(line) {
				switch ch := line[i]; {
				case ch == ' ' || ch == '\t':
					figure = false
				case i == 0 || line[i-1] == ' ' || line[i-1] == '\t':
					word := strings.TrimLeft(line[i:], "+-−.([=~±")
					figure = word != "" && '0' <= word[0] && word[0] <= '9'
				}
				if figure && masked[i] && '0' <= line[i] && line[i] <= '9' {
					changed[i] = '0' + (line[i]-'0'+1)%10
				}
			}
			if string(changed) == line || mask(string(changed), res) != mask(line, res) {
				continue
			}
			if !find.MatchString(string(changed)) {
				t.Errorf("%s: its evidence %s, Find %q, pins a figure that the outputs check masks in %q (chapters/out/%s.cmd): the same line with other figures, %q, would pass the check and fail the pattern", c.ID, o.Name, o.Find, line, o.Name, string(changed))
			}
		}
	}
}

// TestEvidenceIsWhereItSays looks every piece of evidence up again, at the version it names,
// and checks every link into a chapter: the generator does the same, and fails the same way.
func TestEvidenceIsWhereItSays(t *testing.T) {
	rd, err := NewRenderer(resolver(t))
	if err != nil {
		t.Fatal(err)
	}
	var notHere []string
	for _, c := range All() {
		var b strings.Builder
		var docs *gosrc.DocsNotHereError
		switch err := rd.claim(&b, c); {
		case errors.As(err, &docs):
			// Only the spec and the API lists of another minor release than the installed Go:
			// the rest of the row is unchecked too, so say so, once per row.
			notHere = append(notHere, fmt.Sprintf("%s: %v", c.ID, err))
		case err != nil:
			t.Errorf("%s: %v", c.ID, err)
		}
	}
	if len(notHere) > 0 {
		t.Skipf("%d rows cite a file this machine cannot read, so they were not checked here (CI checks them):\n%s", len(notHere), strings.Join(notHere, "\n"))
	}
}

// TestS0MeasuredOrders checks the orders that the rulings of S0-35 read from the committed
// output of 09-s0-benchstat-shards (its figures are Measured evidence): it reads a committed
// file and measures nothing, so a new measurement that changes an order fails here until the
// ruling is rewritten from it.
func TestS0MeasuredOrders(t *testing.T) {
	r := resolver(t)
	data, err := os.ReadFile(filepath.Join(r.Repo, "chapters", "out", "09-s0-benchstat-shards.txt"))
	if err != nil {
		t.Fatal(err)
	}
	tables, err := benchtab.Parse(string(data))
	if err != nil {
		t.Fatal(err)
	}
	ops, err := benchtab.Find(tables, "ops/s")
	if err != nil {
		t.Fatal(err)
	}
	p99, err := benchtab.Find(tables, "p99-sec")
	if err != nil {
		t.Fatal(err)
	}
	maps := []string{"rwmutex", "syncmap", "sharded32"}
	// order lists the maps of a row from the most operations per second to the fewest.
	order := func(mix string) []string {
		got := slices.Clone(maps)
		v := map[string]float64{}
		for _, m := range got {
			c, err := ops.Cell("Shards/mix="+mix+"-2", m)
			if err != nil {
				t.Fatal(err)
			}
			v[m] = c.Value
		}
		slices.SortFunc(got, func(a, b string) int { return cmp.Compare(v[b], v[a]) })
		return got
	}
	// "at 99% reads sync.Map and the 32-shard map beat the RWMutex map, sync.Map first"
	if got := order("read99"); !slices.Equal(got, []string{"syncmap", "sharded32", "rwmutex"}) {
		t.Errorf("at 99%% reads the order is %v; S0-35 says sync.Map, the 32-shard map, the RWMutex map", got)
	}
	// "The post's order, the sharded map first, came out in no mix."
	post := []string{"sharded32", "syncmap", "rwmutex"}
	for _, mix := range []string{"read99", "read90", "read50"} {
		if got := order(mix); slices.Equal(got, post) {
			t.Errorf("at mix %s the order is the post's, %v; S0-35 says it came out in no mix", mix, got)
		}
	}
	// "the 32-shard map had the best P99 at 99% reads and the worst at 90% and 50%"
	for mix, best := range map[string]bool{"read99": true, "read90": false, "read50": false} {
		row, ok := p99.Row("Shards/mix=" + mix + "-2")
		if !ok {
			t.Fatalf("no p99-sec row of mix %s", mix)
		}
		sharded := slices.Index(p99.Columns, "sharded32")
		for i, c := range row.Cells {
			if i == sharded {
				continue
			}
			if beaten := c.Value < row.Cells[sharded].Value; beaten == best {
				t.Errorf("mix %s: %s's P99 is %g s and the 32-shard map's %g s; S0-35 says the 32-shard map had the %s", mix, p99.Columns[i], c.Value, row.Cells[sharded].Value, map[bool]string{true: "best", false: "worst"}[best])
			}
		}
	}
}

// TestCitationSentences: a citation of each kind, in each language, reads as the chapter
// prints it, note included: the line's text as code, an absence's pattern as written.
func TestCitationSentences(t *testing.T) {
	line := gosrc.Citation{File: "src/runtime/map.go", Line: 7, Version: "Go 1.27.3", Text: "if h == nil { `x` | y", Note: "the nil map"}
	inDecl := line
	inDecl.Decl, inDecl.Scope = "mapassign", gosrc.InDecl
	absent := func(scope gosrc.Scope, file, decl string) gosrc.Citation {
		return gosrc.Citation{File: file, Version: "k8s.io/client-go v0.35.0", Decl: decl, Text: `hash0|x`, Absent: true, Scope: scope}
	}
	for _, tc := range []struct {
		c           gosrc.Citation
		english, zh string
	}{
		{line, "`src/runtime/map.go:7` at Go 1.27.3: `if h == nil { 'x' \\| y`: the nil map", "`src/runtime/map.go:7`（Go 1.27.3）：`if h == nil { 'x' \\| y`：the nil map"},
		{inDecl, "`src/runtime/map.go:7` in `mapassign` at Go 1.27.3: `if h == nil { 'x' \\| y`: the nil map", "`src/runtime/map.go:7`（`mapassign` 中，Go 1.27.3）：`if h == nil { 'x' \\| y`：the nil map"},
		{absent(gosrc.InFile, "tools/cache/store.go", ""), "no line of `tools/cache/store.go` of k8s.io/client-go v0.35.0 matches `hash0|x`", "k8s.io/client-go v0.35.0 的 `tools/cache/store.go` 中没有一行匹配 `hash0|x`"},
		{absent(gosrc.InDecl, "tools/cache/store.go", "Store.Add"), "no line of `tools/cache/store.go` in `Store.Add` of k8s.io/client-go v0.35.0 matches `hash0|x`", "k8s.io/client-go v0.35.0 的 `tools/cache/store.go` 的 `Store.Add` 中没有一行匹配 `hash0|x`"},
		{absent(gosrc.InDir, "tools", ""), "no Go file under `tools/` of k8s.io/client-go v0.35.0 matches `hash0|x`", "k8s.io/client-go v0.35.0 的 `tools/` 下没有一个 Go 文件匹配 `hash0|x`"},
		{absent(gosrc.InTree, ".", ""), "no Go file of k8s.io/client-go v0.35.0 matches `hash0|x`", "k8s.io/client-go v0.35.0 中没有一个 Go 文件匹配 `hash0|x`"},
	} {
		for lang, want := range map[Lang]string{English: tc.english, Chinese: tc.zh} {
			if got := lang.cite(tc.c); got != want {
				t.Errorf("%s cite(%+v) =\n\t%s\nwant\n\t%s", lang, tc.c, got, want)
			}
		}
	}
}
