// Command watchbreak shows what becomes of lab 08's operator, fixed (solutions/08-operator),
// when its watch breaks: the API server it talks to is stopped and started again on the same
// etcd, while a second API server on that etcd, which the operator does not use, deletes and
// adds members. It prints the reflector's own log lines (its start, a failed watch, a relist),
// the requests with which the operator fetches the ConfigMaps whole (a list or a stream),
// the delete events the operator's handlers get (with controller-runtime's DeleteStateUnknown),
// the registry converging, and the registry's writes during and after, to show that no hot loop
// starts.
//
// Usage:
//
//	go run ./chapters/code/08-operator/watchbreak
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"maps"
	"math"
	"net/http"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/go-logr/logr"
	"github.com/go-logr/logr/funcr"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/rest"
	"k8s.io/klog/v2"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
	"sigs.k8s.io/controller-runtime/pkg/event"
	ctrllog "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"gomaps/labs/kubeassets"
	operator "gomaps/solutions/08-operator"
)

func main() {
	log.SetPrefix("watchbreak: ")
	log.SetFlags(0)
	down := flag.Duration("down", 3*time.Second, "how long the operator's API server stays down")
	flag.Parse()
	if err := run(*down, os.Stdout); err != nil {
		log.Fatal(err)
	}
}

// clock prints each line with the seconds since the start.
type clock struct {
	mu    sync.Mutex
	start time.Time
	out   io.Writer
	// retrying: a "Watch failed" line was printed in this part of the program
	retrying bool
}

func (c *clock) printf(format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	line := fmt.Sprintf(format, args...)
	switch {
	case strings.HasPrefix(line, "reflector: Watch failed"):
		// A reflector retrying while the API server is down: once a part is enough, and how
		// many times it tries depends on the timing.
		if c.retrying {
			return
		}
		c.retrying = true
	case strings.HasPrefix(line, "part "):
		c.retrying = false
	}
	fmt.Fprintf(c.out, "%5.1fs  %s\n", time.Since(c.start).Seconds(), line)
}

// reflectorLine picks, from a log line, the messages of the reflectors (client-go's list and
// watch loops) and their error.
var (
	reflectorMsg = regexp.MustCompile(`"msg"="(Listing and watching|Caches populated|Watch closed|Watch failed - backing off|Warning: watch ended with error)"`)
	reflectorErr = regexp.MustCompile(`"err"="((?:[^"\\]|\\.)*)"`)
)

// reflectorLogger is a logger that prints the reflectors' messages about ConfigMaps, at
// verbosity 4 (where client-go logs a closed watch), and nothing else.
func reflectorLogger(c *clock) logr.Logger {
	return funcr.New(func(_, args string) {
		m := reflectorMsg.FindStringSubmatch(args)
		if m == nil || !strings.Contains(args, "ConfigMap") {
			return
		}
		msg := "reflector: " + m[1]
		if e := reflectorErr.FindStringSubmatch(args); e != nil {
			msg += ": " + shortErr(e[1])
		}
		c.printf("%s", msg)
	}, funcr.Options{Verbosity: 4})
}

// fetchPrinter prints the requests that fetch the ConfigMaps of the namespace, whole: a list (a
// GET without watch) or a stream of them (a watch with sendInitialEvents=true, the way of
// client-go's WatchListClient feature). The reflector's log lines do not say which it made. The
// plain watches, which a reflector repeats while it backs off, are not printed.
type fetchPrinter struct {
	next http.RoundTripper
	c    *clock
}

// aResourceVersion matches a resourceVersion other than "" and "0", which change from run to run.
var aResourceVersion = regexp.MustCompile(`^[1-9]\d*$`)

func (f fetchPrinter) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Method == http.MethodGet && strings.HasSuffix(r.URL.Path, "/configmaps") {
		q := r.URL.Query()
		rv := aResourceVersion.ReplaceAllString(q.Get("resourceVersion"), "N")
		switch {
		case q.Get("watch") == "true" && q.Get("sendInitialEvents") == "true":
			f.c.printf("request: a stream of the ConfigMaps (a watch, sendInitialEvents=true, resourceVersion=%q)", rv)
		case q.Get("watch") == "":
			f.c.printf("request: a list of the ConfigMaps (resourceVersion=%q)", rv)
		}
	}
	return f.next.RoundTrip(r)
}

