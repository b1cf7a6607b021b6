//go:build invariants

package swiss

import (
	"fmt"
	"math/bits"
	"slices"
	"unsafe"
)

// Built with -tags invariants: the scaffolding calls checkInvariants after
// every Put, Delete and Clear, and it panics with "invariant failed: ..." at
// the first broken rule. The checks use their own loops, not the code of the
// steps, so a bug in a step cannot hide itself.

// Up to deepCheckSlots slots in all, every slot of every table is checked
// after each operation. Above, every table is checked by its control words,
// and in the table of the operation's key, the groups of the key's probe
// sequence and spotCheckGroups more (chosen by the hash, so that a long run
// covers the whole table) are checked slot by slot.
const (
	deepCheckSlots  = 1024
	spotCheckGroups = 8
)

func (m *Map[K, V]) checkInvariants(hash uint64) {
	if msg := m.invariantError(hash); msg != "" {
		panic("invariant failed: " + msg)
	}
}

// invariantError returns "<name>: <details>" for the first broken invariant,
// or "".
func (m *Map[K, V]) invariantError(hash uint64) string {
	if m.used < 0 {
		return fmt.Sprintf("used: m.used = %d", m.used)
	}
	if m.directory == nil {
		if m.small == nil {
			if m.used != 0 {
				return fmt.Sprintf("used: a map with no group and no directory has m.used = %d; want 0", m.used)
			}
			return ""
		}
		return m.checkSmall()
	}
	if m.small != nil {
		return "small group: a map with a directory still has m.small; growToTable must set it to nil"
	}
	if len(m.directory) != 1<<m.globalDepth {
		return fmt.Sprintf("directory size: %d entries with globalDepth %d; want 2^%d = %d",
			len(m.directory), m.globalDepth, m.globalDepth, 1<<m.globalDepth)
	}
	total := 0
	for _, t := range m.directory {
		if t == nil {
			return "directory: an entry is nil"
		}
		if t.index >= 0 && t.index < len(m.directory) && m.directory[t.index] == t {
			total += t.capacity // count each table once, at its first entry
		}
	}
	opTable := m.directory[m.directoryIndex(hash)]
	used := 0
	for i := 0; i < len(m.directory); {
		t := m.directory[i]
		if t.index != i {
			return fmt.Sprintf("table index: directory entry %d starts a run of entries for a table whose index is %d; want %d", i, t.index, i)
		}
		if t.localDepth > m.globalDepth {
			return fmt.Sprintf("local depth: the table at entry %d has localDepth %d > globalDepth %d", i, t.localDepth, m.globalDepth)
		}
		n := 1 << (m.globalDepth - t.localDepth)
		if i%n != 0 {
			return fmt.Sprintf("table alignment: the table at entry %d has localDepth %d, so it covers %d entries, and must start at a multiple of %d", i, t.localDepth, n, n)
		}
		for j := i; j < i+n; j++ {
			if m.directory[j] != t {
				return fmt.Sprintf("directory: entry %d points at another table than entry %d, but the table of index %d with localDepth %d (globalDepth %d) covers entries %d to %d",
					j, i, i, t.localDepth, m.globalDepth, i, i+n-1)
			}
		}
		var deep func(gi int) bool // the groups to check slot by slot
		switch {
		case total <= deepCheckSlots:
			deep = func(int) bool { return true }
		case t == opTable:
			deep = t.spotCheck(hash)
		default:
			deep = func(int) bool { return false }
		}
		if msg := t.check(m, deep); msg != "" {
			return fmt.Sprintf("%s (table of index %d, localDepth %d, capacity %d)", msg, i, t.localDepth, t.capacity)
		}
		used += t.used
		i += n
	}
	if used != m.used {
		return fmt.Sprintf("used: the tables hold %d entries but m.used = %d", used, m.used)
	}
	return ""
}

