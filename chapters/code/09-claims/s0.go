package claims

import "gomaps/labs/lanes"

// The client-go, controller-runtime and etcd versions the rows of post S0 cite: the course's,
// and the ones the post names.
const (
	clientGo20 = "k8s.io/client-go@v0.20.0"
	clientGo25 = "k8s.io/client-go@v0.25.0"
	clientGo35 = "k8s.io/client-go@v0.35.0"
	ctrlRT17   = "sigs.k8s.io/controller-runtime@v0.17.0"
	ctrlRT23   = "sigs.k8s.io/controller-runtime@v0.23.3"
	etcdV3     = "go.etcd.io/etcd/client/v3@v3.6.14"
	levelDB    = "github.com/syndtr/goleveldb@v1.0.0"
	ginkgoV2   = "github.com/onsi/ginkgo/v2@v2.27.2"

	noswiss   = "src/runtime/map_noswiss.go"
	swissMaps = "src/internal/runtime/maps"
	hashTrie  = "src/internal/sync/hashtriemap.go"
	safeStore = "tools/cache/thread_safe_store.go"
)

// The commands of post S0's benchmark outputs (chapters/out/09-s0-*.cmd).
const (
	s0BenchLocks  = `go tool benchstat -filter ".name:PodState" -col /impl build/09-claims/s0-bench.txt`
	s0BenchShards = `go tool benchstat -filter ".name:Shards" -col /impl build/09-claims/s0-bench.txt`
)

