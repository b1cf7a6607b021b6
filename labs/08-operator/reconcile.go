package operator

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// A Reconciler writes the registry ConfigMap from the Registry.
type Reconciler struct {
	Client   client.Client // the manager's: reads come from its cache
	Registry *Registry
}

// The permissions the operator needs, for controller-gen to write its Role:
// it watches ConfigMaps, and creates and updates the registry.
// +kubebuilder:rbac:groups="",resources=configmaps,verbs=get;list;watch;create;update

// Reconcile makes the ConfigMap req names (the registry) hold the members of
// the Registry, as UpdateData puts them, creating it when it is missing. It
// writes only when the ConfigMap differs from what it must hold, and a write
// that fails with a conflict (someone else wrote the ConfigMap since it was
// read) is retried on a fresh copy rather than returned as an error.
func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	members := r.Registry.Snapshot()

	// TODO(08): step 3. A reconcile that finds the ConfigMap already holding
	// what it must sends no write at all: no update, no create, no patch.
	// As shipped, it updates the ConfigMap on every call, changed or not.
	// See chapter 08, section "Bug 2: the hot loop".
	//
	// Step 4. An update that the API server refuses with 409 Conflict
	// (someone wrote the ConfigMap since it was read) is made again from a
	// fresh read, within this reconcile, and keeps what the other writer
	// put there; Reconcile returns no error for it. As shipped, it returns
	// the conflict as its error.
	// See chapter 08, section "And under load: conflicts".
	// stuck: go run ./tools/lab hint 08
	var cm corev1.ConfigMap
	err := r.Client.Get(ctx, req.NamespacedName, &cm)
	if apierrors.IsNotFound(err) {
		cm = corev1.ConfigMap{
			ObjectMeta: metav1.ObjectMeta{Namespace: req.Namespace, Name: req.Name},
			Data:       UpdateData(nil, members),
		}
		return reconcile.Result{}, r.Client.Create(ctx, &cm)
	}
	if err != nil {
		return reconcile.Result{}, err
	}
	cm.Data = UpdateData(cm.Data, members)
	return reconcile.Result{}, r.Client.Update(ctx, &cm)
}
