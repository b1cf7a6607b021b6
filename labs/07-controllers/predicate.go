package controllers

import (
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

// OwnedConfigMapPredicate filters the events of the ConfigMaps the
// controller owns (Owns(&corev1.ConfigMap{}, builder.WithPredicates(...))).
// It must let through every update that changed a ConfigMap, so that the
// controller repairs a ConfigMap that someone else edited.
func OwnedConfigMapPredicate() predicate.Predicate {
	// TODO(07): step 4. Every update that changed the ConfigMap gets
	// through, whatever it changed (its data, labels, finalizers, owner
	// references), and an update that changed nothing (a resync sends the
	// same ConfigMap as old and new) does not. As shipped, the predicate
	// that was added to stop a hot loop drops every update of a ConfigMap.
	// See chapter 07, section "4. The predicate that hides the loop".
	// stuck: go run ./tools/lab hint 07
	return predicate.GenerationChangedPredicate{}
}
