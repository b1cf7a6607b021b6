package operator

import (
	"fmt"
	"strings"
)

// The keys of the registry ConfigMap's data.
const (
	// PayloadKey holds the rendered list of all members.
	PayloadKey = "members"
	// MemberPrefix starts the key of each member: "member.<name>".
	MemberPrefix = "member."
)

// Render returns the text stored under PayloadKey: one line per member, its
// name, a colon and its entries as Entries writes them, members in increasing
// order of name, so that the same members always render to the same text:
//
//	api: endpoint=10.0.0.7:8080 zone=b
//	web: endpoint=10.0.0.3:80 weight=2 zone=a
//
// No members render as "".
func Render(members map[string]map[string]string) string {
	var b strings.Builder
	// TODO(08): step 1. The same members render to the same text, byte for
	// byte, on every call: one line per member, in increasing order of name,
	// as above. As shipped, the lines come in the order of a range over
	// members, which changes from call to call, so every reconcile writes a
	// registry that changed, and each write starts the next reconcile.
	// See chapter 08, section "Bug 2: the hot loop".
	// stuck: go run ./tools/lab hint 08
	for name, entries := range members {
		fmt.Fprintf(&b, "%s: %s\n", name, Entries(entries))
	}
	return b.String()
}

// Entries returns the entries of one member as "key=value" separated by
// spaces, in increasing order of key: "endpoint=10.0.0.3:80 weight=2 zone=a".
// No entries render as "".
func Entries(entries map[string]string) string {
	var parts []string
	// TODO(08): step 1. The same entries give the same text on every call,
	// in increasing order of key. As shipped, the same bug as in Render.
	// See chapter 08, section "Bug 2: the hot loop".
	// stuck: go run ./tools/lab hint 08
	for key, value := range entries {
		parts = append(parts, key+"="+value)
	}
	return strings.Join(parts, " ")
}

// UpdateData makes data, the data of the registry ConfigMap, hold the
// members: PayloadKey holds Render(members), and MemberPrefix+name holds
// Entries of each member. A key MemberPrefix+name whose name is not a member
// any more is removed; keys that do not start with MemberPrefix are kept as
// they are (someone else may have put them there). data may be nil:
// UpdateData returns the map it filled in.
func UpdateData(data map[string]string, members map[string]map[string]string) map[string]string {
	if data == nil {
		data = map[string]string{}
	}
	// TODO(08): step 2. When UpdateData returns, data has a MemberPrefix key
	// for each member and for no one else, and its keys without MemberPrefix
	// are as they were. As shipped, the keys of deleted members are never
	// removed, so the ConfigMap grows with every member that ever existed.
	// See chapter 08, section "Bug 3: the registry that only grows".
	// stuck: go run ./tools/lab hint 08
	for name, entries := range members {
		data[MemberPrefix+name] = Entries(entries)
	}
	data[PayloadKey] = Render(members)
	return data
}
