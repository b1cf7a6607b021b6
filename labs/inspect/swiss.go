// Swiss tables: Go 1.26, and Go 1.25 unless GOEXPERIMENT=noswissmap. Go 1.25
// sets the goexperiment.swissmap tag by default; Go 1.26 no longer has the
// experiment (nor its tag) and only sets go1.26.

//go:build goexperiment.swissmap || go1.26

package inspect

import (
	"math/bits"
	"unsafe"
)

const buildKind = Swiss

// knownVersions are the releases whose Swiss layout is mirrored below (same
// in both: internal/runtime/maps map.go, table.go, group.go).
var knownVersions = []string{"go1.25", "go1.26"}

// swissMapType mirrors internal/abi.MapType (Go 1.26), named SwissMapType in
// Go 1.25.
type swissMapType struct {
	rtType
	key, elem, group *rtType
	hasher           func(unsafe.Pointer, uintptr) uintptr
	groupSize        uintptr
	slotSize         uintptr
	elemOff          uintptr
	flags            uint32
}

// Flags of swissMapType.flags.
const (
	swissIndirectKey  = 1 << 2
	swissIndirectElem = 1 << 3
)

// swissMap mirrors internal/runtime/maps.Map.
type swissMap struct {
	used              uint64
	seed              uintptr
	dirPtr            unsafe.Pointer
	dirLen            int
	globalDepth       uint8
	globalShift       uint8
	writing           uint8
	tombstonePossible bool
	clearSeq          uint64
}

// swissTable mirrors internal/runtime/maps.table.
type swissTable struct {
	used       uint16
	capacity   uint16
	growthLeft uint16
	localDepth uint8
	index      int
	groups     unsafe.Pointer // groupsReference.data
	lengthMask uint64         // groupsReference.lengthMask: groups - 1
}

// maxDirLen bounds the directory this package is willing to walk: 2^24 tables
// of 1024 slots is far more than any map fits in memory.
const maxDirLen = 1 << 24

func mapSeed(mp unsafe.Pointer) uint64 { return uint64((*swissMap)(mp).seed) }

func mapHasher(typ unsafe.Pointer) func(unsafe.Pointer, uintptr) uintptr {
	return (*swissMapType)(typ).hasher
}

// readGroup copies the control bytes of the group at g. Control byte i is
// byte i of the little-endian control word (internal/runtime/maps
// ctrlGroup.get reads byte 7-i on big-endian machines, the same byte of the
// word's value).
func readGroup(g unsafe.Pointer) Group {
	w := *(*uint64)(g)
	var out Group
	for i := range out.Ctrl {
		out.Ctrl[i] = uint8(w >> (8 * i))
	}
	return out
}

// rawTombstones counts the CtrlDeleted bytes of groups.
func rawTombstones(groups []Group) int {
	n := 0
	for _, g := range groups {
		n += g.Deleted()
	}
	return n
}

