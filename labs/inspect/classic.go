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
	mt := (*oldMapType)(typ)
	ks, vs, bs := uintptr(mt.keySize), uintptr(mt.valueSize), uintptr(mt.bucketSize)
	ptr := unsafe.Sizeof(uintptr(0))
	if bs < dataOffset+BucketSlots*(ks+vs)+ptr {
		return bad("bucket size %d for key slots of %d and value slots of %d bytes", bs, ks, vs)
	}
	l.IndirectKey = mt.flags&oldIndirectKey != 0
	l.IndirectElem = mt.flags&oldIndirectElem != 0

	h := (*hmap)(mp)
	c := &ClassicLayout{
		Count:      h.count,
		Flags:      h.flags,
		B:          h.B,
		NOverflow:  h.noverflow,
		Hash0:      h.hash0,
		Nevacuate:  int(h.nevacuate),
		ClearSeq:   h.clearSeq,
		KeySize:    int(ks),
		ValueSize:  int(vs),
		BucketSize: int(bs),
	}
	if h.count != l.Len || h.B > maxB || (h.buckets == nil && (h.count != 0 || h.oldbuckets != nil)) {
		return bad("count %d (len %d), B %d, buckets %p", h.count, l.Len, h.B, h.buckets)
	}
	nold := uintptr(0)
	if h.oldbuckets != nil {
		nold = uintptr(1) << h.B
		if h.flags&FlagSameSizeGrow == 0 {
			if h.B == 0 {
				return bad("oldbuckets while B is 0")
			}
			nold >>= 1
		}
		if h.nevacuate >= nold {
			return bad("nevacuate %d with %d old buckets", h.nevacuate, nold)
		}
	}

	walked := 0
	// readArray copies the tophash bytes of the n buckets at arr and of
	// their overflow chains, and returns the buckets' addresses too.
	readArray := func(arr unsafe.Pointer, n uintptr) ([]Bucket, [][]unsafe.Pointer, error) {
		out := make([]Bucket, n)
		addrs := make([][]unsafe.Pointer, n)
		for i := range n {
			for b := unsafe.Add(arr, i*bs); b != nil; b = *(*unsafe.Pointer)(unsafe.Add(b, bs-ptr)) {
				if walked++; walked > maxChain {
					return nil, nil, bad("more than %d buckets in overflow chains", maxChain)
				}
				out[i].Chain = append(out[i].Chain, *(*[BucketSlots]uint8)(b))
				addrs[i] = append(addrs[i], b)
			}
		}
		return out, addrs, nil
	}
	var newAddrs, oldAddrs [][]unsafe.Pointer
	var err error
	if h.buckets != nil {
		if c.Buckets, newAddrs, err = readArray(h.buckets, uintptr(1)<<h.B); err != nil {
			return err
		}
	}
	if h.oldbuckets != nil {
		if c.OldBuckets, oldAddrs, err = readArray(h.oldbuckets, nold); err != nil {
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
	for _, arr := range []struct {
		buckets []Bucket
		addrs   [][]unsafe.Pointer
		old     bool
	}{{c.Buckets, newAddrs, false}, {c.OldBuckets, oldAddrs, true}} {
		for i, bk := range arr.buckets {
			for ov, th := range bk.Chain {
				b := arr.addrs[i][ov]
				for j, t := range th {
					if t < MinTopHash {
						continue
					}
					k := unsafe.Add(b, dataOffset+uintptr(j)*ks)
					e := unsafe.Add(b, dataOffset+BucketSlots*ks+uintptr(j)*vs)
					if l.IndirectKey {
						k = *(*unsafe.Pointer)(k)
					}
					if l.IndirectElem {
						e = *(*unsafe.Pointer)(e)
					}
					visit(Location{Kind: Classic, Bucket: i, Overflow: ov, Old: arr.old, Slot: j, Ctrl: t}, k, e)
				}
			}
		}
	}
	return nil
}
