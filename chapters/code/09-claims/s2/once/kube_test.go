package once

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"
	"text/template"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes/fake"
	"k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	toolscache "k8s.io/client-go/tools/cache"
	"k8s.io/client-go/util/jsonpath"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	"gomaps/chapters/code/09-claims/check"
	"gomaps/chapters/code/09-claims/check/kube"
	"gomaps/labs/kubeassets"
)

// The module versions the rows cite.
const (
	kubernetes  = "k8s.io/kubernetes@v1.35.8"
	apiserver   = "k8s.io/apiserver@v0.35.0"
	apimachine  = "k8s.io/apimachinery@v0.35.0"
	clientGo    = "k8s.io/client-go@v0.35.0"
	kubectl     = "k8s.io/kubectl@v0.35.0"
	cliRuntime  = "k8s.io/cli-runtime@v0.35.0"
	crOld       = "sigs.k8s.io/controller-runtime@v0.17.0"
	crNew       = "sigs.k8s.io/controller-runtime@v0.23.3"
	testTimeout = time.Minute
)

// kubeClient returns a controller-runtime client of the shared API server.
func kubeClient(t *testing.T) client.Client {
	t.Helper()
	c, err := client.New(kube.APIServer(t), client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// ctx returns a context that ends with the test or after a minute.
func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), testTimeout)
	t.Cleanup(cancel)
	return c
}

// raw sends one request to the shared API server, as kubectl or curl would, and returns the
// status and the body.
func raw(t *testing.T, method, path, contentType string, body []byte) (int, []byte) {
	t.Helper()
	cfg := kube.APIServer(t)
	hc, err := rest.HTTPClientFor(cfg)
	if err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequestWithContext(ctx(t), method, strings.TrimSuffix(cfg.Host, "/")+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, data
}

// configMap creates a ConfigMap in namespace default, deleting any left by an earlier run.
func configMap(t *testing.T, c client.Client, name string, data map[string]string) *corev1.ConfigMap {
	t.Helper()
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "default"}, Data: data}
	c.Delete(ctx(t), cm.DeepCopy())
	if err := c.Create(ctx(t), cm); err != nil {
		t.Fatal(err)
	}
	return cm
}

func cmPath(name string) string { return "/api/v1/namespaces/default/configmaps/" + name }

func TestS2_01_ConfigMapGrowthStopsAtTheLimit(t *testing.T) {
	c := kubeClient(t)
	cm := configMap(t, c, "grows", nil)
	cm.Data = map[string]string{} // the API server returns no data field for an empty map
	value := strings.Repeat("x", 10000)
	size, keys := 0, 0
	var err error
	for batch := 0; batch < 20; batch++ {
		for range 10 { // an operator that adds keys for new objects and never deletes one
			cm.Data[fmt.Sprintf("pod.web-%04d", keys)] = value
			keys++
		}
		if err = c.Update(ctx(t), cm); err != nil {
			break
		}
		size = 0
		for k, v := range cm.Data {
			size += len(k) + len(v)
		}
	}
	if err == nil {
		t.Fatalf("%d keys, %d bytes of data: the API server took every update", keys, size)
	}
	if !apierrors.IsInvalid(err) || !strings.Contains(err.Error(), "may not be more than 1048576 bytes") || size > 1<<20 {
		t.Fatalf("after %d bytes of data: %v; want the 1 MiB limit", size, err)
	}
	t.Logf("the last update accepted held %d bytes of data; the next one: %v", size, err)
}

