// Package kubeassets finds, and builds when they are missing, the two binaries envtest
// starts: a real kube-apiserver and a real etcd.
//
// The course's Kubernetes chapters test against a real API server, because the fake client
// differs where it matters: a real API server does not write a byte-identical update (the
// resourceVersion stays, no watch event fires), while the fake client bumps resourceVersion on
// every update. setup-envtest downloads release binaries, which not every machine can reach, so
// this package builds both binaries from their Go module sources instead, through the go
// command and the module proxy it is set up with:
//
//   - kube-apiserver from k8s.io/kubernetes [KubernetesVersion], whose staging modules
//     (k8s.io/api, k8s.io/apiserver, ...) are published as k8s.io/<name> v0.Y.Z;
//   - etcd from go.etcd.io/etcd/server/v3 [EtcdVersion].
//
// The binaries go to a per-user cache outside the course, keyed by those versions:
// os.UserCacheDir()/gomaps/envtest/<KubernetesVersion>-<EtcdVersion>/. $GOMAPS_CACHE replaces
// os.UserCacheDir()/gomaps. A reader who has setup-envtest sets $KUBEBUILDER_ASSETS as usual,
// and [Dir] then uses that folder.
//
// Build them once with
//
//	go run ./tools/envtest
//
// (about 10 minutes the first time on two cores; the go command's build cache makes later
// builds, for instance after the cache folder was removed, much faster). Tests call [Dir] and
// pass the folder to envtest as its BinaryAssetsDirectory: nothing needs to be set by hand.
//
// The package's own test starts envtest and checks the fact the course relies on. Without the
// binaries it fails with one sentence saying how to build them, rather than building them for
// ten minutes inside `go test ./labs/...`.
package kubeassets

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"gomaps/labs/courseroot"
)

// The pinned versions. controller-runtime v0.23 is built on the k8s.io/* v0.35 libraries, so
// its envtest is meant for a 1.35 API server: KubernetesVersion is the newest 1.35 patch
// release of k8s.io/kubernetes. Kubernetes 1.35 runs on etcd 3.6; EtcdVersion is the newest
// 3.6 patch release whose go.mod still says go 1.25.0, so that it builds with Go 1.25 as well.
const (
	KubernetesVersion = "v1.35.8"
	EtcdVersion       = "v3.6.14"
)

// The binaries envtest starts, by their file names.
const (
	APIServer = "kube-apiserver"
	Etcd      = "etcd"
)

// Binaries lists the binaries [Dir] requires, in the order [Build] builds them.
var Binaries = []string{Etcd, APIServer}

// The environment variables this package reads.
const (
	// AssetsEnv is setup-envtest's variable: a folder with kube-apiserver and etcd.
	AssetsEnv = "KUBEBUILDER_ASSETS"
	// CacheEnv, when set, is the folder of the course's caches instead of
	// os.UserCacheDir()/gomaps.
	CacheEnv = courseroot.CacheEnv
)

// BuildCommand is what a reader runs to build the binaries.
const BuildCommand = "go run ./tools/envtest"

// ErrMissing is the error [Dir] returns when the binaries are not built yet; its text is the
// one sentence a reader needs.
var ErrMissing = errors.New("envtest needs kube-apiserver and etcd: run `" + BuildCommand +
	"` once to build them (about 10 minutes the first time)")

// Dir returns the folder holding kube-apiserver and etcd: $KUBEBUILDER_ASSETS when it is set,
// otherwise the per-user cache [CacheDir] when both binaries are there. When they are not, the
// error is [ErrMissing], or for a $KUBEBUILDER_ASSETS without them a sentence saying so.
func Dir() (string, error) {
	if dir := os.Getenv(AssetsEnv); dir != "" {
		if missing := Missing(dir); len(missing) > 0 {
			return "", fmt.Errorf("%s is %s, which has no %s: point it at a folder with kube-apiserver and etcd, or unset it and run `%s` once to build them (about 10 minutes the first time)",
				AssetsEnv, dir, strings.Join(missing, " and no "), BuildCommand)
		}
		return dir, nil
	}
	dir, err := CacheDir()
	if err != nil {
		return "", err
	}
	if len(Missing(dir)) > 0 {
		return "", ErrMissing
	}
	return dir, nil
}

// CacheDir returns the folder where [Build] puts the binaries of the pinned versions, whether
// they are there or not.
func CacheDir() (string, error) {
	root, err := courseroot.CacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(root, "envtest", KubernetesVersion+"-"+EtcdVersion), nil
}

// Missing lists the binaries of [Binaries] that dir lacks: absent, not a regular file, or not
// executable.
func Missing(dir string) []string {
	var missing []string
	for _, name := range Binaries {
		if !isExecutable(filepath.Join(dir, name)) {
			missing = append(missing, name)
		}
	}
	return missing
}

// Identify writes to w which envtest binaries a test would start: the folder [Dir] finds, or
// why there is none, then each binary's name and what id says of its file (a sum of its
// contents, or its size and time). A cache key that holds it changes when the binaries do.
func Identify(w io.Writer, id func(path string) string) {
	dir, err := Dir()
	if err != nil {
		fmt.Fprintf(w, "envtest: %v\n", err)
		return
	}
	fmt.Fprintf(w, "envtest %s\n", dir)
	for _, name := range Binaries {
		fmt.Fprintf(w, "%s %s\n", name, id(filepath.Join(dir, name)))
	}
}

func isExecutable(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0
}
