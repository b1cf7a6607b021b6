package limit

import (
	"fmt"
	"regexp"
	"testing"

	"gomaps/chapters/code/internal/benchtab"
	"gomaps/chapters/code/internal/booktest"
)

// TestChapter03LimitFigures checks what chapter 03's "Where the limit is" says of the committed
// runs 03-limit and 03-limit-tables against them. It reads committed files and measures nothing:
// a new run that contradicts a sentence fails here until the sentence is rewritten from it.
func TestChapter03LimitFigures(t *testing.T) {
	read := func(name string) string { return booktest.Read(t, name) }
	chapter := booktest.Open(t, "chapters/03-swiss.md")
	says := func(sentence string) { t.Helper(); chapter.Says(t, sentence, "the committed run") }

	// "the runtime's map of the same 1,000 keys already has a directory and two tables"
	if !regexp.MustCompile(`(?m)^len=1e3: 1000 entries, a directory of 2 entries, 2 tables `).MatchString(read("chapters/out/03-limit-tables.txt")) {
		t.Errorf("chapters/out/03-limit-tables.txt: the map of 1,000 entries is not two tables behind a directory of 2, as the chapter says")
	}
	says("the runtime's map of the same 1,000 keys already has a directory and two tables")

	tables, err := benchtab.Parse(read("chapters/out/03-limit.txt"))
	if err != nil {
		t.Fatal(err)
	}
	// The processor time, which waiting for a processor on a busy machine does not inflate.
	tab, err := benchtab.Find(tables, "cpu-sec/op")
	if err != nil {
		t.Fatal(err)
	}
	if tab.Columns[0] != "cockroach" {
		t.Fatalf("chapters/out/03-limit.txt: the base column is %s; the chapter reads cockroach-1024 against cockroach", tab.Columns[0])
	}
	cell := func(op, n string) benchtab.Cell {
		t.Helper()
		// benchstat ends a row's name with the run's GOMAXPROCS, unless it is 1.
		name := regexp.MustCompile(`^Lookup/op=` + op + `/len=` + n + `(-[0-9]+)?$`)
		for _, r := range tab.Rows {
			if name.MatchString(r.Name) {
				c, err := tab.Cell(r.Name, "cockroach-1024")
				if err != nil {
					t.Fatal(err)
				}
				return c
			}
		}
		t.Fatalf("chapters/out/03-limit.txt: no row %s", name)
		return benchtab.Cell{}
	}
	// "With the runtime's limit, the same library's lookups in a map of 1,000 entries take longer
	// (+A for hits, +B for misses in this run)"
	hit, miss := cell("get-hit", "1e3"), cell("get-miss", "1e3")
	for _, c := range []benchtab.Cell{hit, miss} {
		if !c.Significant() || c.Percent() <= 0 {
			t.Errorf("chapters/out/03-limit.txt: cockroach-1024 at 1e3 is %s against cockroach; the chapter says it takes longer", c.Delta)
		}
	}
	says(fmt.Sprintf("take longer (%s for hits, %s for misses in this run)", hit.Rounded(), miss.Rounded()))
	// "at 100,000 entries ... benchstat sees no difference"
	for _, op := range []string{"get-hit", "get-miss"} {
		if c := cell(op, "1e5"); c.Significant() {
			t.Errorf("chapters/out/03-limit.txt: cockroach-1024 %s at 1e5 is %s against cockroach; the chapter says benchstat sees no difference", op, c.Delta)
		}
	}
}
