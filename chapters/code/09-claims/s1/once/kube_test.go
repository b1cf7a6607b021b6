package once

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/resourceversion"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/kubernetes"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"

	"gomaps/chapters/code/09-claims/check"
	"gomaps/chapters/code/09-claims/check/kube"
)

// cluster is what the API server tests share: clients of the one API server of this test binary.
type cluster struct {
	cfg *rest.Config
	c   client.WithWatch
	cs  *kubernetes.Clientset
}

// kubeCluster starts (or reuses) the API server and returns clients of it.
func kubeCluster(t *testing.T) *cluster {
	t.Helper()
	cfg := kube.APIServer(t)
	scheme := runtime.NewScheme()
	if err := clientgoscheme.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	if err := apiextensionsv1.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	c, err := client.NewWithWatch(cfg, client.Options{Scheme: scheme})
	if err != nil {
		t.Fatal(err)
	}
	cs, err := kubernetes.NewForConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return &cluster{cfg: cfg, c: c, cs: cs}
}

// namespaces counts the namespaces made in this test binary, so that a test run twice (-count)
// gets a fresh one.
var namespaces atomic.Int32

// namespace creates a namespace of its own for a test and returns its name.
func (k *cluster) namespace(t *testing.T) string {
	t.Helper()
	suffix := fmt.Sprintf("-%d", namespaces.Add(1))
	name := strings.ToLower(strings.ReplaceAll(strings.TrimPrefix(t.Name(), "Test"), "_", "-"))
	if len(name) > 63-len(suffix) {
		name = name[:63-len(suffix)]
	}
	name = strings.TrimRight(name, "-") + suffix
	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name}}
	if err := k.c.Create(context.Background(), ns); err != nil {
		t.Fatal(err)
	}
	return name
}

// next waits for the next event of a watch, failing the test after a minute.
func next(t *testing.T, w watch.Interface) watch.Event {
	t.Helper()
	select {
	case ev, ok := <-w.ResultChan():
		if !ok {
			t.Fatal("the watch closed")
		}
		return ev
	case <-time.After(time.Minute):
		t.Fatal("no watch event within a minute")
	}
	return watch.Event{}
}

// The title's story, on a real API server: a payload rendered by ranging over a map is written
// again and again; the same payload rendered from sorted keys is written once, then never.
func TestS1_01_SortedRenderStopsTheWrites(t *testing.T) {
	k := kubeCluster(t)
	ns := k.namespace(t)
	ctx := context.Background()
	settings := map[string]string{}
	for i := range 8 {
		settings[fmt.Sprintf("key%d", i)] = strconv.Itoa(i)
	}
	inMapOrder := func() string {
		var b strings.Builder
		for k, v := range settings {
			fmt.Fprintf(&b, "%s=%s\n", k, v)
		}
		return b.String()
	}
	sorted := func() string {
		var b strings.Builder
		for _, k := range slices.Sorted(maps.Keys(settings)) {
			fmt.Fprintf(&b, "%s=%s\n", k, settings[k])
		}
		return b.String()
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "payload", Namespace: ns}, Data: map[string]string{}}
	if err := k.c.Create(ctx, cm); err != nil {
		t.Fatal(err)
	}
	writes := func(render func() string) int {
		n := 0
		for range 20 {
			rv := cm.ResourceVersion
			if cm.Data == nil {
				cm.Data = map[string]string{}
			}
			cm.Data["app.properties"] = render()
			if err := k.c.Update(ctx, cm); err != nil {
				t.Fatal(err)
			}
			if cm.ResourceVersion != rv {
				n++
			}
		}
		return n
	}
	mapOrder := writes(inMapOrder)
	sortedOrder := writes(sorted)
	t.Logf("20 reconciles rendering in map order: %d writes; 20 rendering sorted keys: %d writes", mapOrder, sortedOrder)
	if mapOrder < 2 {
		t.Errorf("rendering in map order wrote %d times in 20 updates; want most of them", mapOrder)
	}
	if sortedOrder > 1 {
		t.Errorf("rendering sorted keys wrote %d times in 20 updates; want at most the first", sortedOrder)
	}
}

// etcd is a client of the JSON gateway of the API server's etcd.
type etcd struct {
	t   *testing.T
	url string
}

func etcdClient(t *testing.T) *etcd { return &etcd{t: t, url: kube.Etcd(t)} }

func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

