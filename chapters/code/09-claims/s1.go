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

		Original:  "map遍历引发Reconcile死循环?3行代码修复方案+etcd watch event顺序保障原理",
		SectionZh: "标题",
		RulingZh: "遍历 map 渲染出的内容确实会造成热循环：它在两次调和之间各不相同，所以每次更新都是一次真正的写入，并产生一个新的 watch 事件。" +
			"修复办法是按排好序的键渲染（原文 §4.1 用五行代码收集并排序这些键）；它之所以有效，是因为 API server 不会写入一个没有改变任何字节的更新。" +
			"watch 事件的顺序与此无关；原文自己的最小示例（§2.4）里根本没有 map。",
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

		Original:  "其底层不保证插入顺序或遍历顺序的稳定性。每次运行程序时,即使以相同顺序插入相同的键值对,for range 遍历输出的顺序也可能完全不同",
		SectionZh: "第一章:go map存储是无序的",
		RulingZh: "在两种运行时上都成立，而且实际情况更进一步：在同一个进程里，顺序也会从一次 `range` 到下一次发生变化，" +
			"而不只是在两次运行之间变化。",
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

		Original:  "多次执行(如 go run main.go 重复 5 次),将观察到类似以下非固定输出: • cherry:3 banana:2 apple:1 date:4 • date:4 apple:1 cherry:3 banana:2 • banana:2 date:4 apple:1 cherry:3",
		SectionZh: "第一章:go map存储是无序的",
		RulingZh: "这三种顺序一种也不会出现。有 4 个键的 map 按插入顺序填满一个桶（经典 map）或一个组（Swiss table），`range` 从其中随机一个槽位开始，" +
			"所以可能的顺序只有 `apple banana cherry date` 的 4 种轮转，其中第一种出现的概率是 8 次中有 5 次。" +
			"运行五次、五次都打印同一种顺序的情况，大约每 10 次出现一次。",
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

		Original:  "该行为由 Go 运行时在 map 初始化时设置的随机哈希种子(h.hash0)决定",
		SectionZh: "第一章:go map存储是无序的",
		RulingZh: "每次 `range` 的起点是一个新抽取的随机数（`mapiterinit` 和 `Iter.Init` 里的 `rand()`），每个循环抽取一次，" +
			"与哈希种子无关。同一个 map、同一个种子，会给出所有轮转；二十个 map、二十个不同的种子，给出的仍是同样的四种顺序。" +
			"种子决定的是较大的 map 中键落在哪里，而不是原文那个 map 的顺序。自 Go 1.24 起，默认的 map 没有 `hash0`（已在 Go 1.26 和 1.27 上核实）：" +
			"它的种子是 `Map.seed`。",
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

		Original:  "自 Go 1.0 起即为默认策略",
		SectionZh: "第一章:go map存储是无序的",
		RulingZh: "Go 1.0 对每次迭代的起点做了随机化；Go 1.1 和 1.2 没有对 8 个及以下条目的 map 做随机化（原文的 map 有 4 个条目）；" +
			"Go 1.3 恢复了随机化。从 Go 1.3 起，条目很少的 map 也按随机顺序遍历：已在本课程运行的每一种运行时上核实，" +
			"即 Go 1.25 的经典 map 和 Go 1.26、1.27 的 Swiss table（也包括开启 `GOEXPERIMENT=mapsplitgroup` 的情况）。",
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

		Original:  "安全性:防止通过遍历时间侧信道推测哈希表内部结构",
		SectionZh: "第一章:go map存储是无序的",
		RulingZh: "没有任何版本说明或运行时注释给出这个理由，而且随机起点什么也藏不住：条目很少的 map 的每一种顺序都是其槽位顺序的一种轮转，" +
			"所以一次 `range` 就能读出槽位的顺序。运行时为安全所做的是每个 map 各自的哈希种子，在 map 被清空时重新生成，" +
			"用来对付故意制造哈希冲突的攻击者。Go 1 的版本说明给出的是 S1-07 中的那些理由。",
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

		Original:  "正确性:避免开发者误将 map 当作有序容器使用,掩盖逻辑缺陷; • 实现自由:允许运行时在扩容、迁移桶(bucket)时灵活调整内存布局",
		SectionZh: "第一章:go map存储是无序的",
		RulingZh: "这正是 Go 1 版本说明给出的理由：依赖顺序的代码会尽早出错，实现也保有改动的自由。Go 1.24 就用上了这份自由：" +
			"它用 Swiss table 取代了桶式 map，而语言规范没有改动。Go 1.27 在 `GOEXPERIMENT=mapsplitgroup` 开关后提供了组的另一种布局（先放 8 个键，" +
			"再放 8 个值），遵循的是同一份规范：本章关于顺序的测试也在这种布局上运行。",
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

		Original:  "按键字典序遍历 先提取 key 切片 → 排序 → 循环访问",
		SectionZh: "第一章:go map存储是无序的",
		RulingZh:  "原文的代码片段每次都按键的顺序打印出相同的输出。自 Go 1.23 起，`slices.Sorted(maps.Keys(m))` 用一个表达式就能做到同样的事。",
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

		Original:  "按插入顺序遍历 使用第三方库(如 github.com/iancoleman/orderedmap)或自行维护 []string 记录键序列",
		SectionZh: "第一章:go map存储是无序的",
		RulingZh: "这个库确实存在，做的正是这件事：它的 `OrderedMap` 在 map 之外另存一个 `keys []string`，在某个键第一次 `Set` 时把它追加进去。" +
			"单靠一个 map，没有插入顺序可以还原。",
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

		Original:  "每次 map 创建时,runtime 生成一个 h.hash0 随机种子(uint32",
		SectionZh: "2.1 Go runtime层面map迭代顺序的随机化机制与源码验证",
		RulingZh: "对经典 map 成立（Go 1.23 及更早版本；Go 1.24 和 1.25 加 `GOEXPERIMENT=noswissmap`，已在 1.25 上核实），" +
			"它还会在 `clear` 时以及最后一个条目被删除时重新抽取种子。Go 1.24 及以后的 Swiss table 没有 `hash0`：" +
			"种子是 `Map.seed`，类型为 `uintptr`，抽取方式相同（已在 Go 1.26 和 1.27 上核实）。",
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

		Original:  "该种子参与哈希计算与桶遍历起始偏移量推导",
		SectionZh: "2.1 Go runtime层面map迭代顺序的随机化机制与源码验证",
		RulingZh: "前一半成立：每次计算哈希值都用到 map 的种子。到 Go 1.26 为止，每个哈希值都是 `t.Hasher(key, seed)`。" +
			"在 Go 1.27 中，4 字节、8 字节和字符串键的快速路径不再调用类型的哈希函数，而是调用 map 包自己的哈希函数（`memHash64AES(key, m.seed)` 及其同类，" +
			"在没有 AES 指令的 CPU 上则是 `memHash64Fallback`），仍然带着种子；其他键仍经由 `t.Hasher`。" +
			"遍历的起点不使用种子：`mapiterinit` 和 `Iter.Init` 在每次 `range` 时从 `rand()` 抽取起点，从不读取种子。",
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

		Original:  "h1 := uint32(fastrand()) ^ h.hash0 // ← 关键:每次 map 初始化赋值一次",
		SectionZh: "2.1 Go runtime层面map迭代顺序的随机化机制与源码验证",
		RulingZh: "不存在这样的方法（Go 1.25、1.26、1.27）。经典 map 用 `t.Hasher(key, uintptr(h.hash0))` 计算哈希值；" +
			"如果每次调用都混入一个新的随机数，就再也找不回已经存入的键。迭代的随机起点只来自 `rand()`：" +
			"运行时的随机数生成器现在叫 `rand`，`runtime.fastrand` 只作为供旧包使用的链接名（link name）保留下来。",
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

		Original:  "但 h.hash0makemap() 中仅初始化一次,确保单次 map 生命周期内迭代稳定、跨 map 实例间不可预测",
		SectionZh: "2.1 Go runtime层面map迭代顺序的随机化机制与源码验证",
		RulingZh: "同一个 map，填满之后不再写入，也会给出许多种顺序：对一个有 100 个键的 map 遍历 200 次，得到了几十种顺序，" +
			"而种子自始至终没有变。此外，经典 map 会在 `mapdelete`（map 被清空时）和 `mapclear` 中重新设置 `hash0`。",
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

		Original:  "hash & bucketMask(h.B) 结合 h.hash0 扰动后的哈希值取模定位首桶",
		SectionZh: "2.1 Go runtime层面map迭代顺序的随机化机制与源码验证",
		RulingZh: "一次遍历的起点既不来自任何哈希值，也不来自 `h.hash0`。经典 map 的 `mapiterinit`（Go 1.23 及更早版本；" +
			"1.24 和 1.25 加 `GOEXPERIMENT=noswissmap`，已在 1.25 上核实）在每次遍历时抽取 `r := uintptr(rand())`，" +
			"从中取出起始桶 `r & bucketMask(h.B)` 和一个起始槽位（在每个桶中相同）；它没有调用 `fastrandn`。" +
			"`hash & bucketMask(h.B)` 是某个键所在的桶，供查找使用。一个种子从未改变的 map，它的遍历在每一个桶都开始过。" +
			"Swiss table（自 Go 1.24 起为默认实现；已在 1.26 和 1.27 上核实）没有桶：起点是一个目录偏移量和一个槽位偏移量，" +
			"同样在每次遍历时从 `rand()` 抽取。",
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

		Original:  "Go语言规范明确要求map迭代顺序是随机且每次运行不同的",
		SectionZh: "2.2 Controller Reconcile逻辑中依赖map遍历顺序的典型反模式代码分析",
		RulingZh: "规范只是没有规定顺序：顺序“not guaranteed to be the same”（不保证相同）。它既不要求随机，也不要求每次不同；" +
			"对原文的 map 连续遍历两次，大约每 100 次中有 44 次得到相同的顺序。",
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

		Original:  "deps map的range遍历顺序在每次Pod重启后可能改变(如 web→api→dbapi→web→db),若syncDeployment存在隐式依赖(如DB需先就绪),将导致竞态失败",
		SectionZh: "2.2 Controller Reconcile逻辑中依赖map遍历顺序的典型反模式代码分析",
		RulingZh: "顺序确实会变，而且比原文说的更频繁：在同一个进程里，从一次 `range` 到下一次就会变。它总是 `db api web`（字面量中的顺序）的一种轮转，" +
			"所以 `api→web→db` 会出现，而 `web→api→db` 永远不会出现。有依赖顺序的代码必须用切片写明顺序。",
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

		Original:  "etcd 的 watch 接口按 revision 有序推送事件",
		SectionZh: "2.3 etcd watch event缓存层与client-go informer同步队列对map键序的隐式依赖",
		RulingZh: "etcd 保证这一点，etcd v3.6.14 也确实这样做：从一个旧 revision 开始的 watch 按 revision 顺序返回了三个事务的事件，" +
			"同一事务的两个键带有相同的 revision。",
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

		Original:  "client-go informer 的 DeltaFIFO 缓存层在构造 key 时依赖 MetaNamespaceKeyFunc —— 该函数调用 fmt.Sprintf(\"%s/%s\", namespace, name)",
		SectionZh: "2.3 etcd watch event缓存层与client-go informer同步队列对map键序的隐式依赖",
		RulingZh: "就键的形式而言成立。这个函数在 `tools/cache/store.go` 里（并没有 `keyfunc.go`），而且在 client-go v0.35 中，" +
			"它通过 `ObjectToName(obj).String()` 拼接字符串，不用 `fmt.Sprintf`。",
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

		Original:  "此函数未校验 GetName() 是否含 /,导致 \"default/a/b\"\"default/a\"/\"b\" 在逻辑上等价但语义不同,触发 map 键碰撞与覆盖",
		SectionZh: "2.3 etcd watch event缓存层与client-go informer同步队列对map键序的隐式依赖",
		RulingZh: "API server 拒绝这样的名字：名为 `a/b` 的 ConfigMap 和名为 `default/a` 的 Namespace 都不合法（ConfigMap 的名字必须是 DNS 子域名，" +
			"命名空间的名字必须是 DNS 标签，两者都不能含 `/`），所以这些对象不可能产生这样的键。",
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

		Original:  "informer 同步队列底层使用 map[string]*DeltaFIFO 存储对象; • Go map 迭代无序性导致 queue.Pop() 处理顺序不可预测",
		SectionZh: "2.3 etcd watch event缓存层与client-go informer同步队列对map键序的隐式依赖",
		RulingZh: "不存在这样的 map。`DeltaFIFO` 用 `queue []string` 保存顺序，map 只用来查找每个键的 delta；" +
			"自 client-go v0.33 起共享 informer 默认使用的 `RealFIFO`（特性 `InOrderInformers`）是一个事件切片。" +
			"两者每次都按键或事件到达的顺序弹出。",
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

		Original:  "若多个事件共享同一 key(如因 namespace/name 拼接冲突),旧事件可能覆盖新事件",
		SectionZh: "2.3 etcd watch event缓存层与client-go informer同步队列对map键序的隐式依赖",
		RulingZh: "每个事件都会保留：`DeltaFIFO` 把每个事件追加到该键的 delta 列表中，`RealFIFO` 把每个事件作为单独的一项入队。" +
			"唯一的合并发生在连续的两次删除之间。",
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

		Original:  "该优化不拦截无条件状态更新,导致 reconcile 循环",
		SectionZh: "2.4 复现死循环的最小可验证案例(MVE):含controller-runtime v0.17+实测日志链路",
		RulingZh: "在真实的 API server 上，多一次调和之后就会平息：第一次更新改变了状态并被写入（产生一个 watch 事件，再调和一次）；" +
			"第二次发送的是相同的状态，什么都不写入，没有事件，也没有东西入队。真正会循环的是每次字节都不同的更新，" +
			"例如按 map 顺序渲染的内容（S1-01）。",
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

		Original:  "Status().Update() 不改变 .metadata.generation,但会触发同一对象的 UPDATE 事件",
		SectionZh: "2.4 复现死循环的最小可验证案例(MVE):含controller-runtime v0.17+实测日志链路",
		RulingZh: "generation 确实不变（只有 spec 的变更才会让它增加），而改变了状态的更新会触发一个 MODIFIED 事件。" +
			"发送的状态与已存储的状态相同的更新不会触发任何事件，所以这个事件并不是调用 `Status().Update()` 的必然结果。",
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

		Original:  "v0.17+ 默认启用 ControllerOptions.Downsampling",
		SectionZh: "2.4 复现死循环的最小可验证案例(MVE):含controller-runtime v0.17+实测日志链路",
		RulingZh: "controller-runtime 中既没有 `Downsampling`，也没有 `ControllerOptions` 类型，v0.17.0、v0.17.2 和 v0.23.3 都是如此。" +
			"控制器的选项是 `controller.Options`（worker 数、限速器、超时），默认值来自 manager 的 `config.Controller`。",
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

		Original:  "实测日志关键链路(v0.17.2)",
		SectionZh: "2.4 复现死循环的最小可验证案例(MVE):含controller-runtime v0.17+实测日志链路",
		RulingZh: "原文没有给出打印这些日志行的代码：它的示例什么日志也不打印。controller-runtime 在每次调和时打印 `Reconciling`，" +
			"但只在级别 5（debug）下；`Starting workers` 只在控制器启动时打印一次，带一个 `controller` 键（manager 的默认 logger 并没有 `controller-runtime/manager` 这个名字）；" +
			"controller-runtime 里没有 `Successfully updated status`。",
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

		Original:  "pproftrace(非 profile)采集纳秒级事件序列",
		SectionZh: "2.5 基于pprof trace与klog V-level日志的死循环调用栈逆向定位方法",
		RulingZh: "`net/http/pprof` 的 `Trace` 处理函数会返回一份持续指定秒数的运行时执行追踪（秒数也可以是小数）。" +
			"controller-runtime 的 manager 只有在设置了 `PprofBindAddress` 时才提供这个端点；它默认为空，也就是关闭，" +
			"而端口 6060 只是一个惯例。",
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

		Original:  "V(6) 确保日志不被默认级别过滤",
		SectionZh: "2.5 基于pprof trace与klog V-level日志的死循环调用栈逆向定位方法",
		RulingZh: "恰恰相反：在默认详细级别（`-v=0`）下，`klog.V(6)` 什么也不输出；只有在 `-v=6` 或更高时这一行才会出现，" +
			"而且只在注册了 klog 命令行参数的程序里。`V(6).InfoS` 本身在 klog v2 中是存在的。",
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

		Original:  "traceID 关联 pprof trace 中的 goroutine ID,实现日志与执行轨迹对齐",
		SectionZh: "2.5 基于pprof trace与klog V-level日志的死循环调用栈逆向定位方法",
		RulingZh: "没有哪个 `trace` 包有这个调用。`runtime/trace` 没有 `FromContext`；`k8s.io/utils/trace` 有，但它的 `*Trace` 没有 `SpanID`；" +
			"OpenTelemetry 的写法是 `trace.SpanFromContext(ctx).SpanContext().SpanID()`。而且 OpenTelemetry 的 span ID 并不是执行追踪里的 goroutine ID：" +
			"没有任何东西把两者联系起来。",
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

		Original:  "-v=4 Informer list/watch 事件 初步观察事件节奏 -v=6 Reconcile 进出 + 自定义 traceID",
		SectionZh: "2.5 基于pprof trace与klog V-level日志的死循环调用栈逆向定位方法",
		RulingZh: "在 `-v=4` 下，client-go 的 reflector 会记录它发起的每一次 list 和 watch，以及一个 watch 关闭时共传送了多少项；" +
			"它从不记录事件本身。`-v=6` 的那些日志行来自原文自己的 `V(6)` 调用。",
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

		Original:  "Raft 每次成功提交日志条目时,index 单调递增且全局唯一(由 Leader 分配)",
		SectionZh: "3.1 etcd Raft日志索引与revision递增模型如何确保事件全局有序性",
		RulingZh: "leader 给它追加的每个条目分配自己日志中的下一个索引和自己的任期（term）。唯一性只对已提交的条目成立：" +
			"一个从未提交的条目，可能被之后某个 leader 在同一索引处的条目替换。",
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

		Original:  "raft/log.go 中日志条目结构关键字段",
		SectionZh: "3.1 etcd Raft日志索引与revision递增模型如何确保事件全局有序性",
		RulingZh: "这些字段确实存在，另外还有第四个字段 `Type`，但这个结构体是 `raftpb.Entry`，由代码生成在 `raftpb/raft.pb.go` 中（go.etcd.io/raft/v3，" +
			"即 etcd 3.6 使用的 Raft 库）。`log.go` 定义的是日志本身，即 `raftLog`。",
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

		Original:  "节点仅在 Index = committedIndex 时才将该条目交由 kvstore 应用,确保状态机重放顺序严格一致",
		SectionZh: "3.1 etcd Raft日志索引与revision递增模型如何确保事件全局有序性",
		RulingZh: "节点确实按索引顺序应用条目，但并不是只应用位于提交索引处的那一个条目：节点会应用所有已提交但尚未应用的条目，" +
			"即从它的已应用索引 + 1 到提交索引的整个区间。",
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

		Original:  "每次成功写入(无论多少 key),revision 全局加 1,并作为该事务的唯一逻辑时间戳",
		SectionZh: "3.1 etcd Raft日志索引与revision递增模型如何确保事件全局有序性",
		RulingZh:  "一个写入两个键的事务给这两个键相同的 `mod_revision`，也就是响应头中的 revision；下一次写入得到的 revision 更大。",
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

		Original:  "Revision 不依赖网络时钟,仅由 Leader 本地原子递增,天然规避时钟漂移问题",
		SectionZh: "3.1 etcd Raft日志索引与revision递增模型如何确保事件全局有序性",
		RulingZh: "不涉及任何时钟，这一点成立。但 revision 并不是由 leader 分配的：Raft 条目携带的是请求本身，每个成员的 MVCC 存储在应用该条目时各自递增自己的 revision。" +
			"各成员的结果一致，是因为它们以相同的顺序应用相同的条目。",
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

		Original:  "resourceVersion 是 Kubernetes 对象的逻辑时钟,非时间戳、非版本号,而是 etcd MVCC revision 的抽象",
		SectionZh: "3.2 client-go ListWatch接口中resourceVersion语义与watch stream断连重试的保序策略",
		RulingZh: "在 kube-apiserver 1.35 上，ConfigMap 的 `resourceVersion` 就是它的键在 etcd 中的 `mod_revision`。" +
			"API 仍然要求客户端把它当作不透明的值；apimachinery v0.35 提供了 `CompareResourceVersion`，可以比较同一种资源的两个 resourceVersion 的先后。",
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

		Original:  "List 响应头中 resourceVersion 表示“该快照的起始一致性点”; • Watch 请求携带 ?resourceVersion=X 表示“从 X 之后的所有变更事件”",
		SectionZh: "3.2 client-go ListWatch接口中resourceVersion语义与watch stream断连重试的保序策略",
		RulingZh:  "从一次 list 的 `resourceVersion` 开始的 watch，按顺序收到的恰好是 list 之后发生的变更，list 之前的一个也没有。",
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

		Original:  "断连时保留最后一次成功 watch 事件的 resourceVersion(记为 rv); • 重试时发起 Watch 请求并携带 resourceVersion=rv",
		SectionZh: "3.2 client-go ListWatch接口中resourceVersion语义与watch stream断连重试的保序策略",
		RulingZh:  "一个 watch 结束后，会从最后一个事件的 `resourceVersion` 重新打开，不需要重新 list。",
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

		Original:  "rv 已被 etcd compact,API server 返回 410 Gone",
		SectionZh: "3.2 client-go ListWatch接口中resourceVersion语义与watch stream断连重试的保序策略",
		RulingZh: "从服务器已无法提供的 `resourceVersion` 发起的 list 或 watch 会得到 410 Gone，原因为 Expired（“too old resource version”）。" +
			"在一次压缩（compaction）之后，精确指定一个已被压缩的 revision 的 list 从 etcd 得到了这个错误，而从 watch 缓存窗口之前开始的 watch 从缓存得到了它。" +
			"kube-apiserver 1.35 的 watch 缓存如果还保存着 etcd 刚刚压缩掉的某个 revision，仍可能为它作答。",
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

		Original:  "此处 errors.NewForbidden(...) 实际捕获的是 410 Gone 响应转换后的 error",
		SectionZh: "3.2 client-go ListWatch接口中resourceVersion语义与watch stream断连重试的保序策略",
		RulingZh: "这个判断永远不会成立：`NewForbidden` 每次生成一个新指针，与任何其他错误都不会 `==`；" +
			"而且真正的错误是 410 Expired，不是 403 Forbidden。reflector 用的判断是 `apierrors.IsResourceExpired(err) || apierrors.IsGone(err)`。",
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

		Original:  "此时触发 ListThenWatch:先 List 获取最新全量 + 新 resourceVersion,再以此 rv 启动新 watch",
		SectionZh: "3.2 client-go ListWatch接口中resourceVersion语义与watch stream断连重试的保序策略",
		RulingZh: "收到 410 的 ERROR 事件后，reflector 等待退避（backoff）的下一段时间（第一次失败后为 0.8 秒到不足 1.6 秒，" +
			"失败多次后更长；完整的退避见第 08 章），然后重新 list，并从新 list 的 `resourceVersion` 开始 watch。" +
			"在 client-go v0.35 的 watch-list 模式下（特性 `WatchListClient`，默认开启），同样的恢复过程以流的方式获取状态，" +
			"只有流失败时才改用 list。",
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

		Original:  "负责暂存从 Reflector 获取的 Delta(Add/Update/Delete/Sync)事件",
		SectionZh: "3.3 Informer DeltaFIFO与SharedIndexInformer中event入队/出队的时序一致性设计",
		RulingZh:  "它的 delta 类型是 `Added`、`Updated`、`Deleted` 和 `Sync`，还有原文漏掉的第五种：`Replaced`，用于一次 list 得到的对象。",
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

		Original:  "严格 FIFO + 按资源版本号去重",
		SectionZh: "3.3 Informer DeltaFIFO与SharedIndexInformer中event入队/出队的时序一致性设计",
		RulingZh: "没有任何东西按资源版本去重：同一个更新来两次，就保留两次。DeltaFIFO 的先进先出是按键而不是按事件（一个键后来的事件会和它的第一个事件一起出队）；" +
			"informer 默认使用的 `RealFIFO` 才是按事件先进先出。",
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

		Original:  "return cache.DeletionHandlingMetaNamespaceKeyFunc(obj) // 基于 Namespace/Name 生成唯一键",
		SectionZh: "3.3 Informer DeltaFIFO与SharedIndexInformer中event入队/出队的时序一致性设计",
		RulingZh: "`KeyOf` 先拆开 `Deltas` 和 `DeletedFinalStateUnknown`，再调用队列自己的 `KeyFunction`（默认是 `MetaNamespaceKeyFunc`，" +
			"由它处理 `ExplicitKey`）。",
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

		Original:  "使后续 Replace()QueueAction() 能正确触发 dedupDeltas(),避免同一对象多个 Update 事件乱序堆积",
		SectionZh: "3.3 Informer DeltaFIFO与SharedIndexInformer中event入队/出队的时序一致性设计",
		RulingZh: "client-go v0.29 和 v0.35 都没有 `QueueAction`（这个方法是未导出的 `queueActionLocked`）。" +
			"`dedupDeltas` 确实存在，但只合并连续的两次删除：所有更新都会保留。",
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

		Original:  "Reflector 调用 DeltaFIFO.Push() 时加锁并更新 knownObjects 快照",
		SectionZh: "3.3 Informer DeltaFIFO与SharedIndexInformer中event入队/出队的时序一致性设计",
		RulingZh: "DeltaFIFO 没有 `Push`（client-go v0.29 和 v0.35）：reflector 调用的是存储的 `Add`、`Update` 和 `Delete`。" +
			"`knownObjects` 是 informer 的 indexer，在 informer 处理弹出的项时更新。",
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

		Original:  "Pop() 回调中强制校验 obj.ResourceVersion ≥ 上次处理值,防止旧版本覆盖",
		SectionZh: "3.3 Informer DeltaFIFO与SharedIndexInformer中event入队/出队的时序一致性设计",
		RulingZh: "没有任何东西比较资源版本。一个真实的 informer 在一个较新的更新之后投递了一个 `resourceVersion` 较旧的更新，" +
			"而它的存储保留的是那个较旧的对象。",
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

		Original:  "SharedIndexInformer 启动时先 ListWatch,通过 Sync Delta 触发全量索引重建",
		SectionZh: "3.3 Informer DeltaFIFO与SharedIndexInformer中event入队/出队的时序一致性设计",
		RulingZh: "它确实先 list，但 list 的结果以 `Replaced` delta 的形式到达：informer 创建 DeltaFIFO 时设置了 `EmitDeltaTypeReplaced: true`，" +
			"而 `RealFIFO` 总是发出 `Replaced`。`Sync` delta 来自周期性的 resync。",
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

		Original:  "通知分发 Process 回调在单 goroutine 中顺序执行",
		SectionZh: "3.3 Informer DeltaFIFO与SharedIndexInformer中event入队/出队的时序一致性设计",
		RulingZh:  "一个 goroutine 从队列中弹出；之后每个注册的事件处理函数各有自己的 goroutine，按 watch 的顺序一次接收一个事件。",
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

		Original:  "sort.Slice 避免了 sort.Strings 的类型限制",
		SectionZh: "4.1 使用sort.Slice对map keys显式排序的零依赖修复模板(含泛型适配建议)",
		RulingZh:  "`sort.Slice` 在 Go 1.8 中引入，配合一个 less 函数可以对任何切片排序；遍历排好序的键，每次都得到相同的顺序。",
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

		Original:  "make(..., 0, len(m)) 预分配容量,零内存重分配",
		SectionZh: "4.1 使用sort.Slice对map keys显式排序的零依赖修复模板(含泛型适配建议)",
		RulingZh:  "收集 1000 个键时，预先给出容量只做一次内存分配；不给容量则每翻倍一次就分配一次（这里是 9 次）。",
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

		Original:  "封装为 func SortKeys[K constraints.Ordered, V any](m map[K]V) []K",
		SectionZh: "4.1 使用sort.Slice对map keys显式排序的零依赖修复模板(含泛型适配建议)",
		RulingZh: "它要配合 `golang.org/x/exp/constraints` 才能工作，这是标准库之外的一个模块，原文没有提到。" +
			"标准库自 Go 1.21 起有 `cmp.Ordered`，而自 Go 1.23 起，`slices.Sorted(maps.Keys(m))` 就能完成全部工作。",
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

		Original:  "sync.Map 提供免锁读写(read-amplified)",
		SectionZh: "4.2 基于sync.Map + atomic.Value的线程安全有序缓存替代方案对比评测",
		RulingZh: "写操作要加锁。自 Go 1.24 起，读操作不加锁，写操作锁住它所修改的 trie 节点的互斥锁。旧的实现（Go 1.23，" +
			"或 1.24、1.25 加 `GOEXPERIMENT=nosynchashtriemap`）在写操作时，以及在读操作未命中只读部分时，锁住整个 map 的互斥锁。",
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

		Original:  "但不保证遍历顺序;atomic.Value 则支持原子替换整个有序结构(如 *orderedList)",
		SectionZh: "4.2 基于sync.Map + atomic.Value的线程安全有序缓存替代方案对比评测",
		RulingZh: "`sync.Map` 按它自己的顺序遍历，而不是按存入的顺序。`atomic.Value` 整体替换值：只要每个列表在存入之后不再修改，" +
			"读者看到的要么是这一个列表，要么是下一个，绝不会是两者的混合。",
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

		Original:  "并发读性能 ⭐⭐⭐⭐⭐ ⭐⭐⭐⭐☆ 插入延迟 ⭐⭐⭐⭐☆ ⭐⭐☆☆☆(需重建切片) 遍历有序性",
		SectionZh: "4.2 基于sync.Map + atomic.Value的线程安全有序缓存替代方案对比评测",
		RulingZh: "星级衡量的不是读者可以重跑的任何东西：没有插入路径的代码，没有规模，没有硬件。按原文的设计、用 1000 个键实测：" +
			"两种方案的读操作都是同一个 `sync.Map.Load`；一次插入在有序缓存上的开销大约是一千倍（它要重建并排序键列表）；" +
			"按键顺序遍历时，从存好的列表读比每次都对键排序更快。",
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

		Original:  "通过 WithHooks() 注册有序中间件,支持条件跳过与错误短路",
		SectionZh: "4.3 在controller-runtime中注入OrderedReconciler中间件的hook式改造路径",
		RulingZh: "这三个名字在 controller-runtime 的 v0.17.0 和 v0.23.3 中都不存在。控制器用 `ctrl.NewControllerManagedBy(mgr)` 构建，" +
			"顺序或 hook 由 reconciler 自己的代码实现。",
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

		Original:  "FakeRecorder.Events 是带缓冲通道,<- 按发送顺序消费",
		SectionZh: "4.4 单元测试覆盖:mock controller与断言event处理顺序的Ginkgo测试用例设计",
		RulingZh:  "每个事件在通道上变成 `\"<type> <reason> <message>\"`，顺序与发送顺序相同。`record.NewFakeRecorder(10)` 构造的是同样的东西。",
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

		Original:  "chan string, 10 确保不阻塞",
		SectionZh: "4.4 单元测试覆盖:mock controller与断言event处理顺序的Ginkgo测试用例设计",
		RulingZh:  "只对 10 个事件有效：recorder 向通道发送之后会等待，所以第 11 个事件会阻塞 reconciler，直到测试读走一个事件。",
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

		Original:  "确保 Reconcile 方法按预期顺序触发 CreateEventUpdateEventDeleteEvent",
		SectionZh: "4.4 单元测试覆盖:mock controller与断言event处理顺序的Ginkgo测试用例设计",
		RulingZh: "`CreateEvent`、`UpdateEvent` 和 `DeleteEvent` 是 controller-runtime 的 watch 事件，控制器从它的事件源接收它们。" +
			"event recorder 发出的是类型为 `Normal` 或 `Warning`、带一个原因（reason）的 Kubernetes Event；" +
			"它只有 `Event`、`Eventf` 和 `AnnotatedEventf`。",
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

		Original:  "已稳定运行14个月。关键指标显示:CI/CD流水线平均部署耗时从23分钟降至6分18秒(降幅73.5%),服务故障自愈成功率提升至99.2%,日均自动处理配置漂移事件达417次",
		SectionZh: "第五章:总结与展望",
		RulingZh:  "这些数字没有一个给出代码、数据、版本或方法，也没有一个与 Go 的 map 有关：没有什么可以重跑或核实。",
	},
}
