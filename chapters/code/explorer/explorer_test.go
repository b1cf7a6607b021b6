//go:build explorer

package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	buckets "gomaps/labs/02-buckets"
	swiss "gomaps/labs/03-swiss"
	"gomaps/labs/courseroot"
	"gomaps/labs/overlay"
)

// script is a walk through what the page offers: growth of both maps, a classic growth stepped
// bucket by bucket, a range with a delete and a put in the middle, collisions.
var script = []string{
	"put 1-6", "grow buckets", "grow swiss", "grow swiss", "grow buckets", "evac", "evac",
	"range 0x2d 0x13", "next", "next", "del 40", "put 900", "next", "next", "next", "stop",
	"del 7", "rand 50", "grow swiss", "range", "next", "clear", "next", "put 1-20",
}

func newSession(t *testing.T, cfg Config) *Session {
	t.Helper()
	s, err := NewSession(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// layoutKeys returns the keys the text layout of a map shows in its slots: a classic layout
// has rows "keys  17  3  -", a Swiss one slots "... full    key 17 value 3".
func layoutKeys(t *testing.T, m MapState) []string {
	t.Helper()
	var keys []string
	for _, line := range strings.Split(m.Text, "\n") {
		f := strings.Fields(line)
		switch {
		case m.Name == "buckets" && len(f) > 0 && f[0] == "keys":
			for _, k := range f[1:] {
				if k != "-" {
					keys = append(keys, k)
				}
			}
		case m.Name == "swiss" && slices.Contains(f, "full"):
			keys = append(keys, f[slices.Index(f, "key")+1])
		}
	}
	return keys
}

// bigTable finds a Swiss table of more than 64 slots, which the text layout sums up.
var bigTable = regexp.MustCompile(`capacity (128|256|512|1024) `)

// TestLayoutHoldsTheKeys: after every operation of the script, each map's layout shows
// exactly the keys put and not deleted, once each (while small enough to show every slot).
func TestLayoutHoldsTheKeys(t *testing.T) {
	for _, keys := range []string{"int", "string"} {
		for _, hash := range []string{"fixed", "seeded", "collide"} {
			s := newSession(t, Config{Keys: keys, Hash: hash, Seed: 7})
			for _, op := range script {
				if err := s.Do(op); err != nil {
					t.Fatalf("%s/%s: %s: %v", keys, hash, op, err)
				}
				st := s.State()
				for _, m := range st.Maps {
					if m.Name == "swiss" && bigTable.MatchString(m.Text) {
						continue // past 64 slots a table is summed up in one line
					}
					if m.Name == "buckets" && strings.Contains(m.Text, "old array") {
						continue // an evacuated old slot still shows its key
					}
					got := layoutKeys(t, m)
					sortKeys(got)
					if !slices.Equal(got, st.Keys) {
						t.Fatalf("%s/%s after %q: the %s layout holds %d keys %v; want the %d keys put %v:\n%s",
							keys, hash, op, m.Name, len(got), got, len(st.Keys), st.Keys, m.Text)
					}
				}
			}
		}
	}
}

// TestRangeRules: a range stepped to its end produces every key once; a key deleted before
// the range reaches it is not produced.
func TestRangeRules(t *testing.T) {
	for _, hash := range []string{"fixed", "seeded", "collide"} {
		s := newSession(t, Config{Keys: "int", Hash: hash, Seed: 3})
		for _, op := range []string{"put 1-40", "range"} {
			if err := s.Do(op); err != nil {
				t.Fatal(err)
			}
		}
		// Delete, during the range, a key neither map has produced yet.
		s.Do("next")
		var victim string
		for _, k := range s.State().Keys {
			if !slices.Contains(s.ranges[0].Produced, k) && !slices.Contains(s.ranges[1].Produced, k) {
				victim = k
				break
			}
		}
		if err := s.Do("del " + victim); err != nil {
			t.Fatal(err)
		}
		for range 100 {
			s.Do("next")
		}
		for i, r := range s.ranges {
			name := s.sides[i].name()
			if !r.Done {
				t.Fatalf("%s/%s: the range is not done after 100 steps of 39 keys", hash, name)
			}
			if slices.Contains(r.Produced, victim) {
				t.Errorf("%s/%s: the range produced key %s, deleted before the range reached it: %v", hash, name, victim, r.Produced)
			}
			got := slices.Clone(r.Produced)
			sortKeys(got)
			if !slices.Equal(slices.Compact(slices.Clone(got)), got) {
				t.Errorf("%s/%s: the range produced a key twice: %v", hash, name, r.Produced)
			}
			if want := s.State().Keys; !slices.Equal(got, want) {
				t.Errorf("%s/%s: the range produced %v; want each of %v once", hash, name, got, want)
			}
		}
	}
}

// TestGrowthSteps: the events the page shows name each growth.
func TestGrowthSteps(t *testing.T) {
	s := newSession(t, Config{Keys: "int", Hash: "fixed"})
	want := map[string]*regexp.Regexp{
		// Both maps grow at the 9th key: the classic one from 1 bucket to 2, the Swiss one out
		// of its small group.
		"grow buckets": regexp.MustCompile(`(?s)put 9: a growth started: .* B 0 → 1 \(1 → 2 buckets\).*put 9: the small group \(8 slots\) was full: the map moved into a table, of 16 slots now`),
		"grow swiss":   regexp.MustCompile(`put 15: table 0 was full: it grew, capacity 16 → 32`),
	}
	for _, op := range []string{"put 1-8", "grow buckets", "grow swiss"} {
		if err := s.Do(op); err != nil {
			t.Fatal(err)
		}
		if re := want[op]; re != nil {
			events := ""
			for _, m := range s.State().Maps {
				events += strings.Join(m.Events, "\n") + "\n"
			}
			if !re.MatchString(events) {
				t.Errorf("after %q the events are\n%s\nwant a line matching %s", op, events, re)
			}
		}
	}
	// Step a classic growth bucket by bucket: at 1e3 keys the array doubles from 128 to 256.
	s = newSession(t, Config{Keys: "int", Hash: "fixed"})
	header := func() buckets.Header { return s.sides[0].(*bucketsSide[int64]).bm.Header() }
	for h := header(); h.B < 8 || !h.Growing; h = header() {
		s.Do("grow buckets")
	}
	h := header()
	if !h.Growing || h.OldBuckets != 128 {
		t.Fatalf("after grow buckets from B=7: %+v; want a doubling in progress from 128 old buckets", h)
	}
	steps := 0
	for header().Growing {
		s.Do("evac")
		steps++
	}
	if steps < 64 || steps > 127 {
		t.Errorf("evac ended the growth from 128 old buckets in %d steps; want 64 to 127 (a put evacuates 1 or 2)", steps)
	}
}

// TestOneNotePerGrowth: one operation that makes several growths has one note for each, naming
// what the lab's map did at that put. The notes are compared with a map of each lab driven key by
// key beside the session, whose header the test reads after every put.
func TestOneNotePerGrowth(t *testing.T) {
	for _, c := range []struct {
		ops  []string
		keys int // the keys put, 1 to keys, by the operations
	}{
		{[]string{"put 1-20"}, 20},
		{[]string{"put 1-200"}, 200},
		{[]string{"put 1-3", "put 4-2000"}, 2000},
	} {
		s := newSession(t, Config{Keys: "int", Hash: "fixed"})
		var events [2][]string
		for _, op := range c.ops {
			if err := s.Do(op); err != nil {
				t.Fatal(err)
			}
			for i, m := range s.State().Maps {
				events[i] = append(events[i], m.Events...)
			}
		}
		// The same keys, one by one, into a map of each lab: where B changed and where the Swiss
		// map's shape did.
		bm := buckets.New[int64, int64](0)
		sm := swiss.New[int64, int64](0)
		var wantB, wantSwiss []string
		for k := int64(1); k <= int64(c.keys); k++ {
			b0 := bm.Header().B
			d0, small0, t0 := sm.Shape()
			bm.Put(k, 10*k)
			sm.Put(k, 10*k)
			if b1 := bm.Header().B; b1 != b0 {
				wantB = append(wantB, fmt.Sprintf("put %d: a growth started: one more entry would pass the load factor (more than 8 entries and 6.5 per bucket), so B %d → %d (%d → %d buckets)", k, b0, b1, 1<<b0, 1<<b1))
			}
			d1, small1, t1 := sm.Shape()
			switch {
			case small0 && !small1:
				wantSwiss = append(wantSwiss, fmt.Sprintf("put %d: the small group (8 slots) was full: the map moved into a table, of %d slots now", k, t1[0].Capacity))
			case d1 > d0:
				wantSwiss = append(wantSwiss, fmt.Sprintf("put %d: the directory doubled: globalDepth %d → %d, %d → %d entries", k, d0, d1, 1<<d0, 1<<d1), fmt.Sprintf("put %d: a table split", k))
			case len(t1) > len(t0):
				wantSwiss = append(wantSwiss, fmt.Sprintf("put %d: a table split", k))
			default:
				for i := range t1 {
					if t1[i].Capacity != t0[i].Capacity {
						wantSwiss = append(wantSwiss, fmt.Sprintf("put %d: table %d was full: it grew, capacity %d → %d (its keys rehashed into a new table)", k, t1[i].Index, t0[i].Capacity, t1[i].Capacity))
					}
				}
			}
		}
		var gotB, gotSwiss []string
		for _, e := range events[0] {
			if strings.Contains(e, "a growth started") {
				gotB = append(gotB, e)
			}
		}
		for _, e := range events[1] {
			switch {
			case strings.Contains(e, "the other half of the split"):
			case strings.Contains(e, "it split in two"):
				gotSwiss = append(gotSwiss, e[:strings.Index(e, ":")]+": a table split")
			default:
				gotSwiss = append(gotSwiss, e)
			}
		}
		if len(wantB) < 2 || len(wantSwiss) < 2 {
			t.Fatalf("%q: the lab maps grew %d and %d times; want at least 2 each for this test to mean something", c.ops, len(wantB), len(wantSwiss))
		}
		if !slices.Equal(gotB, wantB) {
			t.Errorf("%q: the classic map's growth notes are\n%s\nwant, one per growth the lab's map made,\n%s", c.ops, strings.Join(gotB, "\n"), strings.Join(wantB, "\n"))
		}
		if !slices.Equal(gotSwiss, wantSwiss) {
			t.Errorf("%q: the Swiss map's notes are\n%s\nwant, one per growth the lab's map made,\n%s", c.ops, strings.Join(gotSwiss, "\n"), strings.Join(wantSwiss, "\n"))
		}
	}
	// The reader's report: one put of 1-20 into an empty map, in the page's words.
	s := newSession(t, Config{Keys: "int", Hash: "fixed"})
	s.Do("put 1-20")
	events := strings.Join(s.State().Maps[0].Events, "\n")
	for _, want := range []string{"put 9: a growth started: ", " B 0 → 1 (1 → 2 buckets)", "put 14: a growth started: ", " B 1 → 2 (2 → 4 buckets)"} {
		if !strings.Contains(events, want) {
			t.Errorf("put 1-20 into an empty map: the classic map's events are\n%s\nwant %q", events, want)
		}
	}
}

// nodeLabel returns the label of node id in a Mermaid layout dump, or "" if it has none.
func nodeLabel(mermaid, id string) string {
	for _, line := range strings.Split(mermaid, "\n") {
		if got, label, ok := mermaidNode(line); ok && got == id {
			return label
		}
	}
	return ""
}

// TestRangeMarks: while a range is in progress, each map's state names the node of its layout
// where the range started and the node holding the entry produced last, for the page to mark in
// both drawings.
func TestRangeMarks(t *testing.T) {
	s := newSession(t, Config{Keys: "int", Hash: "fixed"})
	for _, op := range []string{"put 1-20", "range 0x2d 0x13", "next", "next", "next"} {
		if err := s.Do(op); err != nil {
			t.Fatal(err)
		}
	}
	// 0x2d: bucket 0x2d & 3 = 1 of 4 (B = 2); slot 0x2d & 31 = 13 of the 32-slot table: group 1,
	// slot 5.
	for i, want := range []string{"b1", "t0_g1_s5"} {
		m := s.State().Maps[i]
		if m.Range.StartNode != want {
			t.Errorf("%s: the range's start node is %q; want %q (%s)", m.Name, m.Range.StartNode, want, m.Range.Start)
		}
	}
	// Random ranges, with puts, deletes and growths in the middle: every mark names a node of
	// the layout, the last one the node holding the last key produced.
	for _, hash := range []string{"fixed", "seeded", "collide"} {
		s := newSession(t, Config{Keys: "int", Hash: hash, Seed: 5})
		marks := [2]int{}
		for _, op := range []string{"put 1-6", "range", "next", "next", "put 7-30", "range", "next", "next", "del 5", "next", "grow buckets", "next", "next", "grow swiss", "next", "range", "next", "evac", "next"} {
			if err := s.Do(op); err != nil {
				t.Fatal(err)
			}
			for i, m := range s.State().Maps {
				r := m.Range
				if r == nil {
					continue
				}
				if r.Done && (r.StartNode != "" || r.LastNode != "") {
					t.Errorf("%s/%s after %q: a range that is over marks %q and %q", hash, m.Name, op, r.StartNode, r.LastNode)
				}
				if r.StartNode != "" {
					marks[i]++
					if nodeLabel(m.Mermaid, r.StartNode) == "" {
						t.Errorf("%s/%s after %q: the start node %q is not in the layout:\n%s", hash, m.Name, op, r.StartNode, m.Mermaid)
					}
				}
				if r.LastNode != "" {
					marks[i]++
					last := r.Produced[len(r.Produced)-1]
					label := nodeLabel(m.Mermaid, r.LastNode)
					if !slices.Contains(strings.Split(label, "<br>"), "key "+last) && !slices.Contains(strings.Fields(label), last) {
						t.Errorf("%s/%s after %q: the last node %q, %q, does not hold key %s, produced last", hash, m.Name, op, r.LastNode, label, last)
					}
				}
			}
		}
		if marks[0] < 10 || marks[1] < 10 {
			t.Errorf("%s: %v marks in the classic and Swiss layouts; want at least 10 each", hash, marks)
		}
	}
}

// TestSplitSteps: a Swiss table that is full at 1024 slots splits, and the directory doubles.
func TestSplitSteps(t *testing.T) {
	s := newSession(t, Config{Keys: "int", Hash: "fixed"})
	for range 20 {
		if err := s.Do("grow swiss"); err != nil {
			t.Fatal(err)
		}
		events := strings.Join(s.State().Maps[1].Events, "\n")
		if strings.Contains(events, "split") {
			for _, want := range []string{
				"the directory doubled: globalDepth 0 → 1, 1 → 2 entries",
				"table 0 (capacity 1024) was full at the largest size: it split in two by top hash bit 1, localDepth 0 → 1; this half is table 0",
				"the other half of the split is table 1",
			} {
				if !strings.Contains(events, want) {
					t.Errorf("the split's events are\n%s\nwant %q", events, want)
				}
			}
			return
		}
	}
	t.Fatalf("no split after 20 grow swiss: %v", s.State().Maps[1].Counters)
}

// TestSplitDoublesOnlyAtGlobalDepth: as the page says, a split doubles the directory only when
// the splitting table's local depth equals the global depth; a table with a smaller local depth
// splits without it. Both cases come up within 1800 keys (with the fixed hash, at keys 897, 1793
// and 1794).
func TestSplitDoublesOnlyAtGlobalDepth(t *testing.T) {
	s := newSession(t, Config{Keys: "int", Hash: "fixed"})
	split := regexp.MustCompile(`it split in two by top hash bit \d+, localDepth (\d+) → `)
	seen := map[bool]int{}
	for seen[true] == 0 || seen[false] == 0 {
		depth, _, _ := s.sides[1].(*swissSide[int64]).sm.Shape()
		if err := s.Do("grow swiss"); err != nil {
			t.Fatalf("splits at the global depth: %d, below it: %d; want both: %v", seen[true], seen[false], err)
		}
		events := strings.Join(s.State().Maps[1].Events, "\n")
		m := split.FindStringSubmatch(events)
		if m == nil {
			continue
		}
		local, _ := strconv.Atoi(m[1])
		doubled := strings.Contains(events, "the directory doubled")
		if doubled != (local == depth) {
			t.Errorf("a table of localDepth %d split at globalDepth %d; the directory doubled: %v; want %v:\n%s", local, depth, doubled, local == depth, events)
		}
		seen[local == depth]++
	}
}

// TestRefusals: a wrong operation is refused with a sentence and changes nothing.
func TestRefusals(t *testing.T) {
	s := newSession(t, Config{Keys: "int", Hash: "fixed"})
	s.Do("put 1-3")
	for op, want := range map[string]string{
		"put x":      `key "x": the maps have int keys: want a number`,
		"next":       "no range in progress",
		"frobnicate": `unknown operation "frobnicate"`,
		"rand 0":     "want a count from 1",
		"put 1-9999": "at most 5000 keys",
	} {
		if err := s.Do(op); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v; want an error with %q", op, err, want)
		}
		if st := s.State(); len(st.Keys) != 3 || st.Error == "" {
			t.Errorf("%s: the state has %d keys and error %q; want the 3 keys and the error", op, len(st.Keys), st.Error)
		}
	}
}

// TestWasmMatchesNative builds explorer.wasm, runs the script in Node through the entry points
// the page calls (testdata/drive.cjs), and compares every state with the same session run
// natively: the same layouts, counters, events and ranges.
func TestWasmMatchesNative(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("the explorer's wasm test runs in Node: install nodejs (Debian: apt-get install nodejs)")
	}
	root, _, err := courseroot.Find("")
	if err != nil {
		t.Fatal(err)
	}
	replace, err := overlay.Explorer(root)
	if err != nil {
		t.Fatal(err)
	}
	ov, err := overlay.Write(replace)
	if err != nil {
		t.Fatal(err)
	}
	defer os.Remove(ov)
	wasm := filepath.Join(t.TempDir(), "explorer.wasm")
	build := exec.Command("go", "build", "-tags", "explorer", "-overlay", ov, "-o", wasm, ".")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("GOOS=js GOARCH=wasm go build: %v\n%s", err, out)
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	wasmExec := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js")
	for _, cfg := range []Config{{Keys: "int", Hash: "fixed", Seed: 11}, {Keys: "string", Hash: "collide", Seed: 12}} {
		cj, _ := json.Marshal(cfg)
		cmd := exec.Command(node, append([]string{"testdata/drive.cjs", wasmExec, wasm, string(cj)}, script...)...)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("node drive.cjs: %v\n%s", err, out)
		}
		native := newSession(t, cfg)
		sc := bufio.NewScanner(strings.NewReader(string(out)))
		sc.Buffer(nil, 1<<24)
		for i := 0; sc.Scan(); i++ {
			var got State
			if err := json.Unmarshal(sc.Bytes(), &got); err != nil {
				t.Fatalf("state %d from the wasm is not JSON: %v", i, err)
			}
			op := "reset"
			if i > 0 {
				op = script[i-1]
				native.Do(op)
			}
			want := native.State()
			got.Millis, want.Millis = 0, 0
			g, _ := json.MarshalIndent(got, "", " ")
			w, _ := json.MarshalIndent(want, "", " ")
			if string(g) != string(w) {
				t.Fatalf("%s, after %q: the wasm's state differs from the native one:\nwasm:   %.2000s\nnative: %.2000s", cj, op, g, w)
			}
			if i == len(script) {
				fmt.Printf("%s: %d states, the same in wasm and natively\n", cj, i+1)
			}
		}
	}
}

