package testrun

import (
	"testing"

	"gomaps/labs/testout"
)

// TestCrashExplanationsInChinese: every explanation of a crash the runner gives has its Chinese,
// for a learner who reads the Chinese edition.
func TestCrashExplanationsInChinese(t *testing.T) {
	for _, e := range crashExplanations {
		if e.explain.Zh == "" || e.explain.Zh == e.explain.En {
			t.Errorf("no Chinese for the crash explanation %q", e.explain.En)
		}
	}
	for _, fatal := range []string{"sync: Unlock of unlocked RWMutex", "sync: RUnlock of unlocked RWMutex", "sync: unlock of unlocked mutex", "sync: other"} {
		if e := lockMisuse(testout.LockMisuse(fatal)); e.Zh == e.En {
			t.Errorf("no Chinese for the lock misuse %q: add it to lockMisuseZh", e.En)
		}
	}
}