func TestS2_23_DeletionTimestampNeedsAFinalizer(t *testing.T) {
	var never *metav1.Time
	if !never.IsZero() {
		t.Fatal("IsZero on a nil *metav1.Time is false")
	}
	c := kubeClient(t)
	plain := configMap(t, c, "no-finalizer", map[string]string{"a": "1"})
	if err := c.Delete(ctx(t), plain); err != nil {
		t.Fatal(err)
	}
	if err := c.Get(ctx(t), client.ObjectKeyFromObject(plain), &corev1.ConfigMap{}); !apierrors.IsNotFound(err) {
		t.Fatalf("Get right after deleting an object without finalizers: %v; want NotFound", err)
	}

	held := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "with-finalizer", Namespace: "default",
		Finalizers: []string{"gomaps.dev/cleanup"}}}
	if err := c.Create(ctx(t), held); err != nil {
		t.Fatal(err)
	}
	if err := c.Delete(ctx(t), held); err != nil {
		t.Fatal(err)
	}
	got := &corev1.ConfigMap{}
	if err := c.Get(ctx(t), client.ObjectKeyFromObject(held), got); err != nil {
		t.Fatalf("Get after deleting an object with a finalizer: %v", err)
	}
	if got.DeletionTimestamp.IsZero() {
		t.Fatal("an object held by a finalizer has no deletionTimestamp after delete")
	}
	got.Finalizers = nil // the operator's cleanup is done: release it
	if err := c.Update(ctx(t), got); err != nil {
		t.Fatal(err)
	}
	if err := c.Get(ctx(t), client.ObjectKeyFromObject(held), &corev1.ConfigMap{}); !apierrors.IsNotFound(err) {
		t.Fatalf("Get after removing the last finalizer: %v; want NotFound", err)
	}
}

func TestS2_24_GarbageCollectorFollowsOwnerReferences(t *testing.T) {
	check.Has(t, apimachine, "pkg/apis/meta/v1/types.go", `If ALL objects in the list have\s*$`)
	check.Has(t, kubernetes, "pkg/controller/garbagecollector/graph_builder.go", `owners:\s+accessor\.GetOwnerReferences\(\)`)
	// The API server itself deletes no dependents: that is kube-controller-manager's job.
	check.Lacks(t, apiserver, "pkg/registry/generic/registry", `GetOwnerReferences\(\)`)
}

func TestS2_32_NoEnableDynamicConfigFlag(t *testing.T) {
	dir, err := kubeassets.Dir()
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(dir+"/kube-apiserver", "--help").CombinedOutput()
	if err != nil {
		t.Fatalf("kube-apiserver --help: %v\n%s", err, check.Head(string(out), 10))
	}
	help := string(out)
	if !strings.Contains(help, "--enable-admission-plugins") {
		t.Fatalf("kube-apiserver --help lists no flags:\n%s", check.Head(help, 10))
	}
	if strings.Contains(help, "dynamic-config") {
		t.Error("kube-apiserver --help has a dynamic-config flag")
	}
	check.Lacks(t, kubernetes, "cmd", `enable-dynamic-config`)
	check.Lacks(t, apiserver, "pkg", `enable-dynamic-config`)
	check.Lacks(t, crNew, "pkg", `enable-dynamic-config`)
	check.Lacks(t, clientGo, "tools", `enable-dynamic-config`)
}

func TestS2_34_ControllerRuntime017UsesAPI029(t *testing.T) {
	check.Has(t, crOld, "go.mod", `^\s+k8s\.io/api v0\.29\.0$`)
	check.Has(t, crNew, "go.mod", `^\s+k8s\.io/api v0\.35\.0$`)
}

func TestS2_35_ControlPlaneStartInstallsNoCRDs(t *testing.T) {
	for _, at := range []string{crOld, crNew} {
		check.Has(t, at, "pkg/internal/testing/controlplane/plane.go", `^func \(f \*ControlPlane\) Start\(\)`)
		check.Lacks(t, at, "pkg/internal/testing/controlplane", `CRD`)
		check.Has(t, at, "pkg/envtest/server.go", `crds, err := InstallCRDs\(te\.Config, te\.CRDInstallOptions\)`)
	}
}

func TestS2_36_NoSetupClient(t *testing.T) {
	for _, at := range []string{crOld, crNew} {
		check.Lacks(t, at, "pkg", `SetupClient`)
	}
}

