package once

// The claims of the post that are about the source of a library: etcd's Go client (section
// 3.2; envtest runs etcd v3.6.14, and its client module is fetched for the lookup only), the
// API server's log (3.3), controller-runtime (4.1), goleveldb (4.2) and Ginkgo's command (4.4).

import (
	"strings"
	"testing"
	"time"

	"gomaps/chapters/code/09-claims/check"
	"gomaps/chapters/code/09-claims/check/kube"
)

const (
	etcdClient = "go.etcd.io/etcd/client/v3@v3.6.14"
	goleveldb  = "github.com/syndtr/goleveldb@v1.0.0"
	ginkgo     = "github.com/onsi/ginkgo/v2@v2.27.2"
)

func TestS0_43_WatchReturnsTheClientsChannel(t *testing.T) {
	check.Has(t, etcdClient, "watch.go", `^type WatchChan <-chan WatchResponse$`)
	check.Has(t, etcdClient, "watch.go", `Watch\(ctx context.Context, key string, opts \.\.\.OpOption\) WatchChan$`)
	check.Lacks(t, etcdClient, ".", `chan<- \*?WatchResponse`) // no function takes a channel to send to
	// The one channel of pointers is internal, made by the client for each watch.
	check.Has(t, etcdClient, "watch.go", `^\s+recvc: make\(chan \*WatchResponse\),$`)
}

func TestS0_44_WatchChannelBuffersOneResponse(t *testing.T) {
	loop := check.FuncBody(t, etcdClient, "watch.go", `^func \(w \*watchGRPCStream\) run\(\)`)
	if !check.Contains(loop, "outc := make(chan WatchResponse, 1)") {
		t.Errorf("the channel Watch returns is not made with a buffer of 1:\n%s", strings.Join(loop, "\n"))
	}
	check.Has(t, etcdClient, "watch.go", `^\s+buf \[\]\*WatchResponse$`)
	check.Lacks(t, etcdClient, "watch.go", `make\(chan \*?WatchResponse, 10\)`)
}

func TestS0_45_ASlowReaderDoesNotBlockTheStream(t *testing.T) {
	serve := check.FuncBody(t, etcdClient, "watch.go", `^func \(w \*watchGRPCStream\) serveSubstream\(`)
	for _, want := range []string{
		"outc = nil",                   // nothing to send: do not select the reader's channel
		"case outc <- *curWr:",         // send only while the reader takes
		"case wr, ok := <-ws.recvc:",   // and keep receiving meanwhile
		"ws.buf = append(ws.buf, wr)",  // into a slice with no bound
		"TODO pause channel if buffer", // the authors' note that it is unbounded
	} {
		if !check.Contains(serve, want) {
			t.Errorf("serveSubstream has no %q:\n%s", want, strings.Join(serve, "\n"))
		}
	}
	// And on a real etcd (envtest's), with that client: a watch not read while 2000 events
	// arrive and for 10 s after, beside a watch on the same stream that is read at once.
	out, code := check.Go(t, 10*time.Minute, nil, "-C", etcdWatch, "run", ".", kube.Etcd(t))
	t.Logf("go run %s:\n%s", etcdWatch, out)
	if code != 0 {
		t.Fatalf("the experiment failed: exit status %d", code)
	}
	for _, want := range []string{
		// the stream kept receiving: the other watch got its events while the slow one was not read
		"fast watch on the same stream: 2000 of 2000 events, before the slow reader read anything",
		// the slow watch lost nothing and did not end
		"slow watch, read 10s or more after the last put: 2000 of 2000 events, in order: true, error: none",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the experiment did not print %q", want)
		}
	}
}

// etcdWatch is S0-45's experiment, a module of its own that requires the etcd client, which the
// course's module does not.
const etcdWatch = "chapters/code/09-claims/s0/once/testdata/etcdwatch"

