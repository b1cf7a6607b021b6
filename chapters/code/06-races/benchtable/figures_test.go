package main

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"gomaps/chapters/code/internal/benchtab"
	"gomaps/chapters/code/internal/booktest"
)

// TestChapter06Figures checks the sentences of chapter 06's "Which one is fastest?" against
// the committed run they quote, chapters/out/06-bench.txt. It reads committed files and
// measures nothing: a new run that contradicts a sentence fails here until the sentence is
// rewritten from it.
func TestChapter06Figures(t *testing.T) {
	read := func(name string) string { return booktest.Read(t, name) }
	chapter := booktest.Open(t, "chapters/06-races.md")
	says := func(sentence string) { t.Helper(); chapter.Says(t, sentence, "chapters/out/06-bench.txt") }
	tables, err := benchtab.Parse(read("chapters/out/06-bench.txt"))
	if err != nil {
		t.Fatal(err)
	}
	tab, err := benchtab.Find(tables, "sec/op")
	if err != nil {
		t.Fatal(err)
	}
	cell := func(row, col string) benchtab.Cell {
		t.Helper()
		c, err := tab.Cell(row, col)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	row := func(mix, procs string) string { return "Map/mix=" + mix + procs }
	mixes := []string{"read99", "read90", "read50"}
	procs := []string{"", "-2", "-4"}

	// "Measured on Go 1.27.3": the toolchain of the command.
	tc := regexp.MustCompile(`(?m)^GOTOOLCHAIN=go(\S+) `).FindStringSubmatch(read("chapters/out/06-bench.cmd"))
	if tc == nil {
		t.Fatal("chapters/out/06-bench.cmd names no GOTOOLCHAIN")
	}
	says("Measured on Go " + tc[1] + ",")

	// "With half the operations writing, sync.Map is slower than the mutex map at every
	// GOMAXPROCS, and benchstat marks all three differences as significant."
	for _, p := range procs {
		if c := cell(row("read50", p), "syncmap"); !c.Significant() || c.Percent() <= 0 {
			t.Errorf("%s: sync.Map %s against the mutex map; the chapter says it is significantly slower", row("read50", p), c.Delta)
		}
	}
	// "With 99% reads and more than one goroutine, sync.Map is the fastest of the four. At
	// GOMAXPROCS=1, or with 10% writes, it is as slow as or slower than the mutex map."
	for _, p := range []string{"-2", "-4"} {
		r, _ := tab.Row(row("read99", p))
		for i, c := range r.Cells {
			if tab.Columns[i] != "syncmap" && c.Value <= cell(r.Name, "syncmap").Value {
				t.Errorf("%s: %s is as fast as sync.Map; the chapter says sync.Map is the fastest", r.Name, tab.Columns[i])
			}
		}
	}
	for _, r := range []string{row("read99", ""), row("read90", ""), row("read90", "-2"), row("read90", "-4")} {
		if c := cell(r, "syncmap"); c.Significant() && c.Percent() < 0 {
			t.Errorf("%s: sync.Map %s against the mutex map; the chapter says it is as slow or slower", r, c.Delta)
		}
	}

	// "The sharded map is not faster than one mutex in the rows without a suffix, nor in the
	// -2 rows, and slower in N of those 6. It is faster only in K of the -4 rows, by A and B."
	slower := 0
	for _, p := range []string{"", "-2"} {
		for _, m := range mixes {
			c := cell(row(m, p), "sharded")
			if c.Significant() && c.Percent() < 0 {
				t.Errorf("%s: the sharded map %s against the mutex map; the chapter says it is not faster", row(m, p), c.Delta)
			}
			if c.Significant() && c.Percent() > 0 {
				slower++
			}
		}
	}
	says(fmt.Sprintf("and slower in %d of those 6", slower))
	var faster []string
	for _, m := range mixes {
		if c := cell(row(m, "-4"), "sharded"); c.Significant() && c.Percent() < 0 {
			faster = append(faster, strings.TrimPrefix(c.Rounded(), "−"))
		}
	}
	says(fmt.Sprintf("It is faster only in %s of the `-4` rows, where 4 goroutines share 2 cores, by %s.", count(len(faster)), and(faster)))
	// The instructor's guide answers "Is a sharded map faster than one mutex?" from the same run.
	booktest.Open(t, "chapters/workshop.md").Says(t, fmt.Sprintf("it is faster only in %s rows with 4 goroutines, by %s,", count(len(faster)), and(faster)), "chapters/out/06-bench.txt")

	// "comparing medians, the sharded map is faster than the RWMutex map in N of the 9 rows,
	// at most X times as fast"
	n, most := 0, 0.0
	for _, m := range mixes {
		for _, p := range procs {
			rw, sh := cell(row(m, p), "rwmutex").Value, cell(row(m, p), "sharded").Value
			if sh < rw {
				n++
				most = max(most, rw/sh)
			}
		}
	}
	says(fmt.Sprintf("the sharded map is faster than the `RWMutex` map in %d of the 9 rows, at most %.2f times as fast", n, most))
	// "sync.Map is faster than it only in the read-mostly rows with more than one goroutine"
	for _, m := range mixes {
		for _, p := range procs {
			rw, sm := cell(row(m, p), "rwmutex").Value, cell(row(m, p), "syncmap").Value
			if want := m == "read99" && p != ""; (sm < rw) != want {
				t.Errorf("%s: sync.Map %.2gs, the RWMutex map %.2gs; the chapter says sync.Map is faster only in read99-2 and read99-4", row(m, p), sm, rw)
			}
		}
	}
}

func count(n int) string {
	if n < len(numbers) {
		return numbers[n]
	}
	return fmt.Sprint(n)
}

var numbers = []string{"none", "one", "two", "three"}

// and joins "28%", "10%" as "28% and 10%".
func and(s []string) string {
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}
