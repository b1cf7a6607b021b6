package controllers

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// endpoints is a reconciler that keeps the ConfigMap default/endpoints in
// step with the Pods of the namespace, with RecordEndpoints, through
// controller-runtime's fake client.
type endpoints struct {
	c client.Client
}

var endpointsKey = types.NamespacedName{Namespace: "default", Name: "endpoints"}

func (r endpoints) reconcile(t *testing.T) map[string]string {
	t.Helper()
	ctx := context.Background()
	var pods corev1.PodList
	if err := r.c.List(ctx, &pods, client.InNamespace("default")); err != nil {
		t.Fatalf("list Pods: %v", err)
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: endpointsKey.Name, Namespace: endpointsKey.Namespace}}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.c, cm, func() error {
		cm.Data = RecordEndpoints(cm.Data, pods.Items)
		return nil
	}); err != nil {
		t.Fatalf("CreateOrUpdate %s: %v", endpointsKey, err)
	}
	return cm.Data
}

func (r endpoints) addPod(t *testing.T, i int) {
	t.Helper()
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("web-%d", i), Namespace: "default"}}
	if err := r.c.Create(context.Background(), pod); err != nil {
		t.Fatalf("create Pod %s: %v", pod.Name, err)
	}
	pod.Status.PodIP = fmt.Sprintf("10.0.%d.%d", i/250, i%250+1)
	if err := r.c.Status().Update(context.Background(), pod); err != nil {
		t.Fatalf("set the IP of Pod %s: %v", pod.Name, err)
	}
}

func (r endpoints) deletePod(t *testing.T, i int) {
	t.Helper()
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("web-%d", i), Namespace: "default"}}
	if err := r.c.Delete(context.Background(), pod); err != nil {
		t.Fatalf("delete Pod %s: %v", pod.Name, err)
	}
}

func newEndpoints() endpoints {
	return endpoints{c: fake.NewClientBuilder().WithStatusSubresource(&corev1.Pod{}).Build()}
}

func podKeys(data map[string]string) []string {
	var keys []string
	for _, k := range slices.Sorted(maps.Keys(data)) {
		if strings.HasPrefix(k, PodKeyPrefix) {
			keys = append(keys, k)
		}
	}
	return keys
}

func TestStep3RemovesTheKeysOfDeletedPods(t *testing.T) {
	r := newEndpoints()
	for i := range 10 {
		r.addPod(t, i)
	}
	if got := podKeys(r.reconcile(t)); len(got) != 10 {
		t.Fatalf("after creating 10 Pods, the ConfigMap has the Pod keys %v; want 10 keys", got)
	}
	for i := range 7 {
		r.deletePod(t, i)
	}
	want := []string{"pod.web-7", "pod.web-8", "pod.web-9"}
	if got := podKeys(r.reconcile(t)); !slices.Equal(got, want) {
		t.Fatalf("after deleting 7 of 10 Pods, the ConfigMap has the Pod keys %v; want %v", got, want)
	}
}

func TestStep3ConfigMapStaysSmallUnderChurn(t *testing.T) {
	// A rolling restart, 200 times: a new Pod, a new name, the oldest gone.
	r := newEndpoints()
	for i := range 3 {
		r.addPod(t, i)
	}
	r.reconcile(t)
	var data map[string]string
	for i := 3; i < 203; i++ {
		r.addPod(t, i)
		r.deletePod(t, i-3)
		data = r.reconcile(t)
	}
	size := 0
	for k, v := range data {
		size += len(k) + len(v)
	}
	if keys := podKeys(data); len(keys) != 3 {
		t.Fatalf("after 200 Pods replaced one by one, with 3 alive, the ConfigMap has %d Pod keys (%d bytes of data); want 3: it grows with every Pod that ever lived, up to the 1 MiB limit of an object", len(keys), size)
	}
}

func TestStep3KeepsTheKeysItDoesNotOwn(t *testing.T) {
	data := map[string]string{"owner": "team-a", "pod.web-1": "10.0.0.2", "pod.web-2": "10.0.0.3", "pod.web-4": "10.0.0.4", "podcast": "yes"}
	before := maps.Clone(data)
	pods := []corev1.Pod{
		{ObjectMeta: metav1.ObjectMeta{Name: "web-2"}, Status: corev1.PodStatus{PodIP: "10.0.0.3"}},
		{ObjectMeta: metav1.ObjectMeta{Name: "web-3"}}, // no IP yet: no key
		{ObjectMeta: metav1.ObjectMeta{Name: "web-4"}}, // its IP is gone: its key goes
	}
	got := RecordEndpoints(data, pods)
	want := map[string]string{"owner": "team-a", "pod.web-2": "10.0.0.3", "podcast": "yes"}
	if !maps.Equal(got, want) {
		t.Fatalf("RecordEndpoints(%v, [web-2 with an IP, web-3 and web-4 without]) = %v; want %v: keep the keys without the prefix, and of yours only those of the Pods that have an IP", before, got, want)
	}
	// A caller may keep its map (cm.Data) rather than take the one returned.
	if !maps.Equal(data, want) {
		t.Fatalf("RecordEndpoints(data, [web-2 with an IP, web-3 and web-4 without]) returned the right map, but the caller's data still holds %v; want %v: RecordEndpoints must change data itself, deleting the keys of the Pods that are gone from it, and return it, not a new map that the caller may never look at", data, want)
	}
}
