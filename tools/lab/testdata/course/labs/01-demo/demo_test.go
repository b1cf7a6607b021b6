package demo

import "testing"

func TestCountWords(t *testing.T) {
	got := Count([]string{"a", "b", "a"})
	if got["a"] != 2 || got["b"] != 1 || len(got) != 2 {
		t.Errorf("Count(a b a) = %v; want map[a:2 b:1]", got)
	}
}

func TestHasZeroValue(t *testing.T) {
	if !Has(map[string]int{"zero": 0}, "zero") {
		t.Errorf("Has(m, \"zero\") = false; want true: the key is there, its value is just 0")
	}
}
