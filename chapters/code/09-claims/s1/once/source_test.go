package once

import (
	"strings"
	"testing"

	claims "gomaps/chapters/code/09-claims"
	"gomaps/chapters/code/09-claims/check"
)

// No Downsampling option anywhere in controller-runtime, at v0.17 or v0.23.3; the options a
// controller has are controller.Options (and config.Controller for the manager's defaults).
func TestS1_24_NoDownsamplingOption(t *testing.T) {
	for _, at := range []string{ctrlRuntime17, ctrlRuntime172, ctrlRuntime} {
		check.Lacks(t, at, ".", `(?i)downsampl`)
		check.Lacks(t, at, ".", `\bControllerOptions\b`)
		check.Has(t, at, "pkg/controller/controller.go", `MaxConcurrentReconciles int`)
	}
}

// Which of the post's log lines controller-runtime prints: "Reconciling" at V(5) for each
// reconcile, "Starting workers" from the controller once; "Successfully updated status" never.
func TestS1_25_WhereTheLogLinesComeFrom(t *testing.T) {
	for _, at := range []string{ctrlRuntime172, ctrlRuntime} {
		check.Has(t, at, "pkg/internal/controller/controller.go", `log\.V\(5\)\.Info\("Reconciling"\)`)
		check.Has(t, at, "pkg/internal/controller/controller.go", `Info\("Starting workers", "worker count"`)
		check.Lacks(t, at, ".", `Successfully updated status`)
	}
	check.Has(t, ctrlRuntime172, "pkg/controller/controller.go", `log := mgr\.GetLogger\(\)\.WithValues\(`)
	check.Has(t, ctrlRuntime172, "pkg/manager/manager.go", `options\.Logger = log\.Log$`)
}

// trace.FromContext(ctx).SpanID() compiles with no package named trace: runtime/trace has no
// FromContext, k8s.io/utils/trace's Trace has no SpanID, and OpenTelemetry calls it
// SpanFromContext(ctx).SpanContext().SpanID().
func TestS1_28_NoFromContextSpanID(t *testing.T) {
	for _, at := range []string{claims.Go125, claims.Go126, claims.Go127} {
		check.Lacks(t, at, "src/runtime/trace", `func FromContext`)
	}
	check.Lacks(t, otelTrace, ".", `^func FromContext\(`)
	check.Has(t, otelTrace, "context.go", `^func SpanFromContext\(ctx context\.Context\) Span`)
	check.Has(t, otelTrace, "trace.go", `^func \(sc SpanContext\) SpanID\(\) SpanID`)
	check.Has(t, k8sUtils, "trace/trace.go", `^func FromContext\(ctx context\.Context\) \*Trace`)
	for dir, want := range map[string]string{
		"runtimetrace": "undefined: trace.FromContext",
		"utilstrace":   "has no field or method SpanID",
	} {
		out, ok := check.Build(t, "./chapters/code/09-claims/s1/once/testdata/"+dir)
		t.Logf("%s: %s", dir, strings.TrimSpace(out))
		if ok || !strings.Contains(out, want) {
			t.Errorf("building testdata/%s: compiled %v, output %q; want the error %q", dir, ok, out, want)
		}
	}
}

// The leader numbers the entries it appends: each gets the next index of its log and its term.
func TestS1_30_TheLeaderNumbersEntries(t *testing.T) {
	check.Has(t, raft, "raft.go", `^func \(r \*raft\) appendEntry\(es \.\.\.pb\.Entry\)`)
	check.Has(t, raft, "raft.go", `es\[i\]\.Index = li \+ 1 \+ uint64\(i\)`)
	// An entry that was not committed may be replaced by a new leader's entry at the same index.
	check.Has(t, raft, "log_unstable.go", `^func \(u \*unstable\) truncateAndAppend\(`)
}

// The Entry type is raftpb.Entry, generated in raftpb/raft.pb.go, with Term, Index, Type and
// Data; raft/log.go defines the log (raftLog), not the entry.
func TestS1_31_EntryIsInRaftpb(t *testing.T) {
	check.Has(t, raft, "raftpb/raft.pb.go", `^type Entry struct \{`)
	for _, field := range []string{"Term", "Index", "Type", "Data"} {
		check.Has(t, raft, "raftpb/raft.pb.go", `^\s+`+field+`\s+(uint64|EntryType|\[\]byte)\s+`+"`protobuf")
	}
	check.Lacks(t, raft, "log.go", `type Entry struct`)
	check.Has(t, raft, "log.go", `^type raftLog struct`)
}

