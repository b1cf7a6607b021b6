//go:build ignore

// The step snapshot of labs/08-operator/reconcile.go: the file once steps 1 to 3 are done, and
// no later step. go run ./tools/lab checkpoint 08 4 takes its funcs from here. It builds only
// in the lab, in place of its twin.

package operator

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
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
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: req.Namespace, Name: req.Name}}
	// CreateOrUpdate compares the ConfigMap after the change with the one it
	// read, and writes nothing when they are equal.
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, func() error {
		cm.Data = UpdateData(cm.Data, members)
		return nil
	})
	return reconcile.Result{}, err
}
