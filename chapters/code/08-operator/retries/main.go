// Command retries prints when a controller tries a request again whose reconcile fails from the
// start of an outage, with the rate limiter that controller-runtime gives a controller whose
// options set none: as the operator of lab 08 sets them (nothing about the queue, so the priority
// queue, the default) and with UsePriorityQueue set to false. It makes each controller with
// controller.NewTypedUnmanaged, takes the limiter the controller got (its RateLimiter field) and
// asks it for the delay after each failure, as the queue does. The time a reconcile takes is
// left out: a try's time is the sum of the delays before it.
//
//	go run ./chapters/code/08-operator/retries
package main

import (
	"context"
	"fmt"
	"log"
	"reflect"
	"slices"
	"strings"
	"time"

	"k8s.io/client-go/util/workqueue"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// tries is how many tries of one request the program follows.
const tries = 11

// outages are the outages whose tries the program counts.
var outages = []time.Duration{time.Second, 3 * time.Second}

func main() {
	log.SetPrefix("retries: ")
	log.SetFlags(0)
	req := reconcile.Request{}
	req.Namespace, req.Name = "registry-demo", "registry"

	def := limiter("operator", controller.Options{})
	fmt.Printf("UsePriorityQueue unset, as the operator leaves it: %s\n", describe(def))
	delays := whens(def, req)
	at := time.Duration(0)
	for i, d := range delays {
		fmt.Printf("  try %2d at %8v, then waits %v\n", i+1, at, d)
		at += d
	}
	fmt.Printf("  try %2d at %8v\n", tries, at)
	for _, outage := range outages {
		failed, next := 0, time.Duration(0)
		for _, d := range delays {
			if next >= outage {
				break
			}
			failed++
			next += d
		}
		if next < outage {
			log.Fatalf("%d tries do not reach the end of a %v outage", tries, outage)
		}
		fmt.Printf("  through a %v outage: %d tries fail, try %d comes at %v, %v after the outage\n",
			outage, failed, failed+1, next, next-outage)
	}

	off := limiter("nopriorityqueue", controller.Options{UsePriorityQueue: ptr.To(false)})
	fmt.Printf("UsePriorityQueue false: %s\n", describe(off))
	if other := whens(off, req); slices.Equal(other, delays) {
		fmt.Printf("  the same delays for one request's %d tries\n", tries)
	} else {
		fmt.Printf("  delays %v\n", other)
	}
}

// limiter makes a controller with opts and returns the rate limiter it got.
func limiter(name string, opts controller.Options) workqueue.TypedRateLimiter[reconcile.Request] {
	opts.Reconciler = reconcile.Func(func(context.Context, reconcile.Request) (reconcile.Result, error) {
		return reconcile.Result{}, nil
	})
	opts.SkipNameValidation = ptr.To(true)
	c, err := controller.NewTypedUnmanaged(name, opts)
	if err != nil {
		log.Fatal(err)
	}
	// The controller is controller-runtime's internal Controller; its RateLimiter field is
	// exported, so reflect may read it.
	f := reflect.ValueOf(c).Elem().FieldByName("RateLimiter")
	if !f.IsValid() || f.IsNil() {
		log.Fatalf("%T has no RateLimiter set", c)
	}
	return f.Interface().(workqueue.TypedRateLimiter[reconcile.Request])
}

// whens asks rl for the delay after each of the first tries-1 failures of req: the queue calls
// When each time it adds a request rate limited.
func whens(rl workqueue.TypedRateLimiter[reconcile.Request], req reconcile.Request) []time.Duration {
	var ds []time.Duration
	for range tries - 1 {
		ds = append(ds, rl.When(req))
	}
	return ds
}

// describe names rl's type without its type argument.
func describe(rl workqueue.TypedRateLimiter[reconcile.Request]) string {
	t := reflect.TypeOf(rl)
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	name, _, _ := strings.Cut(t.Name(), "[")
	return t.PkgPath() + "." + name
}
