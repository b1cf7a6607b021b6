package pair

import "testing"

func TestSumByA(t *testing.T) {
	m := map[Key]int{{1, 1}: 2, {1, 2}: 3, {2, 1}: 10}
	if got := Sum(m, 1); got != 5 {
		t.Errorf("Sum(m, 1) = %d; want 5", got)
	}
}