// A node applies every committed entry it has not applied, in index order, not only the entry
// whose index equals the commit index.
func TestS1_32_AllCommittedEntriesAreApplied(t *testing.T) {
	check.Has(t, raft, "log.go", `lo, hi := l\.applying\+1, l\.maxAppliableIndex\(allowUnstable\)\+1 // \[lo, hi\)`)
	check.Has(t, raft, "log.go", `^func \(l \*raftLog\) nextCommittedEnts\(`)
}

// No clock: the revision is a counter that each member's MVCC store increments as it applies a
// write; the Raft entry carries the request, not a revision chosen by the leader.
func TestS1_34_EachMemberCountsRevisions(t *testing.T) {
	check.Has(t, etcdServer, "storage/mvcc/kvstore_txn.go", `tw\.s\.currentRev\+\+`)
	msg := block(t, etcdAPI, "etcdserverpb/raft_internal.proto", "message InternalRaftRequest {")
	if strings.Contains(strings.ToLower(msg), "revision") {
		t.Errorf("InternalRaftRequest has a revision field:\n%s", msg)
	}
	if !strings.Contains(msg, "TxnRequest txn") {
		t.Errorf("InternalRaftRequest carries no TxnRequest:\n%s", msg)
	}
}

// block returns the lines from the line starting with start to the next line that is just "}".
func block(t *testing.T, at, file, start string) string {
	t.Helper()
	return funcBody(t, at, file, start)
}

// The DeltaFIFO has no QueueAction method, at the client-go of controller-runtime v0.17 or at
// v0.35: queueActionLocked is unexported, and dedupDeltas only merges two deletions.
func TestS1_44_NoQueueActionMethod(t *testing.T) {
	for _, at := range []string{clientGo29, clientGo} {
		check.Lacks(t, at, "tools/cache", `func \(f \*DeltaFIFO\) QueueAction\(`)
		check.Has(t, at, "tools/cache/delta_fifo.go", `func \(f \*DeltaFIFO\) queueActionLocked\(`)
		check.Has(t, at, "tools/cache/delta_fifo.go", `^func dedupDeltas\(deltas Deltas\) Deltas`)
		check.Has(t, at, "tools/cache/delta_fifo.go", `^func \(f \*DeltaFIFO\) Replace\(`)
	}
}

// The DeltaFIFO has no Push method; the reflector calls the store's Add, Update and Delete.
func TestS1_45_NoPushMethod(t *testing.T) {
	for _, at := range []string{clientGo29, clientGo} {
		check.Lacks(t, at, "tools/cache", `func \(f \*DeltaFIFO\) Push\(`)
		check.Has(t, at, "tools/cache/reflector.go", `err := store\.Add\(event\.Object\)`)
		check.Has(t, at, "tools/cache/reflector.go", `err := store\.Update\(event\.Object\)`)
	}
	check.Has(t, clientGo, "tools/cache/controller.go", `KnownObjects: +clientState,`)
}

// sync.Map writes take a lock: the hash-trie of Go 1.24 and later locks the node it changes; the
// older implementation (Go 1.23, or GOEXPERIMENT=nosynchashtriemap on 1.24-1.25) locks the map.
func TestS1_52_SyncMapWritesLock(t *testing.T) {
	for _, at := range []string{claims.Go125, claims.Go126, claims.Go127} {
		swap := funcBody(t, at, "src/internal/sync/hashtriemap.go", "func (ht *HashTrieMap[K, V]) Swap(")
		if !strings.Contains(swap, "i.mu.Lock()") {
			t.Errorf("HashTrieMap.Swap at %s takes no lock", at)
		}
		load := funcBody(t, at, "src/internal/sync/hashtriemap.go", "func (ht *HashTrieMap[K, V]) Load(")
		if strings.Contains(load, "Lock()") {
			t.Errorf("HashTrieMap.Load at %s takes a lock", at)
		}
	}
	store := funcBody(t, claims.Go125, "src/sync/map.go", "func (m *Map) Swap(")
	if !strings.Contains(store, "m.mu.Lock()") {
		t.Error("the old sync.Map's Swap takes no lock")
	}
}

// No NewOrderedReconciler, WithHooks or HookFunc anywhere in controller-runtime.
func TestS1_55_NoOrderedReconciler(t *testing.T) {
	for _, at := range []string{ctrlRuntime17, ctrlRuntime} {
		check.Lacks(t, at, ".", `NewOrderedReconciler|OrderedReconciler|WithHooks|HookFunc`)
		check.Has(t, at, "alias.go", `NewControllerManagedBy = builder\.ControllerManagedBy`)
	}
}

