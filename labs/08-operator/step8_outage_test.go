package operator_test

import (
	"context"
	"fmt"
	"maps"
	"sync/atomic"
	"testing"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"
	"sigs.k8s.io/controller-runtime/pkg/metrics"

	operator "gomaps/labs/08-operator"
)

// Step 8: an outage loses nothing. Between the operator and the API server the
// test puts a fault it controls: while it is on, every write of the operator
// (create, update, patch) fails with 503 Service Unavailable, as during an API
// server outage. Members change during the outage; then the fault lifts and
// nothing else happens: no member changes, so no event comes. The registry
// must still come to hold exactly the live members, by itself.

// The outage is short, to keep the test short: the fault is the same at any length. Through
// it the controller's rate limiter retries a failed request after 5, 10, 20, ... 640 ms (8
// failures in the first 1.3 s), and the registry is right about 0.3 s after the outage.
const (
	outage       = time.Second      // how long the writes fail, from the first refused one
	recoverBound = 10 * time.Second // how long after the outage the registry may take to be right
)

func TestStep8OutageLosesNothing(t *testing.T) {
	needSteps(t, 1, 2)
	inChild(t, outageLosesNothing)
}

func outageLosesNothing(t *testing.T, cfg *rest.Config) {
	c := directClient(t, cfg)
	ns := newNamespace(t, c)

	var down atomic.Bool
	var refused atomic.Int64
	fault := func() error {
		if !down.Load() {
			return nil
		}
		refused.Add(1)
		return apierrors.NewServiceUnavailable("the test's fault: the API server takes no writes")
	}
	opts := operator.ManagerOptions(ns)
	// The manager's client, as it would make it, with the fault in front of
	// its writes. Its reads still come from the cache.
	opts.NewClient = func(config *rest.Config, o client.Options) (client.Client, error) {
		wc, err := client.NewWithWatch(config, o)
		if err != nil {
			return nil, err
		}
		return interceptor.NewClient(wc, interceptor.Funcs{
			Create: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.CreateOption) error {
				if err := fault(); err != nil {
					return err
				}
				return c.Create(ctx, obj, opts...)
			},
			Update: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.UpdateOption) error {
				if err := fault(); err != nil {
					return err
				}
				return c.Update(ctx, obj, opts...)
			},
			Patch: func(ctx context.Context, c client.WithWatch, obj client.Object, patch client.Patch, opts ...client.PatchOption) error {
				if err := fault(); err != nil {
					return err
				}
				return c.Patch(ctx, obj, patch, opts...)
			},
		}), nil
	}
	mgr, err := ctrl.NewManager(cfg, opts)
	if err != nil {
		t.Fatalf("make the manager: %v", err)
	}
	op, err := operator.Setup(mgr, operator.Options{Namespace: ns})
	if err != nil {
		t.Fatalf("operator.Setup: %v", err)
	}
	runOperator(t, op)

	for i := range 3 {
		createMember(t, c, ns, i)
	}
	// registryIs waits for the registry's data to be want; it says which
	// members the registry lists.
	registryIs := func(want map[string]string) func() (bool, string) {
		return func() (bool, string) {
			got, _ := registryData(t, c, ns)
			return maps.Equal(got, want), short(memberKeys(got), 4)
		}
	}
	if ok, seen := waitFor(30*time.Second, registryIs(wantData(members(0, 1, 2)))); !ok {
		t.Fatalf("30 seconds after 3 members were created, with no fault yet, the registry ConfigMap lists members %s; want %s", seen, short(memberKeys(wantData(members(0, 1, 2))), 4))
	}

	// The outage: a member is added and one deleted while writes fail.
	down.Store(true)
	createMember(t, c, ns, 3)
	deleteMember(t, c, ns, 0)
	if ok, _ := waitFor(30*time.Second, func() (bool, string) { return refused.Load() > 0, "" }); !ok {
		t.Fatalf("30 seconds after a member was added and one deleted, the operator had tried no write of the registry: it must write the registry when its members change")
	}
	time.Sleep(outage)
	down.Store(false)
	lifted := time.Now()
	failures, lastErr := op.Failures()
	duringOutage := refused.Load()

	// From here on nothing changes: no member, no event.
	want := wantData(members(1, 2, 3))
	ok, seen := waitFor(recoverBound, registryIs(want))
	if ok {
		// inChild shows this line in the parent.
		fmt.Printf("note: the registry held the live members %s after a %s outage ended (%d writes failed during it)\n",
			time.Since(lifted).Round(100*time.Millisecond), outage, duringOutage)
		return
	}
	if terminal := terminalErrors(); terminal > 0 {
		errs := fmt.Sprintf("%d errors", terminal)
		if terminal == 1 {
			errs = "1 error"
		}
		t.Fatalf("%s after a %s outage ended, the registry ConfigMap still lists members %s; want the live members %s. During the outage %d writes failed (503 Service Unavailable), and the operator's reconcile returned %s as terminal (reconcile.TerminalError), which the controller never retries; since then no member changed, so no event came to queue the registry again. An outage is not terminal: return the error itself from the operator's reconcile (operator.go), not wrapped in reconcile.TerminalError, and the controller queues the request again, after a delay that grows with each failure, until a write goes through",
			recoverBound, outage, seen, short(memberKeys(want), 4), duringOutage, errs)
	}
	t.Fatalf("%s after a %s outage ended, the registry ConfigMap still lists members %s; want the live members %s. During the outage %d writes failed (503 Service Unavailable) and %d reconciles returned an error (the last: %v); since then no member changed, so no event came to queue the registry again. A reconcile whose error is dropped (logged, then nil returned) is forgotten: return the error from the operator's reconcile (operator.go), and the controller queues the request again, after a delay that grows with each failure, until a write goes through",
		recoverBound, outage, seen, short(memberKeys(want), 4), duringOutage, failures, lastErr)
}

// terminalErrors counts the errors that the controllers of this process got
// from their reconciler as terminal (wrapped in reconcile.TerminalError): the
// controller logs them and forgets the request, as it does after a nil
// error. It reads controller-runtime's own metric.
func terminalErrors() int {
	// Gather returns what it could gather along with an error about the rest.
	families, _ := metrics.Registry.Gather()
	n := 0.0
	for _, f := range families {
		if f.GetName() == "controller_runtime_terminal_reconcile_errors_total" {
			for _, m := range f.GetMetric() {
				n += m.GetCounter().GetValue()
			}
		}
	}
	return int(n)
}
