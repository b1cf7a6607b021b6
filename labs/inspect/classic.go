// The classic bucketed map: Go 1.25 with GOEXPERIMENT=noswissmap (which
// removes the goexperiment.swissmap tag Go 1.25 sets by default). Go 1.26 has
// no classic map.

//go:build !goexperiment.swissmap && !go1.26

package inspect

import "unsafe"

const buildKind = Classic

// knownVersions are the releases whose hmap is mirrored below. (Go 1.24's
// hmap has no clearSeq field, and the module needs Go 1.25 anyway.)
var knownVersions = []string{"go1.25"}

// oldMapType mirrors internal/abi.OldMapType (Go 1.25).
type oldMapType struct {
	rtType
	key, elem, bucket *rtType
	hasher            func(unsafe.Pointer, uintptr) uintptr
	keySize           uint8
	valueSize         uint8
	bucketSize        uint16
	flags             uint32
}

// Flags of oldMapType.flags.
const (
	oldIndirectKey  = 1
	oldIndirectElem = 2
)

// hmap mirrors runtime.hmap of runtime/map_noswiss.go (Go 1.25).
type hmap struct {
	count      int
	flags      uint8
	B          uint8
	noverflow  uint16
	hash0      uint32
	buckets    unsafe.Pointer
	oldbuckets unsafe.Pointer
	nevacuate  uintptr
	clearSeq   uint64
	extra      unsafe.Pointer
}

// dataOffset is where the keys start in a bucket, after the 8 tophash bytes.
const dataOffset = BucketSlots

// maxB and maxChain bound what this package is willing to walk.
const (
	maxB     = 40
	maxChain = 1 << 26
)

func mapSeed(mp unsafe.Pointer) uint64 { return uint64((*hmap)(mp).hash0) }

func mapHasher(typ unsafe.Pointer) func(unsafe.Pointer, uintptr) uintptr {
	return (*oldMapType)(typ).hasher
}

func readMap(mp, typ unsafe.Pointer, l *Layout, visit visitFunc) error {
	geo, err := readBucketType((*oldMapType)(typ), l)
	if err != nil {
		return err
	}
	h := (*hmap)(mp)
	c := readHeader(h, geo)
	nold, err := oldBucketCount(h, l.Len)
	if err != nil {
		return err
	}
	r := bucketReader{bucketGeometry: geo, l: l, visit: visit}
	var newAddrs, oldAddrs [][]unsafe.Pointer
	if h.buckets != nil {
		if c.Buckets, newAddrs, err = r.readArray(h.buckets, uintptr(1)<<h.B); err != nil {
			return err
		}
	}
	if h.oldbuckets != nil {
		if c.OldBuckets, oldAddrs, err = r.readArray(h.oldbuckets, nold); err != nil {
			return err
		}
	}
	// Check that the full slots add up before following any key or value
	// pointer.
	if full := (&Layout{Classic: c}).Full(); full != h.count {
		return bad("%d full slots but count is %d", full, h.count)
	}
	l.Classic = c
	if visit == nil {
		return nil
	}
	r.visitArray(c.Buckets, newAddrs, false)
	r.visitArray(c.OldBuckets, oldAddrs, true)
	return nil
}

// bucketGeometry says where the keys and values of a bucket sit: after the
// 8 tophash bytes, the 8 keys, then the 8 values, then the overflow pointer
// (runtime.bmap and the fields the compiler adds to it).
type bucketGeometry struct {
	keySize, valueSize, bucketSize uintptr
}

// ptrSize is the size of the overflow pointer that ends a bucket.
const ptrSize = unsafe.Sizeof(uintptr(0))

