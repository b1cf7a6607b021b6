package steps

import "testing"

func TestStep1Double(t *testing.T) {
	if got := Double(2); got != 4 {
		t.Errorf("Double(2) = %d; want 4", got)
	}
}

func TestStep2Triple(t *testing.T) {
	if got := Triple(2); got != 6 {
		t.Errorf("Triple(2) = %d; want 6", got)
	}
}
