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
	t.Cleanup(func() {
		// A ConfigMap with a finalizer is not deleted until it is gone.
		var cm corev1.ConfigMap
		if c.Get(ctx, client.ObjectKeyFromObject(old), &cm) == nil && len(cm.Finalizers) > 0 {
			cm.Finalizers = nil
			c.Update(ctx, &cm)
		}
		c.Delete(ctx, old)
	})
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

	// Someone else edits a field that a predicate comparing data, labels and
	// annotations does not look at: the finalizers, then the owner
	// references. The API server writes each, and bumps resourceVersion.
	finalized := editOnly(t, c, relabeled, "finalizers", func(cm *corev1.ConfigMap) {
		cm.Finalizers = []string{"example.com/keep"}
	})
	owned := editOnly(t, c, finalized, "owner references", func(cm *corev1.ConfigMap) {
		cm.OwnerReferences = []metav1.OwnerReference{{APIVersion: "apps/v1", Kind: "Deployment", Name: "app", UID: "step4-owner-uid"}}
	})

	// An informer's resync, and a relist after a lost watch, send an update
	// event for every object in its cache, changed or not: old and new are
	// the same ConfigMap. Letting those through reconciles every owned
	// ConfigMap on every resync, for nothing.
	if OwnedConfigMapPredicate().Update(event.UpdateEvent{ObjectOld: owned, ObjectNew: owned.DeepCopy()}) {
		t.Fatalf("the predicate let through an update event whose old and new ConfigMap are the same (resourceVersion %s in both), as a resync sends for every object: let through only the updates that changed the ConfigMap, those whose resourceVersion changed", owned.ResourceVersion)
	}
}

// editOnly writes change to a copy of cm on the API server, a change of its
// metadata only (what names), and fails t if the predicate drops the update.
func editOnly(t *testing.T, c client.Client, cm *corev1.ConfigMap, what string, change func(*corev1.ConfigMap)) *corev1.ConfigMap {
	t.Helper()
	edited := cm.DeepCopy()
	change(edited)
	if err := c.Update(context.Background(), edited); err != nil {
		t.Fatalf("edit the %s of %s: %v", what, client.ObjectKeyFromObject(cm), err)
	}
	if !OwnedConfigMapPredicate().Update(event.UpdateEvent{ObjectOld: cm, ObjectNew: edited}) {
		t.Fatalf("the predicate dropped an edit of the ConfigMap's %s (resourceVersion %s -> %s; the same data, labels and annotations): a predicate that compares chosen fields misses the others (finalizers, owner references, any field added later); let through every update whose resourceVersion changed, which the API server changes on every write, whatever it changed",
			what, cm.ResourceVersion, edited.ResourceVersion)
	}
	return edited
}
