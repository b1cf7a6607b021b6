// Package kube starts one real kube-apiserver and etcd (envtest) for a test binary of chapter
// 09's claims, shared by its tests.
package kube

import (
	"os"
	"sync"
	"testing"

	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/envtest"

	"gomaps/labs/kubeassets/apiserver"
)

var (
	once sync.Once
	env  *envtest.Environment
	cfg  *rest.Config
	err  error
)

// APIServer returns the configuration of a client of the shared API server, starting it on
// first use. Without envtest's binaries it fails the test with the sentence that says how to
// build them.
func APIServer(t testing.TB) *rest.Config {
	t.Helper()
	once.Do(func() { env, cfg, err = apiserver.Start() })
	if err != nil {
		t.Fatal(err)
	}
	return rest.CopyConfig(cfg)
}

// Etcd returns the client URL of the shared API server's etcd (its JSON gateway answers there
// too: POST /v3/kv/range, /v3/kv/put, /v3/kv/compaction).
func Etcd(t testing.TB) string {
	t.Helper()
	APIServer(t)
	return env.ControlPlane.Etcd.URL.String()
}

// Main runs the tests and then stops the API server if one was started: call it from TestMain.
func Main(m *testing.M) {
	code := m.Run()
	if env != nil {
		env.Stop()
	}
	os.Exit(code)
}
