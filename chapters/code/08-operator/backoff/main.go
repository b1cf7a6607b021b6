// Backoff shows how long client-go's retry helpers wait between attempts. It
// calls retry.RetryOnConflict with each of the two backoffs of package
// k8s.io/client-go/util/retry, with a function that always fails with a 409
// Conflict, and prints the parameters of the backoff and the time between
// one attempt and the next. The solution of lab 08 passes retry.DefaultBackoff
// (to retry.OnError, which RetryOnConflict calls).
//
//	go run ./chapters/code/08-operator/backoff
package main

import (
	"fmt"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"
)

func main() {
	conflict := apierrors.NewConflict(schema.GroupResource{Resource: "configmaps"}, "registry", fmt.Errorf("the object has been modified"))
	for _, b := range []struct {
		name    string
		backoff wait.Backoff
	}{
		{"retry.DefaultRetry", retry.DefaultRetry},
		{"retry.DefaultBackoff", retry.DefaultBackoff},
	} {
		fmt.Printf("%s: Steps %d, Duration %v, Factor %.1f, Jitter %.1f\n",
			b.name, b.backoff.Steps, b.backoff.Duration, b.backoff.Factor, b.backoff.Jitter)
		var attempts []time.Time
		err := retry.RetryOnConflict(b.backoff, func() error {
			attempts = append(attempts, time.Now())
			return conflict
		})
		fmt.Printf("  %d attempts, then: %v\n", len(attempts), err)
		for i := 1; i < len(attempts); i++ {
			fmt.Printf("  wait before attempt %d: %3d ms\n", i+1, attempts[i].Sub(attempts[i-1]).Milliseconds())
		}
	}
}