// shortErr says what an error of a reflector says, without what changes from run to run (the
// port, the resourceVersion): "connection refused", or the API server's message.
func shortErr(s string) string {
	s = strings.ReplaceAll(s, `\"`, `"`)
	if i := strings.LastIndex(s, ": "); i >= 0 && strings.Contains(s, "dial tcp") {
		s = s[i+2:]
	}
	return regexp.MustCompile(`\d+`).ReplaceAllString(s, "N")
}

func run(down time.Duration, out io.Writer) error {
	c := &clock{start: time.Now(), out: out}
	// controller-runtime hands its logger to the informers it starts, and client-go's
	// reflectors log through the one they are given, or klog's.
	logger := reflectorLogger(c)
	ctrllog.SetLogger(logger)
	klog.SetLogger(logger)

	dir, err := kubeassets.Dir()
	if err != nil {
		return err
	}
	// The operator's API server keeps its certificates in a folder of our own, so that it can
	// be stopped and started again and the operator's client configuration still holds.
	certs, err := os.MkdirTemp("", "watchbreak-certs-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(certs)
	// kube-apiserver's graceful shutdown can take a minute: at the end, SIGKILL 3 s after SIGTERM.
	env := &envtest.Environment{BinaryAssetsDirectory: dir, ControlPlaneStartTimeout: 2 * time.Minute, ControlPlaneStopTimeout: 3 * time.Second}
	api := env.ControlPlane.GetAPIServer()
	api.CertDir = certs
	api.Configure().Set("advertise-address", "127.0.0.1")
	cfg, err := env.Start()
	if err != nil {
		return fmt.Errorf("start envtest with the binaries in %s: %v", dir, err)
	}
	defer env.Stop()

	// A second API server on the same etcd: the test's own, which stays up.
	second := &envtest.APIServer{
		Path:         api.Path,
		EtcdURL:      env.ControlPlane.Etcd.URL,
		StartTimeout: 2 * time.Minute,
		StopTimeout:  3 * time.Second,
	}
	second.Configure().Set("advertise-address", "127.0.0.1")
	// It compacts etcd every second (the default is every 5 minutes), and it has no watch
	// cache, so that what it answers about old resourceVersions is etcd's answer.
	second.Configure().Set("etcd-compaction-interval", "1s")
	second.Configure().Set("watch-cache", "false")
	if err := second.Start(); err != nil {
		return fmt.Errorf("start a second kube-apiserver on the same etcd: %v", err)
	}
	defer second.Stop()
	cp2 := &envtest.ControlPlane{APIServer: second, Etcd: env.ControlPlane.Etcd}
	user, err := cp2.AddUser(envtest.User{Name: "watchbreak", Groups: []string{"system:masters"}}, nil)
	if err != nil {
		return err
	}
	cfg2 := user.Config()
	cfg.QPS, cfg.Burst, cfg2.QPS, cfg2.Burst = 100, 200, 100, 200
	direct, err := client.NewWithWatch(cfg2, client.Options{})
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ns := "watchbreak"
	if err := direct.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: ns}}); err != nil {
		return err
	}

	// The operator, and beside it in the same manager a controller that only records the delete
	// events of members, as controller-runtime delivers them to a handler. Each part of the
	// program starts one anew, so that its reflector starts with a fresh backoff.
	var mu sync.Mutex
	var deletes []string
	printDeletes := predicate.Funcs{
		DeleteFunc: func(e event.DeleteEvent) bool {
			if e.Object.GetName() != operator.RegistryName {
				mu.Lock()
				deletes = append(deletes, fmt.Sprintf("%s (DeleteStateUnknown=%v)", e.Object.GetName(), e.DeleteStateUnknown))
				mu.Unlock()
			}
			return false
		},
		CreateFunc:  func(event.CreateEvent) bool { return false },
		UpdateFunc:  func(event.UpdateEvent) bool { return false },
		GenericFunc: func(event.GenericEvent) bool { return false },
	}
	// The operator's requests go through a fetchPrinter.
	opCfg := rest.CopyConfig(cfg)
	opCfg.WrapTransport = func(rt http.RoundTripper) http.RoundTripper { return fetchPrinter{next: rt, c: c} }
	startOperator := func() (*operator.Operator, context.CancelFunc, error) {
		mgr, err := ctrl.NewManager(opCfg, operator.ManagerOptions(ns))
		if err != nil {
			return nil, nil, err
		}
		op, err := operator.Setup(mgr, operator.Options{Namespace: ns})
		if err != nil {
			return nil, nil, err
		}
		// A second controller watching ConfigMaps in the same process: its name need not be
		// checked against the other one's.
		skip := true
		if err := ctrl.NewControllerManagedBy(mgr).Named("deletes").
			For(&corev1.ConfigMap{}, builder.WithPredicates(printDeletes)).
			WithOptions(controller.Options{SkipNameValidation: &skip}).
			Complete(reconcile.Func(func(context.Context, reconcile.Request) (reconcile.Result, error) { return reconcile.Result{}, nil })); err != nil {
			return nil, nil, err
		}
		ctx, cancel := context.WithCancel(ctx)
		go func() {
			if err := mgr.Start(ctx); err != nil {
				log.Printf("the operator stopped: %v", err)
			}
		}()
		return op, cancel, nil
	}

	member := func(i int) *corev1.ConfigMap {
		return &corev1.ConfigMap{
			ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: fmt.Sprintf("m-%d", i), Labels: map[string]string{operator.MemberLabel: "true"}},
			Data:       map[string]string{"endpoint": fmt.Sprintf("10.0.0.%d:8080", i)},
		}
	}
	for i := range 4 {
		if err := direct.Create(ctx, member(i)); err != nil {
			return err
		}
	}
	// The registry's writes from here on: the resourceVersion of each MODIFIED event of a watch
	// on it, through the second API server.
	var writeMu sync.Mutex
	var writes []int64
	w, err := direct.Watch(ctx, &corev1.ConfigMapList{}, client.InNamespace(ns), client.MatchingFields{"metadata.name": operator.RegistryName})
	if err != nil {
		return err
	}
	defer w.Stop()
	go func() {
		for e := range w.ResultChan() {
			if cm, ok := e.Object.(*corev1.ConfigMap); ok && e.Type == watch.Modified {
				rv, _ := strconv.ParseInt(cm.ResourceVersion, 10, 64)
				writeMu.Lock()
				writes = append(writes, rv)
				writeMu.Unlock()
			}
		}
	}()
	// writesIn counts the writes with a resourceVersion in (from, to].
	writesIn := func(from, to int64) int {
		writeMu.Lock()
		defer writeMu.Unlock()
		n := 0
		for _, rv := range writes {
			if rv > from && rv <= to {
				n++
			}
		}
		return n
	}

	// outage starts an operator, waits until the registry lists before, kills the operator's
	// API server, makes changes through the second one while it is down, starts it again, waits
	// until the registry lists after, and counts the registry's writes for 3 s more.
	outage := func(before []string, deleted []int, created int, after []string, compacted bool) error {
		op, stop, err := startOperator()
		if err != nil {
			return err
		}
		defer stop()
		// The operator reconciles once when its cache has listed the members.
		for op.Reconciles() == 0 {
			time.Sleep(20 * time.Millisecond)
		}
		if _, err := waitRegistry(ctx, direct, ns, before, time.Minute); err != nil {
			return err
		}
		c.printf("the registry lists %s", strings.Join(before, " "))
		// Let the watch run a while: a watch that ends within a second with nothing received
		// makes the reflector list again rather than watch on.
		time.Sleep(1500 * time.Millisecond)
		from, err := waitRegistry(ctx, direct, ns, before, time.Minute)
		if err != nil {
			return err
		}
		var atKill corev1.ConfigMapList
		if err := direct.List(ctx, &atKill, client.InNamespace(ns)); err != nil {
			return err
		}
		c.printf("killing the operator's API server")
		// SIGTERM, and SIGKILL half a second later: kube-apiserver's graceful shutdown can take
		// a minute.
		api.StopTimeout = 500 * time.Millisecond
		if err := api.Stop(); err != nil && !strings.Contains(err.Error(), "timeout waiting for process") {
			return err
		}
		time.Sleep(down / 2)
		var what []string
		for _, i := range deleted {
			if err := direct.Delete(ctx, member(i)); err != nil {
				return err
			}
			what = append(what, "deleted "+member(i).Name)
		}
		if err := direct.Create(ctx, member(created)); err != nil {
			return err
		}
		what = append(what, "created "+member(created).Name)
		c.printf("through the second API server: %s", strings.Join(what, ", "))
		if compacted {
			// Wait until etcd has forgotten the history since the kill: a list at the
			// resourceVersion of then, which only etcd can answer, is refused.
			if err := waitCompacted(ctx, direct, ns, atKill.ResourceVersion); err != nil {
				return err
			}
			c.printf("etcd is compacted: a list at the resourceVersion of the kill gets 410 Gone")
		}
		time.Sleep(down - down/2)
		c.printf("starting the operator's API server again")
		if err := api.Start(); err != nil {
			return fmt.Errorf("start the operator's API server again: %v", err)
		}
		done, err := waitRegistry(ctx, direct, ns, after, time.Minute)
		if err != nil {
			return err
		}
		// The watch of the writes, and the handler that records the deletes, may be behind the
		// read that found the registry right: wait for them, then count the writes up to that
		// read, and after it.
		time.Sleep(3 * time.Second)
		mu.Lock()
		slices.Sort(deletes)
		c.printf("handler: deletes of %s", strings.Join(deletes, ", "))
		deletes = nil
		mu.Unlock()
		c.printf("the registry lists %s, after %d writes of it", strings.Join(after, " "), writesIn(from, done))
		failures, _ := op.Failures()
		c.printf("in the 3 s after: %d writes of the registry; %d reconciles in all, %d failed", writesIn(done, math.MaxInt64), op.Reconciles(), failures)
		return nil
	}

	c.printf("part 1: the operator's API server restarts, with its watch cache")
	if err := outage([]string{"m-0", "m-1", "m-2", "m-3"}, []int{1, 2}, 4, []string{"m-0", "m-3", "m-4"}, false); err != nil {
		return err
	}
	// The second API server compacts etcd every second (the default is every 5 minutes): the
	// history of changes before that is gone. The operator's API server comes back without a
	// watch cache, so its watches read that history from etcd.
	c.printf("part 2: it restarts without a watch cache, and etcd is compacted meanwhile")
	api.Configure().Set("watch-cache", "false")
	return outage([]string{"m-0", "m-3", "m-4"}, []int{0}, 5, []string{"m-3", "m-4", "m-5"}, true)
}