func TestS2_37_ZapDevelIsConsoleText(t *testing.T) {
	// The functional check (two loggers, console and JSON) needs go.uber.org/zap, which the
	// course's go.mod does not require: the test reads the flag's definition instead.
	for _, at := range []string{crOld, crNew} {
		check.Has(t, at, "pkg/log/zap/zap.go", `fs\.BoolVar\(&o\.Development, "zap-devel", o\.Development,`)
		check.Has(t, at, "pkg/log/zap/zap.go", `"Development Mode defaults\(encoder=consoleEncoder,logLevel=Debug,stackTraceLevel=Warn\)\. "\+`)
		check.Has(t, at, "pkg/log/zap/zap.go", `"Production Mode defaults\(encoder=jsonEncoder,logLevel=Info,stackTraceLevel=Error\)"`)
	}
}

func TestS2_38_LeaderElectAndWatchNamespaceBelongToMain(t *testing.T) {
	for _, at := range []string{crOld, crNew} {
		check.Lacks(t, at, "pkg", `"leader-elect"`)
		check.Lacks(t, at, "pkg", `WATCH_NAMESPACE`)
		check.Has(t, at, "pkg/manager/manager.go", `^\s+LeaderElection bool$`)
	}
	check.Lacks(t, clientGo, "tools", `WATCH_NAMESPACE`)
	check.Lacks(t, clientGo, "rest", `WATCH_NAMESPACE`)
}

