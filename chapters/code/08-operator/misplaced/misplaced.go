// Package misplaced has the RBAC marker of lab 08's reconciler in the wrong
// place: as the last line of Reconcile's doc comment, where controller-gen
// does not look for it (see chapter 08, "The permissions it needs").
package misplaced

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// A Reconciler reconciles nothing; only its marker matters here.
type Reconciler struct{}

// Reconcile does nothing.
//
// +kubebuilder:rbac:groups="",resources=configmaps,verbs=get;list;watch;create;update
func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}
