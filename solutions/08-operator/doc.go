// Package operator is lab 08 of "Go maps under the hood", the capstone: a
// small Kubernetes operator, built with controller-runtime, that has the three
// map bugs production controllers keep shipping.
//
// The operator keeps a registry. Every ConfigMap of its namespace labelled
// registry.gomaps.dev/member=true is a member, whose data (an endpoint, a
// zone, a weight) other programs want to find in one place. The operator's
// event handler records the members in an in-memory [Registry]; its
// [Reconciler] writes them to the ConfigMap named "registry": one key per
// member ("member.<name>") and a rendered list of all of them ("members").
//
// As shipped, the operator has three bugs:
//
//   - the Registry's map is written by the event handlers while the
//     reconcile workers read it, with nothing guarding it (registry.go);
//   - the "members" text is built by ranging over a map, so every reconcile
//     writes a different text, whose update fires a watch event, which
//     starts the next reconcile: a hot loop (render.go, reconcile.go);
//   - the key of a deleted member is never removed, so the registry
//     ConfigMap only grows (render.go);
//
// a fourth one that shows under load: a write that loses a race with
// another writer (409 Conflict) is returned as an error instead of retried
// (reconcile.go); and a fifth that shows in an outage: a reconcile whose
// write failed is logged and forgotten instead of returned to the
// controller, which would try it again (operator.go).
//
// The tests named TestStep<N>... grade step N. Steps 1 to 4 are fast unit
// tests with controller-runtime's fake client, and step 4 also has the API
// server refuse a stale update; steps 5 to 8 run the operator against a real
// kube-apiserver and etcd, through envtest, which the tests find by themselves
// (see labs/kubeassets). Run
//
//	go test ./labs/08-operator
//
// and make them pass without editing the tests. The chapter
// chapters/08-operator.md explains each bug and has hints.
//
// clone.go is part of the grader, like the tests: Snapshot copies the map
// with its cloneMembers, which step 5's test watches. The runner does not
// count the lab as passing while clone.go differs from the shipped file.
//
//lab:given clone.go
package operator

// The lab runner lets these tests run 3 minutes before it calls them stuck: they start a real API
// server.
//
//lab:timeout 3m