// post sends a request to the gateway and decodes the answer into out.
func (e *etcd) post(path string, body, out any) {
	e.t.Helper()
	data, err := json.Marshal(body)
	if err != nil {
		e.t.Fatal(err)
	}
	resp, err := http.Post(e.url+path, "application/json", bytes.NewReader(data))
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	var raw bytes.Buffer
	raw.ReadFrom(resp.Body)
	if resp.StatusCode != http.StatusOK {
		e.t.Fatalf("POST %s: %s: %s", path, resp.Status, raw.String())
	}
	if err := json.Unmarshal(raw.Bytes(), out); err != nil {
		e.t.Fatalf("POST %s: %v: %s", path, err, raw.String())
	}
}

// header is the gateway's response header; the gateway writes int64 numbers as strings.
type header struct {
	Revision int64 `json:"revision,string"`
}

type keyValue struct {
	Key         string `json:"key"`
	ModRevision int64  `json:"mod_revision,string"`
}

// txnPut writes keys in one transaction and returns the revision of the store after it.
func (e *etcd) txnPut(keys ...string) int64 {
	var ops []any
	for _, k := range keys {
		ops = append(ops, map[string]any{"request_put": map[string]string{"key": b64(k), "value": b64("v")}})
	}
	var out struct {
		Header    header `json:"header"`
		Succeeded bool   `json:"succeeded"`
	}
	e.post("/v3/kv/txn", map[string]any{"success": ops}, &out)
	if !out.Succeeded {
		e.t.Fatalf("the transaction putting %v did not succeed", keys)
	}
	return out.Header.Revision
}

// get returns a key's last modification revision, and the store's revision.
func (e *etcd) get(key string) (keyValue, int64) {
	var out struct {
		Header header     `json:"header"`
		Kvs    []keyValue `json:"kvs"`
	}
	e.post("/v3/kv/range", map[string]string{"key": b64(key)}, &out)
	if len(out.Kvs) != 1 {
		e.t.Fatalf("key %q: %d values", key, len(out.Kvs))
	}
	kv := out.Kvs[0]
	k, _ := base64.StdEncoding.DecodeString(kv.Key)
	kv.Key = string(k)
	return kv, out.Header.Revision
}

// etcd's own watch, through the gateway's streaming /v3/watch: the events of every key under a
// prefix come in revision order, the two keys of one transaction with the same revision.
func TestS1_17_EtcdWatchEventsComeInRevisionOrder(t *testing.T) {
	e := etcdClient(t)
	const prefix = "/s1-17/"
	start := e.txnPut(prefix+"a", prefix+"b")
	second := e.txnPut(prefix + "c")
	third := e.txnPut(prefix + "a")

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	body, _ := json.Marshal(map[string]any{"create_request": map[string]any{
		"key": b64(prefix), "range_end": b64(prefix[:len(prefix)-1] + "0"), "start_revision": start,
	}})
	req, err := http.NewRequestWithContext(ctx, "POST", e.url+"/v3/watch", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	dec := json.NewDecoder(resp.Body)
	type event struct {
		Key string
		Rev int64
	}
	var got []event
	for len(got) < 4 {
		var msg struct {
			Result struct {
				Events []struct {
					Kv keyValue `json:"kv"`
				} `json:"events"`
			} `json:"result"`
		}
		if err := dec.Decode(&msg); err != nil {
			t.Fatalf("after %d events: %v", len(got), err)
		}
		for _, ev := range msg.Result.Events {
			k, _ := base64.StdEncoding.DecodeString(ev.Kv.Key)
			got = append(got, event{strings.TrimPrefix(string(k), prefix), ev.Kv.ModRevision})
		}
	}
	t.Logf("events: %v (revisions %d, %d, %d)", got, start, second, third)
	want := []event{{"a", start}, {"b", start}, {"c", second}, {"a", third}}
	if !slices.Equal(got, want) {
		t.Errorf("watch events %v; want %v", got, want)
	}
	if !(start < second && second < third) {
		t.Errorf("revisions %d, %d, %d do not increase", start, second, third)
	}
}

// One transaction that puts two keys makes one revision: both keys get it as mod_revision, and
// it is the revision the response's header returns; the next write gets a greater one.
func TestS1_33_OneTransactionOneRevision(t *testing.T) {
	e := etcdClient(t)
	rev := e.txnPut("/s1-33/a", "/s1-33/b")
	a, _ := e.get("/s1-33/a")
	b, _ := e.get("/s1-33/b")
	next := e.txnPut("/s1-33/c")
	t.Logf("transaction of 2 keys: header revision %d, mod_revision %d and %d; the next write: %d", rev, a.ModRevision, b.ModRevision, next)
	if a.ModRevision != rev || b.ModRevision != rev {
		t.Errorf("mod_revisions %d and %d; want both %d, the transaction's revision", a.ModRevision, b.ModRevision, rev)
	}
	if next <= rev {
		t.Errorf("the next write got revision %d, not after %d", next, rev)
	}
}

// Object names cannot contain "/": the API server refuses a ConfigMap or a Namespace named a/b,
// so "namespace/name" keys cannot collide that way.
func TestS1_19_TheAPIServerRejectsSlashesInNames(t *testing.T) {
	k := kubeCluster(t)
	ns := k.namespace(t)
	ctx := context.Background()
	for _, obj := range []client.Object{
		&corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "a/b", Namespace: ns}},
		&corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "default/a"}},
	} {
		err := k.c.Create(ctx, obj)
		t.Logf("create %T named %q: %v", obj, obj.GetName(), err)
		if !apierrors.IsInvalid(err) {
			t.Errorf("create %T named %q: %v; want an Invalid error", obj, obj.GetName(), err)
		}
	}
}

