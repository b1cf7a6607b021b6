package operator_test

import (
	"context"
	"fmt"
	"io"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	"k8s.io/klog/v2"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
	"sigs.k8s.io/controller-runtime/pkg/log"

	operator "gomaps/labs/08-operator"
	"gomaps/labs/internal/labtest"
	"gomaps/labs/kubeassets/apiserver"
	"gomaps/labs/testout"
)

// The tests of steps 5 to 7 run the operator against a real kube-apiserver
// and etcd, started once for the whole test binary by envtest, on first use.
//
// They run the operator in a child process (this test binary again, running
// one test), because the shipped operator may be stopped by the runtime with
// "fatal error: concurrent map writes", which no recover catches: in the
// child, that ends one test with a sentence instead of the whole test binary.
// The child talks to the parent's API server through a kubeconfig passed in
// its environment.
const childEnv = "GOMAPS_LAB08_KUBECONFIG"

var (
	envOnce    sync.Once
	env        *envtest.Environment
	envConfig  *rest.Config
	kubeconfig []byte
	envErr     error
)

func TestMain(m *testing.M) {
	// controller-runtime and client-go log to stderr; the tests say what
	// matters themselves.
	log.SetLogger(logr.Discard())
	klog.SetLogger(logr.Discard())
	klog.SetOutput(io.Discard)
	klog.LogToStderr(false)
	if kc := os.Getenv(childEnv); kc != "" {
		envOnce.Do(func() {
			envConfig, envErr = clientcmd.RESTConfigFromKubeConfig([]byte(kc))
			if envConfig != nil {
				envConfig.QPS, envConfig.Burst = 1000, 2000
			}
		})
	}
	code := m.Run()
	if env != nil {
		env.Stop()
	}
	os.Exit(code)
}

// apiServer returns the configuration of the API server, starting it on
// first use. Without the binaries, the test fails with the one sentence that
// says how to build them.
func apiServer(t *testing.T) *rest.Config {
	t.Helper()
	envOnce.Do(func() {
		e, cfg, err := apiserver.Start()
		if err != nil {
			envErr = err
			return
		}
		env, envConfig, kubeconfig = e, cfg, e.KubeConfig
	})
	if envErr != nil {
		t.Fatal(envErr)
	}
	return envConfig
}

// inChild runs workload in a child process and fails t with what went wrong
// there; in the child, it runs workload itself.
func inChild(t *testing.T, workload func(t *testing.T, cfg *rest.Config)) {
	t.Helper()
	if os.Getenv(childEnv) != "" {
		workload(t, apiServer(t))
		return
	}
	apiServer(t)
	start := time.Now()
	text, code, hung := labtest.RerunTest(t, childEnv+"="+string(kubeconfig))
	if code == 0 && !hung {
		t.Logf("the operator ran in a child process for %s", time.Since(start).Round(100*time.Millisecond))
		// What the child measured, on lines it printed as "note: ...".
		for _, line := range strings.Split(text, "\n") {
			if note, ok := strings.CutPrefix(line, "note: "); ok {
				t.Log(note)
			}
		}
		return
	}
	// A test of a later step that meets the Registry's race is not about
	// it: it says which step is missing.
	step5 := ""
	if !strings.HasPrefix(t.Name(), "TestStep5") {
		step5 = "step 5 is not written yet: "
	}
	fatal := ""
	if m := fatalRE.FindStringSubmatch(text); m != nil {
		fatal = m[1]
	}
	switch misuse := testout.LockMisuse(fatal); {
	case hung:
		t.Fatalf("the child process running the operator was still running %s later, close to this test's deadline: look for a Reconcile or a lock that never returns. Where its goroutines were in the operator's code:\n%s", time.Since(start).Round(time.Second), operatorFrames(text, 12))
	case misuse != "":
		t.Fatalf("%sthe runtime stopped the operator with \"fatal error: %s\": %s, not a map race. Release each Lock with Unlock and each RLock with RUnlock, once, in every method of Registry",
			step5, fatal, misuse)
	case strings.Contains(fatal, "deadlock"):
		t.Fatalf("%sthe runtime stopped the operator with \"fatal error: %s\": every goroutine waits, on a lock that is never unlocked (a missing Unlock, or a Lock taken twice by one goroutine). Where its goroutines were in the operator's code:\n%s",
			step5, fatal, operatorFrames(text, 12))
	case fatal != "":
		t.Fatalf("%sthe runtime stopped the operator with \"fatal error: %s\": the Registry's map is used by several goroutines at once (the event handler writes it while the workers read it), and the runtime ends the whole process when it catches that, which no recover can stop. Guard the map with one sync.Mutex that every method of Registry holds for as long as it uses the map: locked before its first use of it, unlocked after its last (a write, or the end of a copy)",
			step5, fatal)
	case strings.Contains(text, "WARNING: DATA RACE"):
		t.Fatalf("%sthe race detector found a data race while the operator ran: guard every access to the Registry's map with one sync.Mutex. The report:\n%s", step5, raceExcerpt(text))
	}
	msgs := failureMessages(text)
	if len(msgs) == 0 {
		t.Fatalf("the child process running the operator failed without a message (exit status %d):\n%s", code, lastLines(text, 15))
	}
	for _, msg := range msgs {
		t.Error(msg)
	}
}

