package pair

import "testing"

func TestSumByA(t *testing.T) {
	m := map[Key]int{{1, 1}: 2, {1, 2}: 3, {2, 1}: 10}
	if got, w := Sum(m, 1), want(m, 1); got != w {
		t.Errorf("Sum(m, 1) = %d; want %d", got, w)
	}
}