// widgets is a small custom resource with a status subresource, the shape of the post's MVE.
var (
	widgetGVK = schema.GroupVersionKind{Group: "s1.claims.gomaps.dev", Version: "v1", Kind: "Widget"}
	crdOnce   sync.Once
	crdErr    error
)

func widgetCRD() *apiextensionsv1.CustomResourceDefinition {
	object := func(props map[string]apiextensionsv1.JSONSchemaProps) apiextensionsv1.JSONSchemaProps {
		return apiextensionsv1.JSONSchemaProps{Type: "object", Properties: props}
	}
	return &apiextensionsv1.CustomResourceDefinition{
		ObjectMeta: metav1.ObjectMeta{Name: "widgets." + widgetGVK.Group},
		Spec: apiextensionsv1.CustomResourceDefinitionSpec{
			Group: widgetGVK.Group,
			Names: apiextensionsv1.CustomResourceDefinitionNames{Plural: "widgets", Singular: "widget", Kind: "Widget", ListKind: "WidgetList"},
			Scope: apiextensionsv1.NamespaceScoped,
			Versions: []apiextensionsv1.CustomResourceDefinitionVersion{{
				Name: "v1", Served: true, Storage: true,
				Subresources: &apiextensionsv1.CustomResourceSubresources{Status: &apiextensionsv1.CustomResourceSubresourceStatus{}},
				Schema: &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: ptrTo(object(map[string]apiextensionsv1.JSONSchemaProps{
					"spec":   object(map[string]apiextensionsv1.JSONSchemaProps{"size": {Type: "integer"}}),
					"status": object(map[string]apiextensionsv1.JSONSchemaProps{"observedGeneration": {Type: "integer"}}),
				}))},
			}},
		},
	}
}

func ptrTo[T any](v T) *T { return &v }

// crd installs the Widget CRD once and waits until it is served.
func (k *cluster) crd(t *testing.T) {
	t.Helper()
	crdOnce.Do(func() {
		crds := []*apiextensionsv1.CustomResourceDefinition{widgetCRD()}
		if crdErr = envtest.CreateCRDs(k.cfg, crds); crdErr == nil {
			crdErr = envtest.WaitForCRDs(k.cfg, crds, envtest.CRDInstallOptions{PollInterval: 50 * time.Millisecond, MaxTime: time.Minute})
		}
	})
	if crdErr != nil {
		t.Fatal(crdErr)
	}
}

// widget creates a Widget named name in ns.
func (k *cluster) widget(t *testing.T, ns, name string) *unstructured.Unstructured {
	t.Helper()
	k.crd(t)
	w := &unstructured.Unstructured{}
	w.SetGroupVersionKind(widgetGVK)
	w.SetNamespace(ns)
	w.SetName(name)
	unstructured.SetNestedField(w.Object, int64(1), "spec", "size")
	if err := k.c.Create(context.Background(), w); err != nil {
		t.Fatal(err)
	}
	return w
}

