// Command writerate measures how often the operator of lab 08 writes its
// registry ConfigMap when nothing changes: the lab's operator, as it is in
// labs/08-operator (as shipped, with its hot loop), then the solution's, in
// solutions/08-operator. Each runs in a namespace of its own against a real
// kube-apiserver and etcd started by envtest (see labs/kubeassets), with 12
// members; once the registry holds them all and the operator had a chance to
// settle, writerate counts, for a fixed window, the watch events of the
// registry ConfigMap (one per write the API server made) and the reconciles.
//
// Usage:
//
//	go run ./chapters/code/08-operator/writerate [-window 20s]
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"strings"
	"time"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/rest"
	"k8s.io/klog/v2"
	"sigs.k8s.io/controller-runtime/pkg/client"
	ctrllog "sigs.k8s.io/controller-runtime/pkg/log"

	lab "gomaps/labs/08-operator"
	"gomaps/labs/kubeassets/apiserver"
	solution "gomaps/solutions/08-operator"
)

// members is how many member ConfigMaps each operator registers.
const members = 12

// An operator is what writerate needs of either package's Operator.
type operator interface {
	Start(ctx context.Context) error
	Reconciles() int64
}

// variant is one operator to measure.
type variant struct {
	name  string
	start func(cfg *rest.Config, ns string) (operator, error)
}

var variants = []variant{
	{"labs/08-operator", func(cfg *rest.Config, ns string) (operator, error) {
		return lab.New(cfg, lab.Options{Namespace: ns, Workers: 2})
	}},
	{"solutions/08-operator", func(cfg *rest.Config, ns string) (operator, error) {
		return solution.New(cfg, solution.Options{Namespace: ns, Workers: 2})
	}},
}

func main() {
	log.SetPrefix("writerate: ")
	log.SetFlags(0)
	if err := run(os.Args[1:], os.Stdout); err != nil {
		log.Fatal(err)
	}
}

func run(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("writerate", flag.ContinueOnError)
	window := fs.Duration("window", 20*time.Second, "how long to count writes for each operator")
	if err := fs.Parse(args); err != nil {
		os.Exit(2)
	}
	ctrllog.SetLogger(logr.Discard())
	klog.SetLogger(logr.Discard())

	env, cfg, err := apiserver.Start()
	if err != nil {
		return err
	}
	defer env.Stop()
	c, err := client.NewWithWatch(cfg, client.Options{})
	if err != nil {
		return fmt.Errorf("make a client: %v", err)
	}

	fmt.Fprintf(stdout, "%-22s %6s %7s %11s %15s\n", "operator", "window", "writes", "writes/min", "reconciles/min")
	for i, v := range variants {
		writes, reconciles, err := measure(cfg, c, fmt.Sprintf("writerate-%d", i), v, *window)
		if err != nil {
			return fmt.Errorf("%s: %v", v.name, err)
		}
		perMin := func(n int64) int64 { return int64(float64(n) / window.Minutes()) }
		fmt.Fprintf(stdout, "%-22s %6s %7d %11d %15d\n", v.name, *window, writes, perMin(writes), perMin(reconciles))
	}
	return nil
}

// measure runs one operator in namespace ns and counts the writes of its
// registry ConfigMap and its reconciles over window, once it has settled.
func measure(cfg *rest.Config, c client.WithWatch, ns string, v variant, window time.Duration) (writes, reconciles int64, err error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := c.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: ns}}); err != nil {
		return 0, 0, fmt.Errorf("create namespace %s: %v", ns, err)
	}
	op, err := v.start(cfg, ns)
	if err != nil {
		return 0, 0, err
	}
	done := make(chan error, 1)
	go func() { done <- op.Start(ctx) }()
	defer func() {
		cancel()
		if stopErr := <-done; err == nil && stopErr != nil {
			err = stopErr
		}
	}()

	for i := range members {
		cm := &corev1.ConfigMap{
			ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: fmt.Sprintf("m-%03d", i), Labels: map[string]string{lab.MemberLabel: "true"}},
			Data: map[string]string{
				"endpoint": fmt.Sprintf("10.0.0.%d:8080", i+1),
				"zone":     string(rune('a' + i%3)),
				"weight":   fmt.Sprint(1 + i%4),
				"protocol": "tcp",
			},
		}
		if err := c.Create(ctx, cm); err != nil {
			return 0, 0, fmt.Errorf("create member %s: %v", cm.Name, err)
		}
	}

	// Wait until the registry holds every member, then give the operator up
	// to 10 seconds to settle: 2 seconds without a write or a reconcile.
	var registry corev1.ConfigMap
	key := client.ObjectKey{Namespace: ns, Name: lab.RegistryName}
	deadline := time.Now().Add(time.Minute)
	for {
		if err := c.Get(ctx, key, &registry); err == nil && strings.Count(registry.Data[lab.PayloadKey], "\n") == members {
			break
		}
		if time.Now().After(deadline) {
			return 0, 0, errors.New("the registry did not hold every member within a minute")
		}
		time.Sleep(100 * time.Millisecond)
	}
	// One window, measured once. On a busy machine the watch event of the
	// operator's own last write can reach it after it seemed settled: an
	// operator that does not loop then reconciles once in the window and
	// writes nothing. So its writes are 0 on every run, its reconciles 0 on
	// most.
	rv, err := settle(ctx, c, key, op, registry.ResourceVersion)
	if err != nil {
		return 0, 0, err
	}
	return count(ctx, c, ns, rv, op, window)
}

// settle waits until neither the registry's resourceVersion (rv, as last
// read) nor the operator's reconcile count has moved for 2 seconds, for at
// most 10 seconds, and returns the resourceVersion then.
func settle(ctx context.Context, c client.Client, key client.ObjectKey, op operator, rv string) (string, error) {
	reconciles, since := op.Reconciles(), time.Now()
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end) && time.Since(since) < 2*time.Second; {
		time.Sleep(100 * time.Millisecond)
		var registry corev1.ConfigMap
		if err := c.Get(ctx, key, &registry); err != nil {
			return "", err
		}
		if n := op.Reconciles(); registry.ResourceVersion != rv || n != reconciles {
			rv, reconciles, since = registry.ResourceVersion, n, time.Now()
		}
	}
	return rv, nil
}

// count counts, for window, the writes of the registry ConfigMap of ns from
// resourceVersion rv, and the operator's reconciles.
func count(ctx context.Context, c client.WithWatch, ns, rv string, op operator, window time.Duration) (writes, reconciles int64, err error) {
	// Every write of the ConfigMap is one MODIFIED event of a watch that
	// starts at the version just read.
	var list corev1.ConfigMapList
	w, err := c.Watch(ctx, &list, client.InNamespace(ns), client.MatchingFields{"metadata.name": lab.RegistryName},
		&client.ListOptions{Raw: &metav1.ListOptions{ResourceVersion: rv}})
	if err != nil {
		return 0, 0, fmt.Errorf("watch the registry: %v", err)
	}
	defer w.Stop()
	start := op.Reconciles()
	timer := time.NewTimer(window)
	defer timer.Stop()
	for {
		select {
		case e, ok := <-w.ResultChan():
			if !ok {
				return 0, 0, errors.New("the watch of the registry ended early")
			}
			if e.Type == watch.Modified {
				writes++
			}
		case <-timer.C:
			return writes, op.Reconciles() - start, nil
		}
	}
}
