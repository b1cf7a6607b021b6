package kubeassets_test

import (
	"context"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"gomaps/labs/kubeassets/apiserver"
)

// TestAPIServerSkipsIdenticalUpdate starts a real kube-apiserver and etcd through envtest and
// checks the fact the course's hot-loop chapter relies on: an update that changes nothing is
// not written (resourceVersion stays, so no watch event fires), while an update that changes
// the data is.
//
// Without the binaries it fails with the one sentence that says how to build them: it never
// builds them itself, which would make `go test ./labs/...` wait ten minutes without a word.
func TestAPIServerSkipsIdenticalUpdate(t *testing.T) {
	env, cfg, err := apiserver.Start()
	if err != nil {
		t.Fatal(err)
	}
	stopped := false
	t.Cleanup(func() {
		if !stopped {
			env.Stop()
		}
	})

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, err := client.New(cfg, client.Options{})
	if err != nil {
		t.Fatalf("make a client for envtest's API server: %v", err)
	}

	created := &corev1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{Name: "smoke", Namespace: "default"},
		Data:       map[string]string{"alpha": "1", "beta": "2", "gamma": "3"},
	}
	if err := c.Create(ctx, created); err != nil {
		t.Fatalf("create ConfigMap default/smoke: %v", err)
	}
	first := created.ResourceVersion
	t.Logf("created default/smoke: resourceVersion %s", first)

	// The same data in a map filled in another order: it serializes to the same bytes.
	same := created.DeepCopy()
	same.Data = map[string]string{"gamma": "3", "beta": "2", "alpha": "1"}
	if err := c.Update(ctx, same); err != nil {
		t.Fatalf("update default/smoke with identical data: %v", err)
	}
	if same.ResourceVersion != first {
		t.Fatalf("an update with identical data changed resourceVersion from %s to %s: the API server wrote a no-op update", first, same.ResourceVersion)
	}
	var got corev1.ConfigMap
	if err := c.Get(ctx, client.ObjectKeyFromObject(created), &got); err != nil {
		t.Fatalf("get default/smoke: %v", err)
	}
	if got.ResourceVersion != first {
		t.Fatalf("after an update with identical data, default/smoke has resourceVersion %s, want %s", got.ResourceVersion, first)
	}
	t.Logf("updated with identical data: resourceVersion still %s (nothing written)", got.ResourceVersion)

	changed := got.DeepCopy()
	changed.Data["beta"] = "two"
	if err := c.Update(ctx, changed); err != nil {
		t.Fatalf("update default/smoke with new data: %v", err)
	}
	if changed.ResourceVersion == first {
		t.Fatalf("an update with new data kept resourceVersion %s: the API server did not write it", first)
	}
	t.Logf("updated with new data: resourceVersion %s -> %s", first, changed.ResourceVersion)

	stopped = true
	if err := env.Stop(); err != nil {
		t.Fatalf("stop envtest: %v", err)
	}
}
