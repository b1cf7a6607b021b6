// Package apiserver starts envtest's real kube-apiserver and etcd with the binaries that package
// kubeassets finds, so the course's tests and programs configure envtest in one place.
package apiserver

import (
	"fmt"
	"time"

	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/envtest"

	"gomaps/labs/kubeassets"
)

// Start starts kube-apiserver and etcd and returns the environment, to Stop when done, and the
// configuration of a client. Without the binaries, the error is kubeassets' one sentence that
// says how to build them; Start never builds them itself.
func Start() (*envtest.Environment, *rest.Config, error) {
	dir, err := kubeassets.Dir()
	if err != nil {
		return nil, nil, err
	}
	env := &envtest.Environment{
		BinaryAssetsDirectory: dir,
		// The default 20 seconds is short on a busy machine with two cores.
		ControlPlaneStartTimeout: 2 * time.Minute,
		ControlPlaneStopTimeout:  time.Minute,
	}
	// Without this, kube-apiserver looks for the default route to choose the address it
	// advertises, and a laptop with no network at all (no default route) fails to start it:
	// "Unable to find suitable network address ... no default routes found". Found with the
	// room pack on a machine with only loopback; envtest's own defaults no longer set it.
	env.ControlPlane.GetAPIServer().Configure().Set("advertise-address", "127.0.0.1")
	cfg, err := env.Start()
	if err != nil {
		env.Stop()
		return nil, nil, fmt.Errorf("start envtest with the binaries in %s: %v", dir, err)
	}
	return env, cfg, nil
}