// readBucketType checks the bucket size of the map type, sets whether it
// stores its keys and values indirectly, and returns where they sit.
func readBucketType(mt *oldMapType, l *Layout) (bucketGeometry, error) {
	g := bucketGeometry{uintptr(mt.keySize), uintptr(mt.valueSize), uintptr(mt.bucketSize)}
	if g.bucketSize < dataOffset+BucketSlots*(g.keySize+g.valueSize)+ptrSize {
		return g, bad("bucket size %d for key slots of %d and value slots of %d bytes", g.bucketSize, g.keySize, g.valueSize)
	}
	l.IndirectKey = mt.flags&oldIndirectKey != 0
	l.IndirectElem = mt.flags&oldIndirectElem != 0
	return g, nil
}

// readHeader returns the fields of hmap and the bucket sizes, before any
// bucket is read.
func readHeader(h *hmap, g bucketGeometry) *ClassicLayout {
	return &ClassicLayout{
		Count:      h.count,
		Flags:      h.flags,
		B:          h.B,
		NOverflow:  h.noverflow,
		Hash0:      h.hash0,
		Nevacuate:  int(h.nevacuate),
		ClearSeq:   h.clearSeq,
		KeySize:    int(g.keySize),
		ValueSize:  int(g.valueSize),
		BucketSize: int(g.bucketSize),
	}
}

// oldBucketCount checks the header of a map of length n and returns how
// many buckets its old array has: none, or during a growth half as many as
// the new one (as many for a same-size growth).
func oldBucketCount(h *hmap, n int) (uintptr, error) {
	if h.count != n || h.B > maxB || (h.buckets == nil && (h.count != 0 || h.oldbuckets != nil)) {
		return 0, bad("count %d (len %d), B %d, buckets %p", h.count, n, h.B, h.buckets)
	}
	if h.oldbuckets == nil {
		return 0, nil
	}
	nold := uintptr(1) << h.B
	if h.flags&FlagSameSizeGrow == 0 {
		if h.B == 0 {
			return 0, bad("oldbuckets while B is 0")
		}
		nold >>= 1
	}
	if h.nevacuate >= nold {
		return 0, bad("nevacuate %d with %d old buckets", h.nevacuate, nold)
	}
	return nold, nil
}

// bucketReader reads the buckets of one map and passes each full slot to
// visit.
type bucketReader struct {
	bucketGeometry
	l      *Layout
	visit  visitFunc
	walked int // the buckets read so far, of both arrays and their overflow chains
}

// readArray copies the tophash bytes of the n buckets at arr and of
// their overflow chains, and returns the buckets' addresses too.
func (r *bucketReader) readArray(arr unsafe.Pointer, n uintptr) ([]Bucket, [][]unsafe.Pointer, error) {
	out := make([]Bucket, n)
	addrs := make([][]unsafe.Pointer, n)
	for i := range n {
		for b := unsafe.Add(arr, i*r.bucketSize); b != nil; b = *(*unsafe.Pointer)(unsafe.Add(b, r.bucketSize-ptrSize)) {
			if r.walked++; r.walked > maxChain {
				return nil, nil, bad("more than %d buckets in overflow chains", maxChain)
			}
			out[i].Chain = append(out[i].Chain, *(*[BucketSlots]uint8)(b))
			addrs[i] = append(addrs[i], b)
		}
	}
	return out, addrs, nil
}

// visitArray passes each full slot of buckets, the new array or the old
// one, to visit; addrs are the buckets' addresses, as readArray returns them.
func (r *bucketReader) visitArray(buckets []Bucket, addrs [][]unsafe.Pointer, old bool) {
	for i, bk := range buckets {
		for ov, th := range bk.Chain {
			b := addrs[i][ov]
			for j, t := range th {
				if t < MinTopHash {
					continue
				}
				k := unsafe.Add(b, dataOffset+uintptr(j)*r.keySize)
				e := unsafe.Add(b, dataOffset+BucketSlots*r.keySize+uintptr(j)*r.valueSize)
				k, e = r.l.follow(k, e)
				r.visit(Location{Kind: Classic, Bucket: i, Overflow: ov, Old: old, Slot: j, Ctrl: t}, k, e)
			}
		}
	}
}
