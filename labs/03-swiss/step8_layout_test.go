package swiss

import (
	"flag"
	"os"
	"slices"
	"strings"
	"testing"
)

// The layout samples of the chapter. With -layout=NAME, TestStep8Layout
// prints the layout of sample NAME to standard output and nothing else:
//
//	go test ./labs/03-swiss -run '^TestStep8Layout$' -args -layout=table -layout-format=mermaid
//
// (go run ./tools/course layout 03-swiss table mermaid does that with the
// solution in place). The samples hash keys with mix instead of the seeded
// hash, so they are the same on every run.
var (
	layoutName   = flag.String("layout", "", "print the layout of the named sample map ("+strings.Join(sampleNames(), ", ")+") and nothing else")
	layoutFormat = flag.String("layout-format", "text", "the format of -layout: text or mermaid")
)

// samples builds the sample maps, with testHash set to mixHash.
var samples = map[string]func() *Map[int64, int64]{
	// small: 5 entries in the group of a small map.
	"small": func() *Map[int64, int64] {
		m := newGeneric[int64, int64](0)
		for k := int64(1); k <= 5; k++ {
			m.Put(k, 10*k)
		}
		return m
	},
	// table: a full 16-slot table. Keys 1 to 6, 13, 14 and 15 all start
	// probing at group 0; 15 comes last and finds group 0 full.
	"table": sampleTable,
	// tombstone: the table, after Delete(3) from the full group 0 and
	// Delete(10) from group 1.
	"tombstone": func() *Map[int64, int64] {
		m := sampleTable()
		m.Delete(3)
		m.Delete(10)
		return m
	},
	// directory: Puts until the map has three tables: one of localDepth 1,
	// two of localDepth 2.
	"directory": func() *Map[int64, int64] {
		m := newGeneric[int64, int64](0)
		for k := int64(1); len(m.tables()) < 3; k++ {
			m.Put(k, 10*k)
		}
		return m
	},
}

func sampleTable() *Map[int64, int64] {
	m := newGeneric[int64, int64](0)
	for _, k := range append(keyRange(1, 11), 13, 14, 15) {
		m.Put(k, 10*k)
	}
	return m
}

func sampleNames() []string {
	var names []string
	for name := range samples {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// sample builds the named sample.
func sample(t *testing.T, name string) (m *Map[int64, int64]) {
	t.Helper()
	withHash(t, mixHash)
	try(t, "building sample "+name, func() { m = samples[name]() })
	return m
}

func TestStep8Layout(t *testing.T) {
	if *layoutName != "" {
		build, ok := samples[*layoutName]
		if !ok {
			t.Fatalf("-layout=%s: no such sample; the samples are %s", *layoutName, strings.Join(sampleNames(), ", "))
		}
		withHash(t, mixHash)
		if err := build().layout(os.Stdout, *layoutFormat); err != nil {
			t.Fatal(err)
		}
		return
	}

	needSteps(t, 1, 2, 3, 5) // the samples checked here: a small map, and a table grown from one
	m := sample(t, "small")
	if m == nil {
		return
	}
	want := `small map: used 5 of 8 slots, no table, no directory
group: ctrl word 0x80808069543f2a15 (slot 7 ... slot 0)
  slot 0: 0x15 full    key 1 value 10
  slot 1: 0x2a full    key 2 value 20
  slot 2: 0x3f full    key 3 value 30
  slot 3: 0x54 full    key 4 value 40
  slot 4: 0x69 full    key 5 value 50
  slot 5: 0x80 empty
  slot 6: 0x80 empty
  slot 7: 0x80 empty
`
	if got := m.layoutString(); got != want {
		t.Errorf("the layout of a small map after Put of keys 1 to 5 (H2 0x15, 0x2a, 0x3f, 0x54, 0x69) is\n%s\nwant\n%s", got, want)
	}

	m = sample(t, "table")
	if m == nil {
		return
	}
	if len(m.directory) != 1 {
		t.Fatalf("the sample table (keys 1 to 11, 13, 14, 15 put into New(0)) has a directory of %d entries; want 1 table:\n%s", len(m.directory), m.layoutString())
	}
	text := m.layoutString()
	for _, line := range []string{
		"table 0: localDepth 0, capacity 16 (2 groups), used 14, tombstones 0, growthLeft 0",
		"key 15 value 150 (home group 0)",
	} {
		if !strings.Contains(text, line) {
			t.Errorf("the layout of the sample table (keys 1 to 11, 13, 14, 15 put into New(0)) has no line with %q:\n%s", line, text)
		}
	}
	if gi, _ := where(m.directory[0], 15); gi != 1 {
		t.Errorf("in the sample table, key 15 is %s; want group 1: its home group 0 is full", at(where(m.directory[0], 15)))
	}

	var b strings.Builder
	if err := m.layout(&b, "mermaid"); err != nil || !strings.HasPrefix(b.String(), "flowchart LR\n") || !strings.Contains(b.String(), "t0_g1_s6") {
		t.Errorf("the Mermaid layout of the sample table (error %v) does not start with a flowchart or lacks the node t0_g1_s6:\n%s", err, b.String())
	}
	if err := m.layout(&b, "svg"); err == nil {
		t.Errorf("layout in format svg returned no error; want one")
	}
}
