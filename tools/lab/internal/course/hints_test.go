package course

import (
	"strings"
	"testing"
)

func TestParseHints(t *testing.T) {
	text := "# ch\n\n??? tip \"Hint 1: first\"\n    one\n\n    two\n\n??? tip \"Hint 2\"\n    three\nafter\n    not a hint\n"
	hints := ParseHints(text)
	if len(hints) != 2 {
		t.Fatalf("ParseHints found %d hints; want 2", len(hints))
	}
	if h := hints[0]; h.Num != 1 || h.Title != "first" || strings.Join(h.Body, "|") != "one||two" {
		t.Errorf("hint 1 = %+v; want title first, body one||two", h)
	}
	if h := hints[1]; h.Num != 2 || h.Title != "" || strings.Join(h.Body, "|") != "three" {
		t.Errorf("hint 2 = %+v; want no title, body three", h)
	}
}
