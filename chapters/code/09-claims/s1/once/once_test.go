// Package once checks the claims of the second seed post (S1) that do not depend on the map
// runtime: about client-go, controller-runtime, a real kube-apiserver and etcd, the source of
// the libraries and toolchains the post names, and pprof's trace endpoint. Each test is named
// by the claim's ID (chapters/code/09-claims/s1.go). The tests that need a real kube-apiserver
// and etcd share one, started on first use (package check/kube).
//
// It runs once, on the default lane: it imports client-go and controller-runtime, which no lane
// should have to compile with its own toolchain. The claims about the map runtime are in package
// s1, one folder up, which runs on every lane.
package once

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gomaps/chapters/code/09-claims/check"
	"gomaps/chapters/code/09-claims/check/kube"
)

func TestMain(m *testing.M) { kube.Main(m) }

// The versions the post names or implies, besides the toolchains: controller-runtime v0.17
// ("v0.17+", "v0.17.2") and the client-go it was built on, and the versions the course uses.
const (
	clientGo       = "k8s.io/client-go@v0.35.0"
	clientGo29     = "k8s.io/client-go@v0.29.0" // what controller-runtime v0.17 requires
	apimachinery   = "k8s.io/apimachinery@v0.35.0"
	ctrlRuntime    = "sigs.k8s.io/controller-runtime@v0.23.3"
	ctrlRuntime17  = "sigs.k8s.io/controller-runtime@v0.17.0"
	ctrlRuntime172 = "sigs.k8s.io/controller-runtime@v0.17.2"
	klog           = "k8s.io/klog/v2@v2.130.1"
	otelTrace      = "go.opentelemetry.io/otel/trace@v1.36.0" // what controller-runtime v0.23.3 requires
	k8sUtils       = "k8s.io/utils@v0.0.0-20251002143259-bc988d571ff4"
	etcdServer     = "go.etcd.io/etcd/server/v3@v3.6.14"
	etcdAPI        = "go.etcd.io/etcd/api/v3@v3.6.14"
	raft           = "go.etcd.io/raft/v3@v3.6.0" // what etcd v3.6.14 requires
)

// funcBody returns the text of the function (or other block) whose first line starts with start,
// up to the closing brace at the start of a line, in a file of a toolchain or module.
func funcBody(t *testing.T, at, file, start string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(check.Root(t, at), filepath.FromSlash(file)))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	in := false
	for _, l := range strings.Split(string(data), "\n") {
		if !in && strings.HasPrefix(l, start) {
			in = true
		}
		if in {
			b.WriteString(l + "\n")
			if l == "}" {
				return b.String()
			}
		}
	}
	t.Fatalf("%s at %s: no block starting %q", file, at, start)
	return ""
}
