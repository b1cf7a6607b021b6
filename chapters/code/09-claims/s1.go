package claims

// Versions that the rows of post S1 cite, besides the toolchains.
const (
	s1ClientGo     = "k8s.io/client-go@v0.35.0"
	s1ClientGo29   = "k8s.io/client-go@v0.29.0" // the client-go of controller-runtime v0.17
	s1Apimachinery = "k8s.io/apimachinery@v0.35.0"
	s1Ctrl         = "sigs.k8s.io/controller-runtime@v0.23.3"
	s1Ctrl17       = "sigs.k8s.io/controller-runtime@v0.17.0"
	s1Ctrl172      = "sigs.k8s.io/controller-runtime@v0.17.2"
	s1Klog         = "k8s.io/klog/v2@v2.130.1"
	s1Otel         = "go.opentelemetry.io/otel/trace@v1.36.0" // the one controller-runtime v0.23.3 requires
	s1Utils        = "k8s.io/utils@v0.0.0-20251002143259-bc988d571ff4"
	s1OrderedMap   = "github.com/iancoleman/orderedmap@v0.3.0"
	s1EtcdServer   = "go.etcd.io/etcd/server/v3@v3.6.14"
	s1EtcdAPI      = "go.etcd.io/etcd/api/v3@v3.6.14"
	s1Raft         = "go.etcd.io/raft/v3@v3.6.0" // the one etcd v3.6.14 requires
	s1Exp          = "golang.org/x/exp@v0.0.0-20240719175910-8a7402abbf56"
	s1API          = "k8s.io/api@v0.35.0"
	s1APIServer    = "k8s.io/apiserver@v0.35.8" // in the kube-apiserver v1.35.8 that envtest runs
)

// Documents that no fetched source holds.
var (
	s1Go1Notes = Quote{
		Text:   "This change means that code that depends on iteration order is very likely to break early and be fixed long before it becomes a problem. Just as important, it allows the map implementation to ensure better map balancing even when programs are using range loops to select an element from a map.",
		Source: "Go 1 release notes, “Iterating in maps”",
		URL:    "https://go.dev/doc/go1#iteration",
	}
	s1Go13Start = Quote{
		Text:   "Go 1.0 started each map iteration at a random index in the map. A new map implementation introduced in Go 1.1 neglected to randomize iteration for maps with eight or fewer entries, although the iteration order can still vary from system to system.",
		Source: "Go 1.3 release notes, “Map iteration”",
		URL:    "https://go.dev/doc/go1.3#map",
	}
	s1Go13Fix = Quote{
		Text:   "Go 1.3 reintroduces random iteration for small maps in order to flush out these bugs.",
		Source: "Go 1.3 release notes, “Map iteration”",
		URL:    "https://go.dev/doc/go1.3#map",
	}
	s1EtcdOrdered = Quote{
		Text:   "Ordered - events are ordered by revision; an event will never appear on a watch if it precedes an event in time that has already been posted.",
		Source: "etcd documentation, “etcd3 API”, Watch API",
		URL:    "https://etcd.io/docs/v3.6/learning/api/",
	}
	s1Spec = Source{At: Go126, File: "doc/go_spec.html", Find: `The iteration order over maps is not specified`,
		Note: "the spec, For statements with range clause: “not specified and is not guaranteed to be the same from one iteration to the next”"}
	s1ClassicStart = Source{At: Go125, File: "src/runtime/map_noswiss.go", Find: `r := uintptr\(rand\(\)\)`,
		Note: "`mapiterinit` draws a fresh random number for every `range`"}
	s1SwissStart = Source{At: Go127, File: "src/internal/runtime/maps/table.go", Find: `it\.entryOffset = rand\(\)`,
		Note: "`Iter.Init` draws the start of every `range`"}
)

