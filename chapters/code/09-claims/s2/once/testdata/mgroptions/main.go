// Command mgroptions is the post's fix of section 3.1 (claim S2-41), set on a manager of
// controller-runtime v0.23.3. It does not compile: manager.Manager is an interface with no
// Options field.
package main

import (
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

func main() {
	mgr, err := manager.New(&rest.Config{}, manager.Options{})
	if err != nil {
		panic(err)
	}
	mgr.Options.Cache.Unstructured = true
}
