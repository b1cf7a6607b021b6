package controllers

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
)

func TestStep4PredicateLetsEditsOfTheConfigMapThrough(t *testing.T) {
	// The controller wrote the ConfigMap; someone else edits its data. The
	// update event carries both objects as the real API server returned
	// them, and the predicate decides whether the controller repairs it.
	c := apiServer(t)
	ctx := context.Background()
	old := &corev1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{Name: "step4-owned", Namespace: "default"},
		Data:       map[string]string{PayloadKey: "feature.00=true\n"},
	}
	if err := c.Create(ctx, old); err != nil {
		t.Fatalf("create %s: %v", client.ObjectKeyFromObject(old), err)
	}
	t.Cleanup(func() { c.Delete(ctx, old) })
	edited := old.DeepCopy()
	edited.Data[PayloadKey] = "feature.00=false\n"
	if err := c.Update(ctx, edited); err != nil {
		t.Fatalf("edit %s: %v", client.ObjectKeyFromObject(old), err)
	}
	if edited.ResourceVersion == old.ResourceVersion {
		t.Fatalf("the API server did not write the edit (resourceVersion %s before and after)", old.ResourceVersion)
	}
	if !OwnedConfigMapPredicate().Update(event.UpdateEvent{ObjectOld: old, ObjectNew: edited}) {
		t.Fatalf("the predicate dropped an edit of the ConfigMap's data (resourceVersion %s -> %s, generation %d -> %d): the controller never repairs it",
			old.ResourceVersion, edited.ResourceVersion, old.Generation, edited.Generation)
	}

	// Someone else edits only its metadata: a change of the ConfigMap too.
	relabeled := edited.DeepCopy()
	relabeled.Labels = map[string]string{"edited-by": "someone-else"}
	if err := c.Update(ctx, relabeled); err != nil {
		t.Fatalf("relabel %s: %v", client.ObjectKeyFromObject(old), err)
	}
	if !OwnedConfigMapPredicate().Update(event.UpdateEvent{ObjectOld: edited, ObjectNew: relabeled}) {
		t.Fatalf("the predicate dropped an edit of the ConfigMap's labels (resourceVersion %s -> %s, the same data): let through every update that changed the ConfigMap, whatever it changed, as its resourceVersion says",
			edited.ResourceVersion, relabeled.ResourceVersion)
	}

	// An informer's resync, and a relist after a lost watch, send an update
	// event for every object in its cache, changed or not: old and new are
	// the same ConfigMap. Letting those through reconciles every owned
	// ConfigMap on every resync, for nothing.
	if OwnedConfigMapPredicate().Update(event.UpdateEvent{ObjectOld: relabeled, ObjectNew: relabeled.DeepCopy()}) {
		t.Fatalf("the predicate let through an update event whose old and new ConfigMap are the same (resourceVersion %s in both), as a resync sends for every object: let through only the updates that changed the ConfigMap, those whose resourceVersion changed", relabeled.ResourceVersion)
	}
}