// emptyMask and deletedMask are the checker's own SWAR matches (bit 7 of
// each byte), so that it does not depend on step 1.
func emptyMask(g ctrlGroup) uint64 {
	w := uint64(g)
	return w &^ (w << 6) & bitsetMSB
}

func deletedMask(g ctrlGroup) uint64 {
	return uint64(g) & bitsetMSB &^ emptyMask(g)
}

// checkCtrl checks that c is a valid control byte.
func checkCtrl(c ctrl, gi, j int) string {
	if c == ctrlEmpty || c == ctrlDeleted || c < 0x80 {
		return ""
	}
	return fmt.Sprintf("control byte: slot %d of group %d is %#02x, neither empty (0x80), deleted (0xfe) nor full (0x00 to 0x7f)", j, gi, uint8(c))
}

// checkCleared checks that a slot that is not full holds zero values (all
// its bytes 0), so that the map keeps nothing alive for the garbage
// collector.
func checkCleared[K comparable, V any](s *slot[K, V], gi, j int) string {
	bytes := unsafe.Slice((*byte)(unsafe.Pointer(s)), unsafe.Sizeof(*s))
	if !slices.ContainsFunc(bytes, func(b byte) bool { return b != 0 }) {
		return ""
	}
	return fmt.Sprintf("cleared slot: slot %d of group %d is not full but still holds key %v, value %v; want zero values", j, gi, s.key, s.value)
}

func (m *Map[K, V]) checkSmall() string {
	g := m.small
	full := 0
	for j := range groupSlots {
		c := g.ctrl.get(j)
		if msg := checkCtrl(c, 0, j); msg != "" {
			return "small map: " + msg
		}
		switch {
		case c == ctrlDeleted:
			return fmt.Sprintf("small map tombstone: slot %d of the small group is deleted (0xfe); a small map has no probe sequence, so a deleted slot becomes empty", j)
		case c == ctrlEmpty:
			if msg := checkCleared(&g.slots[j], 0, j); msg != "" {
				return "small map: " + msg
			}
			continue
		}
		full++
		key := g.slots[j].key
		if key != key {
			continue // NaN: its hash is random, and it can never be found
		}
		if want := h2(m.hash(key)); c != want {
			return fmt.Sprintf("control byte: slot %d of the small group holds key %v with control byte %#02x; want its H2 %#02x", j, key, uint8(c), uint8(want))
		}
		for k := range j {
			if g.ctrl.get(k) < 0x80 && g.slots[k].key == key {
				return fmt.Sprintf("duplicate key: slots %d and %d of the small group both hold key %v", k, j, key)
			}
		}
	}
	if full != m.used {
		return fmt.Sprintf("used: the small group has %d full slots but m.used = %d", full, m.used)
	}
	return ""
}

// spotCheck returns the groups of t to check slot by slot after an operation
// on a key with this hash: those of its probe sequence up to the first group
// with an empty slot, and spotCheckGroups more from an offset taken from the
// hash's middle bits.
func (t *table[K, V]) spotCheck(hash uint64) func(gi int) bool {
	mask := uint64(len(t.groups) - 1)
	groups := make([]bool, len(t.groups))
	offset := h1(hash) & mask
	for step := range uint64(len(t.groups)) {
		groups[offset] = true
		if emptyMask(t.groups[offset].ctrl) != 0 {
			break
		}
		offset = (offset + step + 1) & mask
	}
	start := hash >> 24
	for i := range uint64(spotCheckGroups) {
		groups[(start+i)&mask] = true
	}
	return func(gi int) bool { return groups[gi] }
}

