package operator

import (
	"fmt"
	"maps"
	"slices"
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
	for _, name := range slices.Sorted(maps.Keys(members)) {
		fmt.Fprintf(&b, "%s: %s\n", name, Entries(members[name]))
	}
	return b.String()
}

// Entries returns the entries of one member as "key=value" separated by
// spaces, in increasing order of key: "endpoint=10.0.0.3:80 weight=2 zone=a".
// No entries render as "".
func Entries(entries map[string]string) string {
	var parts []string
	for _, key := range slices.Sorted(maps.Keys(entries)) {
		parts = append(parts, key+"="+entries[key])
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
	for key := range data {
		name, ok := strings.CutPrefix(key, MemberPrefix)
		if _, live := members[name]; ok && !live {
			delete(data, key) // deleting during range is allowed
		}
	}
	for name, entries := range members {
		data[MemberPrefix+name] = Entries(entries)
	}
	data[PayloadKey] = Render(members)
	return data
}
