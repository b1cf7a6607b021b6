// Command operator runs the registry operator of lab 08 against a real
// cluster: the one the current kubeconfig context points at ($KUBECONFIG or
// ~/.kube/config), or the cluster it runs in. It registers the members of one
// namespace until it is stopped with Ctrl-C.
//
// It runs the operator as the lab has it, in labs/08-operator; with -solution,
// the solution's, in solutions/08-operator. Chapter 08 shows how to try both
// on a kind cluster.
//
// It is a controller-runtime main as a controller author writes one: a
// manager for the cluster, whose cache holds the ConfigMaps of the one
// namespace, the operator's controller added to it, and the manager started
// until a signal stops it.
//
// Usage:
//
//	go run ./chapters/code/08-operator/operator [-namespace default] [-workers 2] [-solution]
package main

import (
	"flag"
	"log"
	"time"

	"github.com/go-logr/logr"
	"k8s.io/klog/v2"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	lab "gomaps/labs/08-operator"
	solution "gomaps/solutions/08-operator"
)

func main() {
	log.SetPrefix("operator: ")
	log.SetFlags(0)
	namespace := flag.String("namespace", "default", "the namespace whose members to register")
	workers := flag.Int("workers", 2, "how many reconciles may run at once")
	useSolution := flag.Bool("solution", false, "run the operator of solutions/08-operator instead of labs/08-operator")
	flag.Parse()
	ctrl.SetLogger(logr.Discard())
	klog.SetLogger(logr.Discard())

	cfg := ctrl.GetConfigOrDie()
	mgr, err := ctrl.NewManager(cfg, ctrl.Options{
		Cache:                  cache.Options{DefaultNamespaces: map[string]cache.Config{*namespace: {}}},
		Metrics:                metricsserver.Options{BindAddress: "0"},
		HealthProbeBindAddress: "0",
	})
	if err != nil {
		log.Fatal(err)
	}
	var op interface{ Reconciles() int64 }
	which := "labs/08-operator"
	if *useSolution {
		which = "solutions/08-operator"
		op, err = solution.Setup(mgr, solution.Options{Namespace: *namespace, Workers: *workers})
	} else {
		op, err = lab.Setup(mgr, lab.Options{Namespace: *namespace, Workers: *workers})
	}
	if err != nil {
		log.Fatal(err)
	}
	ctx := ctrl.SetupSignalHandler()
	log.Printf("running %s on namespace %s of %s; Ctrl-C stops it", which, *namespace, cfg.Host)

	// Say every 10 seconds how many reconciles there were: a settled
	// operator says 0.
	go func() {
		last := int64(0)
		t := time.NewTicker(10 * time.Second)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				n := op.Reconciles()
				log.Printf("%d reconciles in the last 10s", n-last)
				last = n
			}
		}
	}()
	if err := mgr.Start(ctx); err != nil {
		log.Fatal(err)
	}
}