// TestChapterSamples: with the fixed hash, the explorer draws exactly the chapters' samples
// (chapters/out, made by go run ./tools/course layout): the same layout code, the same maps.
// The chapters link to these states.
func TestChapterSamples(t *testing.T) {
	root, _, err := courseroot.Find("")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		ops  []string
		side int    // 0 buckets, 1 swiss
		out  string // chapters/out/NAME.txt
		text bool   // the text layout; else the Mermaid one
	}{
		{[]string{"put 1-27"}, 0, "02-growing-text", true},
		{[]string{"put 1-27"}, 0, "02-growing", false},
		{[]string{"put 1-5"}, 1, "03-small-text", true},
		{[]string{"put 1-5"}, 1, "03-small", false},
		{[]string{"put 1-11", "put 13", "put 14", "put 15"}, 1, "03-table-text", true},
		{[]string{"put 1-11", "put 13", "put 14", "put 15"}, 1, "03-table", false},
		{[]string{"put 1-11", "put 13", "put 14", "put 15", "del 3", "del 10"}, 1, "03-tombstone", false},
		{[]string{"put 1-1793"}, 1, "03-directory-text", true},
		{[]string{"put 1-1793"}, 1, "03-directory", false},
	} {
		data, err := os.ReadFile(filepath.Join(root, "chapters", "out", c.out+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		want := string(data)
		if c.text { // drop the "$ command" line
			_, want, _ = strings.Cut(want, "\n")
		}
		s := newSession(t, Config{Keys: "int", Hash: "fixed"})
		for _, op := range c.ops {
			if err := s.Do(op); err != nil {
				t.Fatal(err)
			}
		}
		m := s.State().Maps[c.side]
		got := m.Mermaid
		if c.text {
			got = m.Text
		}
		if got != want {
			t.Errorf("%s in the explorer: the %s layout differs from chapters/out/%s.txt:\n%s\nwant:\n%s", strings.Join(c.ops, "; "), m.Name, c.out, got, want)
		}
	}
}

// explorerLink finds the book's links to states of the explorer.
var explorerLink = regexp.MustCompile(`\]\(explorer\.md\?([^)#\s]+)\)`)

// TestChapterLinks: every link of the book to a state of the explorer opens: its operations all
// apply. Chapters 02, 03 and 05 each have at least one.
func TestChapterLinks(t *testing.T) {
	root, _, err := courseroot.Find("")
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(root, "chapters", "*.md"))
	count := map[string]int{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range explorerLink.FindAllStringSubmatch(string(data), -1) {
			q, err := url.ParseQuery(m[1])
			if err != nil {
				t.Fatalf("%s: the link %s: %v", filepath.Base(f), m[0], err)
			}
			seed, _ := strconv.ParseUint(q.Get("seed"), 10, 64)
			s, err := NewSession(Config{Keys: q.Get("keys"), Hash: q.Get("hash"), Seed: seed})
			if err != nil {
				t.Fatalf("%s: the link %s: %v", filepath.Base(f), m[0], err)
			}
			for _, op := range strings.Split(q.Get("ops"), ",") {
				if op == "" {
					continue
				}
				if err := s.Do(op); err != nil {
					t.Errorf("%s: the link %s: operation %q refused: %v", filepath.Base(f), m[0], op, err)
				}
			}
			count[strings.TrimSuffix(filepath.Base(f), ".md")]++
		}
	}
	for _, ch := range []string{"02-buckets", "03-swiss", "05-iteration"} {
		if count[ch] == 0 {
			t.Errorf("chapters/%s.md has no link to a state of the explorer", ch)
		}
	}
	t.Logf("links to the explorer: %v", count)
}
