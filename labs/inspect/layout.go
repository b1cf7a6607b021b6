package inspect

import "fmt"

// Kind names a map implementation.
type Kind uint8

const (
	// Swiss is the Swiss-table map of internal/runtime/maps.
	Swiss Kind = iota + 1
	// Classic is the bucketed hmap of runtime/map_noswiss.go.
	Classic
)

func (k Kind) String() string {
	switch k {
	case Swiss:
		return "Swiss tables"
	case Classic:
		return "classic buckets"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Constants of the Swiss-table layout (internal/runtime/maps).
const (
	GroupSlots       = 8    // slots in a group (abi.MapGroupSlots)
	MaxTableCapacity = 1024 // slots in the largest table; a larger one splits
	CtrlEmpty        = 0x80 // control byte of an empty slot
	CtrlDeleted      = 0xFE // control byte of a deleted slot: a tombstone
)

// Constants of the classic layout (runtime/map_noswiss.go).
const (
	BucketSlots    = 8 // slots in a bucket
	EmptyRest      = 0 // tophash: empty, and so is every later slot and overflow bucket
	EmptyOne       = 1 // tophash: empty
	EvacuatedX     = 2 // tophash: the entry moved to the low half of the new array
	EvacuatedY     = 3 // tophash: the entry moved to the high half of the new array
	EvacuatedEmpty = 4 // tophash: empty, and the bucket has been evacuated
	MinTopHash     = 5 // the smallest tophash of a full slot

	FlagIterator     = 1 // hmap.flags: an iterator may be using buckets
	FlagOldIterator  = 2 // hmap.flags: an iterator may be using oldbuckets
	FlagHashWriting  = 4 // hmap.flags: a goroutine is writing the map
	FlagSameSizeGrow = 8 // hmap.flags: the growth in progress keeps the size
)

// MaxInlineBytes is the largest key or value stored in the slot itself; a
// larger one is stored in its own allocation and the slot holds a pointer to
// it (both implementations). The package follows that pointer.
const MaxInlineBytes = 128

// H1 is the part of a Swiss-table hash that picks the first group to probe
// (hash >> 7).
func H1(hash uint64) uint64 { return hash >> 7 }

// H2 is the part of a Swiss-table hash stored in a full slot's control byte
// (hash & 0x7f).
func H2(hash uint64) uint8 { return uint8(hash & 0x7f) }

// TopHash is the byte a classic bucket stores for a full slot: the top 8 bits
// of the hash, plus MinTopHash if they are below MinTopHash.
func TopHash(hash uint64) uint8 {
	top := uint8(hash >> 56)
	if top < MinTopHash {
		top += MinTopHash
	}
	return top
}

// Layout is a copy of a map's runtime structures at the moment of Inspect.
// Exactly one of Swiss and Classic is set, as Kind says, unless the map is
// nil.
type Layout struct {
	Kind    Kind   // which implementation this build uses
	Version string // runtime.Version() of the program that read the map
	Type    string // the map's type, such as "map[string]int"
	Len     int    // len(m)
	Nil     bool   // the map is nil: there is no header to read

	KeySize, ElemSize         int  // bytes of one key and one value
	IndirectKey, IndirectElem bool // the slot holds a pointer to the key or value (over MaxInlineBytes)

	Swiss   *SwissLayout
	Classic *ClassicLayout
}

// SwissLayout is the Map header of a Swiss-table map and everything it points
// to.
type SwissLayout struct {
	Used              uint64 // Map.used: len(m)
	Seed              uint64 // Map.seed: the hash seed
	DirLen            int    // Map.dirLen: directory entries; 0 for a small map
	GlobalDepth       uint8  // Map.globalDepth: directory entries = 1 << GlobalDepth
	GlobalShift       uint8  // Map.globalShift: directory index = hash >> GlobalShift
	TombstonePossible bool   // Map.tombstonePossible
	ClearSeq          uint64 // Map.clearSeq: how many times clear ran

	// Split is the group layout. False: interleaved, the control word then
	// 8 slots of a key followed by its value (Go 1.25, Go 1.26, Go 1.27 by
	// default). True: split, the control word, then the 8 keys together,
	// then the 8 values (Go 1.27 with GOEXPERIMENT=mapsplitgroup), which
	// saves the padding a key/value slot needs when the two differ in
	// alignment: a map[int64]int8 group is 80 bytes instead of 136.
	Split bool

	// GroupSize is the bytes of one group. SlotSize is the bytes one slot
	// takes in it: the key/value slot (interleaved), or one key plus one
	// value (split).
	GroupSize, SlotSize int

	// Key i of a group starts KeysOff + i*KeyStride bytes from the start
	// of the group, and value i ElemsOff + i*ElemStride bytes (a pointer to
	// the key or value when it is stored indirectly). On Go 1.27 these are
	// the map type's fields of the same names; before, the runtime computed
	// them from the slot size and the value's offset in a slot.
	KeysOff, KeyStride, ElemsOff, ElemStride int

	// Small is the single group of a small map (DirLen == 0), or nil when
	// the map has no group yet (never written) or has tables.
	Small *Group

	// Directory has DirLen entries: the index in Tables of the table each
	// directory entry points to. Several entries point to the same table
	// when its LocalDepth is below GlobalDepth.
	Directory []int

	// Tables lists each distinct table once, in directory order.
	Tables []Table
}

// GroupLayout names the group layout: "split (keys, then values)" or
// "interleaved (key, value slots)".
func (s *SwissLayout) GroupLayout() string {
	if s.Split {
		return "split (keys, then values)"
	}
	return "interleaved (key, value slots)"
}

// Table is one Swiss table: a power-of-two array of groups.
type Table struct {
	Index      int // table.index: the first directory entry pointing to this table
	Capacity   int // table.capacity: slots (8 per group), at most MaxTableCapacity
	Used       int // table.used: full slots
	GrowthLeft int // table.growthLeft: inserts into empty slots left before a rehash
	LocalDepth int // table.localDepth

	// Tombstones is the runtime's own count (table.tombstones):
	// capacity*7/8 - used - growthLeft, where a table of at most 8 slots may
	// fill capacity-1 slots instead of capacity*7/8.
	Tombstones int

	Groups []Group
}

// Group is the control word of one group of 8 slots.
type Group struct {
	// Ctrl has one byte per slot: CtrlEmpty, CtrlDeleted, or H2 of the
	// key's hash (0x00-0x7f) for a full slot.
	Ctrl [GroupSlots]uint8
}

// Full counts the group's full slots.
func (g Group) Full() int { return g.count(func(c uint8) bool { return c&0x80 == 0 }) }

// Deleted counts the group's tombstones.
func (g Group) Deleted() int { return g.count(func(c uint8) bool { return c == CtrlDeleted }) }

// Empty counts the group's empty slots.
func (g Group) Empty() int { return g.count(func(c uint8) bool { return c == CtrlEmpty }) }

func (g Group) count(f func(uint8) bool) int {
	n := 0
	for _, c := range g.Ctrl {
		if f(c) {
			n++
		}
	}
	return n
}

// ClassicLayout is the hmap header of a classic map and everything it points
// to.
type ClassicLayout struct {
	Count     int    // hmap.count: len(m)
	Flags     uint8  // hmap.flags: FlagIterator, FlagOldIterator, FlagHashWriting, FlagSameSizeGrow
	B         uint8  // hmap.B: the array has 1 << B buckets
	NOverflow uint16 // hmap.noverflow: overflow buckets, counted exactly while B < 16
	Hash0     uint32 // hmap.hash0: the hash seed
	Nevacuate int    // hmap.nevacuate: old buckets below this one are evacuated
	ClearSeq  uint64 // hmap.clearSeq: how many times clear ran

	KeySize, ValueSize, BucketSize int // bytes of a key slot, a value slot and a bucket

	// Buckets has 1 << B entries, or none when no bucket array has been
	// allocated yet (a map made without a size hint and never written).
	Buckets []Bucket

	// OldBuckets is the previous array while a growth is in progress
	// (hmap.oldbuckets != nil): half as many buckets when doubling, as
	// many for a same-size growth. Nil otherwise.
	OldBuckets []Bucket
}

// Growing reports whether an evacuation is in progress.
func (c *ClassicLayout) Growing() bool { return c.OldBuckets != nil }

// SameSizeGrow reports whether the growth in progress keeps the number of
// buckets (too many overflow buckets) rather than doubling it.
func (c *ClassicLayout) SameSizeGrow() bool { return c.Flags&FlagSameSizeGrow != 0 }

// Bucket is one bucket and its overflow chain.
type Bucket struct {
	// Chain holds the tophash bytes of the bucket (Chain[0]) and of each of
	// its overflow buckets in order. A full slot's tophash is at least
	// MinTopHash.
	Chain [][BucketSlots]uint8
}

// Full counts the full slots of the bucket and its overflow buckets.
func (b Bucket) Full() int {
	n := 0
	for _, th := range b.Chain {
		for _, t := range th {
			if t >= MinTopHash {
				n++
			}
		}
	}
	return n
}

// Evacuated reports whether an old bucket has been evacuated: its first
// tophash is EvacuatedX, EvacuatedY or EvacuatedEmpty.
func (b Bucket) Evacuated() bool {
	t := b.Chain[0][0]
	return t > EmptyOne && t < MinTopHash
}

// Capacity is the number of slots the map holds: every slot of every
// distinct table (Swiss; 8 for a small map), or of every bucket, overflow
// buckets included, of both arrays (classic).
func (l *Layout) Capacity() int {
	n := 0
	switch {
	case l.Swiss != nil:
		if l.Swiss.Small != nil {
			n += GroupSlots
		}
		for _, t := range l.Swiss.Tables {
			n += t.Capacity
		}
	case l.Classic != nil:
		for _, arr := range [][]Bucket{l.Classic.Buckets, l.Classic.OldBuckets} {
			for _, b := range arr {
				n += BucketSlots * len(b.Chain)
			}
		}
	}
	return n
}

// Full counts the full slots, read from the control bytes or tophash bytes
// (evacuated old slots are not full). It equals Len.
func (l *Layout) Full() int {
	n := 0
	switch {
	case l.Swiss != nil:
		if l.Swiss.Small != nil {
			n += l.Swiss.Small.Full()
		}
		for _, t := range l.Swiss.Tables {
			for _, g := range t.Groups {
				n += g.Full()
			}
		}
	case l.Classic != nil:
		for _, arr := range [][]Bucket{l.Classic.Buckets, l.Classic.OldBuckets} {
			for _, b := range arr {
				n += b.Full()
			}
		}
	}
	return n
}

// Tombstones counts the deleted slots of a Swiss-table map (0 for a classic
// one), as the runtime does: the sum of each table's Tombstones.
func (l *Layout) Tombstones() int {
	n := 0
	if l.Swiss != nil {
		for _, t := range l.Swiss.Tables {
			n += t.Tombstones
		}
	}
	return n
}

// Location is where a key sits in the map.
type Location struct {
	Kind Kind // which of the fields below apply

	// Swiss: Table is the index in SwissLayout.Tables, or -1 in the group
	// of a small map; Group is the group within the table.
	Table, Group int

	// Classic: Bucket is the index in the array, Overflow is 0 in the
	// bucket itself and n in its n-th overflow bucket, and Old says the
	// array is OldBuckets (a bucket not yet evacuated).
	Bucket, Overflow int
	Old              bool

	Slot int   // the slot within the group or bucket, 0 to 7
	Ctrl uint8 // the slot's control byte (Swiss) or tophash (classic)
}

func (loc Location) String() string {
	switch {
	case loc.Kind == Swiss && loc.Table < 0:
		return fmt.Sprintf("small group, slot %d", loc.Slot)
	case loc.Kind == Swiss:
		return fmt.Sprintf("table %d, group %d, slot %d", loc.Table, loc.Group, loc.Slot)
	}
	s := fmt.Sprintf("bucket %d", loc.Bucket)
	if loc.Old {
		s = "old " + s
	}
	if loc.Overflow > 0 {
		s += fmt.Sprintf(", overflow %d", loc.Overflow)
	}
	return s + fmt.Sprintf(", slot %d", loc.Slot)
}

// Entry is a full slot: its key, its value and where it sits.
type Entry[K comparable, V any] struct {
	Key  K
	Elem V
	Loc  Location
}