// watchWidgets watches the Widgets of ns from resourceVersion rv.
func (k *cluster) watchWidgets(t *testing.T, ns, rv string) watch.Interface {
	t.Helper()
	list := &unstructured.UnstructuredList{}
	list.SetGroupVersionKind(widgetGVK.GroupVersion().WithKind("WidgetList"))
	w, err := k.c.Watch(context.Background(), list, client.InNamespace(ns), &client.ListOptions{Raw: &metav1.ListOptions{ResourceVersion: rv}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Stop)
	return w
}

// reconcileMVE is the post's Reconcile: get the object, set status.observedGeneration to its
// generation, and update the status, every time, without comparing first.
func (k *cluster) reconcileMVE(t *testing.T, key client.ObjectKey) (before, after string) {
	t.Helper()
	ctx := context.Background()
	obj := &unstructured.Unstructured{}
	obj.SetGroupVersionKind(widgetGVK)
	if err := k.c.Get(ctx, key, obj); err != nil {
		t.Fatal(err)
	}
	before = obj.GetResourceVersion()
	unstructured.SetNestedField(obj.Object, obj.GetGeneration(), "status", "observedGeneration")
	if err := k.c.Status().Update(ctx, obj); err != nil {
		t.Fatal(err)
	}
	return before, obj.GetResourceVersion()
}

// The MVE's second reconcile sends a status that is already there: the API server writes
// nothing, so no watch event comes and no third reconcile is queued. The loop stops.
func TestS1_22_AnIdenticalStatusUpdateIsNotWritten(t *testing.T) {
	k := kubeCluster(t)
	ns := k.namespace(t)
	w := k.widget(t, ns, "mve")
	key := client.ObjectKeyFromObject(w)

	before, after := k.reconcileMVE(t, key)
	t.Logf("reconcile 1: resourceVersion %s -> %s", before, after)
	if before == after {
		t.Fatalf("the first status update (observedGeneration 0 -> 1) kept resourceVersion %s", before)
	}
	events := k.watchWidgets(t, ns, after)
	for i := 2; i <= 4; i++ {
		b, a := k.reconcileMVE(t, key)
		t.Logf("reconcile %d: resourceVersion %s -> %s", i, b, a)
		if a != b {
			t.Errorf("reconcile %d wrote an identical status: resourceVersion %s -> %s", i, b, a)
		}
	}
	// A marker write: the next event of the watch must be this one, not one of the updates above.
	obj := &unstructured.Unstructured{}
	obj.SetGroupVersionKind(widgetGVK)
	if err := k.c.Get(context.Background(), key, obj); err != nil {
		t.Fatal(err)
	}
	obj.SetLabels(map[string]string{"marker": "1"})
	if err := k.c.Update(context.Background(), obj); err != nil {
		t.Fatal(err)
	}
	ev := next(t, events)
	got := ev.Object.(*unstructured.Unstructured)
	t.Logf("next watch event: %s, resourceVersion %s, labels %v", ev.Type, got.GetResourceVersion(), got.GetLabels())
	if got.GetLabels()["marker"] != "1" {
		t.Errorf("the first event after the identical status updates is %s %v, not the marker", ev.Type, got.GetLabels())
	}
}

// A status write leaves metadata.generation alone and fires a MODIFIED event only when the
// status changed; a spec write raises the generation.
func TestS1_23_AStatusWriteKeepsTheGeneration(t *testing.T) {
	k := kubeCluster(t)
	ns := k.namespace(t)
	w := k.widget(t, ns, "gen")
	key := client.ObjectKeyFromObject(w)
	events := k.watchWidgets(t, ns, w.GetResourceVersion())
	ctx := context.Background()

	get := func() *unstructured.Unstructured {
		obj := &unstructured.Unstructured{}
		obj.SetGroupVersionKind(widgetGVK)
		if err := k.c.Get(ctx, key, obj); err != nil {
			t.Fatal(err)
		}
		return obj
	}
	obj := get()
	unstructured.SetNestedField(obj.Object, int64(7), "status", "observedGeneration")
	if err := k.c.Status().Update(ctx, obj); err != nil {
		t.Fatal(err)
	}
	ev := next(t, events)
	got := ev.Object.(*unstructured.Unstructured)
	t.Logf("status changed: %s event, generation %d", ev.Type, got.GetGeneration())
	if ev.Type != watch.Modified || got.GetGeneration() != w.GetGeneration() {
		t.Errorf("status change: %s event with generation %d; want MODIFIED with generation %d", ev.Type, got.GetGeneration(), w.GetGeneration())
	}
	rv := obj.GetResourceVersion()
	if err := k.c.Status().Update(ctx, obj); err != nil { // the same status again
		t.Fatal(err)
	}
	if obj.GetResourceVersion() != rv {
		t.Errorf("an unchanged status was written: resourceVersion %s -> %s", rv, obj.GetResourceVersion())
	}
	obj = get()
	unstructured.SetNestedField(obj.Object, int64(2), "spec", "size")
	if err := k.c.Update(ctx, obj); err != nil {
		t.Fatal(err)
	}
	ev = next(t, events) // the spec write: the unchanged status fired no event before it
	got = ev.Object.(*unstructured.Unstructured)
	size, _, _ := unstructured.NestedInt64(got.Object, "spec", "size")
	t.Logf("spec changed: %s event, generation %d, size %d", ev.Type, got.GetGeneration(), size)
	if size != 2 || got.GetGeneration() != w.GetGeneration()+1 {
		t.Errorf("after the spec write: size %d, generation %d; want size 2, generation %d", size, got.GetGeneration(), w.GetGeneration()+1)
	}
}

// A ConfigMap's resourceVersion is the mod_revision of its key in etcd; and in apimachinery
// v0.35 two resourceVersions of one resource compare as numbers.
func TestS1_35_ResourceVersionIsTheEtcdRevision(t *testing.T) {
	k := kubeCluster(t)
	ns := k.namespace(t)
	ctx := context.Background()
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "rv", Namespace: ns}, Data: map[string]string{"a": "1"}}
	if err := k.c.Create(ctx, cm); err != nil {
		t.Fatal(err)
	}
	first := cm.ResourceVersion
	cm.Data["a"] = "2"
	if err := k.c.Update(ctx, cm); err != nil {
		t.Fatal(err)
	}
	kv, storeRev := etcdClient(t).get("/registry/configmaps/" + ns + "/rv")
	t.Logf("resourceVersion %s -> %s; etcd key %s has mod_revision %d (store revision %d)", first, cm.ResourceVersion, kv.Key, kv.ModRevision, storeRev)
	if strconv.FormatInt(kv.ModRevision, 10) != cm.ResourceVersion {
		t.Errorf("resourceVersion %s, etcd mod_revision %d; want the same number", cm.ResourceVersion, kv.ModRevision)
	}
	if c, err := resourceversion.CompareResourceVersion(first, cm.ResourceVersion); err != nil || c != -1 {
		t.Errorf("CompareResourceVersion(%s, %s) = %d, %v; want -1", first, cm.ResourceVersion, c, err)
	}
}

