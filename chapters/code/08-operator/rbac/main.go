// Command rbac runs the fixed operator of lab 08 as a user that has only the
// permissions its RBAC marker asks for. It starts envtest's kube-apiserver
// and etcd (see labs/kubeassets), whose API server authorizes requests with
// RBAC; creates the ClusterRole that controller-gen wrote from the marker
// (the YAML file named on the command line); binds it, in one namespace, to
// a user of its own; and runs the operator with that user's credentials on
// 12 members. It prints what the user may and may not do, and whether the
// operator wrote the registry with those permissions alone.
//
// Usage:
//
//	go run ./chapters/code/08-operator/rbac ROLE.yaml
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"time"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/yaml"
	"k8s.io/klog/v2"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
	ctrllog "sigs.k8s.io/controller-runtime/pkg/log"

	"gomaps/labs/kubeassets/apiserver"
	operator "gomaps/solutions/08-operator"
)

const (
	user    = "registry-operator"
	ns      = "registry-demo"
	members = 12
)

func main() {
	log.SetPrefix("rbac: ")
	log.SetFlags(0)
	if len(os.Args) != 2 {
		log.Fatal("usage: go run ./chapters/code/08-operator/rbac ROLE.yaml (the ClusterRole controller-gen writes)")
	}
	if err := run(os.Args[1], os.Stdout); err != nil {
		log.Fatal(err)
	}
}

func run(roleFile string, stdout io.Writer) error {
	role, err := readClusterRole(roleFile)
	if err != nil {
		return err
	}
	ctrllog.SetLogger(logr.Discard())
	klog.SetLogger(logr.Discard())

	env, adminCfg, err := apiserver.Start()
	if err != nil {
		return err
	}
	defer env.Stop()
	ctx := context.Background()
	admin, err := client.New(adminCfg, client.Options{})
	if err != nil {
		return err
	}
	u, err := env.AddUser(envtest.User{Name: user}, nil)
	if err != nil {
		return fmt.Errorf("add the user %s: %v", user, err)
	}
	userCfg := u.Config()
	userCfg.QPS, userCfg.Burst = 1000, 2000
	as, err := client.New(userCfg, client.Options{})
	if err != nil {
		return err
	}

	if err := admin.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: ns}}); err != nil {
		return err
	}
	listAs := func() error { return as.List(ctx, &corev1.ConfigMapList{}, client.InNamespace(ns)) }
	fmt.Fprintf(stdout, "as %s, before any binding: list configmaps in %s: %s\n", user, ns, verdict(listAs()))

	if err := admin.Create(ctx, role); err != nil {
		return fmt.Errorf("create the ClusterRole from %s: %v", roleFile, err)
	}
	binding := &rbacv1.RoleBinding{
		ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: user},
		RoleRef:    rbacv1.RoleRef{APIGroup: rbacv1.GroupName, Kind: "ClusterRole", Name: role.Name},
		Subjects:   []rbacv1.Subject{{Kind: rbacv1.UserKind, APIGroup: rbacv1.GroupName, Name: user}},
	}
	if err := admin.Create(ctx, binding); err != nil {
		return err
	}
	for _, r := range role.Rules {
		fmt.Fprintf(stdout, "bound in %s: ClusterRole %s: %v %v of group %q\n", ns, role.Name, r.Verbs, r.Resources, r.APIGroups)
	}
	// RBAC takes effect when the API server's authorizer sees the binding:
	// wait for the first allowed request.
	if err := waitFor(30*time.Second, func() bool { return listAs() == nil }); err != nil {
		return fmt.Errorf("the user may still not list configmaps 30 seconds after the binding: %v", listAs())
	}
	fmt.Fprintf(stdout, "as %s, bound: list configmaps in %s: %s\n", user, ns, verdict(listAs()))

	for i := range members {
		cm := &corev1.ConfigMap{
			ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: fmt.Sprintf("m-%03d", i), Labels: map[string]string{operator.MemberLabel: "true"}},
			Data:       map[string]string{"endpoint": fmt.Sprintf("10.0.0.%d:80", i+1), "zone": "a"},
		}
		if err := admin.Create(ctx, cm); err != nil {
			return err
		}
	}
	o, err := operator.New(userCfg, operator.Options{Namespace: ns, Workers: 2})
	if err != nil {
		return err
	}
	opCtx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- o.Start(opCtx) }()
	start := time.Now()
	registered := func() bool {
		var cm corev1.ConfigMap
		if err := admin.Get(ctx, client.ObjectKey{Namespace: ns, Name: operator.RegistryName}, &cm); err != nil {
			return false
		}
		return len(cm.Data) == members+1 // a key per member, and the members text
	}
	waitErr := waitFor(time.Minute, registered)
	stop()
	if err := <-done; err != nil {
		return fmt.Errorf("the operator, run as %s, stopped with: %v", user, err)
	}
	failures, lastErr := o.Failures()
	if waitErr != nil {
		return fmt.Errorf("run as %s, the operator did not register the %d members within a minute (%d reconciles failed; the last with: %v)", user, members, failures, lastErr)
	}
	fmt.Fprintf(stdout, "the operator, run as %s: registered %d members in %s, %d reconciles failed\n",
		user, members, time.Since(start).Round(100*time.Millisecond), failures)

	// And what the role does not allow.
	deleteAs := as.Delete(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: "m-000"}})
	fmt.Fprintf(stdout, "as %s: delete configmap m-000: %s\n", user, verdict(deleteAs))
	secretsAs := as.List(ctx, &corev1.SecretList{}, client.InNamespace(ns))
	fmt.Fprintf(stdout, "as %s: list secrets in %s: %s\n", user, ns, verdict(secretsAs))
	otherAs := as.List(ctx, &corev1.ConfigMapList{}, client.InNamespace("default"))
	fmt.Fprintf(stdout, "as %s: list configmaps in default: %s\n", user, verdict(otherAs))
	return nil
}

// readClusterRole reads the ClusterRole of a YAML file, which may hold
// several documents (controller-gen starts its output with "---").
func readClusterRole(file string) (*rbacv1.ClusterRole, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("%v: write it first with go run ./tools/course outputs 08-rbac", err)
	}
	defer f.Close()
	dec := yaml.NewYAMLOrJSONDecoder(f, 4096)
	for {
		var role rbacv1.ClusterRole
		err := dec.Decode(&role)
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("%s holds no ClusterRole", file)
		}
		if err != nil {
			return nil, fmt.Errorf("read %s: %v", file, err)
		}
		if role.Kind == "ClusterRole" {
			return &role, nil
		}
	}
}

// verdict says whether the API server allowed a request.
func verdict(err error) string {
	switch {
	case err == nil:
		return "allowed"
	case apierrors.IsForbidden(err):
		return "forbidden"
	default:
		return "error: " + err.Error()
	}
}

func waitFor(timeout time.Duration, cond func() bool) error {
	for end := time.Now().Add(timeout); !cond(); {
		if time.Now().After(end) {
			return errors.New("timed out")
		}
		time.Sleep(100 * time.Millisecond)
	}
	return nil
}
