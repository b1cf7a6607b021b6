// Swiss tables: Go 1.25 unless GOEXPERIMENT=noswissmap, Go 1.26 and Go 1.27.
// Go 1.25 sets the goexperiment.swissmap tag by default; Go 1.26 and later
// no longer have the experiment (nor its tag) and set go1.26 (Go 1.27 sets
// go1.27 as well). The map type differs between Go 1.26 and Go 1.27: see
// swiss_types.go and swiss_types_go127.go.

//go:build goexperiment.swissmap || go1.26

package inspect

import (
	"math/bits"
	"unsafe"
)

const buildKind = Swiss

// Flags of swissMapType.flags.
const (
	swissIndirectKey  = 1 << 2
	swissIndirectElem = 1 << 3
)

// swissMap mirrors internal/runtime/maps.Map (the same in Go 1.25, 1.26 and
// 1.27).
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

// swissTable mirrors internal/runtime/maps.table and its groupsReference (the
// same in Go 1.25, 1.26 and 1.27).
type swissTable struct {
	used       uint16
	capacity   uint16
	growthLeft uint16
	localDepth uint8
	index      int
	groups     unsafe.Pointer // groupsReference.data
	lengthMask uint64         // groupsReference.lengthMask: groups - 1
}

// ctrlWordSize is the size of a group's control word, which starts the group
// in both layouts (ctrlGroupsSize, unsafe.Sizeof(ctrlGroup(0))).
const ctrlWordSize = 8

// groupGeometry says where the keys and values of a group sit: key i at
// keysOff + i*keyStride from the group's start, value i at
// elemsOff + i*elemStride. elemOff is the map type's ElemOff: the value's
// offset in an interleaved slot, 0 with split groups on Go 1.27.
type groupGeometry struct {
	keysOff, keyStride, elemsOff, elemStride, elemOff uintptr
}

// checkGeometry checks g against the group layout of this build, for a
// group of groupSize bytes whose key and value fields take keySlot and
// elemSlot bytes (a pointer's size for one stored indirectly).
//
// Interleaved (cmd/compile/internal/reflectdata/map.go): the group is
// struct{ ctrl uint64; slots [8]struct{ key K; elem V } }, so keys and
// values share one stride, the slot size, and the value follows its key in
// the slot. Split (Go 1.27, GOEXPERIMENT=mapsplitgroup): the group is
// struct{ ctrl uint64; keys [8]K; elems [8]V }, so each stride is the size
// of one key or value and the values start after the 8 keys.
func checkGeometry(g groupGeometry, groupSize, keySlot, elemSlot uintptr, split bool) error {
	ok := g.keysOff == ctrlWordSize
	if split {
		ok = ok && g.keyStride == keySlot && g.elemStride == elemSlot && g.elemOff == 0 &&
			g.elemsOff >= g.keysOff+GroupSlots*g.keyStride &&
			g.elemsOff+GroupSlots*g.elemStride <= groupSize
	} else {
		ok = ok && g.keyStride == g.elemStride && g.elemsOff == g.keysOff+g.elemOff &&
			g.elemOff >= keySlot && g.elemOff+elemSlot <= g.keyStride &&
			groupSize == ctrlWordSize+GroupSlots*g.keyStride
	}
	if !ok {
		layout := "interleaved"
		if split {
			layout = "split"
		}
		return bad("%s groups of %d bytes with keys of %d and values of %d bytes, but keys at %d + %d*i and values at %d + %d*i (value offset in a slot %d)",
			layout, groupSize, keySlot, elemSlot, g.keysOff, g.keyStride, g.elemsOff, g.elemStride, g.elemOff)
	}
	return nil
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
	geo, err := readGeometry(mt, l)
	if err != nil {
		return err
	}
	m := (*swissMap)(mp)
	s := readHeader(m, mt, geo)
	if m.used != uint64(l.Len) {
		return bad("Map.used is %d but len is %d", m.used, l.Len)
	}
	r := groupReader{geo: geo, groupSize: mt.groupSize, l: l, visit: visit}
	if m.dirLen == 0 {
		err = r.readSmall(m, s)
	} else {
		err = r.readTables(m, s)
	}
	if err != nil {
		return err
	}
	l.Swiss = s
	return nil
}

