// Package apiserver shows, on a real kube-apiserver and etcd started by
// envtest, what a controller's writes of a ConfigMap do: which updates are
// written (a new resourceVersion, a watch event), and what generation does.
package apiserver

import (
	"context"
	"fmt"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	"gomaps/labs/kubeassets/apiserver"
)

func TestConfigMapWrites(t *testing.T) {
	env, cfg, err := apiserver.Start()
	if err != nil {
		t.Fatal(err)
	}
	defer env.Stop()
	c, err := client.New(cfg, client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()

	cm := &corev1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{Name: "app", Namespace: "default"},
		Data:       map[string]string{"app.properties": "a=1\nb=2\n", "x": "1", "y": "2"},
	}
	if err := c.Create(ctx, cm); err != nil {
		t.Fatal(err)
	}
	t.Logf("%-52s resourceVersion %s, generation %d", "create", cm.ResourceVersion, cm.Generation)
	step := func(what string, change func(*corev1.ConfigMap)) {
		t.Helper()
		old := cm.DeepCopy()
		change(cm)
		if err := c.Update(ctx, cm); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		written := "not written"
		if cm.ResourceVersion != old.ResourceVersion {
			written = "written"
		}
		gen := predicate.GenerationChangedPredicate{}.Update(event.UpdateEvent{ObjectOld: old, ObjectNew: cm})
		rv := predicate.ResourceVersionChangedPredicate{}.Update(event.UpdateEvent{ObjectOld: old, ObjectNew: cm})
		t.Logf("%-52s resourceVersion %s, generation %d: %s; GenerationChanged %v, ResourceVersionChanged %v",
			what, cm.ResourceVersion, cm.Generation, written, gen, rv)
	}
	step("update, same data in a map built in another order", func(cm *corev1.ConfigMap) {
		cm.Data = map[string]string{"y": "2", "x": "1", "app.properties": "a=1\nb=2\n"}
	})
	step("update, same settings rendered in another order", func(cm *corev1.ConfigMap) {
		cm.Data["app.properties"] = "b=2\na=1\n"
	})
	step("update, a new value", func(cm *corev1.ConfigMap) { cm.Data["x"] = "one" })
	step("update, a key removed", func(cm *corev1.ConfigMap) { delete(cm.Data, "y") })
	step("update, a label added", func(cm *corev1.ConfigMap) { cm.Labels = map[string]string{"team": "a"} })

	// The limit on a ConfigMap's data, where an ever-growing one ends.
	big := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "big", Namespace: "default"}, Data: map[string]string{}}
	for i := range 1100 {
		big.Data[fmt.Sprintf("pod.web-%04d", i)] = string(make([]byte, 1000))
	}
	err = c.Create(ctx, big)
	t.Logf("create with 1100 keys of 1000 bytes: %v", err)

	// A name with a slash, which would make "namespace/name" keys ambiguous.
	err = c.Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "a/b", Namespace: "default"}})
	t.Logf("create a ConfigMap named a/b: %v", err)
}
