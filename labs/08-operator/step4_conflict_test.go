package operator_test

import (
	"context"
	"fmt"
	"maps"
	"testing"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	operator "gomaps/labs/08-operator"
)

// Step 4: a write that loses a race with another writer (409 Conflict) is
// retried on a fresh copy, and nothing is lost: neither the members nor what
// the other writer wrote.

func TestStep4ReconcileRetriesConflicts(t *testing.T) {
	needSteps(t, 1)
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
		t.Fatalf("Reconcile returned the conflict as an error: %v; a controller queues the request again after a delay that doubles with each failure, so under load the registry falls behind. Retry the read-change-write on a fresh copy: retry.RetryOnConflict (k8s.io/client-go/util/retry) around all of it (the Get and the Update, or the call of controllerutil.CreateOrUpdate), so that each attempt reads again", err)
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

// The same on a real API server: between the reconciler's read and its
// update, another client writes the registry, and the API server itself
// refuses the stale update with a 409. The reconciler runs in this process
// (it starts no goroutine of its own), against the API server of steps 5 to 7.
func TestStep4ConflictOnTheAPIServerIsRetried(t *testing.T) {
	needSteps(t, 1)
	cfg := apiServer(t)
	ctx := context.Background()
	direct := directClient(t, cfg)
	ns := newNamespace(t, direct)
	req := reconcile.Request{NamespacedName: types.NamespacedName{Namespace: ns, Name: operator.RegistryName}}
	before := registryConfigMap(wantData(members(0)))
	before.Namespace = ns
	if err := direct.Create(ctx, before); err != nil {
		t.Fatalf("create the registry ConfigMap: %v", err)
	}

	var updates, conflicts int
	otherWrote := false
	c := interceptor.NewClient(direct, interceptor.Funcs{
		Update: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.UpdateOption) error {
			updates++
			if !otherWrote {
				// Another client writes the registry first, through a
				// client of its own: the copy the reconciler is about to
				// send is now older than the API server's.
				otherWrote = true
				var cm corev1.ConfigMap
				if err := direct.Get(ctx, client.ObjectKeyFromObject(obj), &cm); err != nil {
					return err
				}
				cm.Data["owner"] = "team-a"
				if err := direct.Update(ctx, &cm); err != nil {
					return fmt.Errorf("the test's other writer: %w", err)
				}
			}
			err := c.Update(ctx, obj, opts...)
			if apierrors.IsConflict(err) {
				conflicts++
			}
			return err
		},
	})
	r := &operator.Reconciler{Client: c, Registry: newRegistry(members(0, 1, 2))}

	_, err := r.Reconcile(ctx, req)
	if !otherWrote {
		t.Fatalf("Reconcile did not update the registry ConfigMap, which lacked members m-001 and m-002 (error: %v)", err)
	}
	if conflicts == 0 {
		t.Fatalf("the API server accepted an update sent after another client had written the ConfigMap: the update carried no resourceVersion, or a fresh one. Update the copy you read (its resourceVersion is how the API server tells a stale copy)")
	}
	if apierrors.IsConflict(err) {
		t.Fatalf("the API server refused the stale update with %q, and Reconcile returned that as its error: retry the read-change-write on a fresh copy (retry.RetryOnConflict)", err)
	}
	if err != nil {
		t.Fatalf("Reconcile: %v", err)
	}
	var cm corev1.ConfigMap
	if err := direct.Get(ctx, req.NamespacedName, &cm); err != nil {
		t.Fatalf("get the registry ConfigMap: %v", err)
	}
	want := wantData(members(0, 1, 2))
	want["owner"] = "team-a"
	if !maps.Equal(cm.Data, want) {
		t.Fatalf("after a reconcile whose update the API server refused with a 409, the registry holds %s; want %s: the members and the other writer's key", show(cm.Data), show(want))
	}
	if updates != 2 {
		t.Fatalf("Reconcile called Update %d times, %d of them refused with a 409; want 2: the refused one, and one on a fresh copy", updates, conflicts)
	}
}
