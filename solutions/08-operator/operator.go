package operator

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/util/workqueue"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// The names the operator works with.
const (
	// MemberLabel marks a ConfigMap as a member of the registry, with the value "true".
	MemberLabel = "registry.gomaps.dev/member"
	// RegistryName is the name of the ConfigMap the operator writes.
	RegistryName = "registry"
)

// Options configures an [Operator].
type Options struct {
	// Namespace is the namespace whose members the operator registers, and
	// where it writes the registry ConfigMap.
	Namespace string
	// Workers is how many reconciles may run at once (1 if zero), as
	// controller-runtime's MaxConcurrentReconciles.
	Workers int
}

// An Operator is the registry controller, put together as a controller author
// does with controller-runtime: a manager, whose cache watches the ConfigMaps
// of one namespace and whose client reads from that cache, and one controller
// made by the builder. The controller reconciles the registry ConfigMap, and
// watches the other ConfigMaps of the namespace with an event handler that
// records the members in the Registry and queues a reconcile of the registry.
type Operator struct {
	Registry   *Registry
	Reconciler *Reconciler

	namespace string
	mgr       manager.Manager

	reconciles atomic.Int64
	failures   atomic.Int64
	mu         sync.Mutex
	lastErr    error
}

// New returns an operator for the API server cfg points at, with a manager
// of its own, made with [ManagerOptions]. Start runs it.
func New(cfg *rest.Config, opts Options) (*Operator, error) {
	if opts.Namespace == "" {
		return nil, errors.New("operator: Options.Namespace is empty")
	}
	mgr, err := ctrl.NewManager(cfg, ManagerOptions(opts.Namespace))
	if err != nil {
		return nil, fmt.Errorf("operator: make the manager: %w", err)
	}
	return Setup(mgr, opts)
}

// ManagerOptions returns the options of a manager for an operator on
// namespace ns: its cache lists and watches the objects of ns only, and it
// serves no metrics and no health probes (they would listen on ports) and
// runs no leader election (one operator per namespace).
func ManagerOptions(ns string) ctrl.Options {
	return ctrl.Options{
		Cache:                  cache.Options{DefaultNamespaces: map[string]cache.Config{ns: {}}},
		Metrics:                metricsserver.Options{BindAddress: "0"},
		HealthProbeBindAddress: "0",
		LeaderElection:         false,
	}
}

// Setup adds the operator's controller to mgr, whose cache must hold the
// ConfigMaps of opts.Namespace, and returns the operator. Starting mgr (or
// calling the operator's Start, which does) runs it.
func Setup(mgr manager.Manager, opts Options) (*Operator, error) {
	if opts.Namespace == "" {
		return nil, errors.New("operator: Options.Namespace is empty")
	}
	o := &Operator{Registry: NewRegistry(), namespace: opts.Namespace, mgr: mgr}
	// The manager's client reads from the cache and writes to the API
	// server: a read may return an older copy than the API server holds.
	o.Reconciler = &Reconciler{Client: mgr.GetClient(), Registry: o.Registry}

	isRegistry := func(obj client.Object) bool { return obj.GetName() == RegistryName }
	// Every controller of a process needs a name of its own, unless told
	// otherwise: a program may run several operators (writerate runs the
	// lab's and the solution's), each with a manager of its own.
	skipNameValidation := true
	err := ctrl.NewControllerManagedBy(mgr).
		Named("registry").
		// The registry ConfigMap itself: a change to it (an edit by hand, or
		// the operator's own write) queues a reconcile of it, to put it right.
		For(&corev1.ConfigMap{}, builder.WithPredicates(predicate.NewPredicateFuncs(isRegistry))).
		// The other ConfigMaps of the namespace, the members among them: the
		// handler runs on the informer's goroutine, while the workers run
		// Reconcile on theirs.
		Watches(&corev1.ConfigMap{}, handler.Funcs{
			CreateFunc: func(_ context.Context, e event.CreateEvent, q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
				o.observe(e.Object, false, q)
			},
			UpdateFunc: func(_ context.Context, e event.UpdateEvent, q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
				o.observe(e.ObjectNew, false, q)
			},
			DeleteFunc: func(_ context.Context, e event.DeleteEvent, q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
				o.observe(e.Object, true, q)
			},
		}, builder.WithPredicates(predicate.NewPredicateFuncs(func(obj client.Object) bool { return !isRegistry(obj) }))).
		WithOptions(controller.Options{
			MaxConcurrentReconciles: max(opts.Workers, 1),
			SkipNameValidation:      &skipNameValidation,
		}).
		Complete(reconcile.Func(o.reconcile))
	if err != nil {
		return nil, fmt.Errorf("operator: build the controller: %w", err)
	}
	return o, nil
}

// Reconciles returns how many times the operator has reconciled so far.
func (o *Operator) Reconciles() int64 { return o.reconciles.Load() }

// Failures returns how many reconciles returned an error so far, and the
// last such error.
func (o *Operator) Failures() (int64, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.failures.Load(), o.lastErr
}

// Start runs the operator's manager until ctx is done: the manager starts
// the cache, waits for it to sync, and starts the controller's workers. It
// returns an error if the cache cannot start or sync.
func (o *Operator) Start(ctx context.Context) error {
	return o.mgr.Start(ctx)
}

// observe records a member that was added, changed or deleted, and queues a
// reconcile of the registry.
func (o *Operator) observe(obj client.Object, gone bool, q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
	cm, ok := obj.(*corev1.ConfigMap)
	if !ok {
		return
	}
	if !gone && cm.Labels[MemberLabel] == "true" {
		o.Registry.Set(cm.Name, cm.Data)
	} else { // deleted, or not labelled (any more)
		o.Registry.Delete(cm.Name)
	}
	q.Add(reconcile.Request{NamespacedName: types.NamespacedName{Namespace: o.namespace, Name: RegistryName}})
}

// reconcile is the controller's reconciler: the Reconciler's Reconcile,
// counted. A request that fails must not be lost: its error goes to the
// controller, which queues the request again after a delay that grows with
// each failure, until a reconcile succeeds.
func (o *Operator) reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	o.reconciles.Add(1)
	res, err := o.Reconciler.Reconcile(ctx, req)
	if err != nil && ctx.Err() == nil {
		o.mu.Lock()
		o.failures.Add(1)
		o.lastErr = err
		o.mu.Unlock()
	}
	return res, err
}
