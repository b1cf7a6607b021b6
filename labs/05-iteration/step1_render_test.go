package iteration_test

import (
	"fmt"
	"testing"

	"gomaps/labs/05-iteration"
)

// Step 1: Render writes the same text for the same configuration.

// bigConfig has 12 sections of 5 to 16 keys: more than the 8 entries of one
// group or bucket, so that a map's range orders are many.
func bigConfig() map[string]map[string]string {
	cfg := map[string]map[string]string{}
	names := []string{"auth", "cache", "database", "features", "http", "logging",
		"metrics", "queue", "server", "storage", "tls", "tracing"}
	for i, name := range names {
		section := map[string]string{}
		for j := range 5 + i {
			section[fmt.Sprintf("%s_option_%02d", name, j)] = fmt.Sprint(i*100 + j)
		}
		cfg[name] = section
	}
	return cfg
}

func TestStep1RenderIsTheSameEveryCall(t *testing.T) {
	const calls = 100
	cfg := bigConfig()
	var texts []string
	seen := map[string]bool{}
	for range calls {
		text, ok := result(t, "Render(cfg)", func() string { return iteration.Render(cfg) })
		if !ok {
			return
		}
		if !seen[text] {
			seen[text] = true
			texts = append(texts, text)
		}
	}
	if len(texts) > 1 {
		line, a, b := firstDifference(texts[0], texts[1])
		t.Fatalf("Render returned %d different texts for the same config over %d calls; first difference at line %d: %q in one, %q in another: ranging over a map starts at a random place on every range statement, so range over the sorted section names, and over each section's sorted keys",
			len(texts), calls, line, a, b)
	}
	if texts[0] == "" {
		t.Fatalf("Render(cfg) = \"\" for a config of 12 sections; want one [section] and its key = value lines per section")
	}
}

func TestStep1RenderSortsSectionsAndKeys(t *testing.T) {
	cfg := map[string]map[string]string{
		"server":   {"listen": ":8080", "timeout": "30s", "workers": "8"},
		"database": {"host": "db.internal", "port": "5432", "user": "app", "pool": "20"},
		"logging":  {"level": "info", "format": "json"},
		"cache":    {},
	}
	want := `[cache]

[database]
host = db.internal
pool = 20
port = 5432
user = app

[logging]
format = json
level = info

[server]
listen = :8080
timeout = 30s
workers = 8
`
	// One right answer could be luck: 50 are not.
	for call := range 50 {
		got, ok := result(t, "Render(cfg)", func() string { return iteration.Render(cfg) })
		if !ok {
			return
		}
		if got != want {
			line, g, w := firstDifference(got, want)
			t.Fatalf("call %d: Render(cfg) differs from the expected text at line %d: %q, want %q: sections in increasing order of name, the keys of each section in increasing order, a blank line between two sections (the whole expected text is want in this test)",
				call+1, line, g, w)
		}
	}
	got, ok := result(t, "Render(empty)", func() string { return iteration.Render(map[string]map[string]string{}) })
	if ok && got != "" {
		t.Errorf("Render of an empty config = %q; want \"\"", got)
	}

	// "web" sorts before "web.v2", but the text "[web.v2]" sorts before
	// "[web]", since '.' comes before ']'.
	prefixed := map[string]map[string]string{"web.v2": {"port": "81"}, "web": {"port": "80"}}
	want = "[web]\nport = 80\n\n[web.v2]\nport = 81\n"
	if got, ok := result(t, "Render(cfg)", func() string { return iteration.Render(prefixed) }); ok && got != want {
		t.Errorf("Render of the sections web and web.v2 = %q; want %q: write the sections in increasing order of name (sort the names, not the rendered sections: \"[web.v2]\" sorts before \"[web]\")", got, want)
	}
}