// s1 holds the claims of post S1, in the order they appear in it.
var s1 = []Claim{
	{
		ID:      "S1-01",
		Section: "Title",
		Claim: "Ranging over a map in a controller makes Reconcile loop forever; a 3-line change fixes it, " +
			"and the ordering of etcd watch events is the principle behind the fix.",
		Quote:   "map遍历引发Reconcile死循环?3行代码修复方案+etcd watch event顺序保障原理",
		Verdict: Misleading,
		Ruling: "A payload rendered by ranging over a map does cause a hot loop: it differs from one reconcile to the next, " +
			"so each update is a real write and a new watch event. The fix is to render from sorted keys (the post's §4.1 " +
			"takes five lines to collect and sort them), and it works because the API server does not write an update that changes no byte. " +
			"The order of watch events plays no part; the post's own minimal example (§2.4) has no map at all.",
		Evidence: []Evidence{
			Output{Name: "07-apiserver", Find: `same settings rendered in another order`, Note: "a payload in another order is a write"},
			Output{Name: "08-identical", Find: `identical data: resourceVersion still`, Note: "an identical update writes nothing"},
		},
		Test:    "TestS1_01_SortedRenderStopsTheWrites",
		Program: "go test -count=1 -v ./chapters/code/07-controllers/apiserver",
		Teach:   "07-controllers.md#2-a-payload-in-map-order-and-the-hot-loop",
	},
	{
		ID:      "S1-02",
		Section: "1 Go maps are unordered",
		Claim: "A map is a hash table that keeps neither insertion order nor a stable iteration order: each run of the same " +
			"program can print the entries in a different order, even with the same inserts in the same order.",
		Verdict: True,
		Ruling: "True on both runtimes, and more than that: the order can change from one `range` to the next inside one " +
			"process, not only from run to run.",
		Evidence: []Evidence{s1Spec, s1ClassicStart, s1SwissStart},
		Test:     "TestS1_02_EachRunCanPrintAnotherOrder",
		Teach:    "05-iteration.md#where-the-random-start-comes-from",
	},
	{
		ID:      "S1-03",
		Section: "1 Go maps are unordered",
		Claim: "Running the 4-key program 5 times prints orders such as `cherry banana apple date`, " +
			"`date apple cherry banana` and `banana date apple cherry`.",
		Verdict: False,
		Ruling: "None of the three orders can come out. A map of 4 keys fills one bucket (classic) or one group (Swiss) in " +
			"insertion order, and a `range` starts at a random slot of it, so the only orders are the 4 rotations of " +
			"`apple banana cherry date`, the first of them 5 times in 8. Five runs all print the same order about once in 10.",
		Evidence: []Evidence{
			Output{Name: "02-rotation", Find: `gave 4 of the 24 possible orders`, Note: "classic map, Go 1.25 with `GOEXPERIMENT=noswissmap`"},
			Output{Name: "03-rotation", Find: `gave 4 of the 24 possible orders`, Note: "Swiss tables, Go 1.27"},
		},
		Test:    "TestS1_03_OnlyRotationsOfTheInsertionOrder",
		Program: "go run ./chapters/code/02-buckets/rotation",
		Teach:   "05-iteration.md#a-rotation-not-a-shuffle",
	},
	{
		ID:      "S1-04",
		Section: "1 Go maps are unordered",
		Claim:   "This behaviour is decided by the random hash seed `h.hash0` that the runtime sets when the map is initialized.",
		Quote:   "该行为由 Go 运行时在 map 初始化时设置的随机哈希种子(h.hash0)决定",
		Verdict: False,
		Ruling: "The start of each `range` is a fresh random number (`rand()` in `mapiterinit` and `Iter.Init`), drawn " +
			"per loop and not from the seed. One map, with one seed, gives every rotation; twenty maps with twenty seeds give " +
			"the same four orders. The seed decides where keys land in bigger maps, not the order of the post's map. " +
			"Since Go 1.24 the default map has no `hash0` (checked on Go 1.26 and 1.27): its seed is `Map.seed`.",
		Evidence: []Evidence{
			s1ClassicStart,
			s1SwissStart,
			Source{At: Go126, File: "src/internal/runtime/maps", Find: `hash0`, Absent: true},
			Source{At: Go127, File: "src/internal/runtime/maps", Find: `hash0`, Absent: true},
		},
		Test:  "TestS1_04_TheSeedDoesNotDecideTheOrder",
		Teach: "05-iteration.md#where-the-random-start-comes-from",
	},
	{
		ID:      "S1-05",
		Section: "1 Go maps are unordered",
		Claim:   "Randomized map iteration has been the default since Go 1.0.",
		Quote:   "自 Go 1.0 起即为默认策略",
		Verdict: SomeVersions,
		Ruling: "Go 1.0 randomized the start of every iteration; Go 1.1 and 1.2 did not randomize maps of 8 or fewer " +
			"entries (the post's map has 4); Go 1.3 brought it back. From Go 1.3 on a small map ranges in random order: " +
			"checked on every runtime the course runs, the classic map of Go 1.25 and the Swiss tables of Go 1.26 and 1.27 " +
			"(also with `GOEXPERIMENT=mapsplitgroup`).",
		Evidence: []Evidence{s1Go13Start, s1Go13Fix},
		Test:     "TestS1_05_SmallMapsRangeInRandomOrder",
		Teach:    "05-iteration.md#why-the-start-is-random",
	},
	{
		ID:      "S1-06",
		Section: "1 Go maps are unordered",
		Claim:   "One reason for the random order is security: it keeps timing side channels of iteration from revealing the hash table's internal structure.",
		Quote:   "安全性:防止通过遍历时间侧信道推测哈希表内部结构",
		Verdict: False,
		Ruling: "No release note or runtime comment gives that reason, and the random start hides nothing: every order of a " +
			"small map is a rotation of the order of its slots, so a single `range` reads the slot order off. What the " +
			"runtime does for security is the per-map hash seed, renewed when a map is emptied, against attackers who " +
			"trigger hash collisions. The Go 1 notes give the reasons of S1-07.",
		Evidence: []Evidence{
			s1Go1Notes,
			Source{At: Go127, File: "src/internal/runtime/maps/map.go", In: `^func \(m \*Map\) Delete\(`, Find: `Reset the hash seed to make it more difficult for attackers`},
			Source{At: Go127, File: "src/internal/runtime/maps", Find: `(?i)side.?channel|timing`, Absent: true},
		},
		Test:  "TestS1_06_AnyOrderShowsTheSlotOrder",
		Teach: "05-iteration.md#why-the-start-is-random",
	},
	{
		ID:      "S1-07",
		Section: "1 Go maps are unordered",
		Claim: "The other reasons: correctness (developers should not treat a map as an ordered container) and freedom of " +
			"implementation (the runtime may change the layout when it grows).",
		Verdict: True,
		Ruling: "These are the reasons the Go 1 release notes give: code that depends on the order breaks early, and the " +
			"implementation stays free. Go 1.24 used that freedom: it replaced the bucketed map by Swiss tables, and the " +
			"spec did not change. Go 1.27 offers another layout of the groups behind `GOEXPERIMENT=mapsplitgroup` (the " +
			"8 keys together, then the 8 values), under the same spec: this chapter's tests of the order run on it too.",
		Evidence: []Evidence{
			s1Go1Notes,
			s1Spec,
			Source{At: Go127, File: "src/internal/runtime/maps/map.go", Find: `Package maps implements Go's builtin map type`},
			Source{At: Go127, File: "src/internal/runtime/maps/group.go", Find: `layout depending on GOEXPERIMENT=mapsplitgroup`,
				Note: "the comment on `groupReference`"},
		},
		Test:  "TestS1_07_CodeThatAssumesAnOrderBreaksEarly",
		Teach: "05-iteration.md#why-the-start-is-random",
	},
	{
		ID:      "S1-08",
		Section: "1 Go maps are unordered",
		Claim: "For key order, and for a stable order in tests, extract the keys, sort them with `sort.Strings` " +
			"(`import \"sort\"`), and loop over the sorted slice.",
		Verdict: True,
		Ruling: "The post's snippet prints the same output, in key order, every time. Since Go 1.23, " +
			"`slices.Sorted(maps.Keys(m))` does the same in one expression.",
		Evidence: []Evidence{
			Source{At: Go126, File: "src/sort/sort.go", Find: `^func Strings\(x \[\]string\)`},
			Source{At: Go126, File: "api/go1.23.txt", Find: `^pkg slices, func Sorted\[`},
		},
		Test:  "TestS1_08_SortedKeysGiveOneOutput",
		Teach: "05-iteration.md#deterministic-output",
	},
	{
		ID:      "S1-09",
		Section: "1 Go maps are unordered",
		Claim:   "For insertion order, use a library such as `github.com/iancoleman/orderedmap`, or keep a `[]string` of the keys yourself.",
		Verdict: True,
		Ruling: "The library exists and does exactly that: its `OrderedMap` keeps a `keys []string` beside the map and " +
			"appends a key on its first `Set`. A map alone has no insertion order to give back.",
		Evidence: []Evidence{
			Source{At: s1OrderedMap, File: "orderedmap.go", In: `^func \(o \*OrderedMap\) Set\(`, Find: `o\.keys = append\(o\.keys, key\)`},
			Source{At: s1OrderedMap, File: "orderedmap.go", Find: `func \(o \*OrderedMap\) Keys\(\) \[\]string`},
		},
		Test:  "TestS1_09_InsertionOrderNeedsAListOfKeys",
		Teach: "05-iteration.md#deterministic-output",
	},
	{
		ID:      "S1-10",
		Section: "2.1 The runtime's randomization",
		Claim:   "Every time a map is created (`makemap_small`, `makemap`), the runtime generates a random seed `h.hash0`, a `uint32`.",
		Verdict: SomeVersions,
		Ruling: "True of the classic map (Go 1.23 and earlier; Go 1.24 and 1.25 with `GOEXPERIMENT=noswissmap`, checked on " +
			"1.25), which also draws a new seed in `clear` and when the last entry is deleted. The Swiss tables of Go 1.24 " +
			"and later have no `hash0`: the seed is `Map.seed`, a `uintptr`, drawn the same way (checked on Go 1.26 and 1.27).",
		Evidence: []Evidence{
			Source{At: Go125, File: "src/runtime/map_noswiss.go", Find: `hash0\s+uint32`},
			Source{At: Go125, File: "src/runtime/map_noswiss.go", In: `^func makemap_small\(`, Find: `h\.hash0 = uint32\(rand\(\)\)`},
			Source{At: Go125, File: "src/runtime/map_noswiss.go", In: `^func makemap\(`, Find: `h\.hash0 = uint32\(rand\(\)\)`},
			Source{At: Go125, File: "src/runtime/map_noswiss.go", In: `^func mapclear\(`, Find: `h\.hash0 = uint32\(rand\(\)\)`},
			Source{At: Go125, File: "src/runtime/map_noswiss.go", In: `^func mapdelete\(`, Find: `if h\.count == 0 \{\n\s+h\.hash0 = uint32\(rand\(\)\)`},
			Source{At: Go126, File: "src/internal/runtime/maps/map.go", Find: `^\s+seed uintptr`},
			Source{At: Go127, File: "src/internal/runtime/maps/map.go", Find: `^\s+seed uintptr`},
		},
		Test:  "TestS1_10_EveryMapGetsASeed",
		Teach: "02-buckets.md#the-hash-low-bits-choose-the-bucket-the-top-byte-is-the-tophash",
	},
	{
		ID:      "S1-11",
		Section: "2.1 The runtime's randomization",
		Claim:   "The seed takes part in the hash computation and in deriving the offset where a traversal starts.",
		Verdict: Misleading,
		Ruling: "The first half is true: every hash takes the map's seed. Up to Go 1.26 every hash is `t.Hasher(key, seed)`. " +
			"In Go 1.27 the fast paths of 4-byte, 8-byte and string keys call the map package's own hash functions instead " +
			"of the type's hasher (`memHash64AES(key, m.seed)` and its kin, or `memHash64Fallback` on a CPU without AES), " +
			"still with the seed; other keys still go through `t.Hasher`. The start of a traversal does not use the " +
			"seed: `mapiterinit` and `Iter.Init` draw it from `rand()` on every `range`, and never read the seed.",
		Evidence: []Evidence{
			Source{At: Go125, File: "src/runtime/map_noswiss.go", In: `^func mapaccess1\(`, Find: `hash := t\.Hasher\(key, uintptr\(h\.hash0\)\)`},
			s1ClassicStart,
			Source{At: Go126, File: "src/internal/runtime/maps/runtime_fast64.go", In: `^func runtime_mapaccess2_fast64\(`, Find: `hash := typ\.Hasher\(abi\.NoEscape\(unsafe\.Pointer\(&k\)\), m\.seed\)`,
				Note: "Go 1.26's fast path for 8-byte keys hashes through the type's hasher"},
			Source{At: Go127, File: "src/internal/runtime/maps/runtime_fast64.go", In: `^func runtime_mapaccess2_fast64\(`, Find: `hash = memHash64AES\(key, m\.seed\)`,
				Note: "Go 1.27's, here in `runtime_mapaccess2_fast64`, calls the map package's AES hash directly"},
			Source{At: Go127, File: "src/internal/runtime/maps/map.go", In: `^func \(m \*Map\) getWithKey\(`, Find: `hash := typ\.Hasher\(key, m\.seed\)`,
				Note: "the path for other keys"},
			s1SwissStart,
		},
		Test:  "TestS1_11_TheStartIsNotTheSeed",
		Teach: "05-iteration.md#where-the-random-start-comes-from",
	},
	{
		ID:      "S1-12",
		Section: "2.1 The runtime's randomization",
		Claim: "`src/runtime/map.go` has `func (h *hmap) hash(key unsafe.Pointer) uintptr` computing " +
			"`h1 := uint32(fastrand()) ^ h.hash0`, and an iteration hashes with `fastrand() ^ h.hash0`.",
		Verdict: NoSuchAPI,
		Ruling: "No such method exists (Go 1.25, 1.26, 1.27). The classic map hashes with `t.Hasher(key, uintptr(h.hash0))`; a hash that mixed in a " +
			"fresh random number on every call would never find a key again. The random start of an iteration is " +
			"`rand()` alone: the runtime's generator is now `rand`, and `runtime.fastrand` survives only as a link name " +
			"for old packages.",
		Evidence: []Evidence{
			Source{At: Go125, File: "src/runtime", Find: `func \(h \*hmap\) hash\(`, Absent: true},
			Source{At: Go126, File: "src/runtime", Find: `func \(h \*hmap\) hash\(`, Absent: true},
			Source{At: Go127, File: "src/runtime", Find: `func \(h \*hmap\) hash\(`, Absent: true},
			Source{At: Go125, File: "src/runtime/map_noswiss.go", Find: `fastrand`, Absent: true},
			Source{At: Go127, File: "src/runtime/rand.go", Find: `//go:linkname legacy_fastrand runtime\.fastrand`, Note: "kept only for packages that link to the old name"},
		},
		Test:  "TestS1_12_NoHashMethodMixingFastrand",
		Teach: "02-buckets.md#the-hash-low-bits-choose-the-bucket-the-top-byte-is-the-tophash",
	},
	{
		ID:      "S1-13",
		Section: "2.1 The runtime's randomization",
		Claim: "`h.hash0` is set only once, in `makemap()`, so iteration is stable for the lifetime of one map and " +
			"unpredictable across map instances.",
		Verdict: False,
		Ruling: "One map that nobody writes after filling it gives many orders: 200 ranges over a map of 100 keys gave dozens " +
			"of orders, with the seed unchanged throughout. And the classic map sets `hash0` again in `mapdelete` (map " +
			"emptied) and in `mapclear`.",
		Evidence: []Evidence{
			s1ClassicStart,
			Source{At: Go125, File: "src/runtime/map_noswiss.go", Find: `^func mapclear\(`},
			Output{Name: "05-orders", Find: `^\s*100\b`, Note: "100 keys: many orders from one map"},
		},
		Test:    "TestS1_13_OneMapRangesInManyOrders",
		Program: "go run ./chapters/code/05-iteration/orders",
		Teach:   "05-iteration.md#bigger-maps-random-at-two-levels-still-far-from-a-shuffle",
	},
	{
		ID:      "S1-14",
		Section: "2.1 The runtime's randomization",
		Claim: "Where a range starts: `bucketShift(h.B)` gives the 2^B buckets, the first bucket is " +
			"`hash & bucketMask(h.B)` of the hash perturbed by `h.hash0`, and so a traversal starts at a random " +
			"bucket, `fastrandn(2^B)`.",
		Quote:   "hash & bucketMask(h.B) 结合 h.hash0 扰动后的哈希值取模定位首桶",
		Verdict: False,
		Ruling: "The start of a range comes from no hash and not from `h.hash0`. The classic map's `mapiterinit` (Go 1.23 " +
			"and earlier; 1.24 and 1.25 with `GOEXPERIMENT=noswissmap`, checked on 1.25) draws `r := uintptr(rand())` on " +
			"every range and takes from it the start bucket, `r & bucketMask(h.B)`, and a start slot, the same in every " +
			"bucket; it calls no `fastrandn`. `hash & bucketMask(h.B)` is the bucket where a key lives, which lookups " +
			"use. One map whose seed never changed started its ranges in every one of its buckets. Swiss tables (the " +
			"default since Go 1.24; checked on 1.26 and 1.27) have no buckets: the start is a directory offset and a " +
			"slot offset, also drawn from `rand()` on every range.",
		Evidence: []Evidence{
			s1ClassicStart,
			Source{At: Go125, File: "src/runtime/map_noswiss.go", In: `^func mapiterinit\(`, Find: `it\.startBucket = r & bucketMask\(h\.B\)`},
			Source{At: Go125, File: "src/runtime/map_noswiss.go", In: `^func mapiterinit\(`, Find: `it\.offset = uint8\(r >> h\.B`},
			Source{At: Go125, File: "src/runtime/map_noswiss.go", In: `^func mapiterinit\(`, Find: `hash0|[Hh]asher|fastrandn`, Absent: true},
			Source{At: Go125, File: "src/runtime/map_noswiss.go", In: `^func mapaccess1\(`, Find: `b := \(\*bmap\)\(add\(h\.buckets, \(hash&m\)\*uintptr\(t\.BucketSize\)\)\)`,
				Note: "a key's bucket, in a lookup"},
			Source{At: Go126, File: "src/internal/runtime/maps", Find: `bucketMask|bucketShift|startBucket`, Absent: true},
			Source{At: Go127, File: "src/internal/runtime/maps", Find: `bucketMask|bucketShift|startBucket`, Absent: true},
			s1SwissStart,
		},
		Test:  "TestS1_14_OneMapStartsInEveryBucket",
		Teach: "02-buckets.md#step-7-iteration",
	},
	{
		ID:      "S1-15",
		Section: "2.2 The anti-pattern in Reconcile",
		Claim:   "The Go specification explicitly requires map iteration order to be random and different on every run.",
		Quote:   "Go语言规范明确要求map迭代顺序是随机且每次运行不同的",
		Verdict: False,
		Ruling: "The spec only leaves the order unspecified: it is “not guaranteed to be the same”. It asks for no randomness " +
			"and no difference; two ranges in a row over the post's map give the same order about 44 times in 100.",
		Evidence: []Evidence{
			s1Spec,
			Source{At: Go126, File: "doc/go_spec.html", Find: `(?i)map.*random|random.*map`, Absent: true},
		},
		Test:  "TestS1_15_TheSpecDoesNotRequireRandomOrder",
		Teach: "05-iteration.md#changing-the-map-during-range",
	},
	{
		ID:      "S1-16",
		Section: "2.2 The anti-pattern in Reconcile",
		Claim: "Ranging over a `map[string]*v1.Deployment` syncs the Deployments in an order that can change after every Pod " +
			"restart (say `web→api→db`, then `api→web→db`), which breaks hidden dependencies such as the database first.",
		Verdict: True,
		Ruling: "The order changes, and more often than the post says: from one `range` to the next, in one process. It is " +
			"always a rotation of `db api web` (the literal's order), so `api→web→db` comes out and `web→api→db` never does. " +
			"Code with an order of dependencies must say the order in a slice.",
		Evidence: []Evidence{s1Spec, s1SwissStart},
		Test:     "TestS1_16_DeploymentsSyncInAVaryingOrder",
		Teach:    "05-iteration.md#a-rotation-not-a-shuffle",
	},
	{
		ID:      "S1-17",
		Section: "2.3 etcd watch and the informer's queue",
		Claim:   "etcd's watch interface pushes events in revision order.",
		Verdict: True,
		Ruling: "etcd guarantees it, and etcd v3.6.14 does it: a watch from an old revision returned the events of three " +
			"transactions in revision order, the two keys of one transaction with the same revision.",
		Evidence: []Evidence{
			s1EtcdOrdered,
			Source{At: s1EtcdAPI, File: "etcdserverpb/rpc.proto", Find: `and generates events with the same revision for every completed request`},
		},
		Test:  "TestS1_17_EtcdWatchEventsComeInRevisionOrder",
		Teach: "08-operator.md#why-a-real-api-server",
	},
	{
		ID:      "S1-18",
		Section: "2.3 etcd watch and the informer's queue",
		Claim: "The DeltaFIFO builds its keys with `MetaNamespaceKeyFunc` (`k8s.io/client-go/tools/cache/keyfunc.go`), " +
			"which calls `fmt.Sprintf(\"%s/%s\", namespace, name)`: `namespace/name`, or the name alone without a namespace.",
		Verdict: True,
		Ruling: "True of the key. The function is in `tools/cache/store.go` (there is no `keyfunc.go`), and in " +
			"client-go v0.35 it joins the strings through `ObjectToName(obj).String()`, without `fmt.Sprintf`.",
		Evidence: []Evidence{
			Source{At: s1ClientGo, File: "tools/cache/store.go", Find: `^func MetaNamespaceKeyFunc\(`},
			Source{At: s1ClientGo, File: "tools/cache/object-names.go", Find: `return objName\.Namespace \+ "/" \+ objName\.Name`},
		},
		Test:  "TestS1_18_KeysAreNamespaceSlashName",
		Teach: "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
	},
	{
		ID:      "S1-19",
		Section: "2.3 etcd watch and the informer's queue",
		Claim: "`MetaNamespaceKeyFunc` does not check for `/` in names, so a name like `a/b` makes `default/a/b` ambiguous: " +
			"keys collide, one object overwrites another, and key order is disturbed.",
		Verdict: False,
		Ruling: "The API server refuses such names: a ConfigMap named `a/b` and a Namespace named `default/a` are both " +
			"invalid (a ConfigMap's name must be a DNS subdomain, a namespace's a DNS label, neither with `/`), so these " +
			"objects cannot produce such keys.",
		Evidence: []Evidence{
			Output{Name: "07-apiserver", Find: `create a ConfigMap named a/b: .*is invalid`},
		},
		Test:  "TestS1_19_TheAPIServerRejectsSlashesInNames",
		Teach: "07-controllers.md#2-a-payload-in-map-order-and-the-hot-loop",
	},
	{
		ID:      "S1-20",
		Section: "2.3 etcd watch and the informer's queue",
		Claim: "The informer's sync queue stores objects in a `map[string]*DeltaFIFO`, so Go's random map order makes " +
			"the order of `queue.Pop()` unpredictable.",
		Verdict: False,
		Ruling: "No such map exists. The `DeltaFIFO` keeps `queue []string` for the order and a map only to find each key's " +
			"deltas; the `RealFIFO`, which shared informers use by default since client-go v0.33 (feature " +
			"`InOrderInformers`), is a slice of events. Both pop in the order keys or events came in, every time.",
		Evidence: []Evidence{
			Source{At: s1ClientGo, File: "tools/cache/delta_fifo.go", Find: `^\s+queue \[\]string`},
			Source{At: s1ClientGo, File: "tools/cache/the_real_fifo.go", Find: `^\s+items \[\]Delta`},
			Source{At: s1ClientGo, File: "tools/cache/controller.go", Find: `if clientgofeaturegate\.FeatureGates\(\)\.Enabled\(clientgofeaturegate\.InOrderInformers\) \{`},
			Source{At: s1ClientGo, File: "features/known_features.go", Find: `version\.MustParse\("1\.33"\), Default: true`, Note: "`InOrderInformers`, beta and on by default since 1.33"},
			Source{At: s1ClientGo, File: "tools/cache", Find: `map\[string\]\*DeltaFIFO`, Absent: true},
		},
		Test:  "TestS1_20_PopFollowsTheOrderKeysCameIn",
		Teach: "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
	},
	{
		ID:      "S1-21",
		Section: "2.3 etcd watch and the informer's queue",
		Claim:   "When several events share a key, newer ones may overwrite older ones, and intermediate states are lost.",
		Verdict: False,
		Ruling: "Every event is kept: the `DeltaFIFO` appends each one to the key's list of deltas, the `RealFIFO` queues " +
			"each as its own item. The only merge is of two deletions in a row.",
		Evidence: []Evidence{
			Source{At: s1ClientGo, File: "tools/cache/delta_fifo.go", Find: `newDeltas := append\(oldDeltas, Delta\{actionType, obj\}\)`},
			Source{At: s1ClientGo, File: "tools/cache/delta_fifo.go", Find: `if b\.Type != Deleted \|\| a\.Type != Deleted`},
		},
		Test:  "TestS1_21_EveryEventOfAKeyIsKept",
		Teach: "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
	},
	{
		ID:      "S1-22",
		Section: "2.4 The minimal example",
		Claim: "A Reconcile that sets `Status.ObservedGeneration = Generation` and calls `Status().Update()` every time, " +
			"without comparing first, loops forever.",
		Verdict: False,
		Ruling: "On a real API server it settles after one extra reconcile: the first update changes the status and is " +
			"written (a watch event, one more reconcile); the second sends the same status, nothing is written, no event " +
			"comes, nothing is queued. What loops is an update whose bytes differ every time, such as a payload in map order " +
			"(S1-01).",
		Evidence: []Evidence{
			Output{Name: "08-identical", Find: `identical data: resourceVersion still`},
		},
		Test:    "TestS1_22_AnIdenticalStatusUpdateIsNotWritten",
		Program: "go test -count=1 -v -run TestAPIServerSkipsIdenticalUpdate ./labs/kubeassets",
		Teach:   "08-operator.md#why-a-real-api-server",
	},
	{
		ID:      "S1-23",
		Section: "2.4 The minimal example",
		Claim:   "`Status().Update()` does not change `.metadata.generation` but fires an UPDATE event for the same object.",
		Verdict: Misleading,
		Ruling: "The generation stays (a spec change raises it), and an update that changes the status fires a MODIFIED " +
			"event. An update that sends the status already stored fires none, so the event is not a consequence of " +
			"calling `Status().Update()`.",
		Evidence: []Evidence{
			Output{Name: "07-apiserver", Find: `same data in a map built in another order .*not written`},
		},
		Test:  "TestS1_23_AStatusWriteKeepsTheGeneration",
		Teach: "07-controllers.md#4-the-predicate-that-hides-the-loop",
	},
	{
		ID:      "S1-24",
		Section: "2.4 The minimal example",
		Claim:   "controller-runtime v0.17 and later enable `ControllerOptions.Downsampling` by default.",
		Verdict: NoSuchAPI,
		Ruling: "Neither `Downsampling` nor a `ControllerOptions` type exists in controller-runtime, at v0.17.0, v0.17.2 or " +
			"v0.23.3. A controller's options are `controller.Options` (workers, rate limiter, timeouts), with defaults " +
			"from the manager's `config.Controller`.",
		Evidence: []Evidence{
			Source{At: s1Ctrl17, File: ".", Find: `(?i)downsampl`, Absent: true},
			Source{At: s1Ctrl, File: ".", Find: `(?i)downsampl`, Absent: true},
			Source{At: s1Ctrl, File: ".", Find: `\bControllerOptions\b`, Absent: true},
			Source{At: s1Ctrl, File: "pkg/controller/controller.go", Find: `MaxConcurrentReconciles int`},
		},
		Test:  "TestS1_24_NoDownsamplingOption",
		Teach: "07-controllers.md",
	},
	{
		ID:      "S1-25",
		Section: "2.4 The minimal example",
		Claim: "Measured on controller-runtime v0.17.2, the loop logs `\"msg\"=\"Reconciling\"`, then " +
			"`controller-runtime/manager \"msg\"=\"Starting workers\"`, then `\"msg\"=\"Successfully updated status\"`.",
		Verdict: Uncheckable,
		Ruling: "The post shows no code that logs these lines: its example logs nothing. controller-runtime prints " +
			"`Reconciling` for each reconcile, but only at level 5 (debug), and `Starting workers` once, when a controller " +
			"starts, with a `controller` key (the manager's default logger has no name `controller-runtime/manager`); " +
			"`Successfully updated status` is not in controller-runtime.",
		Evidence: []Evidence{
			Source{At: s1Ctrl172, File: "pkg/internal/controller/controller.go", Find: `log\.V\(5\)\.Info\("Reconciling"\)`},
			Source{At: s1Ctrl172, File: "pkg/internal/controller/controller.go", Find: `Info\("Starting workers", "worker count"`},
			Source{At: s1Ctrl172, File: "pkg/controller/controller.go", Find: `log := mgr\.GetLogger\(\)\.WithValues\(`, Note: "the logger of `Starting workers`"},
			Source{At: s1Ctrl172, File: ".", Find: `Successfully updated status`, Absent: true},
		},
		Test:  "TestS1_25_WhereTheLogLinesComeFrom",
		Teach: "08-operator.md#the-hot-loop-measured",
	},
	{
		ID:      "S1-26",
		Section: "2.5 Finding the loop",
		Claim:   "`curl 'http://localhost:6060/debug/pprof/trace?seconds=30'` collects a trace of goroutine creation and blocking events at nanosecond resolution.",
		Verdict: True,
		Ruling: "`net/http/pprof`'s `Trace` handler answers with a runtime execution trace of that many seconds (a fraction " +
			"works too). A controller-runtime manager serves it only when `PprofBindAddress` is set; it is empty, so off, " +
			"by default, and port 6060 is only a convention.",
		Evidence: []Evidence{
			Source{At: Go127, File: "src/net/http/pprof/pprof.go", Find: `sec, err := strconv\.ParseFloat\(r\.FormValue\("seconds"\), 64\)`},
			Source{At: s1Ctrl, File: "pkg/manager/manager.go", Find: `It can be set to "" or "0" to disable the pprof serving`},
			Source{At: s1Ctrl, File: "pkg/manager/manager.go", In: `^func defaultPprofListener\(`, Find: `if addr == "" \|\| addr == "0" \{`},
		},
		Test:  "TestS1_26_PprofTraceServesAnExecutionTrace",
		Teach: "04-growth.md#growth-in-a-profile-pprof",
	},
	{
		ID:      "S1-27",
		Section: "2.5 Finding the loop",
		Claim:   "`klog.V(6).InfoS(...)` makes sure the log line is not filtered out by the default level.",
		Quote:   "V(6) 确保日志不被默认级别过滤",
		Verdict: False,
		Ruling: "The reverse: at the default verbosity (`-v=0`) `klog.V(6)` logs nothing; the line appears only with `-v=6` " +
			"or more, and only in a program that registered klog's flags. `V(6).InfoS` itself exists in klog v2.",
		Evidence: []Evidence{
			Source{At: s1Klog, File: "klog.go", Find: `^func \(v Verbose\) InfoS\(`},
			Source{At: s1Klog, File: "klog.go", Find: `^func V\(level Level\) Verbose`},
		},
		Test:  "TestS1_27_V6IsFilteredAtTheDefaultLevel",
		Teach: "08-operator.md#the-hot-loop-measured",
	},
	{
		ID:      "S1-28",
		Section: "2.5 Finding the loop",
		Claim:   "`trace.FromContext(ctx).SpanID()` gives a trace ID that ties the log line to the goroutine ID in the pprof trace.",
		Verdict: NoSuchAPI,
		Ruling: "No `trace` package has that call. `runtime/trace` has no `FromContext`; `k8s.io/utils/trace` has one, but " +
			"its `*Trace` has no `SpanID`; OpenTelemetry spells it `trace.SpanFromContext(ctx).SpanContext().SpanID()`. " +
			"And an OpenTelemetry span ID is not a goroutine ID of the execution trace: nothing links the two.",
		Evidence: []Evidence{
			Source{At: Go127, File: "src/runtime/trace", Find: `func FromContext`, Absent: true},
			Source{At: s1Utils, File: "trace/trace.go", Find: `^func FromContext\(ctx context\.Context\) \*Trace`},
			Source{At: s1Utils, File: "trace/trace.go", Find: `SpanID`, Absent: true},
			Source{At: s1Otel, File: "context.go", Find: `^func SpanFromContext\(`},
		},
		Test:  "TestS1_28_NoFromContextSpanID",
		Teach: "08-operator.md#the-hot-loop-measured",
	},
	{
		ID:      "S1-29",
		Section: "2.5 Finding the loop",
		Claim:   "At `-v=4` the log shows the informer's list and watch events; at `-v=6`, each Reconcile's entry and exit with the custom trace ID.",
		Verdict: Misleading,
		Ruling: "At `-v=4` client-go's reflector logs each list and watch it starts, and how many items a watch carried when " +
			"it closes; it never logs the events themselves. The `-v=6` lines are the post's own `V(6)` calls.",
		Evidence: []Evidence{
			Source{At: s1ClientGo, File: "tools/cache/reflector.go", Find: `logger\.V\(3\)\.Info\("Listing and watching"`},
			Source{At: s1ClientGo, File: "tools/cache/reflector.go", Find: `V\(4\)\.Info\("Watch close", "reflector", name, "type", expectedTypeName, "totalItems", eventCount\)`},
		},
		Test:  "TestS1_29_AtV4TheReflectorLogsWatchesNotEvents",
		Teach: "08-operator.md#the-hot-loop-measured",
	},
	{
		ID:      "S1-30",
		Section: "3.1 Raft log index and revision",
		Claim:   "The Raft log index increases strictly, is globally unique and is assigned by the leader.",
		Verdict: True,
		Ruling: "The leader gives each entry it appends the next index of its log and its term. Unique for committed " +
			"entries: an entry that was never committed can be replaced, at the same index, by a later leader's entry.",
		Evidence: []Evidence{
			Source{At: s1Raft, File: "raft.go", Find: `es\[i\]\.Index = li \+ 1 \+ uint64\(i\)`},
			Source{At: s1Raft, File: "log_unstable.go", Find: `^func \(u \*unstable\) truncateAndAppend\(`},
		},
		Test:  "TestS1_30_TheLeaderNumbersEntries",
		Teach: "08-operator.md#why-a-real-api-server",
	},
	{
		ID:      "S1-31",
		Section: "3.1 Raft log index and revision",
		Claim:   "The log entry struct, with fields `Index`, `Term` and `Data`, is in `raft/log.go`.",
		Verdict: False,
		Ruling: "The fields exist, with a fourth, `Type`, but the struct is `raftpb.Entry`, generated in `raftpb/raft.pb.go` " +
			"(go.etcd.io/raft/v3, the Raft library of etcd 3.6). `log.go` defines the log, `raftLog`.",
		Evidence: []Evidence{
			Source{At: s1Raft, File: "raftpb/raft.pb.go", Find: `^type Entry struct \{`},
			Source{At: s1Raft, File: "log.go", Find: `type Entry struct`, Absent: true},
		},
		Test:  "TestS1_31_EntryIsInRaftpb",
		Teach: "08-operator.md#why-a-real-api-server",
	},
	{
		ID:      "S1-32",
		Section: "3.1 Raft log index and revision",
		Claim:   "A node hands an entry to the key-value store only when `Index == committedIndex`, so every node replays the state machine in the same order.",
		Verdict: Misleading,
		Ruling: "Nodes do apply in index order, but not one entry at the commit index: a node applies every committed entry " +
			"it has not applied yet, the range from its applied index + 1 up to the commit index.",
		Evidence: []Evidence{
			Source{At: s1Raft, File: "log.go", In: `^func \(l \*raftLog\) nextCommittedEnts\(`, Find: `lo, hi := l\.applying\+1, l\.maxAppliableIndex\(allowUnstable\)\+1 // \[lo, hi\)`},
		},
		Test:  "TestS1_32_AllCommittedEntriesAreApplied",
		Teach: "08-operator.md#why-a-real-api-server",
	},
	{
		ID:      "S1-33",
		Section: "3.1 Raft log index and revision",
		Claim:   "Every successful write, however many keys it touches, increments the revision by 1: the unique logical timestamp of that transaction, returned to the client.",
		Verdict: True,
		Ruling: "A transaction that put two keys gave both the same `mod_revision`, the revision in the response's header; " +
			"the next write got a greater one.",
		Evidence: []Evidence{
			Source{At: s1EtcdAPI, File: "etcdserverpb/rpc.proto", Find: `A txn request increments the revision of the key-value store`},
		},
		Test:  "TestS1_33_OneTransactionOneRevision",
		Teach: "08-operator.md#why-a-real-api-server",
	},
	{
		ID:      "S1-34",
		Section: "3.1 Raft log index and revision",
		Claim:   "The revision needs no clock: only the leader increments it, atomically and locally, so clock drift cannot affect it.",
		Verdict: Misleading,
		Ruling: "No clock is involved, true. But the leader does not assign revisions: the Raft entry carries the request, " +
			"and each member's MVCC store increments its revision as it applies the entry. Members agree because they apply " +
			"the same entries in the same order.",
		Evidence: []Evidence{
			Source{At: s1EtcdServer, File: "storage/mvcc/kvstore_txn.go", Find: `tw\.s\.currentRev\+\+`},
			Source{At: s1EtcdAPI, File: "etcdserverpb/raft_internal.proto", Find: `^message InternalRaftRequest \{`, Note: "its fields are requests (`put`, `txn`, ...), none a revision"},
		},
		Test:  "TestS1_34_EachMemberCountsRevisions",
		Teach: "08-operator.md#why-a-real-api-server",
	},
	{
		ID:      "S1-35",
		Section: "3.2 resourceVersion and the reflector",
		Claim:   "`resourceVersion` is the object's logical clock, not a timestamp and not a version number, but an abstraction of etcd's MVCC revision.",
		Verdict: True,
		Ruling: "On kube-apiserver 1.35 a ConfigMap's `resourceVersion` is the `mod_revision` of its key in etcd. The API " +
			"still tells clients to treat it as opaque; apimachinery v0.35 has `CompareResourceVersion`, which orders two " +
			"resourceVersions of one resource.",
		Evidence: []Evidence{
			Source{At: s1Apimachinery, File: "pkg/apis/meta/v1/types.go", Find: `Clients must treat these values as opaque`},
			Source{At: s1Apimachinery, File: "pkg/util/resourceversion/resourceversion.go", Find: `^func CompareResourceVersion\(a, b string\) \(int, error\)`},
		},
		Test:  "TestS1_35_ResourceVersionIsTheEtcdRevision",
		Teach: "08-operator.md#why-a-real-api-server",
	},
	{
		ID:      "S1-36",
		Section: "3.2 resourceVersion and the reflector",
		Claim:   "The `resourceVersion` of a List response is the point of its consistent snapshot; a watch with `resourceVersion=X` gets every change after X.",
		Verdict: True,
		Ruling: "A watch started from a list's `resourceVersion` got exactly the changes made after the list, in order, and " +
			"nothing from before it.",
		Evidence: []Evidence{
			Source{At: s1Apimachinery, File: "pkg/apis/meta/v1/types.go", In: `^type ListOptions struct`, Find: `resourceVersion sets a constraint on what resource versions a request may be served from`},
		},
		Test:  "TestS1_36_AWatchFromAListGetsEveryLaterChange",
		Teach: "08-operator.md#why-a-real-api-server",
	},
	{
		ID:      "S1-37",
		Section: "3.2 resourceVersion and the reflector",
		Claim:   "When the watch connection breaks, the reflector keeps the last `resourceVersion` and watches again from it; the server sends the missed events in revision order.",
		Verdict: True,
		Ruling:  "A watch that ends is opened again from the `resourceVersion` of the last event, without a new list.",
		Evidence: []Evidence{
			Source{At: s1ClientGo, File: "tools/cache/reflector.go", Find: `ResourceVersion: r\.LastSyncResourceVersion\(\),`},
		},
		Test:  "TestS1_37_TheReflectorResumesFromTheLastResourceVersion",
		Teach: "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
	},
	{
		ID:      "S1-38",
		Section: "3.2 resourceVersion and the reflector",
		Claim:   "If the `resourceVersion` has been compacted by etcd, the API server answers 410 Gone.",
		Verdict: True,
		Ruling: "A list or watch from a `resourceVersion` the server can no longer serve gets 410 Gone, reason Expired " +
			"(“too old resource version”). After a compaction, a list at an exact compacted revision got it from etcd, " +
			"and a watch from before the watch cache's window got it from the cache. The watch cache of kube-apiserver " +
			"1.35 may still answer for a revision etcd has just compacted, if it holds it.",
		Evidence: []Evidence{
			Source{At: s1APIServer, File: "pkg/storage/cacher/watch_cache.go", Find: `too old resource version: %d \(%d\)`, Note: "the watch cache, before its window"},
			Source{At: s1APIServer, File: "pkg/storage/cacher/delegator.go", Find: `if errors\.IsResourceExpired\(err\) && utilfeature\.DefaultFeatureGate\.Enabled\(features\.ListFromCacheSnapshot\)`, Note: "a list the cache cannot serve goes to etcd"},
			Source{At: s1EtcdAPI, File: "etcdserverpb/rpc.proto", Find: `This happens when creating a watcher at a compacted revision`},
		},
		Test:  "TestS1_38_ACompactedResourceVersionIsGone",
		Teach: "08-operator.md#why-a-real-api-server",
	},
	{
		ID:      "S1-39",
		Section: "3.2 resourceVersion and the reflector",
		Claim:   "The reflector recognizes the expired `resourceVersion` with `if err == errors.NewForbidden(schema.GroupResource{}, \"\", fmt.Errorf(\"too old resource version\"))`.",
		Verdict: False,
		Ruling: "That test never matches: `NewForbidden` makes a new pointer, never `==` to any other error, and the real " +
			"error is 410 Expired, not 403 Forbidden. The reflector asks `apierrors.IsResourceExpired(err) || " +
			"apierrors.IsGone(err)`.",
		Evidence: []Evidence{
			Source{At: s1ClientGo, File: "tools/cache/reflector.go", Find: `return apierrors\.IsResourceExpired\(err\) \|\| apierrors\.IsGone\(err\)`},
			Source{At: s1ClientGo, File: "tools/cache/reflector.go", Find: `NewForbidden`, Absent: true},
			Source{At: s1Apimachinery, File: "pkg/api/errors/errors.go", In: `^func NewForbidden\(`, Find: `return &StatusError\{`},
		},
		Test:  "TestS1_39_A410IsNotAForbiddenError",
		Teach: "08-operator.md#why-a-real-api-server",
	},
	{
		ID:      "S1-40",
		Section: "3.2 resourceVersion and the reflector",
		Claim:   "On a 410 the reflector lists again to get the latest `resourceVersion`, then watches from it.",
		Verdict: True,
		Ruling: "After a 410 ERROR event the reflector lists again, after the next wait of its backoff (0.8 s to under " +
			"1.6 s after a first failure, longer after several: chapter 08 gives the whole backoff), and watches from the " +
			"new list's `resourceVersion`. With the watch-list mode of client-go v0.35 (feature `WatchListClient`, on by " +
			"default), the same recovery streams the state, and lists it only if the stream fails.",
		Evidence: []Evidence{
			Source{At: s1ClientGo, File: "tools/cache/reflector.go", Find: `return apierrors\.IsResourceExpired\(err\) \|\| apierrors\.IsGone\(err\)`},
			Source{At: s1ClientGo, File: "tools/cache/reflector.go", In: `^func \(r \*Reflector\) list\(`, Find: `r\.setLastSyncResourceVersion\(resourceVersion\)`},
		},
		Test:  "TestS1_40_TheReflectorRelistsAfterA410",
		Teach: "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
	},
	{
		ID:      "S1-41",
		Section: "3.3 The DeltaFIFO",
		Claim:   "The DeltaFIFO buffers the reflector's Delta events: Add, Update, Delete and Sync.",
		Verdict: True,
		Ruling: "Its delta types are `Added`, `Updated`, `Deleted` and `Sync`, and a fifth the post leaves out: `Replaced`, " +
			"for the objects of a list.",
		Evidence: []Evidence{
			Source{At: s1ClientGo, File: "tools/cache/delta_fifo.go", Find: `Replaced DeltaType = "Replaced"`},
		},
		Test:  "TestS1_41_TheQueueHoldsDeltasOfEachType",
		Teach: "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
	},
	{
		ID:      "S1-42",
		Section: "3.3 The DeltaFIFO",
		Claim:   "The DeltaFIFO guarantees strict FIFO order and deduplicates by resource version.",
		Quote:   "严格 FIFO + 按资源版本号去重",
		Verdict: False,
		Ruling: "Nothing deduplicates by resource version: the same update twice stays twice. The DeltaFIFO is first in, " +
			"first out by key, not by event (a key's later events come out with its first); the `RealFIFO` that informers " +
			"use by default is first in, first out by event.",
		Evidence: []Evidence{
			Source{At: s1ClientGo, File: "tools/cache/delta_fifo.go", Find: `ResourceVersion`, Absent: true},
		},
		Test:  "TestS1_42_NoDeduplicationByResourceVersion",
		Teach: "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
	},
	{
		ID:      "S1-43",
		Section: "3.3 The DeltaFIFO",
		Claim:   "`DeltaFIFO.KeyOf` returns an `ExplicitKey` as is and otherwise calls `cache.DeletionHandlingMetaNamespaceKeyFunc(obj)`.",
		Verdict: False,
		Ruling: "`KeyOf` unwraps `Deltas` and `DeletedFinalStateUnknown`, then calls the queue's own `KeyFunction` " +
			"(`MetaNamespaceKeyFunc` by default, which handles `ExplicitKey`).",
		Evidence: []Evidence{
			Source{At: s1ClientGo, File: "tools/cache/delta_fifo.go", Find: `return f\.keyFunc\(obj\)`},
			Source{At: s1ClientGo, File: "tools/cache/delta_fifo.go", Find: `DeletionHandlingMetaNamespaceKeyFunc\(obj\)`, Absent: true},
		},
		Test:  "TestS1_43_KeyOfUsesTheQueuesKeyFunction",
		Teach: "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
	},
	{
		ID:      "S1-44",
		Section: "3.3 The DeltaFIFO",
		Claim:   "`Replace()` and `QueueAction()` call `dedupDeltas()`, so several Update events of one object cannot pile up out of order.",
		Verdict: NoSuchAPI,
		Ruling: "There is no `QueueAction` (the method is the unexported `queueActionLocked`), at client-go v0.29 or v0.35. " +
			"`dedupDeltas` exists, and merges only two deletions in a row: updates all stay.",
		Evidence: []Evidence{
			Source{At: s1ClientGo29, File: "tools/cache", Find: `func \(f \*DeltaFIFO\) QueueAction\(`, Absent: true},
			Source{At: s1ClientGo, File: "tools/cache", Find: `func \(f \*DeltaFIFO\) QueueAction\(`, Absent: true},
			Source{At: s1ClientGo, File: "tools/cache/delta_fifo.go", Find: `^func dedupDeltas\(deltas Deltas\) Deltas`},
		},
		Test:  "TestS1_44_NoQueueActionMethod",
		Teach: "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
	},
	{
		ID:      "S1-45",
		Section: "3.3 The DeltaFIFO",
		Claim:   "The reflector calls `DeltaFIFO.Push()`, under a lock, and updates a snapshot of `knownObjects`.",
		Verdict: NoSuchAPI,
		Ruling: "The DeltaFIFO has no `Push` (client-go v0.29 and v0.35): the reflector calls the store's `Add`, `Update` and " +
			"`Delete`. `knownObjects` is the informer's indexer, updated when the informer processes a popped item.",
		Evidence: []Evidence{
			Source{At: s1ClientGo29, File: "tools/cache", Find: `func \(f \*DeltaFIFO\) Push\(`, Absent: true},
			Source{At: s1ClientGo, File: "tools/cache", Find: `func \(f \*DeltaFIFO\) Push\(`, Absent: true},
			Source{At: s1ClientGo, File: "tools/cache/reflector.go", Find: `err := store\.Add\(event\.Object\)`},
			Source{At: s1ClientGo, File: "tools/cache/controller.go", Find: `NewDeltaFIFOWithOptions\(DeltaFIFOOptions\{\n\s+KnownObjects: +clientState,`, Note: "the informer's indexer"},
		},
		Test:  "TestS1_45_NoPushMethod",
		Teach: "08-operator.md#bug-2-the-hot-loop",
	},
	{
		ID:      "S1-46",
		Section: "3.3 The DeltaFIFO",
		Claim:   "The callback of `Pop()` checks that `obj.ResourceVersion` is at least the last one processed, so an old version never overwrites a new one.",
		Verdict: False,
		Ruling: "Nothing compares resource versions. A real informer delivered an update with an older `resourceVersion` " +
			"after a newer one, and its store kept the older object.",
		Evidence: []Evidence{
			Source{At: s1ClientGo, File: "tools/cache/controller.go", Find: `if err := clientState\.Update\(obj\); err != nil \{`},
			Source{At: s1ClientGo, File: "tools/cache/delta_fifo.go", Find: `ResourceVersion`, Absent: true},
		},
		Test:  "TestS1_46_AnOlderObjectIsDeliveredAfterANewerOne",
		Teach: "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
	},
	{
		ID:      "S1-47",
		Section: "3.3 The DeltaFIFO",
		Claim:   "A SharedIndexInformer first lists, and the list's Sync deltas trigger a full rebuild of the index.",
		Verdict: Misleading,
		Ruling: "It does list first, but the list arrives as `Replaced` deltas: informers build their DeltaFIFO with " +
			"`EmitDeltaTypeReplaced: true`, and the `RealFIFO` always emits `Replaced`. `Sync` deltas come from a periodic " +
			"resync.",
		Evidence: []Evidence{
			Source{At: s1ClientGo, File: "tools/cache/controller.go", Find: `EmitDeltaTypeReplaced: true`},
			Source{At: s1ClientGo, File: "tools/cache/the_real_fifo.go", Find: `retErr := f\.addToItems_locked\(Replaced, false, obj\)`},
		},
		Test:  "TestS1_47_TheInitialListArrivesAsReplaced",
		Teach: "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
	},
	{
		ID:      "S1-48",
		Section: "3.3 The DeltaFIFO",
		Claim:   "Notifications are processed one at a time, in order, in a single goroutine.",
		Verdict: True,
		Ruling: "One goroutine pops the queue; each registered handler then has a goroutine of its own, which gets the " +
			"events one at a time, in the order of the watch.",
		Evidence: []Evidence{
			Source{At: s1ClientGo, File: "tools/cache/shared_informer.go", Find: `^func \(p \*processorListener\) run\(\)`},
		},
		Test:  "TestS1_48_HandlersGetEventsOneAtATimeInOrder",
		Teach: "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
	},
	{
		ID:      "S1-49",
		Section: "4.1 Sorting the keys",
		Claim:   "Sorting the keys with `sort.Slice`, which unlike `sort.Strings` takes a slice of any type, is a fix with no dependency, for Go 1.8 and later.",
		Verdict: True,
		Ruling: "`sort.Slice` appeared in Go 1.8 and takes any slice with a less function; ranging over the sorted keys " +
			"gives the same order every time.",
		Evidence: []Evidence{
			Source{At: Go126, File: "api/go1.8.txt", Find: `^pkg sort, func Slice\(interface\{\}, func\(int, int\) bool\)$`},
		},
		Test:  "TestS1_49_SortSliceSortsTheKeys",
		Teach: "05-iteration.md#deterministic-output",
	},
	{
		ID:      "S1-50",
		Section: "4.1 Sorting the keys",
		Claim:   "`make([]string, 0, len(m))` preallocates the capacity, so collecting the keys reallocates nothing.",
		Verdict: True,
		Ruling:  "Collecting 1000 keys makes one allocation with the capacity, against one per doubling (9 here) without it.",
		Evidence: []Evidence{
			Source{At: Go126, File: "doc/go_spec.html", Find: `make\(T, n, m\)\s+slice\s+slice of type T with length n and capacity m`},
		},
		Test:  "TestS1_50_PreallocatedKeysAllocateOnce",
		Teach: "04-growth.md#presizing-makemapkv-n",
	},
	{
		ID:      "S1-51",
		Section: "4.1 Sorting the keys",
		Claim:   "With generics: `func SortKeys[K constraints.Ordered, V any](m map[K]V) []K`.",
		Verdict: Misleading,
		Ruling: "It works with `golang.org/x/exp/constraints`, a module outside the standard library, which the post does " +
			"not mention. The standard library has `cmp.Ordered` since Go 1.21, and since Go 1.23 " +
			"`slices.Sorted(maps.Keys(m))` does the whole job.",
		Evidence: []Evidence{
			Source{At: s1Exp, File: "constraints/constraints.go", Find: `^type Ordered interface`},
			Source{At: Go126, File: "api/go1.21.txt", Find: `^pkg cmp, type Ordered interface`},
			Source{At: Go127, File: "src", Find: `^package constraints$`, Absent: true},
		},
		Test:  "TestS1_51_OrderedIsCmpOrdered",
		Teach: "01-basics.md#the-maps-and-slices-helpers",
	},
	{
		ID:      "S1-52",
		Section: "4.2 sync.Map and atomic.Value",
		Claim:   "`sync.Map` reads and writes without locks.",
		Quote:   "sync.Map 提供免锁读写(read-amplified)",
		Verdict: False,
		Ruling: "Writes lock. Since Go 1.24 reads take no lock and a write locks the mutex of the trie node it changes. " +
			"The older implementation (Go 1.23, or `GOEXPERIMENT=nosynchashtriemap` on 1.24 and 1.25) locks the whole " +
			"map's mutex for writes, and for a read that misses its read-only part.",
		Evidence: []Evidence{
			Source{At: Go127, File: "src/internal/sync/hashtriemap.go", In: `^func \(ht \*HashTrieMap\[K, V\]\) LoadOrStore\(`, Find: `i\.mu\.Lock\(\)`, Note: "`Store`, `Swap` and `Delete` lock the same way"},
			Source{At: Go125, File: "src/sync/map.go", In: `^func \(m \*Map\) Load\(`, Find: `m\.mu\.Lock\(\)`, Note: "the old implementation, on a miss in the read-only part"},
		},
		Test:  "TestS1_52_SyncMapWritesLock",
		Teach: "06-races.md#fix-2-syncmap",
	},
	{
		ID:      "S1-53",
		Section: "4.2 sync.Map and atomic.Value",
		Claim:   "`sync.Map` does not keep an order; an `atomic.Value` can swap in a whole new ordered structure (a sorted list of keys) atomically.",
		Verdict: True,
		Ruling: "A `sync.Map` ranges in an order of its own, not the order of the stores. An `atomic.Value` swaps whole " +
			"values: readers see one list or the next, never a mix, as long as no list is changed after it is stored.",
		Evidence: []Evidence{
			Source{At: Go127, File: "src/sync/atomic/value.go", Find: `^func \(v \*Value\) Store\(val any\)`},
		},
		Test:  "TestS1_53_SyncMapHasNoOrderAtomicValueSwapsWholeLists",
		Teach: "06-races.md#fix-2-syncmap",
	},
	{
		ID:      "S1-54",
		Section: "4.2 sync.Map and atomic.Value",
		Claim: "A comparison table rates `sync.Map` alone against `sync.Map` + `atomic.Value` in stars: concurrent reads " +
			"5 against 4.5, insert latency 4.5 against 2, ordered traversal no against yes.",
		Verdict: Uncheckable,
		Ruling: "Stars measure nothing a reader can rerun: no code for the insert path, no sizes, no hardware. Measured on " +
			"the post's design with 1000 keys: reads are the same `sync.Map.Load` in both; an insert costs the ordered " +
			"cache about a thousand times more (it rebuilds and sorts the key list); a walk in key order is faster from " +
			"the stored list than by sorting the keys each time.",
		Evidence: []Evidence{
			Output{Name: "09-s1-cache-benchstat", Find: `^Insert-2`},
			Output{Name: "09-s1-cache-benchstat", Find: `^RangeInOrder-2`},
		},
		Program: "go tool benchstat -col /impl build/09-claims/s1-cache.txt",
		Teach:   "06-races.md#fix-2-syncmap",
	},
	{
		ID:      "S1-55",
		Section: "4.3 A hook in controller-runtime",
		Claim:   "controller-runtime offers `ctrl.NewOrderedReconciler(r).WithHooks(...)`, with hooks of type `HookFunc` run before and after Reconcile.",
		Verdict: NoSuchAPI,
		Ruling: "None of the three names exists in controller-runtime, at v0.17.0 or v0.23.3. A controller is built with " +
			"`ctrl.NewControllerManagedBy(mgr)`, and ordering or hooks are the reconciler's own code.",
		Evidence: []Evidence{
			Source{At: s1Ctrl17, File: ".", Find: `NewOrderedReconciler|WithHooks|HookFunc`, Absent: true},
			Source{At: s1Ctrl, File: ".", Find: `NewOrderedReconciler|WithHooks|HookFunc`, Absent: true},
			Source{At: s1Ctrl, File: "alias.go", Find: `NewControllerManagedBy = builder\.ControllerManagedBy`},
		},
		Test:  "TestS1_55_NoOrderedReconciler",
		Teach: "08-operator.md#the-operator",
	},
	{
		ID:      "S1-56",
		Section: "4.4 Unit tests",
		Claim:   "`record.FakeRecorder{Events: make(chan string, 10)}` records events as strings such as `Normal Created resource initialized`, which a test reads in the order sent.",
		Verdict: True,
		Ruling: "Each event becomes `\"<type> <reason> <message>\"` on the channel, in the order sent. " +
			"`record.NewFakeRecorder(10)` builds the same.",
		Evidence: []Evidence{
			Source{At: s1ClientGo, File: "tools/record/fake.go", Find: `f\.Events <- fmt\.Sprintf\(eventtype\+" "\+reason\+" "\+messageFmt, args\.\.\.\)`},
		},
		Test:  "TestS1_56_FakeRecorderRecordsTypeReasonMessage",
		Teach: "08-operator.md#the-lab",
	},
	{
		ID:      "S1-57",
		Section: "4.4 Unit tests",
		Claim:   "A buffer of 10 makes sure the recorder never blocks.",
		Quote:   "chan string, 10 确保不阻塞",
		Verdict: False,
		Ruling: "Only for 10 events: the recorder sends on the channel and waits, so the 11th event blocks the reconciler " +
			"until the test reads one.",
		Evidence: []Evidence{
			Source{At: s1ClientGo, File: "tools/record/fake.go", Find: `f\.Events <- fmt\.Sprintf`},
		},
		Test:  "TestS1_57_TheEleventhEventBlocks",
		Teach: "08-operator.md#the-lab",
	},
	{
		ID:      "S1-58",
		Section: "4.4 Unit tests",
		Claim:   "The test checks that Reconcile fires `CreateEvent`, `UpdateEvent` and `DeleteEvent` in the expected order, through the event recorder.",
		Verdict: Misleading,
		Ruling: "`CreateEvent`, `UpdateEvent` and `DeleteEvent` are controller-runtime's watch events, which a controller " +
			"receives from its sources. An event recorder emits Kubernetes Events of type `Normal` or `Warning` with a " +
			"reason; it has only `Event`, `Eventf` and `AnnotatedEventf`.",
		Evidence: []Evidence{
			Source{At: s1Ctrl, File: "pkg/event/event.go", Find: `^type CreateEvent = TypedCreateEvent\[client\.Object\]`},
			Source{At: s1ClientGo, File: "tools/record/event.go", Find: `^type EventRecorder interface \{`},
			Source{At: s1API, File: "core/v1/types.go", Find: `EventTypeWarning string = "Warning"`},
		},
		Test:  "TestS1_58_CreateEventIsAWatchEventType",
		Teach: "08-operator.md#the-operator",
	},
	{
		ID:      "S1-59",
		Section: "5 Summary and outlook",
		Claim: "The authors' project figures: 14 months in production, deploys from 23 minutes to 6 min 18 s, 99.2% self-healing, " +
			"417 drift events a day, SLO tables, an Argo CD controller cut from 2.4 GB to 128 MB, an NPS from 3.2 to 4.6, " +
			"a Qwen2-7B model 92.4% accurate.",
		Verdict: Uncheckable,
		Ruling: "No code, data, versions or method are given for any figure, and none is about Go maps: nothing can be " +
			"rerun or checked.",
		Evidence: []Evidence{Text("The closing chapter gives the numbers only; no program, dataset, cluster size or version accompanies them.")},
		Teach:    "index.md",
	},
}