func TestS0_46_NoWatchOptionType(t *testing.T) {
	check.Lacks(t, etcdClient, ".", `WatchOption`)
	check.Has(t, etcdClient, "op.go", `^func WithProgressNotify\(\) OpOption`)
	check.Has(t, etcdClient, "op.go", `// every 10 minutes when there is no incoming events`)
}

func TestS0_47_DialTimeoutHasNoDefault(t *testing.T) {
	check.Has(t, etcdClient, "config.go", `^\s+DialTimeout time.Duration`)
	check.Has(t, etcdClient, "client.go", `if c.cfg.DialTimeout > 0 \{`)
	for _, line := range check.Find(t, etcdClient, ".", `DialTimeout\s*[:=]+\s*[0-9]`) {
		if !strings.HasPrefix(strings.TrimSpace(line.Text), "//") {
			t.Errorf("%s:%d sets a DialTimeout: %s", line.File, line.Line, line.Text)
		}
	}
}

func TestS0_51_NoSuchAPIServerLogLine(t *testing.T) {
	check.Lacks(t, "k8s.io/apiserver@v0.35.0", ".", `waiting for watch event`)
	check.Lacks(t, "k8s.io/client-go@v0.35.0", ".", `waiting for watch event`)
	check.Lacks(t, "k8s.io/kubernetes@v1.35.8", "cmd/kube-apiserver", `waiting for watch event`)
	check.Lacks(t, "k8s.io/kubernetes@v1.35.8", "pkg", `waiting for watch event`)
}

func TestS0_52_NoStatefulMapInControllerRuntime(t *testing.T) {
	for _, at := range []string{"sigs.k8s.io/controller-runtime@v0.17.0", "sigs.k8s.io/controller-runtime@v0.23.3"} {
		check.Lacks(t, at, ".", `StatefulMap`)
	}
}

func TestS0_53_BytesPrefixIsARangeNotAKey(t *testing.T) {
	check.Has(t, goleveldb, "leveldb/util/range.go", `^func BytesPrefix\(prefix \[\]byte\) \*Range \{`)
	check.Has(t, goleveldb, "leveldb/db_write.go", `^func \(db \*DB\) Put\(key, value \[\]byte, wo \*opt.WriteOptions\) error \{`)
}

func TestS0_54_NilWriteOptionsDoNotSync(t *testing.T) {
	get := check.FuncBody(t, goleveldb, "leveldb/opt/options.go", `^func \(wo \*WriteOptions\) GetSync\(\) bool`)
	if !check.Contains(get, "if wo == nil {") || !check.Contains(get, "return false") {
		t.Errorf("GetSync of nil options is not false:\n%s", strings.Join(get, "\n"))
	}
	check.Has(t, goleveldb, "leveldb/opt/options.go", `// The default value is false.`)
}

func TestS0_63_GinkgoPRunsOneSuiteOnSeveralProcesses(t *testing.T) {
	check.Has(t, ginkgo, "types/config.go", `\{KeyPath: "C.Parallel", Name: "p",`)
	check.Has(t, ginkgo, "types/config.go", `Usage: "The number of parallel test nodes to run."`)
	// The suites (packages) run one after another: the loop waits for each.
	run := check.FuncBody(t, ginkgo, "ginkgo/run/run_command.go", `^func \(r \*SpecRunner\) RunSpecs\(`)
	if !check.Contains(run, "suites[suiteIdx] = internal.RunCompiledSuite(") {
		t.Errorf("the run command does not run each suite in turn:\n%s", strings.Join(run, "\n"))
	}
	suite := check.FuncBody(t, ginkgo, "ginkgo/internal/run.go", `^func RunCompiledSuite\(`)
	if !check.Contains(suite, "cliConfig.ComputedProcs() > 1") || !check.Contains(suite, "runParallel(suite,") {
		t.Errorf("RunCompiledSuite does not split a suite over processes:\n%s", strings.Join(suite, "\n"))
	}
	check.Has(t, ginkgo, "types/config.go", `\{KeyPath: "Go.Race", Name: "race",`)
}