func TestS2_39_ALateHandlerGetsEveryObject(t *testing.T) {
	var objs []corev1.ConfigMap
	cs := fake.NewClientset()
	for i := range 5 {
		cm := corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprint("cm-", i), Namespace: "default", ResourceVersion: "1"}}
		objs = append(objs, cm)
		if _, err := cs.CoreV1().ConfigMaps("default").Create(ctx(t), &cm, metav1.CreateOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	factory := informers.NewSharedInformerFactory(cs, 0)
	inf := factory.Core().V1().ConfigMaps().Informer()
	stop := make(chan struct{})
	defer close(stop)
	factory.Start(stop)
	if !toolscache.WaitForCacheSync(stop, inf.HasSynced) {
		t.Fatal("the informer did not sync")
	}
	// The handler comes after the cache is ready and every object is in it.
	var mu sync.Mutex
	var added []string
	reg, err := inf.AddEventHandler(toolscache.ResourceEventHandlerFuncs{AddFunc: func(obj any) {
		mu.Lock()
		defer mu.Unlock()
		added = append(added, obj.(*corev1.ConfigMap).Name)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if !toolscache.WaitForCacheSync(stop, reg.HasSynced) {
		t.Fatal("the handler's registration did not sync")
	}
	mu.Lock()
	defer mu.Unlock()
	var want []string
	for _, cm := range objs {
		want = append(want, cm.Name)
	}
	slices.Sort(added)
	if !slices.Equal(added, want) {
		t.Fatalf("a handler added after the cache synced got Add for %v; want %v", added, want)
	}
}

func TestS2_40_ManagerClientReadsTheCache(t *testing.T) {
	cfg := kube.APIServer(t)
	c := kubeClient(t)
	cm := configMap(t, c, "read-me", map[string]string{"a": "1"})
	mgr, err := manager.New(cfg, manager.Options{
		Metrics:                metricsserver.Options{BindAddress: "0"},
		HealthProbeBindAddress: "0",
	})
	if err != nil {
		t.Fatal(err)
	}
	key := client.ObjectKeyFromObject(cm)
	// The manager is not started: its cache is empty and not running.
	var notStarted *cache.ErrCacheNotStarted
	if err := mgr.GetClient().Get(ctx(t), key, &corev1.ConfigMap{}); !errors.As(err, &notStarted) {
		t.Fatalf("mgr.GetClient().Get of a ConfigMap before the cache started: %v; want ErrCacheNotStarted (it reads the cache)", err)
	}
	if err := mgr.GetAPIReader().Get(ctx(t), key, &corev1.ConfigMap{}); err != nil {
		t.Fatalf("mgr.GetAPIReader().Get: %v; it reads the API server", err)
	}
	u := &unstructured.Unstructured{}
	u.SetAPIVersion("v1")
	u.SetKind("ConfigMap")
	if err := mgr.GetClient().Get(ctx(t), key, u); err != nil {
		t.Fatalf("mgr.GetClient().Get of an unstructured ConfigMap: %v; with Cache.Unstructured false it reads the API server", err)
	}
}

func TestS2_41_NoManagerOptionsField(t *testing.T) {
	out, ok := check.Build(t, testdata("mgroptions"))
	if ok || !strings.Contains(out, "mgr.Options undefined (type manager.Manager has no field or method Options)") {
		t.Fatalf("the post's fix compiled, or failed otherwise (compiled: %v):\n%s", ok, out)
	}
	for _, at := range []string{crOld, crNew} {
		check.Has(t, at, "pkg/manager/manager.go", `^type Manager interface \{`)
		check.Has(t, at, "pkg/client/client.go", `^\s+Unstructured bool$`)
		check.Lacks(t, at, "pkg", `DirectClient`)
		check.Lacks(t, at, "pkg/client", `CacheReader`)
		check.Lacks(t, at, "pkg/manager", `CacheReader`)
		check.Has(t, at, "pkg/cache/internal/cache_reader.go", `^type CacheReader struct`)
	}
}

func TestS2_43_OwnerReferenceIsOnTheChild(t *testing.T) {
	c := kubeClient(t)
	owner := configMap(t, c, "owner", map[string]string{"a": "1"})
	child := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "owned", Namespace: "default"}}
	c.Delete(ctx(t), child.DeepCopy())
	if err := controllerutil.SetControllerReference(owner, child, scheme.Scheme); err != nil {
		t.Fatal(err)
	}
	if err := c.Create(ctx(t), child); err != nil {
		t.Fatal(err)
	}
	gotChild, gotOwner := &corev1.ConfigMap{}, &corev1.ConfigMap{}
	if err := c.Get(ctx(t), client.ObjectKeyFromObject(child), gotChild); err != nil {
		t.Fatal(err)
	}
	if err := c.Get(ctx(t), client.ObjectKeyFromObject(owner), gotOwner); err != nil {
		t.Fatal(err)
	}
	refs := gotChild.OwnerReferences
	if len(refs) != 1 || refs[0].UID != gotOwner.UID || refs[0].Name != "owner" {
		t.Fatalf("the child's ownerReferences = %+v; want one naming the owner's UID %s", refs, gotOwner.UID)
	}
	if len(gotOwner.OwnerReferences) != 0 {
		t.Fatalf("the owner has ownerReferences %+v; they are the child's", gotOwner.OwnerReferences)
	}
}

func TestS2_44_PatchNeedsAPatchContentType(t *testing.T) {
	c := kubeClient(t)
	configMap(t, c, "patch-types", map[string]string{"a": "1"})
	body := []byte(`{"data":{"a":"2"}}`)
	for _, ct := range []string{"application/json", ""} {
		if status, resp := raw(t, http.MethodPatch, cmPath("patch-types"), ct, body); status != http.StatusUnsupportedMediaType {
			t.Errorf("PATCH with Content-Type %q: status %d; want 415:\n%s", ct, status, resp)
		}
	}
	status, resp := raw(t, http.MethodPatch, cmPath("patch-types"), "application/merge-patch+json", body)
	var got corev1.ConfigMap
	if status != http.StatusOK || json.Unmarshal(resp, &got) != nil || got.Data["a"] != "2" {
		t.Fatalf("merge patch: status %d:\n%s", status, resp)
	}

	// A Secret's data is base64 once in JSON, and read back as the bytes written.
	secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: "password", Namespace: "default"},
		Data: map[string][]byte{"password": []byte("mypass")}}
	c.Delete(ctx(t), secret.DeepCopy())
	if err := c.Create(ctx(t), secret); err != nil {
		t.Fatal(err)
	}
	status, resp = raw(t, http.MethodGet, "/api/v1/namespaces/default/secrets/password", "", nil)
	var wire struct{ Data map[string]string }
	if status != http.StatusOK || json.Unmarshal(resp, &wire) != nil {
		t.Fatalf("GET secret: status %d:\n%s", status, resp)
	}
	if want := base64.StdEncoding.EncodeToString([]byte("mypass")); wire.Data["password"] != want {
		t.Fatalf(`the Secret's JSON has data.password %q; want %q ("mypass" in base64, once)`, wire.Data["password"], want)
	}
	read := &corev1.Secret{}
	if err := c.Get(ctx(t), client.ObjectKeyFromObject(secret), read); err != nil || string(read.Data["password"]) != "mypass" {
		t.Fatalf("Get secret: %v, %q", err, read.Data["password"])
	}
}

