package controllers

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// settings returns the same 12 settings in a new map on every call: more
// than 8 keys, so that ranging over it starts at many places.
func settings() map[string]string {
	m := map[string]string{}
	for i := range 12 {
		m[fmt.Sprintf("feature.%02d", i)] = fmt.Sprint(i%2 == 0)
	}
	return m
}

func TestStep2RenderIsTheSameEveryCall(t *testing.T) {
	want := ""
	for i := range 12 {
		want += fmt.Sprintf("feature.%02d=%v\n", i, i%2 == 0)
	}
	texts := map[string]int{}
	for range 100 {
		texts[Render(settings())]++
	}
	if len(texts) > 1 {
		t.Fatalf("100 calls of Render on the same 12 settings returned %d different texts, so every reconcile would write the ConfigMap: a range over a map starts at a random place on every range statement, so range over the sorted keys (a sorted slice of them, not the map) and look each value up", len(texts))
	}
	for got := range texts {
		if got != want {
			t.Fatalf("Render(settings) = %q; want the lines sorted by key, %q", got, want)
		}
	}
	// The keys above all have the same length, so sorting the written lines gives the same
	// order as sorting the keys. Here it does not: the key "feature" sorts before
	// "feature.00", but the line "feature.00=true" before "feature=on", since '.' comes
	// before '='.
	two := map[string]string{"feature": "on", "feature.00": "true"}
	if got, want := Render(two), "feature=on\nfeature.00=true\n"; got != want {
		t.Fatalf("Render(%v) = %q; want %q: write the lines in increasing order of key (sort the keys, not the written lines: \"feature.00=true\" sorts before \"feature=on\")", two, got, want)
	}
}

func TestStep2EnsureSendsNoUpdateWhenNothingChanged(t *testing.T) {
	ctx := context.Background()
	updates := 0
	c := fake.NewClientBuilder().WithInterceptorFuncs(interceptor.Funcs{
		Update: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.UpdateOption) error {
			updates++
			return c.Update(ctx, obj, opts...)
		},
	}).Build()
	key := types.NamespacedName{Namespace: "default", Name: "app-config"}
	results := map[controllerutil.OperationResult]int{}
	for range 20 {
		res, err := Ensure(ctx, c, key, settings())
		if err != nil {
			t.Fatalf("Ensure: %v", err)
		}
		results[res]++
	}
	want := map[controllerutil.OperationResult]int{controllerutil.OperationResultCreated: 1, controllerutil.OperationResultNone: 19}
	if updates > 0 || fmt.Sprint(results) != fmt.Sprint(want) {
		t.Fatalf("20 calls of Ensure with the same settings returned %v and sent %d updates; want %v and no update", results, updates, want)
	}
	res, err := Ensure(ctx, c, key, map[string]string{"feature.00": "false"})
	if err != nil || res != controllerutil.OperationResultUpdated || updates != 1 {
		t.Fatalf("Ensure with new settings = %q, %v after %d updates; want %q, <nil> after 1 update", res, err, updates, controllerutil.OperationResultUpdated)
	}
}

func TestStep2EnsureLeavesTheRealConfigMapAlone(t *testing.T) {
	// On a real API server an update that changes no byte is not written:
	// resourceVersion stays and no watch event fires. Only a payload that
	// differs is written, and each write wakes the controller again.
	//
	// The ConfigMap is shared: another writer put its own key in the data,
	// and the object that owns the ConfigMap is in its owner references.
	// Ensure writes its payload and leaves the rest as it was.
	c := apiServer(t)
	ctx := context.Background()
	key := types.NamespacedName{Namespace: "default", Name: "step2-app-config"}
	owner := metav1.OwnerReference{APIVersion: "apps/v1", Kind: "Deployment", Name: "app", UID: "step2-owner-uid"}
	shared := &corev1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{Name: key.Name, Namespace: key.Namespace, OwnerReferences: []metav1.OwnerReference{owner}},
		Data:       map[string]string{"owner": "team-a", PayloadKey: "feature.00=stale\n"},
	}
	if err := c.Create(ctx, shared); err != nil {
		t.Fatalf("create %s: %v", key, err)
	}
	t.Cleanup(func() { c.Delete(ctx, shared) })
	versions := map[string]bool{}
	var cm corev1.ConfigMap
	for range 10 {
		if _, err := Ensure(ctx, c, key, settings()); err != nil {
			t.Fatalf("Ensure on the API server: %v", err)
		}
		cm = corev1.ConfigMap{}
		if err := c.Get(ctx, key, &cm); err != nil {
			t.Fatalf("get %s: %v", key, err)
		}
		versions[cm.ResourceVersion] = true
	}
	switch {
	case len(versions) > 1:
		t.Fatalf("10 reconciles with the same settings left the ConfigMap at %d different resourceVersions: the API server wrote it %d times, and each write is a watch event that starts the next reconcile (a hot loop)", len(versions), len(versions))
	case cm.Data[PayloadKey] != Render(settings()):
		t.Fatalf("after Ensure, the ConfigMap holds %q under %s; want %q", cm.Data[PayloadKey], PayloadKey, Render(settings()))
	case cm.Data["owner"] != "team-a":
		t.Fatalf("Ensure removed the key \"owner\" that another writer had put in the ConfigMap's data (its keys are now %q): change only cm.Data[PayloadKey], on the ConfigMap as you got it (make cm.Data if it is nil); never give cm.Data a new map, nor update with a new ConfigMap, which drops every key someone else wrote", slices.Sorted(maps.Keys(cm.Data)))
	case !slices.ContainsFunc(cm.OwnerReferences, func(r metav1.OwnerReference) bool { return r.UID == owner.UID }):
		t.Fatalf("Ensure removed the ConfigMap's owner reference to %s %s (its owner references are now %v): update the ConfigMap as you got it from the API server, changing only its payload; a new ConfigMap object replaces the metadata too", owner.Kind, owner.Name, cm.OwnerReferences)
	}
}
