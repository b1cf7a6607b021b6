package controllers

import (
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

// OwnedConfigMapPredicate filters the events of the ConfigMaps the
// controller owns (Owns(&corev1.ConfigMap{}, builder.WithPredicates(...))).
// It must let through every update that changed a ConfigMap, so that the
// controller repairs a ConfigMap that someone else edited.
func OwnedConfigMapPredicate() predicate.Predicate {
	// A ConfigMap has no spec, and the API server never sets its
	// metadata.generation: GenerationChangedPredicate would drop every
	// update. resourceVersion changes on every write, and only on a write.
	return predicate.ResourceVersionChangedPredicate{}
}