func TestS2_45_NoConvertV1SecretToV1Secret(t *testing.T) {
	check.Lacks(t, kubernetes, "pkg/apis/core/v1", `Convert_v1_Secret_To_v1_Secret`)
	check.Has(t, kubernetes, "pkg/apis/core/v1/conversion.go", `^func Convert_v1_Secret_To_core_Secret\(`)
	check.Has(t, kubernetes, "pkg/apis/core/v1/zz_generated.conversion.go", `^func Convert_core_Secret_To_v1_Secret\(`)
}

func TestS2_46_NoBase64DecodeIfNeeded(t *testing.T) {
	check.Lacks(t, kubernetes, "pkg", `base64DecodeIfNeeded`)
	check.Lacks(t, apiserver, "pkg", `base64DecodeIfNeeded`)
	check.Lacks(t, apimachine, "pkg", `base64DecodeIfNeeded`)
}

func TestS2_47_JSONPathHasNoAtKey(t *testing.T) {
	cm := corev1.ConfigMap{TypeMeta: metav1.TypeMeta{APIVersion: "v1", Kind: "ConfigMap"},
		ObjectMeta: metav1.ObjectMeta{Name: "app"}, Data: map[string]string{"b": "2", "a": "1"}}
	data, err := json.Marshal(cm)
	if err != nil {
		t.Fatal(err)
	}
	var obj any
	if err := json.Unmarshal(data, &obj); err != nil {
		t.Fatal(err)
	}
	jp := jsonpath.New("out")
	if err := jp.Parse(`{range .data}{@key}{"\n"}{end}`); err != nil {
		t.Fatalf("parse: %v", err)
	}
	var out bytes.Buffer
	err = jp.Execute(&out, obj)
	if err == nil || !strings.Contains(err.Error(), "unrecognized identifier key") {
		t.Fatalf("the post's jsonpath: output %q, error %v; want unrecognized identifier key", out.String(), err)
	}
	// A range over a map produces the map once, not its keys.
	once := jsonpath.New("once")
	if err := once.Parse(`{range .data}{@}{"|"}{end}`); err != nil {
		t.Fatal(err)
	}
	var whole bytes.Buffer
	if err := once.Execute(&whole, obj); err != nil || whole.String() != `{"a":"1","b":"2"}|` {
		t.Fatalf("{range .data}{@}: %q, %v; want the whole map once", whole.String(), err)
	}
	// What works: a go-template (kubectl -o go-template) ranges over the keys, sorted.
	var keys bytes.Buffer
	tpl := template.Must(template.New("keys").Parse(`{{range $k, $v := .data}}{{$k}}{{"\n"}}{{end}}`))
	if err := tpl.Execute(&keys, obj); err != nil || keys.String() != "a\nb\n" {
		t.Fatalf("go-template: %q, %v", keys.String(), err)
	}
	check.Has(t, cliRuntime, "pkg/printers/jsonpath.go", `"k8s\.io/client-go/util/jsonpath"`)
}

func TestS2_48_APIServerRejectsBadKeys(t *testing.T) {
	c := kubeClient(t)
	for what, key := range map[string]string{
		"an empty key":           "",
		"a control character":    "a\x01b",
		"254 characters":         strings.Repeat("k", 254),
		"a space":                "a b",
		"a key starting with ..": "..data",
	} {
		cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "bad-key", Namespace: "default"}, Data: map[string]string{key: "v"}}
		if err := c.Create(ctx(t), cm); !apierrors.IsInvalid(err) {
			c.Delete(ctx(t), cm)
			t.Errorf("a ConfigMap with %s: %v; want Invalid", what, err)
		}
	}
	configMap(t, c, "long-key", map[string]string{strings.Repeat("k", 253): "v"})
}