// A watch from the resourceVersion of a list gets every change made after the list, in order,
// and nothing from before it.
func TestS1_36_AWatchFromAListGetsEveryLaterChange(t *testing.T) {
	k := kubeCluster(t)
	ns := k.namespace(t)
	ctx := context.Background()
	cms := k.cs.CoreV1().ConfigMaps(ns)
	mk := func(name string) *corev1.ConfigMap {
		return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name}, Data: map[string]string{"v": "1"}}
	}
	before, err := cms.Create(ctx, mk("before"), metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	list, err := cms.List(ctx, metav1.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"after-1", "after-2"} {
		if _, err := cms.Create(ctx, mk(name), metav1.CreateOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	before.Data["v"] = "2"
	if _, err := cms.Update(ctx, before, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	w, err := cms.Watch(ctx, metav1.ListOptions{ResourceVersion: list.ResourceVersion})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Stop()
	var got []string
	last := list.ResourceVersion
	for range 3 {
		ev := next(t, w)
		cm := ev.Object.(*corev1.ConfigMap)
		got = append(got, fmt.Sprintf("%s %s", ev.Type, cm.Name))
		if c, err := resourceversion.CompareResourceVersion(last, cm.ResourceVersion); err != nil || c != -1 {
			t.Errorf("event %s %s has resourceVersion %s, not after %s", ev.Type, cm.Name, cm.ResourceVersion, last)
		}
		last = cm.ResourceVersion
	}
	t.Logf("list at resourceVersion %s (%d items), then the watch from it: %v", list.ResourceVersion, len(list.Items), got)
	if want := []string{"ADDED after-1", "ADDED after-2", "MODIFIED before"}; !slices.Equal(got, want) {
		t.Errorf("watch events %v; want %v", got, want)
	}
}

// A resourceVersion the server can no longer serve gets 410 Gone, reason Expired. After etcd is
// compacted, a list at an exact revision that only etcd could answer, and a watch from before the
// watch cache's window, both get it.
func TestS1_38_ACompactedResourceVersionIsGone(t *testing.T) {
	k := kubeCluster(t)
	ns := k.namespace(t)
	k.crd(t)
	ctx := context.Background()
	cms := k.cs.CoreV1().ConfigMaps(ns)
	cm, err := cms.Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "old"}, Data: map[string]string{"v": "0"}}, metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	cm.Data["v"] = "1"
	if _, err = cms.Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	rev := compact(t)
	t.Logf("compacted etcd at revision %d", rev)

	// The ConfigMaps' watch cache may still hold the revision etcd compacted: it answers alone.
	_, err = cms.List(ctx, metav1.ListOptions{ResourceVersion: cm.ResourceVersion, ResourceVersionMatch: metav1.ResourceVersionMatchExact})
	t.Logf("list ConfigMaps at exact resourceVersion %s (compacted in etcd): %v", cm.ResourceVersion, err)

	list := &unstructured.UnstructuredList{}
	list.SetGroupVersionKind(widgetGVK.GroupVersion().WithKind("WidgetList"))
	err = k.c.List(ctx, list, client.InNamespace(ns), &client.ListOptions{Raw: &metav1.ListOptions{
		ResourceVersion: "1", ResourceVersionMatch: metav1.ResourceVersionMatchExact,
	}})
	t.Logf("list Widgets at exact resourceVersion 1: %v", err)
	if !gone(err) {
		t.Errorf("list at the compacted resourceVersion 1: %v; want 410 Expired", err)
	}
	err = tooOldWatch(t, k, ns)
	t.Logf("watch Widgets from resourceVersion 1: %v", err)
	if !gone(err) {
		t.Errorf("watch from resourceVersion 1: %v; want 410 Expired", err)
	}
}

// gone reports whether err is a 410 Gone with reason Expired.
func gone(err error) bool {
	status, ok := err.(apierrors.APIStatus)
	return ok && status.Status().Code == http.StatusGone && apierrors.ReasonForError(err) == metav1.StatusReasonExpired
}

// compact compacts etcd at its current revision and returns it.
func compact(t *testing.T) int64 {
	t.Helper()
	e := etcdClient(t)
	rev := e.txnPut("/s1/compact")
	var out struct {
		Header header `json:"header"`
	}
	e.post("/v3/kv/compaction", map[string]any{"revision": rev, "physical": true}, &out)
	return rev
}

// tooOldWatch watches the Widgets of ns from resourceVersion 1, before their watch cache began,
// and returns the error of the watch's first event.
func tooOldWatch(t *testing.T, k *cluster, ns string) error {
	t.Helper()
	k.crd(t)
	w := k.watchWidgets(t, ns, "1")
	ev := next(t, w)
	if ev.Type != watch.Error {
		t.Fatalf("a watch from resourceVersion 1 began with %s; want an ERROR event", ev.Type)
	}
	return apierrors.FromObject(ev.Object)
}

// The post's test for the 410, err == errors.NewForbidden(...), never matches: NewForbidden
// returns a new pointer, which is == to no other error, and the real error is 410 Expired, not 403
// Forbidden. (Comparing the real error with such a new pointer would check nothing: it is false
// whatever the error.)
func TestS1_39_A410IsNotAForbiddenError(t *testing.T) {
	body := check.FuncBody(t, apimachinery, "pkg/api/errors/errors.go", `^func NewForbidden\(`)
	if !check.Contains(body, "return &StatusError{") {
		t.Errorf("NewForbidden no longer returns a new &StatusError:\n%s", strings.Join(body, "\n"))
	}
	k := kubeCluster(t)
	ns := k.namespace(t)
	err := tooOldWatch(t, k, ns)
	var status *apierrors.StatusError
	if !errors.As(err, &status) {
		t.Fatalf("the too-old watch failed with %T, not a *StatusError: %v", err, err)
	}
	code, reason := status.Status().Code, apierrors.ReasonForError(err)
	t.Logf("the real error: %v (code %d, reason %s)", err, code, reason)
	if code != http.StatusGone || reason != metav1.StatusReasonExpired {
		t.Errorf("the real error has code %d and reason %s; want 410 and %s", code, reason, metav1.StatusReasonExpired)
	}
	if apierrors.IsForbidden(err) {
		t.Error("the real error is a Forbidden error")
	}
	if !apierrors.IsResourceExpired(err) {
		t.Error("apierrors.IsResourceExpired, which the reflector uses, does not match the real error")
	}
}