// waitCompacted waits until a list of the ConfigMaps of ns at resourceVersion rv exactly is
// refused as too old (410 Gone): etcd has compacted its history past rv.
func waitCompacted(ctx context.Context, c client.Client, ns, rv string) error {
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		var l corev1.ConfigMapList
		err := c.List(ctx, &l, client.InNamespace(ns), &client.ListOptions{Raw: &metav1.ListOptions{
			ResourceVersion: rv, ResourceVersionMatch: metav1.ResourceVersionMatchExact,
		}})
		if apierrors.IsResourceExpired(err) || apierrors.IsGone(err) {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Errorf("etcd still has resourceVersion %s after a minute: is the second API server compacting?", rv)
}

// waitRegistry waits until the registry lists exactly the members names, and returns its
// resourceVersion then.
func waitRegistry(ctx context.Context, c client.Client, ns string, names []string, limit time.Duration) (int64, error) {
	deadline := time.Now().Add(limit)
	var got []string
	for time.Now().Before(deadline) {
		var cm corev1.ConfigMap
		err := c.Get(ctx, client.ObjectKey{Namespace: ns, Name: operator.RegistryName}, &cm)
		got = nil
		if err == nil {
			for k := range maps.Keys(cm.Data) {
				if name, ok := strings.CutPrefix(k, operator.MemberPrefix); ok {
					got = append(got, name)
				}
			}
			slices.Sort(got)
			if slices.Equal(got, names) {
				return strconv.ParseInt(cm.ResourceVersion, 10, 64)
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	return 0, fmt.Errorf("after %s the registry lists %v; want %v", limit, got, names)
}
