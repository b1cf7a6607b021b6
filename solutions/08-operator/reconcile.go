package operator

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/util/retry"
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

	// Each attempt reads the ConfigMap afresh. The cache may still hold an
	// older copy than the one the API server has (our own last write, say):
	// the update then fails with a conflict, or the create with "already
	// exists", and the next attempt reads again.
	retriable := func(err error) bool { return apierrors.IsConflict(err) || apierrors.IsAlreadyExists(err) }
	err := retry.OnError(retry.DefaultBackoff, retriable, func() error {
		cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: req.Namespace, Name: req.Name}}
		// CreateOrUpdate compares the ConfigMap after the change with the
		// one it read, and writes nothing when they are equal.
		_, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, func() error {
			cm.Data = UpdateData(cm.Data, members)
			return nil
		})
		return err
	})
	return reconcile.Result{}, err
}
