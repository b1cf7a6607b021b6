package races

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Step 3: GetOrCompute computes a missing value once, without holding c.mu.

func TestStep3GetOrComputeStoresTheValue(t *testing.T) {
	c := NewCache[string]()
	calls := 0
	compute := func(key string) string {
		calls++
		return "computed " + key
	}
	for i := range 3 {
		var got string
		do(t, `GetOrCompute("a", compute)`, func() { got = c.GetOrCompute("a", compute) })
		if got != "computed a" {
			t.Fatalf("call %d: GetOrCompute(\"a\", compute) = %q; want %q", i+1, got, "computed a")
		}
	}
	if calls != 1 {
		t.Errorf("3 calls of GetOrCompute(\"a\", compute) called compute %d times; want 1: the first stores the value in c.m, and the next ones find it there", calls)
	}
	var v string
	var ok bool
	do(t, `Get("a")`, func() { v, ok = c.Get("a") })
	if !ok || v != "computed a" {
		t.Errorf("after GetOrCompute(\"a\", compute), Get(\"a\") = %q, %v; want %q, true: GetOrCompute stores what compute returned", v, ok, "computed a")
	}
	do(t, `Set("b", "set")`, func() { c.Set("b", "set") })
	before := calls
	var got string
	do(t, `GetOrCompute("b", compute)`, func() { got = c.GetOrCompute("b", compute) })
	if got != "set" || calls != before {
		t.Errorf("after Set(\"b\", \"set\"), GetOrCompute(\"b\", compute) = %q and called compute %d times; want \"set\" without calling compute", got, calls-before)
	}
	if len(c.calls) != 0 {
		var keys []string
		for _, k := range slices.Sorted(maps.Keys(c.calls)) {
			keys = append(keys, strconv.Quote(k))
		}
		entries := "an entry for " + keys[0]
		if len(keys) > 1 {
			entries = "entries for " + strings.Join(keys, ", ")
		}
		t.Errorf("after every GetOrCompute returned, c.calls still has %s; want it empty: c.calls holds only the computations in flight, so delete a key's entry once its value is stored in c.m", entries)
	}
}

// slowCompute is a compute function that runs until the test releases it.
type slowCompute struct {
	started chan struct{} // closed when compute starts
	release chan struct{} // compute returns when the test closes it
}

func newSlowCompute() *slowCompute {
	return &slowCompute{started: make(chan struct{}), release: make(chan struct{})}
}

func (s *slowCompute) compute(key string) string {
	close(s.started)
	<-s.release
	return "slow " + key
}

// startSlowCompute starts GetOrCompute("k") with a slow compute on c, which
// does not hold "k", and returns once compute has started.
func startSlowCompute(t *testing.T, c *Cache[string]) (*slowCompute, *op) {
	t.Helper()
	slow := newSlowCompute()
	first := start(`GetOrCompute("k", slow)`, func() { c.GetOrCompute("k", slow.compute) })
	select {
	case <-slow.started:
	case <-first.done:
		t.Fatalf(`GetOrCompute("k", compute) returned without calling compute, on a cache without "k"`)
	}
	return slow, first
}

func TestStep3ComputesOnce(t *testing.T) {
	c := NewCache[string]()
	slow, first := startSlowCompute(t, c)

	// While the first computation runs, three more goroutines want "k".
	computedAgain := make(chan string, 3)
	results := make([]string, 3)
	var waiters []*op
	for i := range results {
		waiters = append(waiters, start(fmt.Sprintf(`GetOrCompute("k", other) #%d`, i+2), func() {
			results[i] = c.GetOrCompute("k", func(key string) string {
				computedAgain <- key
				return "computed again"
			})
		}))
	}
	for _, w := range waiters {
		if r := w.settle(); r == "" && len(computedAgain) == 0 {
			t.Errorf("%s returned while the first computation of \"k\" was still running; want it to wait for that computation", w.name)
		}
	}
	if n := len(computedAgain); n > 0 {
		t.Errorf("while compute(\"k\") was running, %d more GetOrCompute(\"k\") calls computed \"k\" again; want them to wait for the first computation (remember it in c.calls) and return its result", n)
	}
	close(slow.release)
	await(t, append(waiters, first)...)
	for i, got := range results {
		if got != "slow k" && len(computedAgain) == 0 {
			t.Errorf("GetOrCompute(\"k\", other) #%d = %q; want %q, the result of the computation it waited for", i+2, got, "slow k")
		}
	}
	if v, ok := c.m["k"]; !ok || v != "slow k" {
		t.Errorf("after the computation, c.m[\"k\"] = %q, %v; want %q, true: GetOrCompute stores the values it computes", v, ok, "slow k")
	}
}

func TestStep3OtherKeysDoNotWait(t *testing.T) {
	c := NewCache[string]()
	c.m["other"] = "x"
	slow, first := startSlowCompute(t, c)

	const advice = "do not hold c.mu while compute runs: unlock before calling it, and lock again to store its result"
	var got string
	calls := []struct {
		name string
		f    func()
	}{
		{`Get("other")`, func() { c.Get("other") }},
		{`Set("other", "y")`, func() { c.Set("other", "y") }},
		{`GetOrCompute("j", fast)`, func() {
			got = c.GetOrCompute("j", func(key string) string { return "fast " + key })
		}},
	}
	// One call at a time, each started once the one before has returned (or is
	// found waiting): calls running together could wait a moment for each
	// other's c.mu, which is not waiting for the computation of "k".
	var ops []*op
	for _, call := range calls {
		o := start(call.name, call.f)
		mustNotWait(t, o, `GetOrCompute("k") was computing "k"`, advice)
		ops = append(ops, o)
	}
	close(slow.release)
	await(t, append(ops, first)...)
	if got != "fast j" {
		t.Errorf(`GetOrCompute("j", fast) = %q; want "fast j"`, got)
	}
	for key, want := range map[string]string{"k": "slow k", "j": "fast j", "other": "y"} {
		if v, ok := c.m[key]; !ok || v != want {
			t.Errorf("at the end, c.m[%q] = %q, %v; want %q, true: GetOrCompute stores the values it computes", key, v, ok, want)
		}
	}
}
