// Package controllers is lab 07 of "Go maps under the hood": the three map
// bugs that Kubernetes controllers keep shipping, each one in isolation,
// with the real client-go and controller-runtime pieces around it.
//
//   - Index (index.go) is a plain map shared by an informer's event
//     handlers and the reconciler's workers: make it safe to share;
//   - Render and Ensure (render.go) write a ConfigMap from a map of
//     settings: make the payload the same for the same settings, and write
//     only when it changed;
//   - RecordEndpoints (prune.go) keeps one key per live Pod in a
//     ConfigMap's data: remove the keys of the Pods that are gone;
//   - OwnedConfigMapPredicate (predicate.go) filters the events of the
//     ConfigMap the controller owns: let the edits that need repair through.
//
// The tests named TestStep<N>... grade step N. Some of them start a real
// kube-apiserver and etcd through envtest (see package labs/kubeassets for
// how to build them). Run
//
//	go test ./labs/07-controllers
//
// and make them pass without editing the tests. The chapter
// chapters/07-controllers.md explains why each one fails and has hints.
package controllers

// The lab runner lets these tests run 3 minutes before it calls them stuck: they start a real API
// server.
//
//lab:timeout 3m
