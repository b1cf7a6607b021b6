package operator_test

import (
	"context"
	"maps"
	"testing"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"

	operator "gomaps/labs/08-operator"
)

// Step 4: a write that loses a race with another writer (409 Conflict) is
// retried on a fresh copy, and nothing is lost: neither the members nor what
// the other writer wrote.

func TestStep4ReconcileRetriesConflicts(t *testing.T) {
	var w writes
	// The first update finds that someone else wrote the ConfigMap since the
	// reconciler read it: the fake client then refuses the stale copy with a
	// 409 Conflict, as the API server does.
	first := true
	otherWriter := func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.UpdateOption) error {
		if first {
			first = false
			var cm corev1.ConfigMap
			if err := c.Get(ctx, client.ObjectKeyFromObject(obj), &cm); err != nil {
				return err
			}
			cm.Data["owner"] = "team-a"
			if err := c.Update(ctx, &cm); err != nil {
				return err
			}
		}
		return c.Update(ctx, obj, opts...)
	}
	c := countingClient(&w, otherWriter, registryConfigMap(wantData(members(0))))
	r := &operator.Reconciler{Client: c, Registry: newRegistry(members(0, 1, 2))}

	_, err := r.Reconcile(context.Background(), registryRequest)
	if apierrors.IsConflict(err) {
		t.Fatalf("Reconcile returned the conflict as an error: %v; a controller queues the request again after a delay that doubles with each failure, so under load the registry falls behind. Retry the read-change-write on a fresh copy: retry.RetryOnConflict (k8s.io/client-go/util/retry) around the Get and the Update, or controllerutil.CreateOrUpdate", err)
	}
	if err != nil {
		t.Fatalf("Reconcile: %v", err)
	}
	want := wantData(members(0, 1, 2))
	want["owner"] = "team-a"
	if got := getData(t, c); !maps.Equal(got, want) {
		t.Fatalf("after a reconcile whose first update met a conflict, the registry holds %s; want %s: both the members and the other writer's key", show(got), show(want))
	}
	if w.updates != 2 {
		t.Fatalf("Reconcile called Update %d times; want 2: the one that met the conflict, and one more on a fresh copy", w.updates)
	}
}