var (
	fatalRE   = regexp.MustCompile(`(?m)^fatal error: (.*)$`)
	fileRE    = regexp.MustCompile(`^\s+[\w.-]+\.go:\d+: ?(.*)$`)
	failRE    = regexp.MustCompile(`^\s*--- FAIL: `)
	goroutRE  = regexp.MustCompile(`^\s+\S+\.go:\d+ \+0x`)
	racePartR = regexp.MustCompile(`^(Read|Write|Previous read|Previous write) at `)
)

// failureMessages returns the t.Error messages of the child's failed test,
// without their file:line prefix, continuation lines joined.
func failureMessages(out string) []string {
	var msgs []string
	in := false
	for _, line := range strings.Split(out, "\n") {
		switch {
		case failRE.MatchString(line):
			in = true
		case !in:
		case fileRE.MatchString(line):
			msgs = append(msgs, fileRE.FindStringSubmatch(line)[1])
		case strings.HasPrefix(line, "        ") && len(msgs) > 0:
			msgs[len(msgs)-1] += "\n" + strings.TrimSpace(line)
		}
	}
	return msgs
}

// raceExcerpt keeps the access lines of a race report and the first frame of
// each, indented.
func raceExcerpt(out string) string {
	lines := strings.Split(out, "\n")
	var keep []string
	for i, line := range lines {
		if racePartR.MatchString(line) {
			keep = append(keep, "  "+line)
			for _, l := range lines[i+1 : min(i+5, len(lines))] {
				if goroutRE.MatchString(l) || strings.HasSuffix(strings.TrimSpace(l), ")") {
					keep = append(keep, "    "+strings.TrimSpace(l))
				}
			}
		}
		if len(keep) > 16 {
			break
		}
	}
	return strings.Join(keep, "\n")
}

// operatorFrames returns the frames of a goroutine dump that are in the
// operator's package (not its tests), at most n, each with its file:line.
func operatorFrames(dump string, n int) string {
	var keep []string
	for _, f := range labtest.Frames(dump, "labs/08-operator") {
		if !f.Test() && len(keep) < 2*n {
			keep = append(keep, "  "+f.Func, "    "+f.Pos())
		}
	}
	if len(keep) == 0 {
		return lastLines(dump, 15)
	}
	return strings.Join(keep, "\n")
}

func lastLines(out string, n int) string {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	lines = lines[max(0, len(lines)-n):]
	for i := range lines {
		lines[i] = "  " + lines[i]
	}
	return strings.Join(lines, "\n")
}

// needSteps stops a test before it sets itself up when an earlier step it
// builds on is still a stub: "step 1 is not written yet: ...". Without it, a
// test of a later step would compare data rendered in map order, and blame
// what it checks (pruning, a write, a conflict) for what step 1 or 2 does not
// do yet. Steps 1 and 2 are pure functions, checked here in a moment.
func needSteps(t *testing.T, steps ...int) {
	t.Helper()
	labtest.NeedSteps(t, stepMissing, steps...)
}

// stepMissing says what step n does not do yet, or "" when it does its job.
func stepMissing(n int) string {
	switch n {
	case 1:
		ms := members(span(0, 12)...)
		for range 10 {
			for _, entries := range ms {
				if got, want := operator.Entries(entries), wantEntries(entries); got != want {
					return fmt.Sprintf("Entries(%v) = %q; want %q, the keys in increasing order", entries, got, want)
				}
			}
			if operator.Render(ms) != wantRender(ms) {
				return "Render does not give 12 members the same text on every call, in increasing order of name"
			}
		}
	case 2:
		data := operator.UpdateData(wantData(members(0, 1)), members(1))
		if _, ok := data[operator.MemberPrefix+memberName(0)]; ok {
			return fmt.Sprintf("UpdateData kept the key %s%s of a member that was deleted", operator.MemberPrefix, memberName(0))
		}
	}
	return ""
}

// directClient returns a client that reads from the API server itself, not
// from a cache, so the tests see what is written.
func directClient(t *testing.T, cfg *rest.Config) client.WithWatch {
	t.Helper()
	c, err := client.NewWithWatch(cfg, client.Options{})
	if err != nil {
		t.Fatalf("make a client for the API server: %v", err)
	}
	return c
}

var namespaces atomic.Int64

// newNamespace creates a namespace of its own for one test.
func newNamespace(t *testing.T, c client.Client) string {
	t.Helper()
	name := fmt.Sprintf("lab08-%d-%d", os.Getpid(), namespaces.Add(1))
	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name}}
	if err := c.Create(context.Background(), ns); err != nil {
		t.Fatalf("create namespace %s: %v", name, err)
	}
	return name
}

