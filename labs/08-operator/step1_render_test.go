package operator_test

import (
	"testing"

	operator "gomaps/labs/08-operator"
)

// Step 1: the same members always render to the same text.

func TestStep1RenderIsTheSameEveryCall(t *testing.T) {
	const calls = 100
	ms := members(span(0, 12)...)
	want := wantRender(ms)
	seen := map[string]bool{}
	var other string
	for range calls {
		got := operator.Render(ms)
		if got != want && other == "" {
			other = got
		}
		seen[got] = true
	}
	if len(seen) > 1 {
		t.Fatalf("Render returned %d different texts for the same 12 members over %d calls: ranging over a map starts at a random place on every range statement, so the text changes, and on a real API server every reconcile then writes a new ConfigMap, whose watch event starts the next reconcile. Range over the sorted names, and over each member's sorted keys", len(seen), calls)
	}
	if other != "" {
		t.Fatalf("Render(12 members) =\n%s\nwant\n%s", other, want)
	}
}

func TestStep1EntriesAreSortedByKey(t *testing.T) {
	entries := map[string]string{"zone": "a", "endpoint": "10.0.0.3:80", "weight": "2", "protocol": "tcp", "tier": "front"}
	want := "endpoint=10.0.0.3:80 protocol=tcp tier=front weight=2 zone=a"
	for range 100 {
		if got := operator.Entries(entries); got != want {
			t.Fatalf("Entries(%v) = %q; want %q: the keys in increasing order, whatever order ranging over the map gives", entries, got, want)
		}
	}
	if got := operator.Entries(nil); got != "" {
		t.Fatalf("Entries(nil) = %q; want \"\"", got)
	}
	if got := operator.Render(nil); got != "" {
		t.Fatalf("Render(nil) = %q; want \"\"", got)
	}
}

func TestStep1RenderSortsNamesNotLines(t *testing.T) {
	// "web" sorts before "web-2", but the line "web-2: ..." sorts before
	// "web: ...", since '-' comes before ':'. Likewise the key "zone" sorts
	// before "zone-b", but "zone-b=c" before "zone=a", since '-' comes
	// before '='.
	entries := map[string]string{"zone": "a", "zone-b": "c", "endpoint": "10.0.0.3:80"}
	ms := map[string]map[string]string{
		"web":   {"zone": "a"},
		"web-2": {"zone": "b"},
		"api":   {"zone": "c"},
	}
	const wantEntries, wantRender = "endpoint=10.0.0.3:80 zone=a zone-b=c", "api: zone=c\nweb: zone=a\nweb-2: zone=b\n"
	// Many calls: a range over 3 entries can give the right order by luck. Entries first, all
	// 100 calls, then Render: the message of a wrong attempt is the same on every run.
	for range 100 {
		if got := operator.Entries(entries); got != wantEntries {
			t.Fatalf("Entries(%v) = %q; want %q: write the parts in increasing order of key (sort the keys, not the written parts: \"zone-b=c\" sorts before \"zone=a\")", entries, got, wantEntries)
		}
	}
	for range 100 {
		if got := operator.Render(ms); got != wantRender {
			t.Fatalf("Render(members api, web and web-2) =\n%s\nwant\n%s\nwrite the lines in increasing order of name (sort the names, not the written lines: \"web-2: \" sorts before \"web: \")", got, wantRender)
		}
	}
}
