package operator_test

import (
	"context"
	"fmt"
	"maps"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"

	operator "gomaps/labs/08-operator"
)

// Step 7: after members come and go, the registry holds the live ones only,
// so its size is bounded by what is alive, not by what ever existed; and
// what another writer put there meanwhile is not lost.

func TestStep7RegistryHoldsOnlyLiveMembers(t *testing.T) {
	needSteps(t, 1)
	inChild(t, onlyLiveMembers)
}

func onlyLiveMembers(t *testing.T, cfg *rest.Config) {
	c := directClient(t, cfg)
	ns := newNamespace(t, c)
	startOperator(t, cfg, ns, 2)
	const created, kept = 40, 10
	for i := range created {
		createMember(t, c, ns, i)
	}
	ok, seen := waitFor(time.Minute, func() (bool, string) {
		data, _ := registryData(t, c, ns)
		return len(memberKeys(data)) == created, fmt.Sprintf("%d member keys", len(memberKeys(data)))
	})
	if !ok {
		t.Fatalf("a minute after creating %d members, the registry ConfigMap holds %s; want %d", created, seen, created)
	}
	// While members are deleted, another writer adds notes of its own to
	// the registry, one update at a time: the two writers meet conflicts,
	// and neither may lose what the other wrote.
	const notes = 20
	written := make(chan error, 1)
	go func() { written <- writeNotes(c, ns, notes) }()
	for i := kept; i < created; i++ {
		deleteMember(t, c, ns, i)
	}
	writeErr := <-written

	want := wantData(members(span(0, kept)...))
	for j := range notes {
		want[noteKey(j)] = "kept"
	}
	bound := size(want)
	// Wait until the registry holds what it must, or until the operator
	// has caught up with the deletions (its payload lists the live members
	// only) and keys of deleted members are still there: the write that
	// listed the live members kept them.
	var got map[string]string
	waitFor(30*time.Second, func() (bool, string) {
		got, _ = registryData(t, c, ns)
		caughtUp := strings.Count(got[operator.PayloadKey], "\n") == kept
		return maps.Equal(got, want) || caughtUp && len(memberKeys(got)) > kept, ""
	})
	if maps.Equal(got, want) && writeErr == nil {
		return
	}
	var stale []string
	for _, k := range memberKeys(got) {
		if _, live := want[k]; !live {
			stale = append(stale, k)
		}
	}
	if len(stale) > 0 {
		t.Fatalf("after %d of %d members were deleted, the registry ConfigMap still holds %d keys of deleted members (%s); its data is %d bytes where the %d live members and the other writer's notes need %d. A key whose member is gone must be deleted (step 2)",
			created-kept, created, len(stale), short(stale, 4), size(got), kept, bound)
	}
	if writeErr != nil {
		t.Fatalf("another writer could not add its notes to the registry ConfigMap while the operator ran: %v", writeErr)
	}
	var lost []string
	for j := range notes {
		if _, ok := got[noteKey(j)]; !ok {
			lost = append(lost, noteKey(j))
		}
	}
	if len(lost) > 0 {
		t.Fatalf("30 seconds after another writer added %d notes to the registry ConfigMap, %d of them are gone (%s): a write must start from the ConfigMap as the API server has it (on a conflict, read it again) and keep the keys that are not the operator's", notes, len(lost), short(lost, 4))
	}
	t.Fatalf("30 seconds after %d of %d members were deleted, the registry ConfigMap holds %s; want %s", created-kept, created, show(got), show(want))
}

func noteKey(j int) string { return fmt.Sprintf("note.%02d", j) }

// writeNotes adds the keys note.00, note.01, ... to the registry, one update
// each, retrying on conflict as long as it takes (this writer is the test's,
// not the operator under test).
func writeNotes(c client.Client, ns string, notes int) error {
	patient := wait.Backoff{Steps: 200, Duration: 20 * time.Millisecond, Factor: 1}
	for j := range notes {
		err := retry.RetryOnConflict(patient, func() error {
			var cm corev1.ConfigMap
			if err := c.Get(context.Background(), client.ObjectKey{Namespace: ns, Name: operator.RegistryName}, &cm); err != nil {
				return err
			}
			if cm.Data == nil {
				cm.Data = map[string]string{}
			}
			cm.Data[noteKey(j)] = "kept"
			return c.Update(context.Background(), &cm)
		})
		if err != nil {
			return fmt.Errorf("add %s: %v", noteKey(j), err)
		}
	}
	return nil
}

// size is the number of bytes of a ConfigMap's data: keys and values.
func size(data map[string]string) int {
	n := 0
	for k, v := range data {
		n += len(k) + len(v)
	}
	return n
}