// startOperator runs the operator on namespace ns until the test ends.
func startOperator(t *testing.T, cfg *rest.Config, ns string, workers int) *operator.Operator {
	t.Helper()
	o, err := operator.New(cfg, operator.Options{Namespace: ns, Workers: workers})
	if err != nil {
		t.Fatalf("operator.New: %v", err)
	}
	return runOperator(t, o)
}

// runOperator starts o and stops it when the test ends.
func runOperator(t *testing.T, o *operator.Operator) *operator.Operator {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- o.Start(ctx) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("the operator stopped with an error: %v", err)
			}
		case <-time.After(time.Minute):
			t.Errorf("the operator did not stop within a minute of being told to: look for a Reconcile that ignores its context")
		}
	})
	return o
}

// memberData is the data of member i: four entries, so that a member's
// entries have several range orders too.
func memberData(i int) map[string]string {
	return map[string]string{
		"endpoint": fmt.Sprintf("10.0.%d.%d:8080", i/250, i%250+1),
		"zone":     string(rune('a' + i%3)),
		"weight":   fmt.Sprint(1 + i%4),
		"protocol": "tcp",
	}
}

func memberName(i int) string { return fmt.Sprintf("m-%03d", i) }

func createMember(t *testing.T, c client.Client, ns string, i int) {
	t.Helper()
	cm := &corev1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: memberName(i), Labels: map[string]string{operator.MemberLabel: "true"}},
		Data:       memberData(i),
	}
	if err := c.Create(context.Background(), cm); err != nil {
		t.Fatalf("create member ConfigMap %s/%s: %v", ns, cm.Name, err)
	}
}

func deleteMember(t *testing.T, c client.Client, ns string, i int) {
	t.Helper()
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: memberName(i)}}
	if err := c.Delete(context.Background(), cm); err != nil {
		t.Fatalf("delete member ConfigMap %s/%s: %v", ns, cm.Name, err)
	}
}

// registryData returns the data and resourceVersion of the registry
// ConfigMap, read from the API server; nil data if it does not exist yet.
func registryData(t *testing.T, c client.Client, ns string) (map[string]string, string) {
	t.Helper()
	var cm corev1.ConfigMap
	err := c.Get(context.Background(), client.ObjectKey{Namespace: ns, Name: operator.RegistryName}, &cm)
	if apierrors.IsNotFound(err) {
		return nil, ""
	}
	if err != nil {
		t.Fatalf("get the registry ConfigMap %s/%s: %v", ns, operator.RegistryName, err)
	}
	if cm.Data == nil {
		cm.Data = map[string]string{}
	}
	return cm.Data, cm.ResourceVersion
}

// waitFor polls cond every 100ms until it holds or timeout passes; it
// returns whether it held, and cond's last description of what it saw.
func waitFor(timeout time.Duration, cond func() (bool, string)) (bool, string) {
	deadline := time.Now().Add(timeout)
	for {
		ok, seen := cond()
		if ok || time.Now().After(deadline) {
			return ok, seen
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// memberKeys returns the sorted member keys of a registry's data.
func memberKeys(data map[string]string) []string {
	var keys []string
	for k := range data {
		if strings.HasPrefix(k, operator.MemberPrefix) {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

// wantEntries is how the tests expect one member's entries rendered.
func wantEntries(entries map[string]string) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(entries)) {
		parts = append(parts, k+"="+entries[k])
	}
	return strings.Join(parts, " ")
}

// wantRender is how the tests expect members rendered.
func wantRender(members map[string]map[string]string) string {
	var b strings.Builder
	for _, name := range slices.Sorted(maps.Keys(members)) {
		fmt.Fprintf(&b, "%s: %s\n", name, wantEntries(members[name]))
	}
	return b.String()
}

// wantData is the data the registry ConfigMap must hold for members.
func wantData(members map[string]map[string]string) map[string]string {
	data := map[string]string{operator.PayloadKey: wantRender(members)}
	for name, entries := range members {
		data[operator.MemberPrefix+name] = wantEntries(entries)
	}
	return data
}

// members returns the members with the given indexes.
func members(idx ...int) map[string]map[string]string {
	m := map[string]map[string]string{}
	for _, i := range idx {
		m[memberName(i)] = memberData(i)
	}
	return m
}

func span(from, to int) []int {
	var s []int
	for i := from; i < to; i++ {
		s = append(s, i)
	}
	return s
}

// short shows at most n items of a list.
func short(items []string, n int) string {
	if len(items) <= n {
		return strings.Join(items, ", ")
	}
	return strings.Join(items[:n], ", ") + fmt.Sprintf(", ... (%d in all)", len(items))
}

// show prints a ConfigMap's data with its keys sorted and values quoted.
func show(data map[string]string) string {
	var b strings.Builder
	b.WriteString("{")
	for i, k := range slices.Sorted(maps.Keys(data)) {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s: %q", k, data[k])
	}
	b.WriteString("}")
	return b.String()
}
