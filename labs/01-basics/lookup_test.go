package basics_test

import (
	"testing"

	"gomaps/labs/01-basics"
)

func TestRetriesDistinguishesAbsentFromZero(t *testing.T) {
	const def = 3
	overrides := map[string]int{"import": 5, "payments": 0}
	tests := []struct {
		name      string
		overrides map[string]int
		job       string
		want      int
		why       string
	}{
		{"overrides", overrides, "import", 5, "the job has an override of 5"},
		{"overrides", overrides, "payments", 0, `the job has an override of 0 ("never retry"), which is not the same as no override: use comma-ok`},
		{"overrides", overrides, "backup", def, "the job has no override, so the default applies"},
		{"nil", nil, "import", def, "a nil map has no keys, and reading it is fine"},
	}
	for _, tt := range tests {
		if got := basics.Retries(tt.overrides, tt.job, def); got != tt.want {
			t.Errorf("Retries(%s, %q, %d) = %d; want %d: %s", tt.name, tt.job, def, got, tt.want, tt.why)
		}
	}
}