// CreateEvent, UpdateEvent and DeleteEvent are controller-runtime's watch events, which a
// controller receives; an EventRecorder has only Event, Eventf and AnnotatedEventf, whose event
// type is Normal or Warning.
func TestS1_58_CreateEventIsAWatchEventType(t *testing.T) {
	check.Has(t, ctrlRuntime, "pkg/event/event.go", `^type CreateEvent = TypedCreateEvent\[client\.Object\]`)
	check.Has(t, ctrlRuntime17, "pkg/event/event.go", `^type CreateEvent struct`)
	recorder := block(t, clientGo, "tools/record/event.go", "type EventRecorder interface {")
	var methods []string
	for _, line := range strings.Split(recorder, "\n") {
		line = strings.TrimSpace(line)
		if name, _, ok := strings.Cut(line, "("); ok && !strings.HasPrefix(line, "//") && !strings.Contains(name, " ") && name != "" {
			methods = append(methods, name)
		}
	}
	t.Logf("record.EventRecorder methods: %v", methods)
	if strings.Join(methods, " ") != "Event Eventf AnnotatedEventf" {
		t.Errorf("record.EventRecorder has %v; want Event, Eventf, AnnotatedEventf", methods)
	}
	check.Has(t, "k8s.io/api@v0.35.0", "core/v1/types.go", `EventTypeNormal string = "Normal"`)
	check.Has(t, "k8s.io/api@v0.35.0", "core/v1/types.go", `EventTypeWarning string = "Warning"`)
}

// The seed goes into every hash; the start of a range comes from a separate random number.
func TestS1_11_TheStartIsNotTheSeed(t *testing.T) {
	check.Has(t, claims.Go125, "src/runtime/map_noswiss.go", `hash := t\.Hasher\(key, uintptr\(h\.hash0\)\)`)
	check.Has(t, claims.Go125, "src/runtime/map_noswiss.go", `r := uintptr\(rand\(\)\)`)
	check.Has(t, claims.Go125, "src/runtime/map_noswiss.go", `it\.startBucket = r & bucketMask\(h\.B\)`)
	for _, at := range []string{claims.Go126, claims.Go127} {
		check.Has(t, at, "src/internal/runtime/maps/map.go", `hash := typ\.Hasher\(key, m\.seed\)`)
		check.Has(t, at, "src/internal/runtime/maps/table.go", `it\.entryOffset = rand\(\)`)
		check.Has(t, at, "src/internal/runtime/maps/table.go", `it\.dirOffset = rand\(\)`)
	}
	// The fast paths: Go 1.26 hashes through the type's hasher, Go 1.27 calls the map package's
	// own hash functions; both with the map's seed.
	fast := map[string][2]string{ // file: the hash of Go 1.27 with AES, and without
		"runtime_fast32.go":  {`hash = memHash32AES\(key, m\.seed\)`, `hash = memHash32Fallback\(key, m\.seed\)`},
		"runtime_fast64.go":  {`hash = memHash64AES\(key, m\.seed\)`, `hash = memHash64Fallback\(key, m\.seed\)`},
		"runtime_faststr.go": {`hash = memHashAES\(.*, m\.seed, `, `hash = memHashFallback\(.*, m\.seed, `},
	}
	for file, hashes := range fast {
		file = "src/internal/runtime/maps/" + file
		check.Has(t, claims.Go126, file, `hash := typ\.Hasher\(abi\.NoEscape\(unsafe\.Pointer\(&k(ey)?\)\), m\.seed\)`)
		check.Lacks(t, claims.Go127, file, `typ\.Hasher\(`)
		check.Has(t, claims.Go127, file, hashes[0])
		check.Has(t, claims.Go127, file, hashes[1])
	}
	// mapiterinit and Iter.Init never read the seed.
	for _, fn := range []struct{ at, file, start, seed string }{
		{claims.Go125, "src/runtime/map_noswiss.go", "func mapiterinit(", "hash0"},
		{claims.Go126, "src/internal/runtime/maps/table.go", "func (it *Iter) Init(", "seed"},
		{claims.Go127, "src/internal/runtime/maps/table.go", "func (it *Iter) Init(", "seed"},
	} {
		if body := funcBody(t, fn.at, fn.file, fn.start); strings.Contains(body, fn.seed) {
			t.Errorf("%s at %s reads %s", fn.start, fn.at, fn.seed)
		}
	}
}
