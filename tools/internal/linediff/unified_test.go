package linediff

import "testing"

func TestUnified(t *testing.T) {
	a := "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n"
	b := "a\nb\nC\nd\ne\nf\ng\nh\ni\nj\nk\n"
	want := `--- x
+++ y
@@ -1,6 +1,6 @@
 a
 b
-c
+C
 d
 e
 f
@@ -8,3 +8,4 @@
 h
 i
 j
+k
`
	if got := Unified("x", "y", a, b); got != want {
		t.Errorf("Unified =\n%s\nwant\n%s", got, want)
	}
	if got := Unified("x", "y", a, a); got != "" {
		t.Errorf("Unified of equal texts = %q; want empty", got)
	}
}