// check checks one table by its control words, and the slots of the groups
// that deep selects against their keys' hashes.
func (t *table[K, V]) check(m *Map[K, V], deep func(gi int) bool) string {
	if t.capacity < minTableCapacity || t.capacity > maxTableCapacity || t.capacity&(t.capacity-1) != 0 {
		return fmt.Sprintf("capacity: %d; want a power of two from %d to %d", t.capacity, minTableCapacity, maxTableCapacity)
	}
	if len(t.groups)*groupSlots != t.capacity {
		return fmt.Sprintf("capacity: %d slots but %d groups of 8", t.capacity, len(t.groups))
	}
	full, deleted, emptyGroups := 0, 0, 0
	for gi := range t.groups {
		g := t.groups[gi].ctrl
		e, d := emptyMask(g), deletedMask(g)
		if e != 0 && d != 0 {
			return fmt.Sprintf("tombstone beside an empty slot: group %d has %d empty slots and %d tombstones (control word %#016x); a tombstone is only made in a full group, and a group with an empty slot needs none",
				gi, bits.OnesCount64(e), bits.OnesCount64(d), uint64(g))
		}
		if e != 0 {
			emptyGroups++
		}
		full += bits.OnesCount64(^uint64(g) & bitsetMSB)
		deleted += bits.OnesCount64(d)
	}
	if full != t.used {
		return fmt.Sprintf("used: %d full slots but t.used = %d", full, t.used)
	}
	if want := t.maxGrowthLeft() - t.used - deleted; t.growthLeft != want || t.growthLeft < 0 {
		return fmt.Sprintf("growthLeft: %d; want 7/8 of the capacity (%d) - used (%d) - tombstones (%d) = %d",
			t.growthLeft, t.maxGrowthLeft(), t.used, deleted, want)
	}
	if emptyGroups == 0 {
		return "probe termination: no group has an empty slot, so a probe for a missing key would never end"
	}

	n := 1 << (m.globalDepth - t.localDepth)
	for gi := range t.groups {
		if !deep(gi) {
			continue
		}
		g := &t.groups[gi]
		for j := range groupSlots {
			c := g.ctrl.get(j)
			if msg := checkCtrl(c, gi, j); msg != "" {
				return msg
			}
			if c >= 0x80 {
				if msg := checkCleared(&g.slots[j], gi, j); msg != "" {
					return msg
				}
				continue
			}
			key := g.slots[j].key
			if key != key {
				continue // NaN: its hash is random, and it can never be found
			}
			hash := m.hash(key)
			if c != h2(hash) {
				return fmt.Sprintf("control byte: slot %d of group %d holds key %v with control byte %#02x; want its H2 %#02x", j, gi, key, uint8(c), uint8(h2(hash)))
			}
			if d := m.directoryIndex(hash); d < t.index || d >= t.index+n {
				return fmt.Sprintf("directory index: key %v (in slot %d of group %d) has directory index %d, outside this table's entries %d to %d",
					key, j, gi, d, t.index, t.index+n-1)
			}
			if msg := t.checkReachable(key, hash, gi, j); msg != "" {
				return msg
			}
		}
	}
	return ""
}

// checkReachable walks the probe sequence of key and checks that the first
// slot holding key is slot j of group gi, before any group with an empty
// slot.
func (t *table[K, V]) checkReachable(key K, hash uint64, gi, j int) string {
	mask := uint64(len(t.groups) - 1)
	offset := h1(hash) & mask
	for step := range uint64(len(t.groups)) {
		g := &t.groups[offset]
		for k := range groupSlots {
			if g.ctrl.get(k) < 0x80 && g.slots[k].key == key {
				if int(offset) != gi || k != j {
					return fmt.Sprintf("duplicate key: key %v is in slot %d of group %d and again in slot %d of group %d", key, k, offset, j, gi)
				}
				return ""
			}
		}
		if emptyMask(g.ctrl) != 0 {
			return fmt.Sprintf("lookup: key %v in slot %d of group %d cannot be found: group %d, step %d of its probe sequence, has an empty slot and ends it first",
				key, j, gi, offset, step)
		}
		offset = (offset + step + 1) & mask
	}
	return fmt.Sprintf("lookup: key %v in slot %d of group %d is not on its own probe sequence", key, j, gi)
}