// s0 holds the claims of post S0, in the order they appear in it.
var s0 = []Claim{
	{
		ID:      "S0-01",
		Section: "Title",
		Claim: "A race condition on a map that stores Pod states makes the etcd watch stream break " +
			"and time out.",
		Quote:   "使用map存储Pod状态引发的竞态条件,竟让etcd watch流中断超时",
		Verdict: False,
		Ruling: "A controller has no etcd watch stream: client-go and controller-runtime watch the " +
			"API server over HTTP, and neither module even requires an etcd module. A map race " +
			"either goes unnoticed or stops the whole controller with `fatal error: concurrent map " +
			"writes` and exit status 2. Nothing in it makes a stream time out.",
		Evidence: []Evidence{
			Source{At: clientGo35, File: "go.mod", Find: `go\.etcd\.io`, Absent: true},
			Source{At: ctrlRT23, File: "go.mod", Find: `go\.etcd\.io`, Absent: true},
			Source{At: Go127, File: "src/runtime/panic.go", Find: `^func fatal\(s string\)`,
				Note: "what the map's check calls: it prints `fatal error:` and exits with status 2"},
			Output{Name: "06-fatal", Find: `two writers: exit status 2`},
		},
		Test:      "TestS0_01_MapRaceEndsTheProcessNotAWatch",
		Program:   "go test -count=1 -v -run TestFatal ./chapters/code/06-races/fatal",
		Teach:     "06-races.md#the-runtimes-check-a-flag-that-writers-toggle",
		Original:  "使用map存储Pod状态引发的竞态条件,竟让etcd watch流中断超时",
		SectionZh: "标题",
		RulingZh: "控制器根本没有 etcd watch 流：client-go 和 controller-runtime 通过 HTTP 对 API server 做 watch，" +
			"两个模块都不依赖任何 etcd 模块。map 上的数据竞争要么无人察觉，要么以 `fatal error: concurrent map writes` 和退出状态 2 让整个控制器停下。" +
			"其中没有任何东西会让一条流超时。",
	},
	{
		ID:      "S0-02",
		Section: "1 How to use a Go map",
		Claim: "A map is a built-in, unordered collection of key/value pairs, built on a hash table, " +
			"with O(1) average lookup, insert and delete.",
		Verdict: True,
		Ruling: "True of both map implementations. The spec calls a map an unordered group of " +
			"elements; the runtime implements it as a hash table (classic buckets, or Swiss tables " +
			"since Go 1.24). Measured on the classic map (Go 1.25, `GOEXPERIMENT=noswissmap`) and " +
			"on the Swiss tables of Go 1.26 and 1.27 (with and without `GOEXPERIMENT=mapsplitgroup`): " +
			"in maps of 1,000 to 100,000 entries a key sits on average less than 0.1 bucket or " +
			"group past the first one its lookup checks.",
		Evidence: []Evidence{
			Source{At: Go126, File: "doc/go_spec.html", Find: `A map is an unordered group of elements`},
			Source{At: Go125, File: noswiss, Find: `^// A map is just a hash table`},
			Source{At: Go127, File: swissMaps + "/map.go", Find: `^// Package maps implements Go's builtin map type`},
		},
		Test:      "TestS0_02_MapIsAHashTableWithShortProbes",
		Teach:     "03-swiss.md#step-3-tables-and-probing",
		Original:  "Go语言中的map是一种内置的无序键值对集合,底层基于哈希表实现,支持O(1)平均时间复杂度的查找、插入和删除操作",
		SectionZh: "第一章:Go的map怎么使用",
		RulingZh: "对两种 map 实现都成立。语言规范称 map 是一组无序的元素；运行时用哈希表实现它（经典的桶，" +
			"或 Go 1.24 起的 Swiss table）。在经典 map（Go 1.25，`GOEXPERIMENT=noswissmap`）" +
			"以及 Go 1.26 和 1.27 的 Swiss table（开启和不开启 `GOEXPERIMENT=mapsplitgroup`）" +
			"上测得：在 1,000 到 100,000 个元素的 map 里，一个键所在的位置平均比查找时检查的第一个桶或组靠后不到 0.1 个桶或组。",
	},
	{
		ID:      "S0-03",
		Section: "1 How to use a Go map",
		Claim: "Key types must be comparable, such as `string`, `int`, `bool`, pointers, interfaces " +
			"and arrays; values may be of any type.",
		Quote:   "要求键类型必须是可比较的(如string、int、bool、指针、接口、数组等),而值类型可以是任意类型",
		Verdict: True,
		Ruling: "True, with two limits the list hides. An array is comparable only if its element " +
			"type is (`map[[2][]int]string` does not compile). An interface key compiles for any " +
			"dynamic type, and storing a key whose dynamic type is not comparable panics at run " +
			"time (`hash of unhashable type []int`).",
		Evidence: []Evidence{
			Source{At: Go126, File: "doc/go_spec.html", Find: `must be fully defined`,
				Note: "“for operands of the key type; thus the key type must not be a function, map, or slice”"},
			Source{At: Go126, File: "doc/go_spec.html", Find: `Array types are comparable if their array element types are comparable`},
			Source{At: Go126, File: "doc/go_spec.html", Find: `comparison operators must be defined for the dynamic key values`},
			Output{Name: "01-keys", Find: `hash of unhashable type \[\]int`},
		},
		Test:      "TestS0_03_KeysMustBeComparable",
		Program:   "go run ./chapters/code/01-basics/keys",
		Teach:     "01-basics.md#which-keys-are-allowed-comparable-types-checked-twice",
		Original:  "要求键类型必须是可比较的(如stringintbool、指针、接口、数组等),而值类型可以是任意类型",
		SectionZh: "第一章:Go的map怎么使用",
		RulingZh: "成立，但这个列表藏起了两个限制。数组只有在元素类型可比较时才可比较（`map[[2][]int]string` 无法编译）" +
			"。接口类型的键对任何动态类型都能通过编译，而存入一个动态类型不可比较的键会在运行时 panic（`hash of unhashable type []int`）" +
			"。",
	},
	{
		ID:      "S0-04",
		Section: "1 How to use a Go map (declaration and initialization)",
		Claim:   "A map variable that was never initialized cannot be used: using it panics at run time.",
		Quote:   "map不能直接使用未初始化的变量,否则会导致运行时panic",
		Verdict: Misleading,
		Ruling: "Only adding an element to a nil map panics. Reading, comma-ok, `len`, `range` and `delete` " +
			"all work on a nil map, which behaves as an empty one.",
		Evidence: []Evidence{
			Source{At: Go126, File: "doc/go_spec.html", Find: `A <code>nil</code> map is equivalent to an empty map except that no elements`,
				Note: "the spec, section Map types"},
			Output{Name: "01-nilmap", Find: `^set: .*assignment to entry in nil map`},
		},
		Test:      "TestS0_04_NilMapOnlyWritesPanic",
		Program:   "go run ./chapters/code/01-basics/nilmap",
		Teach:     "01-basics.md#a-nil-map-every-read-works-the-write-panics",
		Original:  "map不能直接使用未初始化的变量,否则会导致运行时panic",
		SectionZh: "第一章:Go的map怎么使用（声明与初始化）",
		RulingZh: "只有向 nil map 添加元素才会 panic。读取、comma-ok 写法、`len`、`range` 和 `delete` 在 nil map 上都能正常工作，" +
			"nil map 的行为与空 map 相同。",
	},
	{
		ID:      "S0-05",
		Section: "1 How to use a Go map (access and safe lookup)",
		Claim: "Reading a key that is not in the map gives the zero value of the value type; the " +
			"two-value form `age, ok := ages[k]` tells whether the key is there.",
		Verdict: True,
		Ruling:  "True: the spec says both, and only `ok` tells a missing key from a stored zero value.",
		Evidence: []Evidence{
			Source{At: Go126, File: "doc/go_spec.html", Find: `if the map is <code>nil</code> or does not contain such an entry`,
				Note: "“`a[x]` is the zero value for the element type of `M`”"},
			Source{At: Go126, File: "doc/go_spec.html", Find: `<code>true</code> if the key <code>x</code> is present in the map`},
		},
		Test:      "TestS0_05_MissingKeyZeroValueAndCommaOk",
		Program:   "go run ./chapters/code/01-basics/commaok",
		Teach:     "01-basics.md#zero-values-and-comma-ok",
		Original:  "访问不存在的键会返回对应值类型的零值(如intstring为空字符串)。为避免歧义,应使用“双返回值”语法判断键是否存在",
		SectionZh: "第一章:Go的map怎么使用（访问与安全查询）",
		RulingZh:  "成立：语言规范两点都写明了，而且只有 `ok` 能区分不存在的键和存进去的零值。",
	},
	{
		ID:      "S0-06",
		Section: "1 How to use a Go map (delete and range)",
		Claim: "`delete` removes a key; `range` gives copies of the key and the value, so changing " +
			"them does not change the map.",
		Verdict: True,
		Ruling: "True. The range variables are assigned as in an assignment, so they are copies. " +
			"A copied value that holds a slice, a map or a pointer still shares what it points to: " +
			"writing through it changes what the map's value points to.",
		Evidence: []Evidence{
			Source{At: Go126, File: "doc/go_spec.html", Find: `^map +m +map\[K\]V +key +k +K +m\[k\] +V`,
				Note: "the range clause's table: the iteration values of a map"},
			Source{At: Go126, File: "doc/go_spec.html", Find: `the iteration values are assigned to the respective variables`},
		},
		Test:      "TestS0_06_RangeGivesCopies",
		Teach:     "01-basics.md#map-elements-are-not-addressable",
		Original:  "使用delete()函数移除键值对;遍历时range返回键和值的副本(修改副本不影响原map)",
		SectionZh: "第一章:Go的map怎么使用（删除与遍历）",
		RulingZh: "成立。range 的迭代变量像赋值语句那样被赋值，所以是副本。但副本里如果有切片、map 或指针，" +
			"它仍与原值共享所指向的数据：通过它写入，会改变 map 中的值所指向的内容。",
	},
	{
		ID:      "S0-07",
		Section: "1 How to use a Go map (points to note)",
		Claim:   "A map is a reference type: assigning it or passing it to a function copies no data.",
		Quote:   "map是引用类型,赋值或传参时不拷贝底层数据",
		Verdict: True,
		Ruling: "True in effect. The spec has no “reference types”: a map value is a pointer to " +
			"the runtime's map header (`*maps.Map`, or `*hmap` on the classic map), so a copy of " +
			"the value is one more name for the same map. Assigning a new map to a parameter " +
			"does not change the caller's variable.",
		Evidence: []Evidence{
			Source{At: Go127, File: "src/runtime/map.go", Find: `^func makemap\(t \*abi.MapType, hint int, m \*maps.Map\) \*maps.Map`},
			Source{At: Go125, File: noswiss, Find: `^func makemap\(t \*maptype, hint int, h \*hmap\) \*hmap`},
			Source{At: Go126, File: "doc/go_spec.html", Find: `reference type`, Absent: true},
		},
		Test:      "TestS0_07_AssignmentSharesTheMap",
		Teach:     "01-basics.md#the-maps-and-slices-helpers",
		Original:  "map是引用类型,赋值或传参时不拷贝底层数据",
		SectionZh: "第一章:Go的map怎么使用（常见注意事项）",
		RulingZh: "效果上成立。语言规范里没有“引用类型”：map 值是指向运行时 map 头部的指针（`*maps.Map`，" +
			"经典 map 上是 `*hmap`），所以复制这个值只是给同一个 map 多起了一个名字。给参数赋一个新的 map，" +
			"不会改变调用方的变量。",
	},
	{
		ID:      "S0-08",
		Section: "1 How to use a Go map (points to note), and again 2.5",
		Claim: "A map is not safe for concurrent use: goroutines that read and write it need a lock, " +
			"such as `sync.RWMutex`.",
		Verdict: True,
		Ruling: "True. Two goroutines writing one map stop the process with `fatal error: " +
			"concurrent map writes`; with a `sync.RWMutex` (`Lock` for writes, `RLock` for reads) " +
			"every update counts. Reads alone need no lock.",
		Evidence: []Evidence{
			Source{At: Go127, File: swissMaps + "/runtime_faststr.go", In: `^func runtime_mapassign_faststr\(`, Find: `if m\.writing != 0 \{\n\s+fatal\("concurrent map writes"\)`},
			Source{At: Go125, File: noswiss, In: `^func mapassign\(`, Find: `if h\.flags&hashWriting != 0 \{\n\s+fatal\("concurrent map writes"\)`},
			Output{Name: "06-fatal-classic", Find: `two writers: exit status 2`},
		},
		Test:      "TestS0_08_ConcurrentWritesNeedALock",
		Program:   lanes.Classic().Prefix() + "go test -count=1 -v -run TestFatal ./chapters/code/06-races/fatal",
		Teach:     "06-races.md#the-rule",
		Original:  "map不是并发安全的,多goroutine读写需加锁(如sync.RWMutex)",
		SectionZh: "第一章:Go的map怎么使用（常见注意事项），又见 2.5",
		RulingZh: "成立。两个 goroutine 同时写一个 map，会以 `fatal error: concurrent map writes` 让进程停下；" +
			"用 `sync.RWMutex`（写用 `Lock`，读用 `RLock`）则每次更新都会生效。" +
			"只读不写时不需要锁。",
	},
	{
		ID:      "S0-09",
		Section: "1 How to use a Go map (points to note)",
		Claim:   "A struct with a map field cannot be compared with `==`.",
		Verdict: True,
		Ruling: "True: it does not compile (`struct containing map[string]string cannot be " +
			"compared`). A struct is comparable only if all its fields are, and a map is not.",
		Evidence: []Evidence{
			Source{At: Go126, File: "doc/go_spec.html", Find: `Struct types are comparable if all their field types are comparable`},
			Source{At: Go126, File: "doc/go_spec.html", Find: `^Slice, map, and function types are not comparable`},
		},
		Test:      "TestS0_09_StructWithMapFieldIsNotComparable",
		Teach:     "01-basics.md#which-keys-are-allowed-comparable-types-checked-twice",
		Original:  "不要将map作为结构体字段直接比较(无法用==判断相等)",
		SectionZh: "第一章:Go的map怎么使用（常见注意事项）",
		RulingZh: "成立：这样写无法编译（`struct containing map[string]string cannot be compared`）" +
			"。结构体只有在所有字段都可比较时才可比较，而 map 不可比较。",
	},
	{
		ID:      "S0-10",
		Section: "1 How to use a Go map (the table)",
		Claim: "`m[k] = v` inserts or updates, `v := m[k]` reads (the zero value if missing), " +
			"`len(m)` counts the pairs, and `cap(m)` is not supported for maps.",
		Verdict: True,
		Ruling:  "True: `cap` of a map is a compile error (`invalid argument ... for built-in cap`).",
		Evidence: []Evidence{
			Source{At: Go126, File: "doc/go_spec.html", Find: `map\[K\]T +map length \(number of defined keys\)`},
			Source{At: Go126, File: "doc/go_spec.html", Find: `^cap\(s\) +\[n\]T, \*\[n\]T +array length`,
				Note: "the arguments of `cap` are arrays, slices and channels: no map"},
		},
		Test:      "TestS0_10_MapOperationsAndNoCap",
		Teach:     "04-growth.md#presizing-makemapkv-n",
		Original:  "m[k] = v 插入或更新键值对 v := m[k] 获取值(不存在则返回零值) len(m) 获取键值对数量 cap(m) map不支持cap函数",
		SectionZh: "第一章:Go的map怎么使用（表格）",
		RulingZh: "成立：对 map 调用 `cap` 是编译错误（`invalid argument ... for built-in cap`）" +
			"。",
	},
	{
		ID:      "S0-11",
		Section: "2.1 The hash table and its growth",
		Claim: "The map is a hash table, `hmap`, with a bucket array, overflow chains and header " +
			"fields, among them `B` (log2 of the number of buckets) and `count` (the number of pairs).",
		Verdict: SomeVersions,
		Ruling: "True of the classic map only: Go 1.23 and earlier, and Go 1.24 and 1.25 built with " +
			"`GOEXPERIMENT=noswissmap` (checked on 1.25). Since Go 1.24 the default map is a Swiss " +
			"table (`internal/runtime/maps.Map`: a directory of tables of 8-slot groups, and `used` " +
			"for the count), and Go 1.26 and 1.27 have no `hmap` at all (checked on both, and on " +
			"1.27 with `GOEXPERIMENT=mapsplitgroup`).",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `^\s+B +uint8 +// log_2 of # of buckets`},
			Source{At: Go125, File: noswiss, Find: `^\s+count +int // # live cells`},
			Source{At: Go126, File: "src/runtime", Find: `^type hmap struct`, Absent: true},
			Source{At: Go127, File: "src/runtime", Find: `^type hmap struct`, Absent: true},
			Source{At: Go127, File: swissMaps + "/map.go", Find: `^\s+used uint64`},
		},
		Test:      "TestS0_11_HmapIsTheClassicMap",
		Teach:     "02-buckets.md#the-shape-a-header-a-bucket-array-chains",
		Original:  "Go语言map底层由哈希表(hmap)实现,核心包含buckets数组、overflow链表及元信息字段",
		SectionZh: "2.1 map底层哈希表结构与扩容机制剖析",
		RulingZh: "只对经典 map 成立：Go 1.23 及更早版本，以及用 `GOEXPERIMENT=noswissmap` 构建的 Go 1.24 和 1.25（在 1.25 上检查过）" +
			"。从 Go 1.24 起，默认的 map 是 Swiss table（`internal/runtime/maps.Map`：" +
			"一个目录，指向由 8 个槽位的组构成的表，元素个数记在 `used` 里），Go 1.26 和 1.27 则根本没有 `hmap`（两个版本都检查过，" +
			"1.27 还在 `GOEXPERIMENT=mapsplitgroup` 下检查过）。",
	},
	{
		ID:      "S0-12",
		Section: "2.1 The hash table and its growth",
		Claim:   "A field `overflow` of `hmap` is the head pointer of the overflow-bucket list.",
		Quote:   "overflow: 溢出桶链表头指针",
		Verdict: False,
		Ruling: "`hmap` has no field `overflow`. Each bucket ends with its own overflow pointer, so " +
			"there is one chain per bucket, not one list per map; `hmap` keeps a count " +
			"(`noverflow`), and `hmap.extra.overflow` is a slice that only keeps overflow buckets " +
			"alive for the garbage collector. Swiss tables have no overflow buckets.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `^\s+noverflow uint16`},
			Source{At: Go125, File: noswiss, Find: `^func \(b \*bmap\) overflow\(t \*maptype\) \*bmap`},
			Source{At: Go125, File: noswiss, In: `^type mapextra struct`, Find: `^\s+overflow +\*\[\]\*bmap`,
				Note: "a field of `mapextra`, not of `hmap`"},
		},
		Test:      "TestS0_12_HmapHasNoOverflowField",
		Teach:     "02-buckets.md#step-3-overflow-buckets",
		Original:  "overflow: 溢出桶链表头指针",
		SectionZh: "2.1 map底层哈希表结构与扩容机制剖析",
		RulingZh: "`hmap` 没有 `overflow` 字段。每个桶的末尾都有自己的溢出指针，所以是每个桶一条溢出链，" +
			"而不是每个 map 一个链表；`hmap` 只记一个计数（`noverflow`），而 `hmap.extra.overflow` 是一个切片，" +
			"作用只是让垃圾回收器不回收溢出桶。Swiss table 没有溢出桶。",
	},
	{
		ID:      "S0-13",
		Section: "2.1 The hash table and its growth",
		Claim:   "`hmap.buckets`, the main bucket array, has type `[]bmap`.",
		Verdict: False,
		Ruling:  "It is an `unsafe.Pointer` to an array of 2^B buckets, not a Go slice.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `^\s+buckets +unsafe.Pointer // array of 2\^B Buckets`},
		},
		Test:      "TestS0_13_BucketsIsAPointerNotASlice",
		Teach:     "02-buckets.md#the-shape-a-header-a-bucket-array-chains",
		Original:  "buckets: 主桶数组(类型为[]bmap",
		SectionZh: "2.1 map底层哈希表结构与扩容机制剖析",
		RulingZh:  "它是指向由 2^B 个桶组成的数组的 `unsafe.Pointer`，不是 Go 的切片。",
	},
	{
		ID:      "S0-14",
		Section: "2.1 The hash table and its growth",
		Claim:   "The map grows when the load factor passes 6.5, that is when `count > 6.5 × 2^B`.",
		Verdict: SomeVersions,
		Ruling: "Classic map only (measured on Go 1.25 with `GOEXPERIMENT=noswissmap`), and with one " +
			"more condition: the count must also be above 8 (measured: B went up exactly when both " +
			"held). A Swiss table grows when an insert would pass 7/8 of its slots; there is no 6.5 " +
			"(measured on Go 1.26 and 1.27, also with `GOEXPERIMENT=mapsplitgroup`).",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `return count > abi.OldMapBucketCount && uintptr\(count\) > loadFactorNum`},
			Source{At: Go127, File: swissMaps + "/group.go", Find: `maxAvgGroupLoad = 7`},
			Output{Name: "02-growth", Find: `len +14: B +1 -> +2`},
		},
		Test:      "TestS0_14_GrowthThresholds",
		Program:   lanes.Classic().Prefix() + "go run ./chapters/code/02-buckets/growth",
		Teach:     "02-buckets.md#step-5-when-to-grow",
		Original:  "负载因子 > 6.5(即 count > 6.5 × 2^B",
		SectionZh: "2.1 map底层哈希表结构与扩容机制剖析",
		RulingZh: "只适用于经典 map（在 Go 1.25 加 `GOEXPERIMENT=noswissmap` 上测得）" +
			"，而且还有一个条件：元素个数还必须大于 8（测得：恰好在两个条件都满足时 B 才增加）。Swiss table 在一次插入将使已用槽位超过 7/8 时扩容，" +
			"没有 6.5 这个数（在 Go 1.26 和 1.27 上测得，也在 `GOEXPERIMENT=mapsplitgroup` 下测过）" +
			"。",
	},
	{
		ID:      "S0-15",
		Section: "2.1 The hash table and its growth",
		Claim:   "Too many overflow buckets (more than 2^B) also make the map grow (expand).",
		Quote:   "过多溢出桶(overflow bucket count > 2^B)",
		Verdict: Misleading,
		Ruling: "On the classic map, `noverflow >= 2^min(B,15)` starts a growth that keeps the size " +
			"(`sameSizeGrow`): it packs sparse chains and adds no bucket (measured: B stayed 8). " +
			"Swiss tables have no overflow buckets.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `return noverflow >= uint16\(1\)<<\(B&15\)`},
			Source{At: Go125, File: noswiss, Find: `h.flags \|= sameSizeGrow`},
			Output{Name: "02-growth", Find: `same size: true`},
		},
		Test:      "TestS0_15_OverflowGrowthKeepsTheSize",
		Program:   lanes.Classic().Prefix() + "go run ./chapters/code/02-buckets/growth",
		Teach:     "02-buckets.md#step-5-when-to-grow",
		Original:  "过多溢出桶(overflow bucket count > 2^B",
		SectionZh: "2.1 map底层哈希表结构与扩容机制剖析",
		RulingZh: "在经典 map 上，`noverflow >= 2^min(B,15)` 触发的是保持大小不变的等量扩容（`sameSizeGrow`）" +
			"：它把稀疏的溢出链压紧，不增加桶（测得：B 保持为 8）。Swiss table 没有溢出桶。",
	},
	{
		ID:      "S0-16",
		Section: "2.1 The hash table and its growth",
		Claim: "During growth, `growWork` first evacuates the bucket being accessed and its " +
			"overflow chain, then more buckets in batches (`evacuate`), from `oldbuckets` to " +
			"`buckets`, so no single operation blocks.",
		Verdict: SomeVersions,
		Ruling: "Classic map only (measured on Go 1.25 with `GOEXPERIMENT=noswissmap`), and only writes " +
			"evacuate: `mapassign` and `mapdelete` move the old bucket of the bucket they write, and " +
			"one more at `nevacuate`; lookups move nothing (measured: 10,000 lookups evacuated 0 " +
			"buckets, each write 1 or 2). A Swiss table is rehashed whole by the insert that fills " +
			"it (Go 1.26 and 1.27).",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `evacuate\(t, h, bucket&h.oldbucketmask\(\)\)`},
			Source{At: Go125, File: noswiss, Find: `evacuate\(t, h, h.nevacuate\)`},
			Output{Name: "02-growth", Find: `after 10000 lookups: nevacuate moved 0`},
			Source{At: Go127, File: swissMaps + "/table.go", Find: `^// Replaces the table with one larger table or two split tables`},
		},
		Test:      "TestS0_16_OnlyWritesEvacuate",
		Program:   lanes.Classic().Prefix() + "go run ./chapters/code/02-buckets/growth",
		Teach:     "02-buckets.md#step-6-incremental-evacuation",
		Original:  "growWork先搬迁当前访问桶及其溢出链,避免一次性阻塞;h.oldbuckets指向旧桶,h.buckets指向新桶,通过evacuate函数分批迁移",
		SectionZh: "2.1 map底层哈希表结构与扩容机制剖析",
		RulingZh: "只适用于经典 map（在 Go 1.25 加 `GOEXPERIMENT=noswissmap` 上测得）" +
			"，而且只有写操作会搬迁：`mapassign` 和 `mapdelete` 搬迁所写的桶对应的旧桶，" +
			"再加上 `nevacuate` 处的一个；查找什么也不搬（测得：10,000 次查找搬迁了 0 个桶，" +
			"每次写搬迁 1 或 2 个）。Swiss table 则由把它填满的那次插入整张重新哈希（Go 1.26 和 1.27）" +
			"。",
	},
	{
		ID:      "S0-17",
		Section: "2.1 The hash table and its growth",
		Claim:   "Evacuating in batches guarantees concurrency safety.",
		Quote:   "通过evacuate函数分批迁移,保证并发安全",
		Verdict: False,
		Ruling: "Incremental evacuation only spreads the cost of growth. Writers racing a growing " +
			"map still stop the process with `fatal error: concurrent map writes`, on both runtimes.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, In: `^func mapassign\(`, Find: `if h\.flags&hashWriting != 0 \{\n\s+fatal\("concurrent map writes"\)`},
			Source{At: Go127, File: swissMaps + "/runtime_faststr.go", In: `^func runtime_mapassign_faststr\(`, Find: `if m\.writing != 0 \{\n\s+fatal\("concurrent map writes"\)`},
		},
		Test:      "TestS0_17_GrowthDoesNotMakeWritesSafe",
		Teach:     "06-races.md#the-runtimes-check-a-flag-that-writers-toggle",
		Original:  "通过evacuate函数分批迁移,保证并发安全",
		SectionZh: "2.1 map底层哈希表结构与扩容机制剖析",
		RulingZh:  "渐进式搬迁只是把扩容的开销分摊开。在两种运行时上，多个写者并发写一个正在扩容的 map，仍然会以 `fatal error: concurrent map writes` 让进程停下。",
	},
	{
		ID:      "S0-18",
		Section: "2.1 The hash table and its growth",
		Claim:   "The code `if h.growing() { growWork(h, bucket) }` is in `runtime/map.go`.",
		Verdict: SomeVersions,
		Ruling: "The post marks it simplified. It is in `mapassign` and `mapdelete` of the classic " +
			"map, as `growWork(t, h, bucket)`: in `runtime/map.go` up to Go 1.23, in " +
			"`runtime/map_noswiss.go` in Go 1.24 and 1.25. The runtimes of Go 1.26 and 1.27 have " +
			"no `growWork`.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, In: `^func mapassign\(`, Find: `^\s+growWork\(t, h, bucket\)`},
			Source{At: Go125, File: noswiss, In: `^func mapdelete\(`, Find: `^\s+growWork\(t, h, bucket\)`},
			Source{At: Go126, File: "src/runtime", Find: `growWork`, Absent: true},
			Source{At: Go127, File: "src/runtime", Find: `growWork`, Absent: true},
		},
		Test:      "TestS0_18_GrowWorkIsInMapNoswissGo",
		Teach:     "02-buckets.md#step-6-incremental-evacuation",
		Original:  "// runtime/map.go 简化示意 if h.growing() { growWork(h, bucket)",
		SectionZh: "2.1 map底层哈希表结构与扩容机制剖析",
		RulingZh: "文章注明这是简化示意。这段代码在经典 map 的 `mapassign` 和 `mapdelete` 里，" +
			"写作 `growWork(t, h, bucket)`：Go 1.23 及以前在 `runtime/map.go` 中，" +
			"Go 1.24 和 1.25 在 `runtime/map_noswiss.go` 中。Go 1.26 和 1.27 的运行时没有 `growWork`。",
	},
	{
		ID:      "S0-19",
		Section: "2.1 The hash table and its growth (the table and the diagram)",
		Claim:   "While the map grows, a read looks in both the old and the new bucket.",
		Quote:   "读操作双查",
		Verdict: False,
		Ruling: "A read looks in exactly one chain: the old bucket if it is not evacuated yet, " +
			"otherwise the new one. Measured mid-growth: every key was in exactly one place, the " +
			"one that rule picks. Swiss tables keep no old array.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, In: `^func mapaccess1\(`, Find: `^\s+if !evacuated\(oldb\) \{`},
		},
		Test:      "TestS0_19_ReadsLookInOneBucket",
		Teach:     "02-buckets.md#step-6-incremental-evacuation",
		Original:  "读操作双查",
		SectionZh: "2.1 map底层哈希表结构与扩容机制剖析（表格与流程图）",
		RulingZh: "读操作只查一条链：旧桶还没搬迁就查旧桶，否则查新桶。在扩容进行到一半时测得：每个键都恰好只在一个位置，" +
			"就是这条规则选中的那个。Swiss table 不保留旧数组。",
	},
	{
		ID:      "S0-20",
		Section: "2.1 The hash table and its growth (the table)",
		Claim: "During growth writes go to the new buckets; when growth ends, `oldbuckets` is set " +
			"to nil.",
		Verdict: SomeVersions,
		Ruling: "True of the classic map: a write first evacuates its old bucket, then writes the new " +
			"array, and the last evacuation frees the old array (measured on Go 1.25 with " +
			"`GOEXPERIMENT=noswissmap`: about 700 writes, each into the new array). The Swiss tables " +
			"of Go 1.26 and 1.27 have no `oldbuckets`.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `// Growing is all done. Free old main bucket array.`},
			Source{At: Go126, File: swissMaps, Find: `oldbuckets`, Absent: true},
			Source{At: Go127, File: swissMaps, Find: `oldbuckets`, Absent: true},
		},
		Test:      "TestS0_20_WritesGoToTheNewArrayThenOldIsFreed",
		Teach:     "02-buckets.md#step-6-incremental-evacuation",
		Original:  "写操作定向新桶 完成后 仅新桶 oldbuckets = nil",
		SectionZh: "2.1 map底层哈希表结构与扩容机制剖析（表格）",
		RulingZh: "对经典 map 成立：写操作先搬迁它对应的旧桶，再写入新数组，最后一次搬迁释放旧数组（在 Go 1.25 加 `GOEXPERIMENT=noswissmap` 上测得：" +
			"约 700 次写，每次都写进新数组）。Go 1.26 和 1.27 的 Swiss table 没有 `oldbuckets`。",
	},
	{
		ID:      "S0-21",
		Section: "2.2 Reproducing a concurrent read/write panic",
		Claim: "The snippet, one goroutine reading `counter` with `atomic.LoadInt64` while another " +
			"does `counter++`, is a data race.",
		Verdict: True,
		Ruling: "True: an atomic read does not order a plain write. `go run -race` reports it " +
			"(`WARNING: DATA RACE`) and exits with status 66.",
		Evidence: []Evidence{
			Output{Name: "06-detect-race", Find: `WARNING: DATA RACE`},
		},
		Test:      "TestS0_21_CounterSnippetIsADataRace",
		Teach:     "06-races.md#the-race-detector-go-test-race",
		Original:  "counter++ // ❌ 非原子写,触发data race",
		SectionZh: "2.2 并发读写panic的复现与汇编级根因追踪",
		RulingZh: "成立：原子读不能为普通写排定顺序。`go run -race` 会报告它（`WARNING: DATA RACE`）" +
			"，并以状态 66 退出。",
	},
	{
		ID:      "S0-22",
		Section: "2.2 Reproducing a concurrent read/write panic",
		Claim:   "`counter++` compiles to three instructions, `MOVQ`, `INCQ`, `MOVQ`, with no memory barrier.",
		Verdict: False,
		Ruling: "On amd64 (Go 1.25.5, 1.26.8 and 1.27.3) it is one instruction, `INCQ main.counter(SB)`, " +
			"without a `LOCK` prefix. It is still not atomic: the CPU reads, adds and writes, and " +
			"two cores can interleave.",
		Evidence: []Evidence{
			Output{Name: "09-s0-counter-asm", Find: `main.go:23\)\s+INCQ\s+main.counter\(SB\)`,
				Note: "line 23 is `counter++`, and no other instruction of it touches the counter"},
		},
		Test:      "TestS0_22_CounterIncrementIsOneInstruction",
		Program:   "go build -o /dev/null -gcflags=-S ./chapters/code/09-claims/s0/testdata/counter",
		Teach:     "06-races.md#what-the-check-misses",
		Original:  "counter++ 编译为 MOVQ, INCQ, MOVQ 三指令序列,无内存屏障",
		SectionZh: "2.2 并发读写panic的复现与汇编级根因追踪",
		RulingZh: "在 amd64 上（Go 1.25.5、1.26.8 和 1.27.3）它是一条指令 `INCQ main.counter(SB)`，" +
			"不带 `LOCK` 前缀。它仍然不是原子的：CPU 要读、加、写，两个核心的操作可能交错。",
	},
	{
		ID:      "S0-23",
		Section: "2.2 Reproducing a concurrent read/write panic",
		Claim: "The race triggers a panic like `runtime.throw(\"sync: unlock of unlocked mutex\")`: " +
			"a stale value is written back and the corrupted data makes the program panic.",
		Verdict: False,
		Ruling: "A race on a plain integer raises no error. With the post's one writer nothing is " +
			"even lost (the counter ends at 1,000,000); with two writers updates are lost, " +
			"silently. Only the map's own check, and only for maps, stops a program.",
		Evidence: []Evidence{
			Output{Name: "06-lost", Find: `updates lost, and no error`},
		},
		Test:      "TestS0_23_CounterRaceRaisesNoError",
		Program:   "go run ./chapters/code/06-races/lost",
		Teach:     "06-races.md#what-the-check-misses",
		Original:  "当 goroutine A 读取中被 B 修改,导致寄存器值与内存不一致,触发 runtime.throw(“sync: unlock of unlocked mutex”) 类似 panic",
		SectionZh: "2.2 并发读写panic的复现与汇编级根因追踪",
		RulingZh: "普通整数上的数据竞争不会引发任何错误。按文章的写法只有一个写者，连更新都不会丢（计数器最后是 1,000,000）" +
			"；有两个写者时更新会丢失，而且悄无声息。只有 map 自己的检查（也只针对 map）会让程序停下。",
	},
	{
		ID:      "S0-24",
		Section: "2.3 Where sync.Map fits in a controller",
		Claim:   "`sync.Map` reads take no lock.",
		Quote:   "sync.Map 的无锁读取特性",
		Verdict: True,
		Ruling: "True on the course's runtimes, Go 1.25, 1.26 and 1.27: since Go 1.24 `sync.Map` is " +
			"a hash-trie whose `Load` walks atomic pointers. The implementation of Go 1.23 and " +
			"earlier took its mutex on a miss while new keys waited in its dirty map.",
		Evidence: []Evidence{
			Source{At: Go127, File: hashTrie, Find: `^func \(ht \*HashTrieMap\[K, V\]\) Load\(`},
			Source{At: Go125, File: "src/sync/map.go", In: `^func \(m \*Map\) Load\(`, Find: `if !ok && read\.amended \{\n\s+m\.mu\.Lock\(\)`,
				Note: "the old `Load`, before it locks"},
		},
		Test:      "TestS0_24_SyncMapLoadTakesNoLock",
		Teach:     "06-races.md#fix-2-syncmap",
		Original:  "sync.Map 的无锁读取特性",
		SectionZh: "2.3 sync.Map在K8s控制器中的适用边界验证",
		RulingZh: "在本课程使用的运行时 Go 1.25、1.26 和 1.27 上成立：从 Go 1.24 起，`sync.Map` 是一棵哈希前缀树（hash-trie）" +
			"，它的 `Load` 只沿着原子指针往下走。Go 1.23 及更早的实现，在新键还待在 dirty map 里时，" +
			"一旦未命中就要加它的互斥锁。",
	},
	{
		ID:      "S0-25",
		Section: "2.3 Where sync.Map fits in a controller",
		Claim: "`Range` is not a consistent snapshot: updates made during it may be missed, or " +
			"seen.",
		Verdict: True,
		Ruling: "True, and documented. Measured: when the callback deletes keys not yet visited, " +
			"`Range` visits 500 of the 1000 keys present when it started, and some of the keys " +
			"stored meanwhile; no key twice.",
		Evidence: []Evidence{
			Source{At: Go127, File: "src/sync/map.go", Find: `Range does not necessarily correspond to any consistent snapshot`},
			Output{Name: "06-syncmap", Find: `^Range visited`},
		},
		Test:      "TestS0_25_RangeIsNotASnapshot",
		Program:   "go run ./chapters/code/06-races/syncmap",
		Teach:     "06-races.md#fix-2-syncmap",
		Original:  "不支持 Range 期间的强一致性快照:并发更新可能导致漏读或重复处理",
		SectionZh: "2.3 sync.Map在K8s控制器中的适用边界验证",
		RulingZh: "成立，而且文档写明了。测得：回调删除尚未访问的键时，`Range` 访问了开始时存在的 1000 个键中的 500 个，" +
			"以及期间新存入的部分键；没有哪个键被访问两次。",
	},
	{
		ID:      "S0-26",
		Section: "2.3 Where sync.Map fits in a controller",
		Claim:   "`sync.Map.Range` iterates segment by segment and retries.",
		Quote:   "底层采用分段迭代+重试机制",
		Verdict: False,
		Ruling: "Neither implementation has segments or retries. The hash-trie's `Range` walks the " +
			"trie once, recursively; the old one promoted its dirty map and ranged once over the " +
			"result.",
		Evidence: []Evidence{
			Source{At: Go127, File: hashTrie, Find: `if !ht.iter\(n.indirect\(\), yield\) \{`},
			Source{At: Go125, File: "src/sync/map.go", In: `^func \(m \*Map\) Range\(`, Find: `^\s+for k, e := range read.m \{`},
		},
		Test:      "TestS0_26_RangeWalksOnceWithoutRetry",
		Teach:     "06-races.md#fix-2-syncmap",
		Original:  "底层采用分段迭代+重试机制",
		SectionZh: "2.3 sync.Map在K8s控制器中的适用边界验证",
		RulingZh: "两种实现都既没有分段，也没有重试。哈希前缀树的 `Range` 递归地把树走一遍；旧实现先提升它的 dirty map，" +
			"再对结果遍历一遍。",
	},
	{
		ID:      "S0-27",
		Section: "2.3 Where sync.Map fits in a controller",
		Claim: "A `sync.Map` delete triggers no callback, which makes it hard to align with the " +
			"controller's reconcile lifecycle.",
		Verdict: Misleading,
		Ruling: "True, and true of every map, with or without a lock, so it says nothing against " +
			"`sync.Map`. A controller learns of deletions from the informer: the `DeleteFunc` of " +
			"its event handler, or a reconcile that finds the object gone.",
		Evidence: []Evidence{
			Output{Name: "06-syncmap", Find: `^methods:`},
			Source{At: clientGo35, File: "tools/cache/controller.go", In: `^type ResourceEventHandlerFuncs struct`, Find: `^\s+DeleteFunc func\(obj interface\{\}\)`},
		},
		Test:      "TestS0_27_NoMapCallsBackOnDelete",
		Teach:     "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
		Original:  "删除操作不触发回调,难以与控制器 reconcile 循环生命周期对齐",
		SectionZh: "2.3 sync.Map在K8s控制器中的适用边界验证",
		RulingZh: "成立，但这对每种 map 都成立，无论加不加锁，所以说明不了 `sync.Map` 有什么不好。" +
			"控制器是从 informer 得知删除的：事件处理函数里的 `DeleteFunc`，或者调和时发现对象已经不存在。",
	},
	{
		ID:      "S0-28",
		Section: "2.3 Where sync.Map fits in a controller",
		Claim: "`sync.Map` keys and values are `interface{}`: they need type assertions, with no " +
			"compile-time type safety.",
		Verdict: True,
		Ruling:  "True: they are `any`, and a wrong one-value assertion panics at run time.",
		Evidence: []Evidence{
			Source{At: Go127, File: "src/sync/map.go", Find: `^func \(m \*Map\) Load\(key any\) \(value any, ok bool\)`},
		},
		Test:      "TestS0_28_SyncMapHoldsAny",
		Teach:     "06-races.md#fix-2-syncmap",
		Original:  "参数 key/valueinterface{},需显式类型断言,缺乏编译期安全",
		SectionZh: "2.3 sync.Map在K8s控制器中的适用边界验证",
		RulingZh:  "成立：它们是 `any`，单返回值的类型断言一旦写错，会在运行时 panic。",
	},
	{
		ID:      "S0-29",
		Section: "2.3 Where sync.Map fits in a controller (the sample)",
		Claim: "The sample stores `&corev1.Pod{Status: corev1.PodRunning}` and tests " +
			"`pod.Status != corev1.PodRunning`.",
		Verdict: False,
		Ruling: "The sample does not compile: `Pod.Status` is a `PodStatus` struct and " +
			"`PodRunning` a `PodPhase` string; the phase is `pod.Status.Phase`.",
		Evidence: []Evidence{
			Source{At: "k8s.io/api@v0.35.0", File: "core/v1/types.go", Find: `^\s+PodRunning PodPhase = "Running"`},
			Source{At: "k8s.io/api@v0.35.0", File: "core/v1/types.go", In: `^type Pod struct`, Find: `^\s+Status PodStatus .json:"status,omitempty"`},
		},
		Test:      "TestS0_29_PodStatusSampleDoesNotCompile",
		Teach:     "06-races.md#fix-2-syncmap",
		Original:  "cache.Store(\"pod-1\", &corev1.Pod{Status: corev1.PodRunning}) cache.Range(func(key, value interface{}) bool { pod := value.(*corev1.Pod) if pod.Status != corev1.PodRunning {",
		SectionZh: "2.3 sync.Map在K8s控制器中的适用边界验证（示例代码）",
		RulingZh: "示例代码无法编译：`Pod.Status` 是 `PodStatus` 结构体，`PodRunning` 是 `PodPhase` 字符串；" +
			"Pod 的阶段是 `pod.Status.Phase`。",
	},
	{
		ID:      "S0-30",
		Section: "2.4 A Pod state map behind an RWMutex",
		Claim: "Pod states are read far more than written, so a `sync.RWMutex` gives more throughput " +
			"than a `Mutex`: `RLock` lets many readers in at once.",
		Quote:   "sync.RWMutex 比普通 Mutex 更具吞吐优势",
		Verdict: True,
		Ruling: "Readers do share an `RWMutex`, and on the course's 2-core machine 100 readers ran " +
			"about twice as fast with it as with a `Mutex` (−55% time per read). It is " +
			"not free: each `RLock` still updates one counter that every reader shares, and 10 " +
			"writers showed no significant difference. The gain depends on the cores, the mix and " +
			"the machine's load: measure your own.",
		Evidence: []Evidence{
			Source{At: Go127, File: "src/sync/rwmutex.go", Find: `rw.readerCount.Add\(1\) < 0`},
			Measured{Name: "09-s0-benchstat-locks", Unit: "sec/op", Row: "PodState/op=read-2", Col: "rwmutex", Says: "−55%"},
			Measured{Name: "09-s0-benchstat-locks", Unit: "sec/op", Row: "PodState/op=update-2", Col: "rwmutex", Says: "~"},
		},
		Test:      "TestS0_30_ReadersShareAnRWMutex",
		Program:   s0BenchLocks,
		Teach:     "06-races.md#fix-1-one-lock-around-the-map",
		Original:  "Pod 状态读多写少,sync.RWMutex 比普通 Mutex 更具吞吐优势",
		SectionZh: "2.4 基于RWMutex封装安全Pod状态映射的实战实现",
		RulingZh: "读者确实可以共享一把 `RWMutex`：在本课程的 2 核机器上，100 个读者用它比用 `Mutex` 快约一倍（每次读的耗时 −55%）" +
			"。但它不是没有代价：每次 `RLock` 仍要更新一个所有读者共享的计数器，而 10 个写者时没有显著差异。" +
			"收益取决于核数、读写比例和机器负载：请自己测量。",
	},
	{
		ID:      "S0-31",
		Section: "2.4 A Pod state map behind an RWMutex (the table)",
		Claim: "Measured: reads with 100 goroutines take 42 ns with `RWMutex` and 189 ns with " +
			"`Mutex`; updates with 10 goroutines take 137 ns and 126 ns; a read averages under 50 ns.",
		Verdict: Uncheckable,
		Ruling: "No code, machine, Go version or spread is given. The course's run of the same " +
			"shape on 2 cores (100 readers or 10 writers, 100,000 operations) goes the post's way " +
			"for reads, by less: `RWMutex` reads took less than half the time of `Mutex` reads " +
			"(−55%), not a quarter of it (the post's 42 ns against 189 ns); updates showed no " +
			"significant difference. Its absolute times depend on the machine and its load.",
		Evidence: []Evidence{
			Measured{Name: "09-s0-benchstat-locks", Unit: "sec/op", Row: "PodState/op=read-2", Col: "rwmutex", Says: "−55%"},
			Measured{Name: "09-s0-benchstat-locks", Unit: "sec/op", Row: "PodState/op=update-2", Col: "rwmutex", Says: "~"},
		},
		Program:   s0BenchLocks,
		Teach:     "06-races.md#which-one-is-fastest",
		Original:  "操作 RWMutex Mutex 读取(100并发) 42 189 更新(10并发) 137 126",
		SectionZh: "2.4 基于RWMutex封装安全Pod状态映射的实战实现（表格）",
		RulingZh: "文章没有给出代码、机器、Go 版本和离散程度。本课程在 2 核上按同样的形态运行（100 个读者或 10 个写者，" +
			"100,000 次操作），读的结果与文章方向一致，但差距更小：`RWMutex` 的读耗时不到 `Mutex` 的一半（−55%）" +
			"，而不是四分之一（文章的 42 ns 对 189 ns）；更新没有显著差异。绝对耗时取决于机器及其负载。",
	},
	{
		ID:      "S0-32",
		Section: "2.5 Load test: map, sync.Map, sharded map",
		Claim:   "`sync.Map` separates reads from writes and cleans up later; it suits read-mostly use.",
		Quote:   "sync.Map 采用读写分离 + 延迟清理",
		Verdict: SomeVersions,
		Ruling: "That describes the `sync.Map` of Go 1.23 and earlier (a read-only map and a dirty " +
			"map), kept in Go 1.24 and 1.25 behind `GOEXPERIMENT=nosynchashtriemap` (checked on " +
			"1.25). Since Go 1.24 it is a concurrent hash-trie by default, and Go 1.26 and 1.27 " +
			"have only that: neither has the experiment any more.",
		Evidence: []Evidence{
			Source{At: Go125, File: "src/sync/map.go", Find: `^//go:build !goexperiment.synchashtriemap`},
			Source{At: Go125, File: "src/sync/map.go", Find: `dirty map\[any\]\*entry`},
			Source{At: Go126, File: "src/sync/map.go", Find: `m isync.HashTrieMap\[any, any\]`},
			Source{At: Go127, File: "src/sync/map.go", Find: `m isync.HashTrieMap\[any, any\]`},
			Source{At: Go127, File: "src/internal/goexperiment", Find: `SyncHashTrieMap`, Absent: true},
		},
		Test:      "TestS0_32_SyncMapIsAHashTrieSinceGo124",
		Teach:     "06-races.md#fix-2-syncmap",
		Original:  "sync.Map 采用读写分离 + 延迟清理,适合读多写少场景",
		SectionZh: "2.5 压测对比:原生map vs sync.Map vs 分片锁map的吞吐与延迟",
		RulingZh: "这描述的是 Go 1.23 及更早的 `sync.Map`（一个只读 map 加一个 dirty map）" +
			"，Go 1.24 和 1.25 在 `GOEXPERIMENT=nosynchashtriemap` 下还保留着它（在 1.25 上检查过）" +
			"。从 Go 1.24 起它默认是并发的哈希前缀树，Go 1.26 和 1.27 只有这一种实现：" +
			"两者都已没有这个实验开关。",
	},
	{
		ID:      "S0-33",
		Section: "2.5 Load test: map, sync.Map, sharded map",
		Claim: "A sharded map hashes each key to one of N sub-maps, each with its own lock, which " +
			"lowers contention.",
		Verdict: True,
		Ruling: "True by design: an operation locks only its key's shard, so operations on other " +
			"shards proceed. Whether that is faster depends on the cores and the mix: on 2 cores, " +
			"32 shards did more operations than one `RWMutex` at 99% reads (+54%), and no " +
			"significantly different number at 90% and 50% (S0-35).",
		Evidence: []Evidence{
			Measured{Name: "09-s0-benchstat-shards", Unit: "ops/s", Row: "Shards/mix=read99-2", Col: "sharded32", Says: "+54%"},
			Measured{Name: "09-s0-benchstat-shards", Unit: "ops/s", Row: "Shards/mix=read90-2", Col: "sharded32", Says: "~"},
			Measured{Name: "09-s0-benchstat-shards", Unit: "ops/s", Row: "Shards/mix=read50-2", Col: "sharded32", Says: "~"},
		},
		Test:      "TestS0_33_ShardedMapLocksOneShard",
		Program:   s0BenchShards,
		Teach:     "06-races.md#fix-3-a-sharded-map",
		Original:  "分片锁 ShardedMap 将 key 哈希到 N 个子 map,每片独立锁,降低争用",
		SectionZh: "2.5 压测对比:原生map vs sync.Map vs 分片锁map的吞吐与延迟",
		RulingZh: "按设计成立：一次操作只锁它的键所在的分片，其他分片上的操作可以照常进行。是否更快取决于核数和读写比例：" +
			"在 2 核上，99% 读时 32 个分片比单个 `RWMutex` 完成的操作更多（+54%），" +
			"90% 和 50% 读时则没有显著差异（S0-35）。",
	},
	{
		ID:      "S0-34",
		Section: "2.5 Load test: map, sync.Map, sharded map",
		Claim:   "The number of shards should match the number of CPU cores, to balance load and memory.",
		Quote:   "shards 需匹配 CPU 核心数以平衡负载与内存开销",
		Verdict: Misleading,
		Ruling: "Two operations wait for each other when their keys share a shard, which happens " +
			"for about 1 pair in N. With as many shards as cores (2 here) that is half of all " +
			"pairs; the post itself uses 32. A shard costs a lock and a small map: use several " +
			"times more shards than cores, and measure.",
		Evidence: []Evidence{
			Output{Name: "09-s0-benchstat-shards", Find: `^Shards/mix=read90-2`},
		},
		Test:      "TestS0_34_ShardsAsManyAsCoresStillCollide",
		Program:   s0BenchShards,
		Teach:     "06-races.md#fix-3-a-sharded-map",
		Original:  "shards 需匹配 CPU 核心数以平衡负载与内存开销",
		SectionZh: "2.5 压测对比:原生map vs sync.Map vs 分片锁map的吞吐与延迟",
		RulingZh: "两次操作只有在键落在同一分片时才会互相等待，大约每 N 对中有 1 对如此。分片数与核数相同（这里是 2）" +
			"时，就是所有操作对的一半；文章自己用的是 32。一个分片的代价是一把锁和一个小 map：分片数应取核数的若干倍，" +
			"并实际测量。",
	},
	{
		ID:      "S0-35",
		Section: "2.5 Load test: map, sync.Map, sharded map (the table)",
		Claim: "With 32 workers, 100,000 operations and 32 shards: map+RWMutex 142k QPS (P99 " +
			"860 µs), `sync.Map` 298k (310 µs), sharded map 415k (192 µs).",
		Verdict: Uncheckable,
		Ruling: "No read/write mix, key space, machine, Go version or code is given. Run as " +
			"described on 2 cores at three mixes: at 99% reads `sync.Map` (+77%) and the 32-shard " +
			"map (+54%) beat the `RWMutex` map, `sync.Map` first; at 90% reads neither differs " +
			"significantly from it; at 50% reads `sync.Map` is behind (−16%) and the 32-shard map " +
			"no different. In that run the post's order, the sharded map first, came out in no " +
			"mix. The P99 latencies of 32 goroutines on 2 cores measure the scheduler as much as " +
			"the map: the 32-shard map had the best at 99% reads and the worst at 90% and 50%.",
		Evidence: []Evidence{
			Measured{Name: "09-s0-benchstat-shards", Unit: "ops/s", Row: "Shards/mix=read99-2", Col: "syncmap", Says: "+77%"},
			Measured{Name: "09-s0-benchstat-shards", Unit: "ops/s", Row: "Shards/mix=read99-2", Col: "sharded32", Says: "+54%"},
			Measured{Name: "09-s0-benchstat-shards", Unit: "ops/s", Row: "Shards/mix=read90-2", Col: "syncmap", Says: "~"},
			Measured{Name: "09-s0-benchstat-shards", Unit: "ops/s", Row: "Shards/mix=read90-2", Col: "sharded32", Says: "~"},
			Measured{Name: "09-s0-benchstat-shards", Unit: "ops/s", Row: "Shards/mix=read50-2", Col: "syncmap", Says: "−16%"},
			Measured{Name: "09-s0-benchstat-shards", Unit: "ops/s", Row: "Shards/mix=read50-2", Col: "sharded32", Says: "~"},
			Output{Name: "06-bench", Find: `^Map/mix=read90-2`},
		},
		Program:   s0BenchShards,
		Teach:     "06-races.md#which-one-is-fastest",
		Original:  "实现方式 吞吐(QPS) P99 延迟(μs) 原生 map + RWMutex 142k 860 sync.Map 298k 310 分片锁 map 415k 192",
		SectionZh: "2.5 压测对比:原生map vs sync.Map vs 分片锁map的吞吐与延迟（表格）",
		RulingZh: "文章没有给出读写比例、键空间、机器、Go 版本和代码。按文中描述在 2 核上以三种读写比例运行：" +
			"99% 读时，`sync.Map`（+77%）和 32 分片 map（+54%）都胜过 `RWMutex` map，" +
			"`sync.Map` 居首；90% 读时两者与它都没有显著差异；50% 读时 `sync.Map` 落后（−16%）" +
			"，32 分片 map 没有差异。在这次运行中，文章的排序（分片 map 居首）在哪种比例下都没有出现。" +
			"2 核上 32 个 goroutine 的 P99 延迟，测的既是 map 也是调度器：32 分片 map 在 99% 读时最好，" +
			"在 90% 和 50% 读时最差。",
	},
	{
		ID:      "S0-36",
		Section: "3.1 The informer's podStore",
		Claim: "The informer's `podStore` is a `cache.Store` over a `map[string]interface{}` with " +
			"no lock: it is not thread-safe.",
		Quote:   "底层使用 map[string]interface{} 存储 Pod 对象,未加锁——即非线程安全",
		Verdict: False,
		Ruling: "`cache.NewStore` and every informer's indexer keep their objects in a " +
			"`threadSafeMap`, whose map is guarded by a `sync.RWMutex`, at v0.20.0, v0.25.0 and " +
			"v0.35.0 alike.",
		Evidence: []Evidence{
			Source{At: clientGo35, File: safeStore, Find: `^\s+lock +sync.RWMutex`},
			Source{At: clientGo35, File: "tools/cache/store.go", In: `^func NewStore\(`, Find: `cacheStorage: NewThreadSafeStore`},
			Source{At: clientGo35, File: "tools/cache/store.go", In: `^func NewIndexer\(`, Find: `cacheStorage: NewThreadSafeStore`},
		},
		Test:      "TestS0_36_InformerStoreIsAThreadSafeMap",
		Teach:     "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
		Original:  "podStore 是一个 cache.Store 实现,底层使用 map[string]interface{} 存储 Pod 对象,未加锁——即非线程安全",
		SectionZh: "3.1 K8s Informer中podStore的非线程安全map导致watch阻塞的现场还原",
		RulingZh: "`cache.NewStore` 和每个 informer 的 indexer 都把对象存放在 `threadSafeMap` 里，" +
			"其中的 map 由 `sync.RWMutex` 保护，v0.20.0、v0.25.0 和 v0.35.0 都是如此。",
	},
	{
		ID:      "S0-37",
		Section: "3.1 The informer's podStore",
		Claim: "`cache/store.go` defines `type cacheStore struct { items map[string]interface{}; " +
			"lock sync.RWMutex }`, and its `Replace` assigns `s.items[key]` directly.",
		Verdict: NoSuchAPI,
		Ruling: "There is no `cacheStore` in `tools/cache` at v0.20.0, v0.25.0 or v0.35.0. The " +
			"store is `type cache struct` with a `cacheStorage ThreadSafeStore`, and the map is " +
			"in `threadSafeMap`, whose `Replace` takes its lock. (The post's own struct has a lock.)",
		Evidence: []Evidence{
			Source{At: clientGo20, File: "tools/cache", Find: `cacheStore`, Absent: true},
			Source{At: clientGo25, File: "tools/cache", Find: `cacheStore`, Absent: true},
			Source{At: clientGo35, File: "tools/cache", Find: `cacheStore`, Absent: true},
			Source{At: clientGo35, File: "tools/cache/store.go", Find: `^type cache struct`},
		},
		Test:      "TestS0_37_NoCacheStoreType",
		Teach:     "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
		Original:  "// 源码片段:cache/store.go 中非线程安全的 map 操作 type cacheStore struct { items map[string]interface{} // ❌ 无 mutex 保护 lock sync.RWMutex }",
		SectionZh: "3.1 K8s Informer中podStore的非线程安全map导致watch阻塞的现场还原",
		RulingZh: "v0.20.0、v0.25.0 和 v0.35.0 的 `tools/cache` 中都没有 `cacheStore`。" +
			"store 是 `type cache struct`，其中有一个 `cacheStorage ThreadSafeStore`，" +
			"map 则在 `threadSafeMap` 里，它的 `Replace` 会加锁。（文章自己给出的结构体里就有一把锁。" +
			"）",
	},
	{
		ID:      "S0-38",
		Section: "3.1 The informer's podStore",
		Claim:   "client-go v0.25 and later fixed this; v0.20 and earlier still have the unlocked map.",
		Quote:   "旧版(v0.20-)仍存在此问题",
		Verdict: False,
		Ruling: "There was nothing to fix: `threadSafeMap` has the same `sync.RWMutex` at v0.20.0 " +
			"as at v0.25.0, and its methods take it.",
		Evidence: []Evidence{
			Source{At: clientGo20, File: safeStore, Find: `^\s+lock +sync.RWMutex`},
			Source{At: clientGo25, File: safeStore, Find: `^\s+lock +sync.RWMutex`},
		},
		Test:      "TestS0_38_TheLockPredatesV025",
		Teach:     "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
		Original:  "实际 k8s.io/client-go v0.25+ 已修复,但旧版(v0.20-)仍存在此问题",
		SectionZh: "3.1 K8s Informer中podStore的非线程安全map导致watch阻塞的现场还原",
		RulingZh: "根本没有什么需要修复：`threadSafeMap` 在 v0.20.0 和 v0.25.0 中有同样的 `sync.RWMutex`，" +
			"它的方法都会加这把锁。",
	},
	{
		ID:      "S0-39",
		Section: "3.1 The informer's podStore",
		Claim: "The reflector's `watchHandler` keeps calling `store.Replace()` while user code calls " +
			"`List()` or `Get()`, and the store panics with `concurrent map read and map write`.",
		Verdict: False,
		Ruling: "The reflector calls `Replace` after a list, and `Add`, `Update`, `Delete` for watch " +
			"events. All of them, and `List`, take the store's lock: `Replace`, `List`, `Add`, " +
			"`Update`, `Delete` and `GetByKey` from four goroutines at once, under `-race`, report " +
			"nothing and crash nothing.",
		Evidence: []Evidence{
			Source{At: clientGo35, File: "tools/cache/reflector.go", Find: `return r.store.Replace\(found, resourceVersion\)`},
			Source{At: clientGo35, File: "tools/cache/reflector.go", Find: `err := store.Add\(event.Object\)`},
		},
		Test:      "TestS0_39_ReplaceAndListDoNotRace",
		Teach:     "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
		Original:  "ReflectorwatchHandler 在 goroutine 中持续 store.Replace() 时,若用户代码(如自定义控制器)同时调用 store.List()store.Get(),会触发 map 并发读写 panic",
		SectionZh: "3.1 K8s Informer中podStore的非线程安全map导致watch阻塞的现场还原",
		RulingZh: "reflector 在 list 之后调用 `Replace`，对 watch 事件调用 `Add`、`Update`、`Delete`。" +
			"这些方法以及 `List` 都会加 store 的锁：在 `-race` 下由四个 goroutine 同时调用 `Replace`、`List`、`Add`、`Update`、`Delete` 和 `GetByKey`，" +
			"既没有任何报告，也没有崩溃。",
	},
	{
		ID:      "S0-40",
		Section: "3.1 The informer's podStore",
		Claim: "The map race makes the watch goroutine panic and exit, which breaks the Watch " +
			"connection.",
		Quote:   "导致 watch 协程 panic 后退出,Watch 连接中断",
		Verdict: False,
		Ruling: "A concurrent map access is a fatal error, and it ends the process, not a goroutine: " +
			"`recover` does not catch it. Even an ordinary panic that a goroutine does not recover " +
			"ends the whole process (exit status 2).",
		Evidence: []Evidence{
			Source{At: Go127, File: "src/runtime/panic.go", Find: `^// fatal triggers a fatal error that dumps a stack trace and exits.`},
			Output{Name: "06-fatal", Find: `a deferred recover caught it: false`},
		},
		Test:      "TestS0_40_FatalErrorEndsEveryGoroutine",
		Program:   "go test -count=1 -v -run TestFatal ./chapters/code/06-races/fatal",
		Teach:     "06-races.md#the-runtimes-check-a-flag-that-writers-toggle",
		Original:  "导致 watch 协程 panic 后退出,Watch 连接中断",
		SectionZh: "3.1 K8s Informer中podStore的非线程安全map导致watch阻塞的现场还原",
		RulingZh: "并发访问 map 是致命错误（fatal error），它结束的是整个进程，而不是一个 goroutine：" +
			"`recover` 捕获不到它。即使是普通的 panic，只要 goroutine 没有 recover，" +
			"也会结束整个进程（退出状态 2）。",
	},
	{
		ID:      "S0-41",
		Section: "3.1 The informer's podStore (the table)",
		Claim:   "`GOGC=10` makes the map's concurrency error trigger sooner.",
		Quote:   "GOGC=10 | 启用 | 加速 map 并发冲突触发",
		Verdict: False,
		Ruling: "The check is a flag in the map's header that writers set and test; the garbage " +
			"collector plays no part in it. Measured on Go 1.27.3, 60 runs per setting, interleaved: two " +
			"writers storing new objects into one map died with `concurrent map writes` in every run, and " +
			"`GOGC=10` did not bring the crash sooner. The median time to it, as the writers clocked it, was " +
			"0.49 ms at `GOGC=10` (95% CI 0.13–0.80 ms), 0.11 ms at `100` (0.09–0.13 ms) and 0.10 ms with " +
			"`off` (0.09–0.14 ms), with a long tail in every setting: if anything, later at `GOGC=10`, " +
			"where the collector runs most (Mann–Whitney p = 0.006 against `100`, p = 0.029 against " +
			"`off`). (A writer may also first panic on the map " +
			"the race broke: chapter 06, What the check misses.)",
		Evidence: []Evidence{
			Source{At: Go127, File: swissMaps + "/map.go", Find: `^\s+writing uint8`},
			Output{Name: "09-s0-gogc", Find: `^10 +60 +60 `},
			Output{Name: "09-s0-gogc", Find: `^100 +60 +60 `},
			Output{Name: "09-s0-gogc", Find: `^off +60 +60 `},
			Output{Name: "09-s0-gogc", Find: `^GOGC=10 against GOGC=100: `},
			Output{Name: "09-s0-gogc", Find: `^GOGC=10 against GOGC=off: `},
		},
		Program:   lanes.DefaultLane().Prefix() + "go run ./chapters/code/09-claims/s0/gogcrace",
		Test:      "TestS0_41_GOGCDoesNotDecideTheCrash",
		Teach:     "06-races.md#the-runtimes-check-a-flag-that-writers-toggle",
		Original:  "GOGC=10 启用 加速 map 并发冲突触发",
		SectionZh: "3.1 K8s Informer中podStore的非线程安全map导致watch阻塞的现场还原（表格）",
		RulingZh: "这个检查是 map 头部的一个标志位，由写者设置和检测；垃圾回收器与此无关。在 Go 1.27.3 上测得，" +
			"每种设置 60 次，交替运行：两个写者向同一个 map 存入新对象，每次都以 `concurrent map writes` 终止，" +
			"`GOGC=10` 并没有让崩溃来得更早。按写者自己计的时，到崩溃的中位时间在 `GOGC=10` 时为 0.49 ms（95% 置信区间 0.13–0.80 ms）" +
			"，`100` 时为 0.11 ms（0.09–0.13 ms），`off` 时为 0.10 ms（0.09–0.14 ms）" +
			"，每种设置都有长尾：如果说有差别，也是在垃圾回收器运行最频繁的 `GOGC=10` 下更晚（Mann–Whitney 检验与 `100` 相比 p = 0.006，" +
			"与 `off` 相比 p = 0.029）。（写者也可能先因被竞争破坏的 map 而 panic：" +
			"见第 06 章“What the check misses”一节。）",
	},
	{
		ID:      "S0-42",
		Section: "3.1 The informer's podStore (the table)",
		Claim:   "The environment variable `KUBE_CLIENT_QPS=50` raises the reflector's replace rate.",
		Verdict: NoSuchAPI,
		Ruling: "Neither client-go (v0.20.0, v0.35.0) nor controller-runtime (v0.17.0, v0.23.3) reads " +
			"such a variable. A client's rate is the field `rest.Config.QPS`.",
		Evidence: []Evidence{
			Source{At: clientGo20, File: ".", Find: `KUBE_CLIENT_QPS`, Absent: true, Note: "in any non-test Go file of the module"},
			Source{At: clientGo35, File: ".", Find: `KUBE_CLIENT_QPS`, Absent: true, Note: "in any non-test Go file of the module"},
			Source{At: ctrlRT17, File: ".", Find: `KUBE_CLIENT_QPS`, Absent: true, Note: "in any non-test Go file of the module"},
			Source{At: ctrlRT23, File: ".", Find: `KUBE_CLIENT_QPS`, Absent: true, Note: "in any non-test Go file of the module"},
			Source{At: clientGo35, File: "rest/config.go", Find: `^\s+QPS float32`},
		},
		Test:      "TestS0_42_NoKubeClientQPSVariable",
		Teach:     "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
		Original:  "KUBE_CLIENT_QPS=50 调高 增加 reflector 替换频率",
		SectionZh: "3.1 K8s Informer中podStore的非线程安全map导致watch阻塞的现场还原（表格）",
		RulingZh: "client-go（v0.20.0、v0.35.0）和 controller-runtime（v0.17.0、v0.23.3）" +
			"都不读取这样的环境变量。客户端的速率由字段 `rest.Config.QPS` 设定。",
	},
	{
		ID:      "S0-43",
		Section: "3.2 Goroutine leaks and etcd's Watcher",
		Claim: "etcd's clientv3 `Watcher` starts its own goroutine and sends events to a " +
			"user-provided `chan *clientv3.WatchResponse`.",
		Verdict: False,
		Ruling: "The user provides no channel: `Watch` returns a `WatchChan` (`<-chan WatchResponse`, " +
			"values, not pointers) that the client makes. (And a controller's informer does not " +
			"use etcd's client at all: S0-01.)",
		Evidence: []Evidence{
			Source{At: etcdV3, File: "watch.go", Find: `^type WatchChan <-chan WatchResponse$`},
			Source{At: etcdV3, File: "watch.go", Find: `Watch\(ctx context.Context, key string, opts \.\.\.OpOption\) WatchChan$`},
		},
		Test:      "TestS0_43_WatchReturnsTheClientsChannel",
		Teach:     "08-operator.md#why-a-real-api-server",
		Original:  "etcd clientv3.Watcher 内部启动独立 goroutine 拉取 gRPC stream 响应,并将事件发送至用户提供的 chan *clientv3.WatchResponse",
		SectionZh: "3.2 goroutine泄漏与chan阻塞如何触发etcd clientv3 Watcher超时退出",
		RulingZh: "用户并不提供 channel：`Watch` 返回一个由客户端创建的 `WatchChan`（`<-chan WatchResponse`，" +
			"传的是值而不是指针）。（而且控制器的 informer 根本不使用 etcd 的客户端：见 S0-01。" +
			"）",
	},
	{
		ID:      "S0-44",
		Section: "3.2 Goroutine leaks and etcd's Watcher",
		Claim:   "The watch channel's buffer is 10 by default, and fills up when the reader is slow.",
		Quote:   "缓冲区(默认 10)",
		Verdict: False,
		Ruling: "The channel `Watch` returns has a buffer of 1. Behind it each watch keeps an " +
			"unbounded slice of responses (`buf []*WatchResponse`), so it does not fill up.",
		Evidence: []Evidence{
			Source{At: etcdV3, File: "watch.go", Find: `outc := make\(chan WatchResponse, 1\)`},
			Source{At: etcdV3, File: "watch.go", Find: `^\s+buf \[\]\*WatchResponse$`},
		},
		Test:      "TestS0_44_WatchChannelBuffersOneResponse",
		Teach:     "08-operator.md#why-a-real-api-server",
		Original:  "该 channel 若未被及时消费,会迅速填满缓冲区(默认 10)",
		SectionZh: "3.2 goroutine泄漏与chan阻塞如何触发etcd clientv3 Watcher超时退出",
		RulingZh: "`Watch` 返回的 channel 缓冲区大小是 1。在它后面，每个 watch 还保存着一个不限长度的响应切片（`buf []*WatchResponse`）" +
			"，所以不会被填满。",
	},
	{
		ID:      "S0-45",
		Section: "3.2 Goroutine leaks and etcd's Watcher",
		Claim: "A reader that does not drain the channel blocks the watcher's send, stalls " +
			"`recvLoop`, times out the keepalive, closes the gRPC stream, and the watch ends with " +
			"`context.DeadlineExceeded`.",
		Verdict: False,
		Ruling: "Each watch's `serveSubstream` sends to the reader only when the reader takes, and " +
			"meanwhile keeps receiving into its unbounded buffer (“TODO pause channel if buffer " +
			"gets too large”), so a slow reader does not block the stream; it grows memory. Tried with " +
			"that client on envtest's etcd, with 2-second keepalives: a watch left unread while 2000 " +
			"events arrived and for 10 s or more after got all 2000, in order, with no error, and another watch " +
			"on the same stream got all of its 2000 before the slow one was read.",
		Evidence: []Evidence{
			Source{At: etcdV3, File: "watch.go", Find: `ws.buf = append\(ws.buf, wr\)`},
			Source{At: etcdV3, File: "watch.go", Find: `// TODO pause channel if buffer gets too large`},
		},
		Test:      "TestS0_45_ASlowReaderDoesNotBlockTheStream",
		Teach:     "08-operator.md#why-a-real-api-server",
		Original:  "→ 阻塞后 recvLoop 无法处理新响应 → 心跳包(keepalive)超时 → gRPC stream 关闭 → Watcher 触发 context.DeadlineExceeded",
		SectionZh: "3.2 goroutine泄漏与chan阻塞如何触发etcd clientv3 Watcher超时退出",
		RulingZh: "每个 watch 的 `serveSubstream` 只在读者来取时才发给读者，其间继续把响应收进不限长度的缓冲区（“TODO pause channel if buffer gets too large”）" +
			"，所以慢读者不会阻塞这条流，只会让内存增长。用这个客户端在 envtest 的 etcd 上、以 2 秒的 keepalive 试过：" +
			"一个 watch 在 2000 个事件到达期间及之后 10 s 以上都不读，最终按顺序收到了全部 2000 个事件，" +
			"没有任何错误；同一条流上的另一个 watch 在慢的那个被读取之前，就收到了它自己的全部 2000 个。",
	},
	{
		ID:      "S0-46",
		Section: "3.2 Goroutine leaks and etcd's Watcher (the table)",
		Claim:   "`WatchOption.WithProgressNotify` defaults to false; enabling it adds heartbeats.",
		Verdict: NoSuchAPI,
		Ruling: "etcd's client v3.6.14 has no `WatchOption`. The option is the function " +
			"`clientv3.WithProgressNotify()`, an `OpOption`; off unless passed, it asks for a " +
			"progress response every 10 minutes without events.",
		Evidence: []Evidence{
			Source{At: etcdV3, File: ".", Find: `WatchOption`, Absent: true, Note: "in any non-test Go file of the module"},
			Source{At: etcdV3, File: "op.go", Find: `^func WithProgressNotify\(\) OpOption`},
		},
		Test:      "TestS0_46_NoWatchOptionType",
		Teach:     "08-operator.md#why-a-real-api-server",
		Original:  "WatchOption.WithProgressNotify false 启用后增加心跳事件频次,加剧阻塞压力",
		SectionZh: "3.2 goroutine泄漏与chan阻塞如何触发etcd clientv3 Watcher超时退出（表格）",
		RulingZh: "etcd 客户端 v3.6.14 没有 `WatchOption`。这个选项是函数 `clientv3.WithProgressNotify()`，" +
			"一个 `OpOption`；不传就不开启，开启后在没有事件时每 10 分钟请求一次进度响应。",
	},
	{
		ID:      "S0-47",
		Section: "3.2 Goroutine leaks and etcd's Watcher (the table)",
		Claim:   "`clientv3.Config.DialTimeout` defaults to 5 s.",
		Verdict: False,
		Ruling: "It has no default: 0 means no dial timeout, and the client sets one only when the " +
			"field is positive. The 5 s is in a usage example of the package documentation.",
		Evidence: []Evidence{
			Source{At: etcdV3, File: "client.go", In: `^func \(c \*Client\) dial\(`, Find: `if c.cfg.DialTimeout > 0 \{`},
			Source{At: etcdV3, File: "doc.go", Find: `DialTimeout: 5 \* time.Second`},
		},
		Test:      "TestS0_47_DialTimeoutHasNoDefault",
		Teach:     "08-operator.md#why-a-real-api-server",
		Original:  "clientv3.Config.DialTimeout 5s 连接失败延迟暴露阻塞问题",
		SectionZh: "3.2 goroutine泄漏与chan阻塞如何触发etcd clientv3 Watcher超时退出（表格）",
		RulingZh:  "它没有默认值：0 表示没有拨号超时，客户端只在该字段为正数时才设置超时。5 s 出自包文档里的一个用法示例。",
	},
	{
		ID:      "S0-48",
		Section: "3.3 From a pprof trace to the broken watch",
		Claim: "A pprof trace shows `runtime.throw(\"concurrent map writes\")` in " +
			"`runtime.mapassign_fast64`.",
		Verdict: False,
		Ruling: "The error ends the process, so no profile records it; the crash prints its own " +
			"traceback. By default that traceback leaves out the frames of package `runtime`: it shows where the " +
			"program wrote the map, under one `internal/runtime/maps.fatal` frame on Go 1.26 and 1.27 (none on the " +
			"classic map). `fatal` prints the runtime's frames only with `GOTRACEBACK=system` or higher, which is why the " +
			"test sets it. Then the traceback shows `runtime.fatal`, not `throw` (since Go 1.19), and for string " +
			"keys, as an informer's are, `runtime.mapassign_faststr`.",
		Evidence: []Evidence{
			Source{At: Go127, File: "src/runtime/panic.go", Find: `^func fatal\(s string\)`},
			Source{At: Go127, File: "src/runtime/panic.go", Find: `// fatal does not include runtime frames, system goroutines, or frame metadata\n// \(fp, sp, pc\) in the stack trace unless GOTRACEBACK=system or higher\.`},
			Source{At: Go127, File: swissMaps + "/runtime_faststr.go", Find: `^func runtime_mapassign_faststr\(`},
		},
		Test:      "TestS0_48_TheCrashIsAFatalErrorInMapassignFaststr",
		Teach:     "06-races.md#the-runtimes-check-a-flag-that-writers-toggle",
		Original:  "// trace 中高频出现 runtime.throw(\"concurrent map writes\")",
		SectionZh: "3.3 从pprof trace定位map写竞争到watch流断裂的全链路证据链",
		RulingZh: "这个错误会结束进程，所以没有哪个 profile 能记录到它；崩溃时会打印它自己的栈回溯。默认情况下，" +
			"这份回溯不含 `runtime` 包的栈帧：它显示程序在哪里写了 map，在 Go 1.26 和 1.27 上其上方还有一个 " +
			"`internal/runtime/maps.fatal` 栈帧（经典 map 上没有）。`fatal` 只在 `GOTRACEBACK=system` 或更高时才打印运行时的栈帧，" +
			"所以测试设置了它。这时回溯中显示的是 `runtime.fatal` 而不是 `throw`（Go 1.19 起）" +
			"，对于字符串键（informer 的键就是字符串）则是 `runtime.mapassign_faststr`。",
	},
	{
		ID:      "S0-49",
		Section: "3.3 From a pprof trace to the broken watch",
		Claim: "The trace runs through `store.Replace()` → `store.deleteAllFromMap()`, and " +
			"goroutines block on `store.mu.Lock()`.",
		Verdict: NoSuchAPI,
		Ruling: "client-go has no `deleteAllFromMap` (v0.20.0, v0.25.0, v0.35.0), and " +
			"`threadSafeMap` has no field `mu`: its lock is `lock`, which `Replace` takes.",
		Evidence: []Evidence{
			Source{At: clientGo20, File: "tools/cache", Find: `deleteAllFromMap`, Absent: true},
			Source{At: clientGo25, File: "tools/cache", Find: `deleteAllFromMap`, Absent: true},
			Source{At: clientGo35, File: "tools/cache", Find: `deleteAllFromMap`, Absent: true},
		},
		Test:      "TestS0_49_NoDeleteAllFromMapNorMu",
		Teach:     "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
		Original:  "// 对应 Reflector.store.Replace() 调用栈中: // → store.Replace() // → store.deleteAllFromMap() // 非原子遍历+删除",
		SectionZh: "3.3 从pprof trace定位map写竞争到watch流断裂的全链路证据链",
		RulingZh: "client-go 中没有 `deleteAllFromMap`（v0.20.0、v0.25.0、v0.35.0）" +
			"，`threadSafeMap` 也没有 `mu` 字段：它的锁叫 `lock`，`Replace` 会加这把锁。",
	},
	{
		ID:      "S0-50",
		Section: "3.3 From a pprof trace to the broken watch",
		Claim: "Reflector → DeltaFIFO → store: the DeltaFIFO and the store (`threadSafeMap`) are " +
			"guarded by `sync.RWMutex`.",
		Verdict: SomeVersions,
		Ruling: "The locks are there, which contradicts the post's own section 3.1. The queue " +
			"changed: since client-go v0.33 the feature `InOrderInformers`, on by default, makes " +
			"informers queue deltas in a `RealFIFO`, which has its own `sync.RWMutex`.",
		Evidence: []Evidence{
			Source{At: clientGo35, File: "tools/cache/delta_fifo.go", Find: `^\s+lock sync.RWMutex`},
			Source{At: clientGo35, File: "tools/cache/the_real_fifo.go", Find: `^\s+lock sync.RWMutex`},
			Source{At: clientGo35, File: "features/known_features.go", Find: `Version: version.MustParse\("1.33"\), Default: true, PreRelease: Beta`,
				Note: "the feature `InOrderInformers`"},
		},
		Test:      "TestS0_50_EveryQueueAndStoreLocks",
		Teach:     "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
		Original:  "Reflector 通过 watch.Interface 持久监听资源变更,将事件写入 DeltaFIFO 队列;其内部 storethreadSafeMap)使用 sync.RWMutex 保护",
		SectionZh: "3.3 从pprof trace定位map写竞争到watch流断裂的全链路证据链",
		RulingZh: "这些锁确实存在，这与文章自己的 3.1 节相矛盾。队列变过：从 client-go v0.33 起，" +
			"默认开启的特性 `InOrderInformers` 让 informer 把增量放进 `RealFIFO`，" +
			"它有自己的 `sync.RWMutex`。",
	},
	{
		ID:      "S0-51",
		Section: "3.3 From a pprof trace to the broken watch (the table)",
		Claim:   "kube-apiserver logs `timeout waiting for watch event` when the stream breaks.",
		Verdict: False,
		Ruling: "No such message exists in the API server's code (`k8s.io/apiserver` v0.35.0, " +
			"kubernetes v1.35.8's `cmd/kube-apiserver` and `pkg`) or in client-go v0.35.0; " +
			"the nearest strings are in Kubernetes' end-to-end tests.",
		Evidence: []Evidence{
			Source{At: "k8s.io/apiserver@v0.35.0", File: ".", Find: `waiting for watch event`, Absent: true, Note: "in any non-test Go file of the module"},
			Source{At: "k8s.io/kubernetes@v1.35.8", File: "pkg", Find: `waiting for watch event`, Absent: true},
			Source{At: clientGo35, File: ".", Find: `waiting for watch event`, Absent: true, Note: "in any non-test Go file of the module"},
		},
		Test:      "TestS0_51_NoSuchAPIServerLogLine",
		Teach:     "08-operator.md#why-a-real-api-server",
		Original:  "kube-apiserver 日志 timeout waiting for watch event 流中断后 30s 未收到 heartbeat",
		SectionZh: "3.3 从pprof trace定位map写竞争到watch流断裂的全链路证据链（表格）",
		RulingZh: "API server 的代码（`k8s.io/apiserver` v0.35.0，kubernetes v1.35.8 的 `cmd/kube-apiserver` 和 `pkg`）" +
			"和 client-go v0.35.0 中都没有这条消息；最接近的字符串出现在 Kubernetes 的端到端测试里。",
	},
	{
		ID:      "S0-52",
		Section: "4.1 controller-runtime's StatefulMap",
		Claim: "controller-runtime has a `StatefulMap` abstraction, with `Get`/`Set`/`Delete` and " +
			"compare-and-swap on `ResourceVersion`.",
		Verdict: NoSuchAPI,
		Ruling: "controller-runtime has no `StatefulMap`, at v0.17.0 (the version post S1 names) or " +
			"v0.23.3.",
		Evidence: []Evidence{
			Source{At: ctrlRT17, File: ".", Find: `StatefulMap`, Absent: true, Note: "in any non-test Go file of the module"},
			Source{At: ctrlRT23, File: ".", Find: `StatefulMap`, Absent: true, Note: "in any non-test Go file of the module"},
		},
		Test:      "TestS0_52_NoStatefulMapInControllerRuntime",
		Teach:     "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
		Original:  "StatefulMap应运而生——它将键值存储与资源版本(ResourceVersion)耦合",
		SectionZh: "4.1 Controller Runtime中StatefulMap抽象的设计动机与API契约",
		RulingZh: "controller-runtime 没有 `StatefulMap`，无论 v0.17.0（文章 S1 提到的版本）" +
			"还是 v0.23.3。",
	},
	{
		ID:      "S0-53",
		Section: "4.2 LevelDB with an in-memory index",
		Claim: "`db.Put(util.BytesPrefix(key), value, nil)` writes a key whose prefix encoding " +
			"works with range queries.",
		Verdict: False,
		Ruling: "In goleveldb, `util.BytesPrefix` returns a `*util.Range` (for iterators), and " +
			"`DB.Put` takes the key as `[]byte`: the line does not compile.",
		Evidence: []Evidence{
			Source{At: levelDB, File: "leveldb/util/range.go", Find: `^func BytesPrefix\(prefix \[\]byte\) \*Range \{`},
			Source{At: levelDB, File: "leveldb/db_write.go", Find: `^func \(db \*DB\) Put\(key, value \[\]byte, wo \*opt.WriteOptions\) error \{`},
		},
		Test:      "TestS0_53_BytesPrefixIsARangeNotAKey",
		Teach:     "07-controllers.md#3-keys-that-outlive-their-objects",
		Original:  "util.BytesPrefix(key) 确保前缀编码兼容范围查询",
		SectionZh: "4.2 基于LevelDB+内存索引的混合状态存储方案实现",
		RulingZh: "在 goleveldb 中，`util.BytesPrefix` 返回的是 `*util.Range`（供迭代器使用）" +
			"，而 `DB.Put` 接受的键是 `[]byte`：这一行无法编译。",
	},
	{
		ID:      "S0-54",
		Section: "4.2 LevelDB with an in-memory index",
		Claim:   "Passing `nil` write options makes LevelDB flush to disk synchronously.",
		Quote:   "nil 表示使用默认写选项(同步刷盘)",
		Verdict: False,
		Ruling: "`nil` options mean `Sync` false: the write is not followed by an fsync, and may be " +
			"lost in a machine crash.",
		Evidence: []Evidence{
			Source{At: levelDB, File: "leveldb/opt/options.go", Find: `^func \(wo \*WriteOptions\) GetSync\(\) bool`},
			Source{At: levelDB, File: "leveldb/opt/options.go", In: `^type WriteOptions struct`, Find: `// The default value is false\.\n\s+Sync bool`},
		},
		Test:      "TestS0_54_NilWriteOptionsDoNotSync",
		Teach:     "07-controllers.md#3-keys-that-outlive-their-objects",
		Original:  "nil 表示使用默认写选项(同步刷盘)",
		SectionZh: "4.2 基于LevelDB+内存索引的混合状态存储方案实现",
		RulingZh:  "选项为 `nil` 意味着 `Sync` 为 false：写入之后不做 fsync，机器崩溃时可能丢失。",
	},
	{
		ID:      "S0-55",
		Section: "4.2 LevelDB with an in-memory index",
		Claim:   "A `sync.Map` index reads and writes without locks, avoiding a concurrency bottleneck.",
		Quote:   "内存索引无锁读写,避免并发瓶颈",
		Verdict: False,
		Ruling: "Reads take no lock; writes do. Since Go 1.24 a `Store` locks the trie node it " +
			"changes; before, a `Store` of a new key locked the whole map.",
		Evidence: []Evidence{
			Source{At: Go127, File: hashTrie, In: `^func \(ht \*HashTrieMap\[K, V\]\) Swap\(`, Find: `^\s+i.mu.Lock\(\)`},
			Source{At: Go127, File: hashTrie, Find: `_, _ = ht.Swap\(key, new\)`},
		},
		Test:      "TestS0_55_SyncMapWritesLockANode",
		Teach:     "06-races.md#fix-2-syncmap",
		Original:  "内存索引无锁读写,避免并发瓶颈",
		SectionZh: "4.2 基于LevelDB+内存索引的混合状态存储方案实现",
		RulingZh: "读不加锁，写要加锁。从 Go 1.24 起，`Store` 锁住它修改的那个前缀树节点；在此之前，" +
			"`Store` 一个新键会锁住整个 map。",
	},
	{
		ID:      "S0-56",
		Section: "4.2 LevelDB with an in-memory index (the table)",
		Claim: "At 10k QPS, `Get` takes 1.8 ms on LevelDB alone and 0.03 ms with the index; " +
			"`Put` 2.1 ms and 0.05 ms.",
		Verdict: Uncheckable,
		Ruling: "No code that compiles (S0-53), no machine, data size, or disk is given, and the " +
			"hybrid's `Put` calls LevelDB's `Put` itself, so it cannot be 40 times faster than it " +
			"as described.",
		Evidence: []Evidence{
			Text("The post's `Put` stores into the index and then calls `s.db.Put` in the same call, " +
				"so its latency includes LevelDB's."),
		},
		Teach:     "07-controllers.md#3-keys-that-outlive-their-objects",
		Original:  "性能对比(10K QPS 场景) 操作类型 纯 LevelDB (ms) 混合方案 (ms) Get 1.8 0.03 Put 2.1 0.05",
		SectionZh: "4.2 基于LevelDB+内存索引的混合状态存储方案实现（表格）",
		RulingZh: "文章没有给出能编译的代码（S0-53），也没有给出机器、数据量或磁盘；而且混合方案的 `Put` 本身就调用 LevelDB 的 `Put`，" +
			"所以按文中所述，它不可能比后者快 40 倍。",
	},
	{
		ID:      "S0-57",
		Section: "4.3 cache.Store instead of a bare map",
		Claim: "`cache.Store` is a thread-safe local cache that wraps a `sync.RWMutex` and a " +
			"`map[string]interface{}`.",
		Verdict: True,
		Ruling: "True (which section 3.1 of the same post denies): eight goroutines adding, " +
			"listing, getting and deleting at once leave a consistent store.",
		Evidence: []Evidence{
			Source{At: clientGo35, File: safeStore, Find: `^\s+items map\[string\]interface\{\}`},
		},
		Test:      "TestS0_57_StoreIsSafeForConcurrentUse",
		Teach:     "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
		Original:  "cache.Store 是一个线程安全、事件驱动的本地对象缓存抽象,封装了 sync.RWMutexmap[string]interface{}",
		SectionZh: "4.3 使用k8s.io/client-go/tools/cache.Store替代裸map的最佳实践",
		RulingZh: "成立（而同一篇文章的 3.1 节否认了这一点）：八个 goroutine 同时添加、列出、获取和删除，" +
			"store 仍保持一致。",
	},
	{
		ID:      "S0-58",
		Section: "4.3 cache.Store instead of a bare map",
		Claim: "`cache.Store` is event-driven: unlike a bare map, it notifies of changes to its " +
			"objects.",
		Quote:   "线程安全、事件驱动的本地对象缓存抽象",
		Verdict: False,
		Ruling: "A `Store` notifies nobody: its methods are `Add`, `Update`, `Delete`, `List`, " +
			"`ListKeys`, `Get`, `GetByKey`, `Replace` and `Resync`, and none takes a handler. " +
			"The informer calls the handlers registered with `AddEventHandler`.",
		Evidence: []Evidence{
			Source{At: clientGo35, File: "tools/cache/store.go", Find: `^type Store interface`},
			Source{At: clientGo35, File: "tools/cache/shared_informer.go", Find: `^\s+AddEventHandler\(handler ResourceEventHandler\)`},
		},
		Test:      "TestS0_58_StoreNotifiesNobody",
		Teach:     "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
		Original:  "线程安全、事件驱动的本地对象缓存抽象",
		SectionZh: "4.3 使用k8s.io/client-go/tools/cache.Store替代裸map的最佳实践",
		RulingZh: "`Store` 不通知任何人：它的方法是 `Add`、`Update`、`Delete`、`List`、`ListKeys`、`Get`、`GetByKey`、`Replace` 和 `Resync`，" +
			"没有一个接受处理函数。调用通过 `AddEventHandler` 注册的处理函数的是 informer。",
	},
	{
		ID:      "S0-59",
		Section: "4.3 cache.Store instead of a bare map (the sample)",
		Claim: "The sample works: `cache.NewStore(cache.DeletionHandlingMetaNamespaceKeyFunc)`, " +
			"`Add`, then `GetByKey` with the key from `cache.MetaNamespaceKeyFunc`.",
		Verdict: True,
		Ruling:  "True: the key is `default/test`, and `GetByKey` returns the Pod.",
		Evidence: []Evidence{
			Source{At: clientGo35, File: "tools/cache/store.go", Find: `^func MetaNamespaceKeyFunc\(obj interface\{\}\) \(string, error\)`},
		},
		Test:      "TestS0_59_StoreSampleWorks",
		Teach:     "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
		Original:  "store := cache.NewStore(cache.DeletionHandlingMetaNamespaceKeyFunc) obj := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: \"test\", Namespace: \"default\"}} key, _ := cache.MetaNamespaceKeyFunc(obj) store.Add(obj) // 线程安全插入 if cached, exists, _ := store.GetByKey(key); exists {",
		SectionZh: "4.3 使用k8s.io/client-go/tools/cache.Store替代裸map的最佳实践（示例代码）",
		RulingZh:  "成立：键是 `default/test`，`GetByKey` 返回这个 Pod。",
	},
	{
		ID:      "S0-60",
		Section: "4.3 cache.Store instead of a bare map (the table)",
		Claim: "Unlike a bare map, which has no `ResourceVersion` check and so gives dirty reads, " +
			"a `Store` checks resource versions.",
		Verdict: False,
		Ruling: "A `Store` compares nothing: it keeps the last object written. Measured: after " +
			"`Add` of `resourceVersion` 200 and `Update` with 100, it returns 100.",
		Evidence: []Evidence{
			Source{At: clientGo35, File: safeStore, Find: `ResourceVersion`, Absent: true},
			Source{At: clientGo35, File: "tools/cache/store.go", Find: `ResourceVersion`, Absent: true},
		},
		Test:      "TestS0_60_StoreKeepsTheLastWriteNotTheNewest",
		Teach:     "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
		Original:  "不支持资源版本(ResourceVersion)校验,导致脏读",
		SectionZh: "4.3 使用k8s.io/client-go/tools/cache.Store替代裸map的最佳实践（为什么裸map在控制器中不可靠）",
		RulingZh: "`Store` 什么也不比较：它保存最后写入的对象。测得：先 `Add` 一个 `resourceVersion` 为 200 的对象，" +
			"再以 100 `Update`，它返回的是 100。",
	},
	{
		ID:      "S0-61",
		Section: "4.3 cache.Store instead of a bare map (the table)",
		Claim:   "A `Store` supports `DeletedFinalStateUnknown` deletion markers.",
		Verdict: Misleading,
		Ruling: "The key function does: `DeletionHandlingMetaNamespaceKeyFunc` takes the key of a " +
			"`DeletedFinalStateUnknown`, and a store with `MetaNamespaceKeyFunc` fails to delete one. " +
			"The store's code never mentions the type; informers produce it.",
		Evidence: []Evidence{
			Source{At: clientGo35, File: "tools/cache/controller.go", In: `^func DeletionHandlingMetaNamespaceKeyFunc\(`, Find: `if d, ok := obj.\(DeletedFinalStateUnknown\); ok \{`},
			Source{At: clientGo35, File: "tools/cache/store.go", Find: `DeletedFinalStateUnknown`, Absent: true},
		},
		Test:      "TestS0_61_TombstonesAreTheKeyFunctions",
		Teach:     "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
		Original:  "删除标记支持 ❌ 无概念 ✅ 支持 DeletedFinalStateUnknown",
		SectionZh: "4.3 使用k8s.io/client-go/tools/cache.Store替代裸map的最佳实践（表格）",
		RulingZh: "支持它的是键函数：`DeletionHandlingMetaNamespaceKeyFunc` 能取出 `DeletedFinalStateUnknown` 的键，" +
			"而用 `MetaNamespaceKeyFunc` 的 store 删除这样的对象会失败。store 的代码从未提到这个类型；" +
			"产生它的是 informer。",
	},
	{
		ID:      "S0-62",
		Section: "4.4 Race tests with -race and ginkgo",
		Claim:   "`-ldflags=\"-race\"` injects the race detector's runtime at link time.",
		Verdict: False,
		Ruling: "It passes `-race` to the linker only; nothing is instrumented, and a racy program " +
			"reports nothing. The go command's `-race` flag (Ginkgo's `--race`) is the one.",
		Evidence: []Evidence{
			Output{Name: "06-detect-ldflags", Find: `loadinternal: cannot find runtime/race`},
			Source{At: ginkgoV2, File: "types/config.go", Find: `\{KeyPath: "Go.Race", Name: "race",`},
		},
		Test:      "TestS0_62_LdflagsRaceDetectsNothing",
		Program:   "GOMAXPROCS=1 go test -count=1 -ldflags=-race -v -run TestOneWriteEach ./chapters/code/06-races/detect",
		Teach:     "06-races.md#the-race-detector-go-test-race",
		Original:  "-ldflags=\"-race\":链接时注入 race detector 运行时",
		SectionZh: "4.4 单元测试覆盖竞态场景:利用-ldflags -race + ginkgo parallel检测残留风险",
		RulingZh: "它只把 `-race` 传给链接器；没有任何代码被插桩，有数据竞争的程序什么也不会报告。该用的是 go 命令的 `-race` 标志（Ginkgo 的 `--race`）" +
			"。",
	},
	{
		ID:      "S0-63",
		Section: "4.4 Race tests with -race and ginkgo",
		Claim:   "`ginkgo -p` runs packages in parallel.",
		Quote:   "-p:启用包级并行执行",
		Verdict: False,
		Ruling: "`-p` runs each suite's specs in parallel processes (“nodes”), one suite after " +
			"another; only compiling overlaps across packages.",
		Evidence: []Evidence{
			Source{At: ginkgoV2, File: "types/config.go", Find: `Usage: "The number of parallel test nodes to run."`},
			Source{At: ginkgoV2, File: "ginkgo/run/run_command.go", Find: `suites\[suiteIdx\] = internal.RunCompiledSuite\(`},
		},
		Test:      "TestS0_63_GinkgoPRunsOneSuiteOnSeveralProcesses",
		Teach:     "06-races.md#the-race-detector-go-test-race",
		Original:  "-p:启用包级并行执行",
		SectionZh: "4.4 单元测试覆盖竞态场景:利用-ldflags -race + ginkgo parallel检测残留风险",
		RulingZh: "`-p` 让每个测试套件的 spec 在多个并行进程（“节点”）中运行，套件之间仍是一个接一个；" +
			"跨包重叠进行的只有编译。",
	},
	{
		ID:      "S0-64",
		Section: "4.4 Race tests with -race and ginkgo (the table)",
		Claim:   "A race report has the fields `Previous write`, `Current read` and `Location`.",
		Verdict: False,
		Ruling: "The report of the post's own snippet (Go 1.25.5, 1.26.8 and 1.27.3) has `Read at` (or " +
			"`Write at`) `... by goroutine N` for the access that revealed the race, `Previous " +
			"write at` (or `Previous read at`) for the earlier one, and `Goroutine N (running) " +
			"created at`. No heading is `Current read`, and this report has no `Location` line.",
		Evidence: []Evidence{
			Output{Name: "06-detect-race", Find: `^Previous write at`},
		},
		Test:      "TestS0_64_RaceReportHeadings",
		Teach:     "06-races.md#the-race-detector-go-test-race",
		Original:  "Previous write 上一次写操作的 goroutine 栈 Current read 当前读操作的 goroutine 栈 Location 冲突变量定义位置",
		SectionZh: "4.4 单元测试覆盖竞态场景:利用-ldflags -race + ginkgo parallel检测残留风险（表格）",
		RulingZh: "文章自己的代码片段产生的报告（Go 1.25.5、1.26.8 和 1.27.3）中，暴露竞争的那次访问标为 `Read at`（或 `Write at`）" +
			"`... by goroutine N`，更早的那次标为 `Previous write at`（或 `Previous read at`）" +
			"，另有 `Goroutine N (running) created at`。没有哪个标题是 `Current read`，" +
			"这份报告里也没有 `Location` 行。",
	},
	{
		ID:      "S0-65",
		Section: "5 Summary and outlook",
		Claim: "The project's figures: 237 microservices released in 6.8 instead of 42 minutes, " +
			"an eBPF probe and self-repair, a Go 1.22 compiler `SIGILL` on ARM64 caught by CI, 1.26 " +
			"billion messages a day, and more.",
		Verdict: Uncheckable,
		Ruling: "No code, data, versions or setup are given for any of them; they are the authors' " +
			"project, not something a reader can rerun.",
		Evidence: []Evidence{
			Text("The chapter gives figures and names (“PR#1127”, “Envoy v1.25”, “麒麟V10+海光C86”) " +
				"and no program or data."),
		},
		Teach:     "08-operator.md",
		Original:  "基于本系列技术方案构建的混合调度层成功支撑了237个微服务模块的灰度发布,平均发布耗时从42分钟压缩至6.8分钟",
		SectionZh: "第五章:总结与展望",
		RulingZh:  "这些数字都没有给出代码、数据、版本或环境；它们是作者自己的项目，读者无法重新运行。",
	},
}