func TestS2_49_DotKeysAreValid(t *testing.T) {
	c := kubeClient(t)
	cm := configMap(t, c, "dot-keys", map[string]string{".dockerconfigjson": "{}", ".hidden": "1"})
	got := &corev1.ConfigMap{}
	if err := c.Get(ctx(t), client.ObjectKeyFromObject(cm), got); err != nil || got.Data[".dockerconfigjson"] != "{}" {
		t.Fatalf("a key starting with one dot: %v, %v", err, got.Data)
	}
}

func TestS2_50_ShareProcessesOnlyForCopies(t *testing.T) {
	const debug = "pkg/cmd/debug/debug.go"
	check.Has(t, kubectl, debug, `"share-processes", o\.ShareProcesses, i18n\.T\("When used with '--copy-to', enable process namespace sharing in the copy\."\)`)
	// The only use of ShareProcesses is in the copy of the pod.
	uses := check.Find(t, kubectl, debug, `o\.ShareProcesses\b`)
	if len(uses) != 2 || !strings.Contains(uses[1].Text, "copied.Spec.ShareProcessNamespace") {
		t.Fatalf("o.ShareProcesses is used at %v; want the flag and the copy only", uses)
	}
	// --target makes the ephemeral container join the target container's process namespace.
	check.Has(t, kubectl, debug, `TargetContainerName: o\.TargetContainer,`)
	check.Has(t, "k8s.io/api@v0.35.0", "core/v1/types.go", `The ephemeral container will be run in the namespaces \(IPC, PID, etc\) of this container\.`)
	// Tracing a process (dlv attach) needs SYS_PTRACE: the general profile adds it to an
	// ephemeral container; the default profile is legacy.
	check.Has(t, kubectl, debug, `"profile", ProfileLegacy,`)
	check.Has(t, kubectl, "pkg/cmd/debug/profiles.go", `addCapability\(c, "SYS_PTRACE"\)`)
}

// TestS2_51_ADebugContainerHoldsOnlyItsImage checks the half of S2-51's ruling that the course's
// tools can reach: kubectl debug runs the --image given, as it is, and nothing of kubectl's debug
// command adds or mentions a debugger, so dlv is in a debug container only if its image has it.
// The other half, that distroless' :debug images add busybox and no delve, rests on the README
// and build rule the row quotes: the Go module proxy does not serve that repository, so no test
// here can read them.
func TestS2_51_ADebugContainerHoldsOnlyItsImage(t *testing.T) {
	const debug = "pkg/cmd/debug/debug.go"
	body := check.FuncBody(t, kubectl, debug, `^func \(o \*DebugOptions\) generateDebugContainer\(`)
	images := 0
	for _, l := range body {
		if f := strings.Fields(l); len(f) > 0 && f[0] == "Image:" {
			images++
			if len(f) != 2 || f[1] != "o.Image," {
				t.Errorf("the debug container's image is %q; want the --image flag, o.Image", strings.TrimSpace(l))
			}
		}
	}
	if images != 1 {
		t.Errorf("generateDebugContainer sets Image %d times; want once", images)
	}
	check.Has(t, kubectl, debug, `cmd\.Flags\(\)\.StringVar\(&o\.Image, "image", o\.Image, i18n\.T\("Container image to use for debug container\."\)\)`)
	check.Lacks(t, kubectl, "pkg/cmd/debug", `(?i)delve|\bdlv\b`)
}

func TestS2_54_PatchFileIsAPath(t *testing.T) {
	check.Has(t, kubectl, "pkg/cmd/patch/patch.go", `patchBytes, err = os\.ReadFile\(o\.PatchFile\)`)
	check.Lacks(t, kubectl, "pkg/cmd/patch/patch.go", `Stdin|"-"`)
	// os.ReadFile takes "-" as a file name like any other.
	if _, err := os.ReadFile("-"); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf(`os.ReadFile("-") in a folder with no file named "-": %v; want not exist`, err)
	}
}

