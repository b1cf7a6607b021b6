package operator_test

import (
	"context"
	"maps"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	operator "gomaps/labs/08-operator"
)

// Step 3: a reconcile that has nothing to change writes nothing. (The fake
// client writes every update it is given, so these tests count the calls.)

var registryRequest = reconcile.Request{NamespacedName: types.NamespacedName{Namespace: "apps", Name: operator.RegistryName}}

// writes counts the writes a fake client is asked for.
type writes struct{ creates, updates, patches int }

func (w *writes) total() int { return w.creates + w.updates + w.patches }

// countingClient returns a fake client holding objs that counts writes in w;
// update, when not nil, runs instead of the fake client's Update.
func countingClient(w *writes, update func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.UpdateOption) error, objs ...client.Object) client.WithWatch {
	return fake.NewClientBuilder().WithObjects(objs...).WithInterceptorFuncs(interceptor.Funcs{
		Create: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.CreateOption) error {
			w.creates++
			return c.Create(ctx, obj, opts...)
		},
		Update: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.UpdateOption) error {
			w.updates++
			if update != nil {
				return update(ctx, c, obj, opts...)
			}
			return c.Update(ctx, obj, opts...)
		},
		Patch: func(ctx context.Context, c client.WithWatch, obj client.Object, patch client.Patch, opts ...client.PatchOption) error {
			w.patches++
			return c.Patch(ctx, obj, patch, opts...)
		},
	}).Build()
}

func registryConfigMap(data map[string]string) *corev1.ConfigMap {
	return &corev1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{Namespace: registryRequest.Namespace, Name: registryRequest.Name},
		Data:       data,
	}
}

func newRegistry(ms map[string]map[string]string) *operator.Registry {
	r := operator.NewRegistry()
	for name, entries := range ms {
		r.Set(name, entries)
	}
	return r
}

func getData(t *testing.T, c client.Client) map[string]string {
	t.Helper()
	var cm corev1.ConfigMap
	if err := c.Get(context.Background(), registryRequest.NamespacedName, &cm); err != nil {
		t.Fatalf("get the registry ConfigMap: %v", err)
	}
	return cm.Data
}

func TestStep3ReconcileWritesNothingWhenNothingChanged(t *testing.T) {
	needSteps(t, 1)
	ms := members(span(0, 10)...)
	var w writes
	c := countingClient(&w, nil, registryConfigMap(wantData(ms)))
	r := &operator.Reconciler{Client: c, Registry: newRegistry(ms)}
	const reconciles = 5
	for range reconciles {
		if _, err := r.Reconcile(context.Background(), registryRequest); err != nil {
			t.Fatalf("Reconcile: %v", err)
		}
	}
	if w.total() > 0 {
		t.Fatalf("%d reconciles of a registry ConfigMap that already held the 10 members wrote it %d times (%d creates, %d updates, %d patches); want 0: on a real API server, a write that changes the ConfigMap fires a watch event, which starts the next reconcile, and a write that changes nothing is still a request. Compare before writing: controllerutil.CreateOrUpdate writes only when the mutated object differs from the one it read",
			reconciles, w.total(), w.creates, w.updates, w.patches)
	}
	if got, want := getData(t, c), wantData(ms); !maps.Equal(got, want) {
		t.Fatalf("after the reconciles, the registry holds %s; want %s", show(got), show(want))
	}
}

func TestStep3ReconcileCreatesAndUpdatesTheRegistry(t *testing.T) {
	needSteps(t, 1, 2)
	var w writes
	c := countingClient(&w, nil)
	reg := newRegistry(members(1, 2))
	r := &operator.Reconciler{Client: c, Registry: reg}
	if _, err := r.Reconcile(context.Background(), registryRequest); err != nil {
		t.Fatalf("Reconcile with no registry ConfigMap: %v", err)
	}
	if got, want := getData(t, c), wantData(members(1, 2)); !maps.Equal(got, want) {
		t.Fatalf("after a reconcile with members 1 and 2, the new registry holds %s; want %s", show(got), show(want))
	}
	reg.Set(memberName(3), memberData(3))
	reg.Delete(memberName(1))
	before := w.total()
	if _, err := r.Reconcile(context.Background(), registryRequest); err != nil {
		t.Fatalf("Reconcile: %v", err)
	}
	if got, want := getData(t, c), wantData(members(2, 3)); !maps.Equal(got, want) {
		t.Fatalf("after member 3 came and member 1 left, the registry holds %s; want %s", show(got), show(want))
	}
	if n := w.total() - before; n != 1 {
		t.Fatalf("a reconcile after member 3 came and member 1 left wrote the registry %d times; want 1", n)
	}
}
