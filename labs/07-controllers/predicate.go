package controllers

import (
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

// OwnedConfigMapPredicate filters the events of the ConfigMaps the
// controller owns (Owns(&corev1.ConfigMap{}, builder.WithPredicates(...))).
// It must let through every update that changed a ConfigMap, so that the
// controller repairs a ConfigMap that someone else edited.
func OwnedConfigMapPredicate() predicate.Predicate {
	// TODO(07): added to stop a hot loop, this drops every update of a
	// ConfigMap. Check what metadata.generation does for a ConfigMap.
	return predicate.GenerationChangedPredicate{}
}