// readGeometry sets whether the map type stores its keys and values
// indirectly, and returns where they sit in a group, checked against the
// group layout of this build.
func readGeometry(mt *swissMapType, l *Layout) (groupGeometry, error) {
	l.IndirectKey = mt.flags&swissIndirectKey != 0
	l.IndirectElem = mt.flags&swissIndirectElem != 0
	keySlot, elemSlot := uintptr(l.KeySize), uintptr(l.ElemSize)
	if l.IndirectKey {
		keySlot = unsafe.Sizeof(uintptr(0))
	}
	if l.IndirectElem {
		elemSlot = unsafe.Sizeof(uintptr(0))
	}
	geo := mt.geometry()
	if err := checkGeometry(geo, mt.groupSize, keySlot, elemSlot, splitGroups); err != nil {
		return groupGeometry{}, err
	}
	return geo, nil
}

// readHeader returns the fields of Map and the group layout, before any
// table or group is read.
func readHeader(m *swissMap, mt *swissMapType, geo groupGeometry) *SwissLayout {
	s := &SwissLayout{
		Used:              m.used,
		Seed:              uint64(m.seed),
		DirLen:            m.dirLen,
		GlobalDepth:       m.globalDepth,
		GlobalShift:       m.globalShift,
		TombstonePossible: m.tombstonePossible,
		ClearSeq:          m.clearSeq,
		Split:             splitGroups,
		GroupSize:         int(mt.groupSize),
		SlotSize:          int(geo.keyStride),
		KeysOff:           int(geo.keysOff),
		KeyStride:         int(geo.keyStride),
		ElemsOff:          int(geo.elemsOff),
		ElemStride:        int(geo.elemStride),
	}
	if splitGroups {
		s.SlotSize = int(geo.keyStride + geo.elemStride)
	}
	return s
}

// groupReader reads the groups of one map and passes each full slot to
// visit (if not nil).
type groupReader struct {
	geo       groupGeometry
	groupSize uintptr
	l         *Layout
	visit     visitFunc
}

// group returns the address of group j of the groups array at groups.
func (r groupReader) group(groups unsafe.Pointer, j int) unsafe.Pointer {
	return unsafe.Add(groups, uintptr(j)*r.groupSize)
}

// slot returns pointers to the key and value of slot i of group g.
func (r groupReader) slot(g unsafe.Pointer, i int) (k, e unsafe.Pointer) {
	k = unsafe.Add(g, r.geo.keysOff+uintptr(i)*r.geo.keyStride)
	e = unsafe.Add(g, r.geo.elemsOff+uintptr(i)*r.geo.elemStride)
	return r.l.follow(k, e)
}

// visitGroup passes each full slot of group g, whose control bytes are grp,
// to visit.
func (r groupReader) visitGroup(g unsafe.Pointer, grp Group, table, group int) {
	if r.visit == nil {
		return
	}
	for i, c := range grp.Ctrl {
		if c&0x80 == 0 {
			k, e := r.slot(g, i)
			r.visit(Location{Kind: Swiss, Table: table, Group: group, Slot: i, Ctrl: c}, k, e)
		}
	}
}

// readSmall reads a small map: dirPtr is one group (or nil before the first
// write).
func (r groupReader) readSmall(m *swissMap, s *SwissLayout) error {
	if m.used > GroupSlots {
		return bad("a small map (dirLen 0) with %d entries", m.used)
	}
	if m.dirPtr != nil {
		g := readGroup(m.dirPtr)
		if g.Full() != int(m.used) || g.Deleted() != 0 {
			return bad("a small map with %d entries has control word %x", m.used, g.Ctrl)
		}
		s.Small = &g
		r.visitGroup(m.dirPtr, g, -1, 0)
	} else if m.used != 0 {
		return bad("a small map with %d entries and no group", m.used)
	}
	return nil
}

// tableRef is one table of the directory and what the layout says of it.
type tableRef struct {
	t   *swissTable
	out Table
}

