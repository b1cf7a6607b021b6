package operator_test

import (
	"maps"
	"testing"

	operator "gomaps/labs/08-operator"
)

// Step 2: the registry holds the live members and nothing else of its own.

func TestStep2UpdateDataRemovesDeletedMembers(t *testing.T) {
	needSteps(t, 1)
	live := members(1, 2, 3)
	data := wantData(members(0, 1, 2, 3, 4, 5))
	data["owner"] = "team-a" // not a member key: someone else's, kept
	got := operator.UpdateData(data, live)

	want := wantData(live)
	want["owner"] = "team-a"
	var stale []string
	for _, k := range memberKeys(got) {
		if _, ok := want[k]; !ok {
			stale = append(stale, k)
		}
	}
	if len(stale) > 0 {
		t.Fatalf("UpdateData kept the keys of members that were deleted: %s; the registry ConfigMap then grows with every member that ever existed, until it passes the API server's 1 MiB limit. Delete each key that starts with MemberPrefix and names no member", short(stale, 5))
	}
	if !maps.Equal(got, want) {
		t.Fatalf("UpdateData(data of members 0-5 and owner, members 1-3) = %s; want %s", show(got), show(want))
	}
}

func TestStep2UpdateDataFillsNilData(t *testing.T) {
	needSteps(t, 1)
	got := operator.UpdateData(nil, members(7))
	if want := wantData(members(7)); !maps.Equal(got, want) {
		t.Fatalf("UpdateData(nil, member 7) = %s; want %s", show(got), show(want))
	}
	got = operator.UpdateData(wantData(members(7, 8)), nil)
	if want := wantData(nil); !maps.Equal(got, want) {
		t.Fatalf("UpdateData(data of members 7 and 8, no members) = %s; want %s: every member key removed, and an empty list", show(got), show(want))
	}
}