func readMap(mp, typ unsafe.Pointer, l *Layout, visit visitFunc) error {
	mt := (*swissMapType)(typ)
	if mt.groupSize != 8+GroupSlots*mt.slotSize || mt.elemOff > mt.slotSize {
		return bad("group size %d, slot size %d, value offset %d", mt.groupSize, mt.slotSize, mt.elemOff)
	}
	l.IndirectKey = mt.flags&swissIndirectKey != 0
	l.IndirectElem = mt.flags&swissIndirectElem != 0

	m := (*swissMap)(mp)
	s := &SwissLayout{
		Used:              m.used,
		Seed:              uint64(m.seed),
		DirLen:            m.dirLen,
		GlobalDepth:       m.globalDepth,
		GlobalShift:       m.globalShift,
		TombstonePossible: m.tombstonePossible,
		ClearSeq:          m.clearSeq,
		GroupSize:         int(mt.groupSize),
		SlotSize:          int(mt.slotSize),
	}
	if m.used != uint64(l.Len) {
		return bad("Map.used is %d but len is %d", m.used, l.Len)
	}

	// slot returns pointers to the key and value of slot i of group g.
	slot := func(g unsafe.Pointer, i int) (k, e unsafe.Pointer) {
		k = unsafe.Add(g, 8+uintptr(i)*mt.slotSize)
		e = unsafe.Add(k, mt.elemOff)
		if l.IndirectKey {
			k = *(*unsafe.Pointer)(k)
		}
		if l.IndirectElem {
			e = *(*unsafe.Pointer)(e)
		}
		return k, e
	}
	visitGroup := func(g unsafe.Pointer, grp Group, table, group int) {
		if visit == nil {
			return
		}
		for i, c := range grp.Ctrl {
			if c&0x80 == 0 {
				k, e := slot(g, i)
				visit(Location{Kind: Swiss, Table: table, Group: group, Slot: i, Ctrl: c}, k, e)
			}
		}
	}

	if m.dirLen == 0 {
		// A small map: dirPtr is one group (or nil before the first write).
		if m.used > GroupSlots {
			return bad("a small map (dirLen 0) with %d entries", m.used)
		}
		if m.dirPtr != nil {
			g := readGroup(m.dirPtr)
			if g.Full() != int(m.used) || g.Deleted() != 0 {
				return bad("a small map with %d entries has control word %x", m.used, g.Ctrl)
			}
			s.Small = &g
			visitGroup(m.dirPtr, g, -1, 0)
		} else if m.used != 0 {
			return bad("a small map with %d entries and no group", m.used)
		}
		l.Swiss = s
		return nil
	}

	if m.dirLen < 0 || m.dirLen > maxDirLen || m.dirLen != 1<<m.globalDepth ||
		m.globalShift != 64-m.globalDepth || m.dirPtr == nil {
		return bad("dirLen %d, globalDepth %d, globalShift %d", m.dirLen, m.globalDepth, m.globalShift)
	}
	// Read every table first and check it, then walk its groups.
	type tableRef struct {
		t   *swissTable
		out Table
	}
	var tables []tableRef
	seen := map[unsafe.Pointer]int{}
	s.Directory = make([]int, m.dirLen)
	var used uint64
	for i := range m.dirLen {
		tp := *(*unsafe.Pointer)(unsafe.Add(m.dirPtr, uintptr(i)*unsafe.Sizeof(uintptr(0))))
		if tp == nil {
			return bad("directory entry %d is nil", i)
		}
		if n, ok := seen[tp]; ok {
			s.Directory[i] = n
			continue
		}
		t := (*swissTable)(tp)
		c := int(t.capacity)
		if c < GroupSlots || c > MaxTableCapacity || bits.OnesCount(uint(c)) != 1 ||
			t.lengthMask+1 != uint64(c/GroupSlots) || t.groups == nil ||
			int(t.used) > c || t.localDepth > m.globalDepth || t.index != i {
			return bad("table at directory entry %d: capacity %d, groups %d, used %d, localDepth %d, index %d",
				i, c, t.lengthMask+1, t.used, t.localDepth, t.index)
		}
		maxGrowthLeft := c * 7 / 8
		if c <= GroupSlots {
			maxGrowthLeft = c - 1 // a single group keeps one slot empty
		}
		if int(t.used)+int(t.growthLeft) > maxGrowthLeft {
			return bad("table %d: used %d + growthLeft %d > %d", len(tables), t.used, t.growthLeft, maxGrowthLeft)
		}
		n := len(tables)
		seen[tp] = n
		s.Directory[i] = n
		used += uint64(t.used)
		tables = append(tables, tableRef{t: t, out: Table{
			Index:      t.index,
			Capacity:   c,
			Used:       int(t.used),
			GrowthLeft: int(t.growthLeft),
			LocalDepth: int(t.localDepth),
			Tombstones: maxGrowthLeft - int(t.used) - int(t.growthLeft),
		}})
	}
	if used != m.used {
		return bad("the tables hold %d entries but Map.used is %d", used, m.used)
	}
	// Copy every control word and check that the full slots add up, before
	// following any key or value pointer.
	for n := range tables {
		tr := &tables[n]
		groups := int(tr.t.lengthMask + 1)
		tr.out.Groups = make([]Group, groups)
		full := 0
		for j := range groups {
			tr.out.Groups[j] = readGroup(unsafe.Add(tr.t.groups, uintptr(j)*mt.groupSize))
			full += tr.out.Groups[j].Full()
		}
		if full != tr.out.Used || rawTombstones(tr.out.Groups) != tr.out.Tombstones {
			return bad("table %d: %d full slots and %d tombstones in the control bytes, but used %d and tombstones %d",
				n, full, rawTombstones(tr.out.Groups), tr.out.Used, tr.out.Tombstones)
		}
		s.Tables = append(s.Tables, tr.out)
	}
	for n, tr := range tables {
		for j, g := range tr.out.Groups {
			visitGroup(unsafe.Add(tr.t.groups, uintptr(j)*mt.groupSize), g, n, j)
		}
	}
	l.Swiss = s
	return nil
}
