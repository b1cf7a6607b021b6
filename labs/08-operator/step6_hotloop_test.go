package operator_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"

	operator "gomaps/labs/08-operator"
)

// Step 6: once the registry holds the members, the operator goes quiet: no
// write, no reconcile, until something changes. On a real API server, an
// update that changes nothing is not written and fires no watch event, so a
// deterministic operator settles; one that writes a different text every time
// starts its next reconcile with each write, forever.

// quiet is how long the settled operator must neither write nor reconcile.
// For an operator that settles, nothing happens in it, however slow the
// machine is.
const quiet = 5 * time.Second

func TestStep6NoHotLoop(t *testing.T) {
	inChild(t, noHotLoop)
}

func noHotLoop(t *testing.T, cfg *rest.Config) {
	c := directClient(t, cfg)
	ns := newNamespace(t, c)
	o := startOperator(t, cfg, ns, 2)
	const n = 12
	for i := range n {
		createMember(t, c, ns, i)
	}
	ok, seen := waitFor(time.Minute, func() (bool, string) {
		data, _ := registryData(t, c, ns)
		keys := memberKeys(data)
		return len(keys) == n && strings.Count(data[operator.PayloadKey], "\n") == n,
			fmt.Sprintf("%d member keys and %d lines of %q", len(keys), strings.Count(data[operator.PayloadKey], "\n"), operator.PayloadKey)
	})
	if !ok {
		t.Fatalf("a minute after creating %d members, the registry ConfigMap holds %s; want %d of each", n, seen, n)
	}

	// Settle: wait until neither the resourceVersion nor the reconcile
	// count has moved for 2 seconds. An operator that never settles gets
	// 20 seconds, or less once it has written the complete registry 20
	// more times (a settling operator writes it a few times at most, while
	// its cache catches up); then the quiet period shows what it does.
	//
	// A quiet period that saw reconciles but no write is watched again, up
	// to quietTries periods in all, each retry noted: on a busy machine the
	// event of the operator's own last write can come more than 2 seconds
	// late, and its reconcile, which writes nothing, then falls in the
	// period. An operator that reconciles again and again does so in every
	// period; one that writes fails at once.
	for try := 1; ; try++ {
		rv0, count0 := settle(t, c, ns, o)
		writes, last, reconciles := watchQuiet(t, c, ns, o, rv0, count0)
		if writes == 0 && reconciles == 0 {
			return
		}
		if writes == 0 && try < quietTries {
			// inChild shows this line in the parent.
			fmt.Printf("note: try %d of %d: %d reconcile(s) and no write in the quiet period, the operator catching up late with an event: settling again\n", try, quietTries, reconciles)
			continue
		}
		t.Fatalf("with no member changing, the operator wrote the registry ConfigMap at least %d times (resourceVersion %s -> %s) and reconciled %d times in %s: a hot loop. Each write of a different text fires a watch event, which queues the next reconcile; render the same members to the same text (step 1) and write only when something changed (step 3)",
			writes, rv0, last, reconciles, quiet)
	}
}

// quietTries bounds the quiet periods of noHotLoop.
const quietTries = 3

// settle waits until neither the registry's resourceVersion nor the
// operator's reconcile count has moved for 2 seconds (for at most 20
// seconds, or 20 writes of the registry), and returns them.
func settle(t *testing.T, c client.Client, ns string, o *operator.Operator) (string, int64) {
	t.Helper()
	const evident = 20
	settleEnd := time.Now().Add(20 * time.Second)
	_, rv := registryData(t, c, ns)
	count, since, moves := o.Reconciles(), time.Now(), 0
	for time.Now().Before(settleEnd) && time.Since(since) < 2*time.Second && moves < evident {
		time.Sleep(100 * time.Millisecond)
		_, rvNow := registryData(t, c, ns)
		if rvNow != rv {
			moves++
		}
		if countNow := o.Reconciles(); rvNow != rv || countNow != count {
			rv, count, since = rvNow, countNow, time.Now()
		}
	}
	return rv, o.Reconciles()
}

// watchQuiet watches the registry for the quiet period, from
// resourceVersion rv0 and reconcile count count0: it counts the writes (each
// new resourceVersion seen), returns the last resourceVersion, and the
// reconciles.
func watchQuiet(t *testing.T, c client.Client, ns string, o *operator.Operator, rv0 string, count0 int64) (writes int, last string, reconciles int64) {
	t.Helper()
	last = rv0
	for end := time.Now().Add(quiet); time.Now().Before(end); {
		time.Sleep(100 * time.Millisecond)
		if _, rvNow := registryData(t, c, ns); rvNow != last {
			writes, last = writes+1, rvNow
		}
	}
	return writes, last, o.Reconciles() - count0
}