// objectWithout reads a ConfigMap as kubectl get -o json does (without managedFields) and
// removes one key of its data, as jq 'del(.data["key"])' does.
func objectWithout(t *testing.T, name, key string) []byte {
	t.Helper()
	status, resp := raw(t, http.MethodGet, cmPath(name), "", nil)
	if status != http.StatusOK {
		t.Fatalf("GET: %d %s", status, resp)
	}
	var obj map[string]any
	if err := json.Unmarshal(resp, &obj); err != nil {
		t.Fatal(err)
	}
	delete(obj["metadata"].(map[string]any), "managedFields")
	delete(obj["data"].(map[string]any), key)
	out, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// mergePatch sends a JSON merge patch and returns the status and the ConfigMap's data after it.
func mergePatch(t *testing.T, c client.Client, name string, patch []byte) (int, map[string]string) {
	t.Helper()
	status, resp := raw(t, http.MethodPatch, cmPath(name), "application/merge-patch+json", patch)
	got := &corev1.ConfigMap{}
	if err := c.Get(ctx(t), client.ObjectKey{Namespace: "default", Name: name}, got); err != nil {
		t.Fatal(err)
	}
	if status != http.StatusOK {
		t.Logf("PATCH: %d %s", status, bytes.TrimSpace(resp))
	}
	return status, got.Data
}

func TestS2_55_MergePatchKeepsAbsentKeys(t *testing.T) {
	c := kubeClient(t)
	configMap(t, c, "prune-me", map[string]string{"keep": "1", "deprecated_key": "2"})
	status, data := mergePatch(t, c, "prune-me", objectWithout(t, "prune-me", "deprecated_key"))
	if status != http.StatusOK || data["deprecated_key"] != "2" {
		t.Fatalf("merge patch of the whole object without the key: status %d, data %v; want the key still there", status, data)
	}
	status, data = mergePatch(t, c, "prune-me", []byte(`{"data":{"deprecated_key":null}}`))
	if _, ok := data["deprecated_key"]; status != http.StatusOK || ok || data["keep"] != "1" {
		t.Fatalf(`merge patch {"data":{"deprecated_key":null}}: status %d, data %v; want the key removed`, status, data)
	}
}

func TestS2_56_EmptyDataMergePatchChangesNothing(t *testing.T) {
	c := kubeClient(t)
	configMap(t, c, "empty-patch", map[string]string{"a": "1", "b": "2"})
	status, data := mergePatch(t, c, "empty-patch", []byte(`{"data":{}}`))
	if status != http.StatusOK || len(data) != 2 {
		t.Fatalf(`merge patch {"data":{}}: status %d, data %v; want both keys kept`, status, data)
	}
}

func TestS2_57_APatchIsOneConditionalWrite(t *testing.T) {
	c := kubeClient(t)
	configMap(t, c, "stale", map[string]string{"a": "1", "b": "2"})
	stale := objectWithout(t, "stale", "b") // carries the resourceVersion read now
	other := &corev1.ConfigMap{}
	if err := c.Get(ctx(t), client.ObjectKey{Namespace: "default", Name: "stale"}, other); err != nil {
		t.Fatal(err)
	}
	other.Data["c"] = "3" // another writer, between the read and the patch
	if err := c.Update(ctx(t), other); err != nil {
		t.Fatal(err)
	}
	var patched map[string]any
	if err := json.Unmarshal(stale, &patched); err != nil {
		t.Fatal(err)
	}
	patched["data"].(map[string]any)["a"] = "changed"
	body, _ := json.Marshal(patched)
	status, data := mergePatch(t, c, "stale", body)
	if status != http.StatusConflict || data["a"] != "1" || data["c"] != "3" {
		t.Fatalf("a merge patch carrying an old resourceVersion: status %d, data %v; want 409 and nothing written", status, data)
	}
	check.Has(t, apiserver, "pkg/storage/etcd3/store.go", `OptimisticPut\(ctx, preparedKey, newData, origState\.rev,`)
}