// readTables reads a map with a directory of tables.
func (r groupReader) readTables(m *swissMap, s *SwissLayout) error {
	if m.dirLen < 0 || m.dirLen > maxDirLen || m.dirLen != 1<<m.globalDepth ||
		m.globalShift != 64-m.globalDepth || m.dirPtr == nil {
		return bad("dirLen %d, globalDepth %d, globalShift %d", m.dirLen, m.globalDepth, m.globalShift)
	}
	// Read every table first and check it, then walk its groups.
	tables, err := readDirectory(m, s)
	if err != nil {
		return err
	}
	// Copy every control word and check that the full slots add up, before
	// following any key or value pointer.
	for n := range tables {
		if err := r.readGroups(&tables[n], n); err != nil {
			return err
		}
		s.Tables = append(s.Tables, tables[n].out)
	}
	for n, tr := range tables {
		for j, g := range tr.out.Groups {
			r.visitGroup(r.group(tr.t.groups, j), g, n, j)
		}
	}
	return nil
}

// readDirectory reads and checks the table of every directory entry, once
// for each distinct table, and fills s.Directory with the number of each
// entry's table.
func readDirectory(m *swissMap, s *SwissLayout) ([]tableRef, error) {
	var tables []tableRef
	seen := map[unsafe.Pointer]int{}
	s.Directory = make([]int, m.dirLen)
	var used uint64
	for i := range m.dirLen {
		tp := *(*unsafe.Pointer)(unsafe.Add(m.dirPtr, uintptr(i)*unsafe.Sizeof(uintptr(0))))
		if tp == nil {
			return nil, bad("directory entry %d is nil", i)
		}
		if n, ok := seen[tp]; ok {
			s.Directory[i] = n
			continue
		}
		n := len(tables)
		tr, err := readTable((*swissTable)(tp), i, n, m.globalDepth)
		if err != nil {
			return nil, err
		}
		seen[tp] = n
		s.Directory[i] = n
		used += uint64(tr.t.used)
		tables = append(tables, tr)
	}
	if used != m.used {
		return nil, bad("the tables hold %d entries but Map.used is %d", used, m.used)
	}
	return tables, nil
}

// readTable checks table t, met first at directory entry i and numbered n
// in the layout, against the map's globalDepth, and returns its counters.
func readTable(t *swissTable, i, n int, globalDepth uint8) (tableRef, error) {
	c := int(t.capacity)
	if c < GroupSlots || c > MaxTableCapacity || bits.OnesCount(uint(c)) != 1 ||
		t.lengthMask+1 != uint64(c/GroupSlots) || t.groups == nil ||
		int(t.used) > c || t.localDepth > globalDepth || t.index != i {
		return tableRef{}, bad("table at directory entry %d: capacity %d, groups %d, used %d, localDepth %d, index %d",
			i, c, t.lengthMask+1, t.used, t.localDepth, t.index)
	}
	maxGrowthLeft := c * 7 / 8
	if c <= GroupSlots {
		maxGrowthLeft = c - 1 // a single group keeps one slot empty
	}
	if int(t.used)+int(t.growthLeft) > maxGrowthLeft {
		return tableRef{}, bad("table %d: used %d + growthLeft %d > %d", n, t.used, t.growthLeft, maxGrowthLeft)
	}
	return tableRef{t: t, out: Table{
		Index:      t.index,
		Capacity:   c,
		Used:       int(t.used),
		GrowthLeft: int(t.growthLeft),
		LocalDepth: int(t.localDepth),
		Tombstones: maxGrowthLeft - int(t.used) - int(t.growthLeft),
	}}, nil
}

// readGroups copies the control word of every group of table n and checks
// that its full slots and tombstones match the table's counters.
func (r groupReader) readGroups(tr *tableRef, n int) error {
	groups := int(tr.t.lengthMask + 1)
	tr.out.Groups = make([]Group, groups)
	full := 0
	for j := range groups {
		tr.out.Groups[j] = readGroup(r.group(tr.t.groups, j))
		full += tr.out.Groups[j].Full()
	}
	if full != tr.out.Used || rawTombstones(tr.out.Groups) != tr.out.Tombstones {
		return bad("table %d: %d full slots and %d tombstones in the control bytes, but used %d and tombstones %d",
			n, full, rawTombstones(tr.out.Groups), tr.out.Used, tr.out.Tombstones)
	}
	return nil
}
