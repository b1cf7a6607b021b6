package claims

// Where a row of R1 says it held: the classic map, from the text's own version on; in English
// and in Chinese.
const (
	heldClassic   = "Go 1.9.2 (the text's) to 1.23; 1.24-1.25 with noswissmap"
	heldAlways    = "every version, Go 1.9.2 to 1.27"
	heldClassicZh = "Go 1.9.2（原文所用的版本）到 1.23；1.24–1.25 配合 noswissmap"
	heldAlwaysZh  = "每个版本，Go 1.9.2 到 1.27"
)

// r1 holds the claims of golang-design/go-questions' twelve answers on maps (content/map/, one
// file per question, Q1 to Q12), in the order they appear. A statement made in several answers
// is one row, at its first place.
var r1 = []Claim{
	{
		ID:      "R1-01",
		Section: "Q1 map 的实现原理, “map 的底层如何实现”",
		Claim:   "Go's map is a hash table that resolves collisions by chaining.",
		Quote:   "Go 语言采用的是哈希查找表，并且使用链表解决哈希冲突",
		Verdict: SomeVersions,
		Held:    heldClassic,
		Ruling: "On the classic map a full bucket chains overflow buckets. Go 1.27's Swiss tables use " +
			"open addressing: a key that does not fit in its group goes to the next group of a " +
			"quadratic probe sequence in the same array, and there are no chains.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `^func \(b \*bmap\) overflow\(t \*maptype\) \*bmap`},
			Source{At: Go127, File: swissMaps + "/map.go", Find: `Probing walks through the groups using quadratic probing`},
		},
		Test:      "TestR1_01_ChainsOnlyOnTheClassicMap",
		Teach:     "03-swiss.md#step-3-tables-and-probing",
		SectionZh: "Q1 map 的实现原理，“map 的底层如何实现”",
		ClaimZh:   "Go 的 map 是哈希表，用链表（链地址法）解决哈希冲突。",
		HeldZh:    heldClassicZh,
		RulingZh: "在经典 map 上，满了的桶会用溢出桶串成链。Go 1.27 的 Swiss table 用的是开放寻址：" +
			"一个在自己的组里放不下的键，会去同一个数组中二次探测序列上的下一个组，没有链。",
	},
	{
		ID:      "R1-02",
		Section: "Q1, “map 内存模型”",
		Claim: "A map is an `hmap`: `count` (what `len` returns), `flags`, `B` (log2 of the number " +
			"of buckets), `noverflow`, `hash0`, `buckets`, `oldbuckets`, `nevacuate`, `extra`.",
		Verdict: SomeVersions,
		Held:    heldClassic,
		Ruling: "Go 1.27 has no `hmap`: a map is an `internal/runtime/maps.Map` (`used`, `seed`, a " +
			"directory of tables, `globalDepth`...). `len` still reads the header's first field.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `^type hmap struct`},
			Source{At: Go127, File: "src/runtime", Find: `^type hmap struct`, Absent: true},
			Source{At: Go127, File: swissMaps + "/map.go", Find: `^type Map struct`},
		},
		Test:      "TestR1_02_HmapOnlyOnTheClassicMap",
		Teach:     "02-buckets.md#the-shape-a-header-a-bucket-array-chains",
		SectionZh: "Q1，“map 内存模型”",
		ClaimZh:   "map 是一个 `hmap`：`count`（`len` 返回的就是它）、`flags`、`B`（桶数量以 2 为底的对数）、`noverflow`、`hash0`、`buckets`、`oldbuckets`、`nevacuate`、`extra`。",
		HeldZh:    heldClassicZh,
		RulingZh: "Go 1.27 没有 `hmap`：map 是一个 `internal/runtime/maps.Map`（`used`、`seed`、一个由表组成的目录、`globalDepth`……）。" +
			"`len` 读的仍然是头部的第一个字段。",
	},
	{
		ID:      "R1-03",
		Section: "Q1, “map 内存模型”",
		Claim:   "A bucket holds up to 8 keys, and the top 8 bits of a key's hash decide which of its slots the key goes in.",
		Quote:   "在桶内，又会根据 key 计算出来的 hash 值的高 8 位来决定 key 到底落入桶内的哪个位置",
		Verdict: False,
		Held:    "none (8 keys a bucket did hold, on the classic map)",
		Ruling: "The top 8 bits are stored in the slot's tophash and compared during a lookup; they " +
			"choose no slot. A new key takes the first free slot, as the text's own Q4 says. On " +
			"Go 1.27 a group holds 8 slots and a key takes the first empty or deleted slot of the " +
			"first group on its probe sequence with one. Inserted into a fresh map, keys 0 to 7 sit " +
			"in slots 0 to 7, in that order, on every lane.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `if isEmpty\(b\.tophash\[i\]\) && inserti == nil \{`, In: `^func mapassign\(`},
			Source{At: Go127, File: swissMaps + "/map.go", In: `^func \(m \*Map\) putSlotSmall\(`, Find: `match = g\.ctrls\(\)\.matchEmptyOrDeleted\(\)`},
		},
		Test:      "TestR1_03_NewKeysTakeTheFirstFreeSlot",
		Teach:     "02-buckets.md#step-2-insert-into-the-first-free-slot",
		SectionZh: "Q1，“map 内存模型”",
		ClaimZh:   "一个桶最多放 8 个键，键的哈希值的最高 8 位决定它落入桶里的哪个槽位。",
		HeldZh:    "任何版本都不成立（一个桶放 8 个键，在经典 map 上倒是对的）",
		RulingZh: "最高 8 位存在槽位的 tophash 里，查找时用来比较；它们不选择槽位。新键放进第一个空闲的槽位，" +
			"原文自己的 Q4 也是这么说的。在 Go 1.27 上，一个组有 8 个槽位，键放进它的探测序列上第一个有空槽位或已删除槽位的组，" +
			"占用其中第一个这样的槽位。把键 0 到 7 插入一个新建的 map，它们在每条 lane 上都依次位于槽位 0 到 7。",
	},
	{
		ID:      "R1-04",
		Section: "Q1, “map 内存模型”",
		Claim: "In a bucket the 8 keys come together, then the 8 values (`key/key/.../value/value`), " +
			"which saves padding: a `map[int64]int8` needs none after each pair.",
		Verdict: SomeVersions,
		Held:    heldClassic + "; and Go 1.27 with GOEXPERIMENT=mapsplitgroup",
		Ruling: "The Swiss groups of Go 1.24 to 1.27 interleave slots of a key followed by its " +
			"value by default, so a `map[int64]int8` slot is 16 bytes with 7 of padding. Go 1.27 " +
			"brought the split layout back for Swiss groups as an experiment, off by default.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `NOTE: packing all the keys together and then all the elems together`},
			Source{At: Go127, File: swissMaps + "/group.go", Find: `layout depending on GOEXPERIMENT=mapsplitgroup:`},
		},
		Test:      "TestR1_04_KeysTogetherOnlyClassicOrSplit",
		Teach:     "04-growth.md#two-layouts-of-a-group",
		SectionZh: "Q1，“map 内存模型”",
		ClaimZh: "桶里先是 8 个键放在一起，然后是 8 个值（`key/key/.../value/value`），" +
			"这样可以省掉填充：`map[int64]int8` 不需要在每一对键值之后填充。",
		HeldZh: heldClassicZh + "；以及配合 GOEXPERIMENT=mapsplitgroup 的 Go 1.27",
		RulingZh: "Go 1.24 到 1.27 的 Swiss table 的组默认是交错排列的：每个槽位先放一个键，" +
			"紧跟着放它的值，所以 `map[int64]int8` 的一个槽位是 16 字节，其中 7 字节是填充。" +
			"Go 1.27 以实验的形式为 Swiss table 的组重新引入了键和值分开存放的布局，默认关闭。",
	},
	{
		ID:      "R1-05",
		Section: "Q1, “map 内存模型”",
		Claim: "When neither key nor value holds a pointer (and both are less than 128 bytes) the " +
			"bucket is marked pointer-free, and the overflow pointers are kept in `hmap.extra` instead.",
		Quote:   "当 map 的 key 和 value 都不是指针，并且 size 都小于 128 字节的情况下，会把 bmap 标记为不含指针",
		Verdict: SomeVersions,
		Held:    heldClassic + ", with “at most 128 bytes”",
		Ruling: "True of the classic map, but off by one: a key or value of 128 bytes is also stored in " +
			"the bucket (only one of more than 128 is stored through a pointer). `mapextra.overflow` " +
			"keeps those overflow buckets alive. Swiss tables have no overflow buckets, so there is " +
			"nothing to keep.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, In: `^type mapextra struct`, Find: `^\s+overflow +\*\[\]\*bmap`},
			Source{At: Go127, File: "src/runtime", Find: `^type mapextra struct`, Absent: true},
		},
		Test:      "TestR1_05_MapextraOnlyOnTheClassicMap",
		Teach:     "02-buckets.md#step-3-overflow-buckets",
		SectionZh: "Q1，“map 内存模型”",
		ClaimZh:   "当键和值都不含指针（而且两者都小于 128 字节）时，桶被标记为不含指针，溢出指针改为保存在 `hmap.extra` 中。",
		HeldZh:    heldClassicZh + "，条件应为“不超过 128 字节”",
		RulingZh: "对经典 map 成立，但差了一：128 字节的键或值也直接存放在桶里（只有超过 128 字节的才通过指针存放）。" +
			"`mapextra.overflow` 让这些溢出桶保持存活。Swiss table 没有溢出桶，" +
			"所以没有什么需要保留的。",
	},
	{
		ID:      "R1-06",
		Section: "Q1, “map 内存模型” and “key 定位过程”",
		Claim: "A 9th key for a full bucket gets a new overflow bucket, linked by the `overflow` " +
			"pointer; a lookup walks the chain until it finds the key or has seen every slot.",
		Verdict: SomeVersions,
		Held:    heldClassic,
		Ruling: "On the classic map 9 keys of one bucket make a chain of 2 buckets. On Go 1.27 the 9th " +
			"key of a full group goes to another group of the same table, and a lookup stops at the " +
			"first group with an empty slot.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, In: `^func mapaccess1\(`, Find: `for ; b != nil; b = b\.overflow\(t\) \{`},
			Source{At: Go127, File: swissMaps + "/map.go", Find: `Probing walks through the groups using quadratic probing`},
		},
		Test:      "TestR1_06_NinthKeyOfABucket",
		Teach:     "02-buckets.md#step-3-overflow-buckets",
		SectionZh: "Q1，“map 内存模型”和“key 定位过程”",
		ClaimZh: "满了的桶再来第 9 个键时，会得到一个新的溢出桶，由 `overflow` 指针链接；查找沿着这条链走，" +
			"直到找到这个键或看过每一个槽位。",
		HeldZh: heldClassicZh,
		RulingZh: "在经典 map 上，同一个桶的 9 个键组成一条由 2 个桶构成的链。在 Go 1.27 上，一个满了的组的第 9 个键去同一张表的另一个组，" +
			"而查找在遇到第一个有空槽位的组时就停止。",
	},
	{
		ID:      "R1-07",
		Section: "Q1, “创建 map”",
		Claim:   "A nil map (`var ageMp map[string]int`) cannot take an element: adding one panics.",
		Quote:   "ageMp 为 nil，不能向其添加元素，会直接panic",
		Verdict: True,
		Held:    heldAlways,
		Ruling:  "True: `assignment to entry in nil map`, a panic that `recover` stops. Reads of a nil map work.",
		Evidence: []Evidence{
			Source{At: Go126, File: "doc/go_spec.html", Find: `A <code>nil</code> map is equivalent to an empty map except that no elements`},
		},
		Test:      "TestR1_07_NilMapWritePanics",
		Teach:     "01-basics.md#a-nil-map-every-read-works-the-write-panics",
		SectionZh: "Q1，“创建 map”",
		ClaimZh:   "nil map（`var ageMp map[string]int`）不能添加元素：添加就会 panic。",
		HeldZh:    heldAlwaysZh,
		RulingZh: "成立：`assignment to entry in nil map`，一个可以被 `recover` 拦住的 panic。" +
			"读取 nil map 都能正常工作。",
	},
	{
		ID:      "R1-08",
		Section: "Q1, “创建 map”",
		Claim: "`make` calls `makemap`, which picks the smallest `B` whose buckets hold the size hint " +
			"under the load factor and seeds `hash0` with a random number.",
		Verdict: SomeVersions,
		Held:    heldClassic + " (`fastrand` is `rand` since Go 1.22)",
		Ruling: "On Go 1.27 `makemap` calls `maps.NewMap`, which seeds `Map.seed` with `rand()` and, " +
			"for a hint over 8, sizes tables for the hint at a load of 7/8 (a smaller hint allocates " +
			"nothing until the first insert). There is no `B`: `make(map[int]int, 100)` has 2^4 " +
			"buckets on the classic map, and 128 slots on Swiss tables.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `for overLoadFactor\(hint, B\) \{`},
			Source{At: Go125, File: noswiss, In: `^func makemap\(`, Find: `h\.hash0 = uint32\(rand\(\)\)`},
			Source{At: Go127, File: swissMaps + "/map.go", In: `^func NewMap\(`, Find: `m\.seed = uintptr\(rand\(\)\)`},
		},
		Test:      "TestR1_08_MakeSizesForTheHintAndSeeds",
		Teach:     "04-growth.md#presizing-makemapkv-n",
		SectionZh: "Q1，“创建 map”",
		ClaimZh:   "`make` 调用 `makemap`，它选出在装载因子之下能容纳容量提示的最小 `B`，并用一个随机数设置 `hash0`。",
		HeldZh:    heldClassicZh + "（从 Go 1.22 起 `fastrand` 就是 `rand`）",
		RulingZh: "在 Go 1.27 上，`makemap` 调用 `maps.NewMap`，它用 `rand()` 设置 `Map.seed`；" +
			"容量提示大于 8 时，它按 7/8 的装载为这个提示分配表（更小的提示在第一次插入之前什么也不分配）。" +
			"没有 `B`：`make(map[int]int, 100)` 在经典 map 上有 2^4 个桶，" +
			"在 Swiss table 上有 128 个槽位。",
	},
	{
		ID:      "R1-09",
		Section: "Q1, 【引申1】",
		Claim: "`makemap` returns a pointer (`*hmap`), so a map passed to a function is the caller's " +
			"map: what the function does to it, the caller sees.",
		Verdict: True,
		Held:    heldAlways,
		Ruling: "True. A map value is one pointer (`*hmap` on the classic map, `*maps.Map` on Swiss " +
			"tables), 8 bytes on 64-bit platforms; assigning a new map to the parameter does not " +
			"change the caller's variable.",
		Evidence: []Evidence{
			Source{At: Go127, File: "src/runtime/map.go", Find: `^func makemap\(t \*abi.MapType, hint int, m \*maps.Map\) \*maps.Map`},
			Source{At: Go125, File: noswiss, Find: `^func makemap\(t \*maptype, hint int, h \*hmap\) \*hmap`},
		},
		Test:      "TestR1_09_AMapIsOnePointer",
		Teach:     "01-basics.md#the-maps-and-slices-helpers",
		SectionZh: "Q1，【引申1】",
		ClaimZh: "`makemap` 返回的是指针（`*hmap`），所以传给函数的 map 就是调用者的那个 map：" +
			"函数对它做的改动，调用者都看得到。",
		HeldZh: heldAlwaysZh,
		RulingZh: "成立。map 值就是一个指针（经典 map 上是 `*hmap`，Swiss table 上是 `*maps.Map`），" +
			"在 64 位平台上占 8 字节；给参数赋一个新的 map 不会改变调用者的变量。",
	},
	{
		ID:      "R1-10",
		Section: "Q1, “哈希函数”",
		Claim: "At start-up the runtime checks whether the CPU has AES instructions and then hashes " +
			"with aeshash, else with memhash; `alginit()` in `src/runtime/alg.go` does it.",
		Verdict: SomeVersions,
		Held:    "the text's Go 1.9.2 to Go 1.26 (`alginit` in `runtime/alg.go`)",
		Ruling: "The choice is still made once, by CPU feature, but on Go 1.27 the map's hash moved " +
			"into `internal/runtime/maps`, which sets `UseAeshash` itself; `runtime/alg.go` has no " +
			"`alginit` any more.",
		Evidence: []Evidence{
			Source{At: Go125, File: "src/runtime/alg.go", Find: `^func alginit\(\) \{`},
			Source{At: Go127, File: "src/runtime", Find: `^func alginit\(`, Absent: true},
			Source{At: Go127, File: swissMaps + "/runtime_alg.go", In: `^func initAlgAES\(`, Find: `UseAeshash = true`},
		},
		Test:      "TestR1_10_AlginitMovedIn127",
		Teach:     "03-swiss.md#what-go-127-changed-in-a-lookup",
		SectionZh: "Q1，“哈希函数”",
		ClaimZh: "运行时在启动时检查 CPU 是否有 AES 指令，有就用 aeshash 计算哈希值，否则用 memhash；" +
			"这件事由 `src/runtime/alg.go` 中的 `alginit()` 完成。",
		HeldZh: "原文所用的 Go 1.9.2 到 Go 1.26（`runtime/alg.go` 中的 `alginit`）",
		RulingZh: "仍然只按 CPU 特性选择一次，但在 Go 1.27 上，map 的哈希移到了 `internal/runtime/maps`，" +
			"由它自己设置 `UseAeshash`；`runtime/alg.go` 里已经没有 `alginit` 了。",
	},
	{
		ID:      "R1-11",
		Section: "Q1, “哈希函数”",
		Claim: "Every type's `_type.alg` points to a `typeAlg` holding its `hash` and `equal` " +
			"functions, and a map hashes its keys through it.",
		Verdict: SomeVersions,
		Held:    "the text's Go 1.9.2; in none of the toolchains the course reads (Go 1.25 to 1.27)",
		Ruling: "There is no `typeAlg` any more: the map type carries the key's hash function " +
			"(`Hasher`) and the key type its `Equal`, on the classic map and on Swiss tables.",
		Evidence: []Evidence{
			Source{At: Go125, File: "src/internal/abi/map_noswiss.go", Find: `^\s+Hasher +func\(unsafe\.Pointer, uintptr\) uintptr`},
			Source{At: Go127, File: "src/internal/abi/map.go", Find: `^\s+Hasher +func\(unsafe\.Pointer, uintptr\) uintptr`},
			Source{At: Go127, File: "src/runtime", Find: `typeAlg`, Absent: true},
		},
		Test:      "TestR1_11_NoTypeAlg",
		Teach:     "02-buckets.md#step-9-fast-paths",
		SectionZh: "Q1，“哈希函数”",
		ClaimZh: "每个类型的 `_type.alg` 指向一个 `typeAlg`，其中有它的 `hash` 和 `equal` 函数，" +
			"map 通过它对键计算哈希值。",
		HeldZh: "原文所用的 Go 1.9.2；本课程读取的工具链（Go 1.25 到 1.27）中都不成立",
		RulingZh: "`typeAlg` 已经不存在了：无论经典 map 还是 Swiss table，都由 map 类型携带键的哈希函数（`Hasher`），" +
			"由键类型携带它的 `Equal`。",
	},
	{
		ID:      "R1-12",
		Section: "Q1, “key 定位过程”",
		Claim: "Of a key's 64-bit hash, the low `B` bits choose the bucket and the top 8 bits are the " +
			"tophash searched for in it.",
		Verdict: SomeVersions,
		Held:    heldClassic,
		Ruling: "On Go 1.27 the hash is split differently: the top bits choose the table in the " +
			"directory, `H1` (all but the low 7 bits) the first group to probe, and `H2` (the low " +
			"7 bits) is the control byte compared. Checked key by key in live maps on every lane. " +
			"(A comment of the text's `mapaccess1` listing says the low 8 bits choose the bucket: " +
			"it is the low `B` bits, as its prose says.)",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `^func tophash\(hash uintptr\) uint8 \{`},
			Source{At: Go127, File: swissMaps + "/map.go", Find: `^func h2\(h uintptr\) uintptr \{`},
		},
		Test:      "TestR1_12_WhichBitsOfTheHash",
		Teach:     "02-buckets.md#the-hash-low-bits-choose-the-bucket-the-top-byte-is-the-tophash",
		SectionZh: "Q1，“key 定位过程”",
		ClaimZh:   "键的 64 位哈希值中，低 `B` 位选择桶，最高 8 位是在桶里要找的 tophash。",
		HeldZh:    heldClassicZh,
		RulingZh: "在 Go 1.27 上，哈希值的拆分方式不同：高位选择目录中的表，`H1`（除最低 7 位以外的所有位）选择第一个要探测的组，" +
			"`H2`（最低 7 位）是要比较的控制字节。在每条 lane 上都在真实的 map 里逐个键检查过。" +
			"（原文 `mapaccess1` 代码清单中的一条注释说低 8 位选择桶：其实是低 `B` 位，" +
			"正如它的正文所说。）",
	},
	{
		ID:      "R1-13",
		Section: "Q1, “key 定位过程” (`mapaccess1`)",
		Claim:   "While the map grows, a lookup reads the old bucket if it has not been evacuated yet.",
		Verdict: SomeVersions,
		Held:    heldClassic,
		Ruling: "On Go 1.27 a table grows within one insert, so there is no old array to read: " +
			"a lookup never sees a half-moved table.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, In: `^func mapaccess1\(`, Find: `if !evacuated\(oldb\) \{`},
			Source{At: Go127, File: swissMaps, Find: `oldbuckets`, Absent: true},
		},
		Test:      "TestR1_13_LookupsReadOldBuckets",
		Teach:     "02-buckets.md#step-6-incremental-evacuation",
		SectionZh: "Q1，“key 定位过程”（`mapaccess1`）",
		ClaimZh:   "map 扩容期间，如果旧桶还没有搬迁，查找就读旧桶。",
		HeldZh:    heldClassicZh,
		RulingZh:  "在 Go 1.27 上，一张表在一次插入之内就完成扩容，所以没有旧数组可读：查找永远不会看到搬了一半的表。",
	},
	{
		ID:      "R1-14",
		Section: "Q1, “key 定位过程”",
		Claim: "The tophash values below `minTopHash` mark a slot's state: `empty = 0`, " +
			"`evacuatedEmpty = 1`, `evacuatedX = 2`, `evacuatedY = 3`, `minTopHash = 4`.",
		Verdict: SomeVersions,
		Held:    "the text's Go 1.9.2; not Go 1.25 with noswissmap, the last classic map, nor Swiss tables",
		Ruling: "The last classic map has `emptyRest = 0`, `emptyOne = 1`, `evacuatedX = 2`, " +
			"`evacuatedY = 3`, `evacuatedEmpty = 4` and `minTopHash = 5`: a deleted slot is 1 or 0, " +
			"and every full slot's tophash is at least 5. Swiss tables have control bytes instead.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `^\s+emptyRest += 0 // this cell is empty`},
			Source{At: Go125, File: noswiss, Find: `^\s+minTopHash += 5 // minimum tophash`},
		},
		Test:      "TestR1_14_TophashStates",
		Teach:     "02-buckets.md#step-4-delete-emptyone-and-emptyrest",
		SectionZh: "Q1，“key 定位过程”",
		ClaimZh:   "小于 `minTopHash` 的 tophash 值标记槽位的状态：`empty = 0`、`evacuatedEmpty = 1`、`evacuatedX = 2`、`evacuatedY = 3`、`minTopHash = 4`。",
		HeldZh:    "原文所用的 Go 1.9.2；不适用于最后一版经典 map（Go 1.25 配合 noswissmap），也不适用于 Swiss table",
		RulingZh: "最后一版经典 map 是 `emptyRest = 0`、`emptyOne = 1`、`evacuatedX = 2`、`evacuatedY = 3`、`evacuatedEmpty = 4` 和 `minTopHash = 5`：" +
			"被删除的槽位是 1 或 0，每个有元素的槽位的 tophash 至少是 5。Swiss table 用的则是控制字节。",
	},
	{
		ID:      "R1-15",
		Section: "Q2 如何实现两种 get 操作",
		Claim: "Without comma-ok, a missing key gives the zero value of the *key* type: 0 for an " +
			"`int` key, \"\" for a `string` key.",
		Quote:   "不带 comma 的语句则会返回一个 key 类型的零值。如果 key 是 int 型就会返回 0，如果 key 是 string 类型，就会返回空字符串",
		Verdict: False,
		Held:    "none",
		Ruling:  "It is the zero value of the *value* (element) type: a `map[int]string` gives \"\", not 0.",
		Evidence: []Evidence{
			Source{At: Go126, File: "doc/go_spec.html", Find: `if the map is <code>nil</code> or does not contain such an entry`},
		},
		Test:      "TestR1_15_MissingKeyGivesTheValueZero",
		Teach:     "01-basics.md#zero-values-and-comma-ok",
		SectionZh: "Q2 如何实现两种 get 操作",
		ClaimZh:   "不用 comma-ok 写法时，缺失的键得到的是*键*类型的零值：`int` 键得到 0，`string` 键得到 \"\"。",
		HeldZh:    "任何版本都不成立",
		RulingZh:  "得到的是*值*（元素）类型的零值：`map[int]string` 给出的是 \"\"，而不是 0。",
	},
	{
		ID:      "R1-16",
		Section: "Q2",
		Claim: "The compiler turns `v := m[k]` into a call of `mapaccess1` and `v, ok := m[k]` into one " +
			"of `mapaccess2`, whose code is the same but for the extra `bool`.",
		Verdict: True,
		Held:    heldAlways,
		Ruling: "True on every lane: the names stayed when the code moved to `internal/runtime/maps` " +
			"(linked under the old names). On Go 1.27 `mapaccess1` simply calls `mapaccess2` and " +
			"drops the `bool`.",
		Evidence: []Evidence{
			Source{At: Go127, File: swissMaps + "/runtime.go", In: `^func runtime_mapaccess1\(`, Find: `p, _ := runtime_mapaccess2\(typ, m, key\)`},
			Source{At: Go127, File: swissMaps + "/runtime.go", Find: `^//go:linkname runtime_mapaccess2 runtime\.mapaccess2$`},
			Source{At: Go125, File: noswiss, Find: `^func mapaccess2\(t \*maptype, h \*hmap, key unsafe\.Pointer\)`},
		},
		Test:      "TestR1_16_CommaOkCallsMapaccess2",
		Teach:     "02-buckets.md#step-9-fast-paths",
		SectionZh: "Q2",
		ClaimZh: "编译器把 `v := m[k]` 变成对 `mapaccess1` 的调用，把 `v, ok := m[k]` 变成对 `mapaccess2` 的调用，" +
			"两者的代码相同，只是后者多一个 `bool`。",
		HeldZh: heldAlwaysZh,
		RulingZh: "在每条 lane 上都成立：代码移到 `internal/runtime/maps` 之后，名字保留了下来（以旧名字链接）。" +
			"在 Go 1.27 上，`mapaccess1` 只是调用 `mapaccess2` 并丢掉那个 `bool`。",
	},
	{
		ID:      "R1-17",
		Section: "Q2",
		Claim: "For `uint32`, `uint64` and `string` keys the compiler calls `mapaccess1_fast32`, " +
			"`mapaccess2_fast64`, `mapaccess1_faststr`... instead (in `hashmap_fast.go`).",
		Verdict: True,
		Held:    heldAlways + " (the file is `map_fast*.go`, then `internal/runtime/maps/runtime_fast*.go`)",
		Ruling: "True on every lane, with the same runtime names; the file moved. On Go 1.27 these fast " +
			"paths compute the hash in the map package themselves (`memHash64AES`, or " +
			"`memHash64Fallback` on a CPU without AES), where Go 1.26 calls the key type's hasher.",
		Evidence: []Evidence{
			Source{At: Go127, File: swissMaps + "/runtime_fast32.go", Find: `^//go:linkname runtime_mapaccess2_fast32 runtime\.mapaccess2_fast32$`},
			Source{At: Go127, File: swissMaps + "/runtime_fast64.go", In: `^func runtime_mapaccess2_fast64\(`, Find: `hash = memHash64AES\(key, m\.seed\)`},
			Source{At: Go125, File: "src/runtime/map_fast32_noswiss.go", Find: `^func mapaccess2_fast32\(`},
		},
		Test:      "TestR1_17_FastLookups",
		Teach:     "03-swiss.md#step-9-fast-paths",
		SectionZh: "Q2",
		ClaimZh:   "对 `uint32`、`uint64` 和 `string` 键，编译器改为调用 `mapaccess1_fast32`、`mapaccess2_fast64`、`mapaccess1_faststr` 等函数（在 `hashmap_fast.go` 中）。",
		HeldZh:    heldAlwaysZh + "（文件后来是 `map_fast*.go`，再后来是 `internal/runtime/maps/runtime_fast*.go`）",
		RulingZh: "在每条 lane 上都成立，运行时里的名字相同，只是文件挪了地方。在 Go 1.27 上，这些快速路径在 map 包里自己计算哈希值（`memHash64AES`，" +
			"在没有 AES 指令的 CPU 上是 `memHash64Fallback`），而 Go 1.26 调用的是键类型的哈希函数。",
	},
	{
		ID:      "R1-18",
		Section: "Q3 遍历过程, and Q6 扩容过程",
		Claim: "Growth is not atomic: `hashGrow` only allocates, and each later insert or delete " +
			"(`growWork`) moves at most 2 buckets, so the map stays half-moved for a long time.",
		Quote:   "扩容过程不是一个原子的操作，它每次最多只搬运 2 个 bucket",
		Verdict: SomeVersions,
		Held:    heldClassic,
		Ruling: "On Go 1.27 a table grows, or splits in two, inside the one insert that fills it: " +
			"every entry of that table (at most 896, 7/8 of its 1024 slots) moves at once, and no " +
			"other table moves.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, In: `^func growWork\(`, Find: `evacuate\(t, h, h\.nevacuate\)`},
			Source{At: Go127, File: swissMaps + "/table.go", Find: `^const maxTableCapacity = 1024$`},
			Source{At: Go127, File: swissMaps + "/group.go", Find: `^\s+maxAvgGroupLoad = 7$`},
			Source{At: Go127, File: swissMaps + "/table.go", Find: `^func \(t \*table\) rehash\(typ \*abi\.MapType, m \*Map\) \{`},
		},
		Test:      "TestR1_18_AtMostTwoBucketsPerWrite",
		Teach:     "02-buckets.md#step-6-incremental-evacuation",
		SectionZh: "Q3 遍历过程，以及 Q6 扩容过程",
		ClaimZh: "扩容不是原子操作：`hashGrow` 只分配内存，之后的每次插入或删除（`growWork`）最多搬迁 2 个桶，" +
			"所以 map 会在很长一段时间里处于搬了一半的状态。",
		HeldZh: heldClassicZh,
		RulingZh: "在 Go 1.27 上，一张表在把它填满的那一次插入之内扩容或一分为二：这张表的每个元素（最多 896 个，" +
			"即 1024 个槽位的 7/8）一次全部搬走，其他表都不动。",
	},
	{
		ID:      "R1-19",
		Section: "Q3",
		Claim:   "A `range` over a map compiles to a call of `mapiterinit`, then `mapiternext` for each step.",
		Verdict: SomeVersions,
		Held:    heldClassic,
		Ruling: "With Swiss tables the compiler calls `mapIterStart` and `mapIterNext` (Go 1.25 " +
			"picks by the experiment; Go 1.26 and 1.27 know no other). The old names remain in the " +
			"runtime only for code that links to them.",
		Evidence: []Evidence{
			Source{At: Go127, File: "src/cmd/compile/internal/walk/range.go", Find: `iterInit := "mapIterStart"`},
			Source{At: Go125, File: "src/cmd/compile/internal/walk/range.go", Find: `iterInit = "mapiterinit"`},
			Source{At: Go125, File: noswiss, Find: `^func mapiterinit\(t \*maptype, h \*hmap, it \*hiter\) \{`},
		},
		Test:      "TestR1_19_RangeCalls",
		Teach:     "03-swiss.md#step-7-iteration",
		SectionZh: "Q3",
		ClaimZh:   "对 map 的 `range` 编译成一次 `mapiterinit` 调用，然后每一步调用一次 `mapiternext`。",
		HeldZh:    heldClassicZh,
		RulingZh: "有了 Swiss table，编译器调用的是 `mapIterStart` 和 `mapIterNext`（Go 1.25 按实验开关选择；" +
			"Go 1.26 和 1.27 只有这一种）。旧名字留在运行时里，只是为了链接到它们的代码。",
	},
	{
		ID:      "R1-20",
		Section: "Q3, and Q7",
		Claim: "A `range` starts at a random bucket (`r & (2^B-1)`) and a random slot in it " +
			"(`r >> B & 7`), with `r` from `fastrand`, and goes on until it is back at its start.",
		Verdict: SomeVersions,
		Held:    heldClassic + " (`fastrand` is `rand` since Go 1.22)",
		Ruling: "On Go 1.27 the start is a random slot offset and a random directory offset, drawn " +
			"for each `range`. Either way the order is a rotation, not a shuffle: the orders of a " +
			"4-key map are rotations of one cycle, on every lane.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `it\.offset = uint8\(r >> h\.B & \(abi\.OldMapBucketCount - 1\)\)`},
			Source{At: Go127, File: swissMaps + "/table.go", Find: `it\.entryOffset = rand\(\)`},
		},
		Test:      "TestR1_20_ARandomStartThenInOrder",
		Teach:     "05-iteration.md#a-rotation-not-a-shuffle",
		SectionZh: "Q3，以及 Q7",
		ClaimZh: "一次 `range` 从一个随机的桶（`r & (2^B-1)`）和其中一个随机的槽位（`r >> B & 7`）开始，" +
			"`r` 来自 `fastrand`，一直走到回到起点为止。",
		HeldZh: heldClassicZh + "（从 Go 1.22 起 `fastrand` 就是 `rand`）",
		RulingZh: "在 Go 1.27 上，起点是一个随机的槽位偏移加上一个随机的目录偏移，每次 `range` 都重新抽取。" +
			"无论哪种实现，顺序都是轮转而不是洗牌：在每条 lane 上，一个 4 个键的 map 的各种顺序都是同一个循环的轮转。",
	},
	{
		ID:      "R1-21",
		Section: "Q3",
		Claim: "A `range` during a growth walks the new buckets; for one whose old bucket is not " +
			"evacuated yet it takes from the old bucket only the keys that will move to this new one.",
		Verdict: SomeVersions,
		Held:    heldClassic,
		Ruling: "On Go 1.27 an iterator that sees its table grown keeps walking the old table and looks " +
			"each key up in the new one. On every lane a `range` during growth produces each key once.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `if checkBucket != noCheck && !h\.sameSizeGrow\(\) \{`},
			Source{At: Go127, File: swissMaps + "/table.go", Find: `^func \(it \*Iter\) grownKeyElem\(`},
		},
		Test:      "TestR1_21_RangeDuringGrowth",
		Teach:     "02-buckets.md#step-7-iteration",
		SectionZh: "Q3",
		ClaimZh:   "扩容期间的 `range` 遍历新桶；对于旧桶尚未搬迁的新桶，它只从旧桶中取出将要搬到这个新桶的那些键。",
		HeldZh:    heldClassicZh,
		RulingZh: "在 Go 1.27 上，发现自己的表已经扩容的迭代器继续遍历旧表，并到新表中逐个查找每个键。在每条 lane 上，" +
			"扩容期间的 `range` 都恰好给出每个键一次。",
	},
	{
		ID:      "R1-22",
		Section: "Q4 赋值过程",
		Claim:   "An assignment calls `mapassign`, or `mapassign_fast32`, `mapassign_fast64` or `mapassign_faststr` for those key types.",
		Verdict: True,
		Held:    heldAlways,
		Ruling:  "True on every lane, under the same names.",
		Evidence: []Evidence{
			Source{At: Go127, File: swissMaps + "/runtime_faststr.go", Find: `^//go:linkname runtime_mapassign_faststr runtime\.mapassign_faststr$`},
		},
		Test:      "TestR1_22_AssignCalls",
		Teach:     "03-swiss.md#step-9-fast-paths",
		SectionZh: "Q4 赋值过程",
		ClaimZh:   "赋值调用 `mapassign`，对那几种键类型则调用 `mapassign_fast32`、`mapassign_fast64` 或 `mapassign_faststr`。",
		HeldZh:    heldAlwaysZh,
		RulingZh:  "在每条 lane 上都成立，名字相同。",
	},
	{
		ID:      "R1-23",
		Section: "Q4; again in Q5, Q9 and Q12",
		Claim: "A write that finds the map's writing flag set makes the program panic (“进而导致程序 " +
			"panic”, “直接 panic”).",
		Verdict: False,
		Held:    "none: on every version it is a fatal error",
		Ruling: "It is not a panic: the runtime calls `fatal` (`throw` in the text's own listing), " +
			"which prints `fatal error: concurrent map writes` and exits with status 2. A deferred " +
			"`recover` in every writer does not stop it.",
		Evidence: []Evidence{
			Source{At: Go127, File: swissMaps + "/runtime_faststr.go", In: `^func runtime_mapassign_faststr\(`, Find: `if m\.writing != 0 \{\n\s+fatal\("concurrent map writes"\)`},
			Source{At: Go125, File: noswiss, In: `^func mapassign\(`, Find: `if h\.flags&hashWriting != 0 \{\n\s+fatal\("concurrent map writes"\)`},
		},
		Test:      "TestR1_23_ConcurrentWritesAreFatalNotPanics",
		Teach:     "06-races.md#the-runtimes-check-a-flag-that-writers-toggle",
		SectionZh: "Q4；Q5、Q9 和 Q12 中再次出现",
		ClaimZh:   "写操作发现 map 的写标志已被设置时，会让程序 panic（“进而导致程序 panic”“直接 panic”）。",
		HeldZh:    "任何版本都不成立：在每个版本上它都是致命错误",
		RulingZh: "它不是 panic：运行时调用 `fatal`（原文自己的代码清单里是 `throw`），打印 `fatal error: concurrent map writes`，" +
			"并以状态码 2 退出。即使每个写入者都用 defer 调用了 `recover`，也拦不住它。",
	},
	{
		ID:      "R1-24",
		Section: "Q4",
		Claim:   "`mapassign` is not given the value: it returns a pointer to the value's slot, and the compiled code stores the value there.",
		Verdict: True,
		Held:    heldAlways,
		Ruling:  "True on both runtimes.",
		Evidence: []Evidence{
			Source{At: Go127, File: swissMaps + "/runtime.go", Find: `^func runtime_mapassign\(typ \*abi\.MapType, m \*Map, key unsafe\.Pointer\) unsafe\.Pointer \{`},
			Source{At: Go125, File: noswiss, Find: `^func mapassign\(t \*maptype, h \*hmap, key unsafe\.Pointer\) unsafe\.Pointer \{`},
		},
		Test:      "TestR1_24_MapassignReturnsTheSlot",
		Teach:     "02-buckets.md#step-2-insert-into-the-first-free-slot",
		SectionZh: "Q4",
		ClaimZh:   "`mapassign` 拿不到值：它返回值所在槽位的指针，由编译出的代码把值存进去。",
		HeldZh:    heldAlwaysZh,
		RulingZh:  "在两种运行时上都成立。",
	},
	{
		ID:      "R1-25",
		Section: "Q5 删除过程",
		Claim:   "`delete` calls `mapdelete`, or `mapdelete_fast32`, `mapdelete_fast64` or `mapdelete_faststr` for those key types.",
		Verdict: True,
		Held:    heldAlways,
		Ruling:  "True on every lane, under the same names.",
		Evidence: []Evidence{
			Source{At: Go127, File: swissMaps + "/runtime_fast64.go", Find: `^//go:linkname runtime_mapdelete_fast64 runtime\.mapdelete_fast64$`},
		},
		Test:      "TestR1_25_DeleteCalls",
		Teach:     "03-swiss.md#step-9-fast-paths",
		SectionZh: "Q5 删除过程",
		ClaimZh:   "`delete` 调用 `mapdelete`，对那几种键类型则调用 `mapdelete_fast32`、`mapdelete_fast64` 或 `mapdelete_faststr`。",
		HeldZh:    heldAlwaysZh,
		RulingZh:  "在每条 lane 上都成立，名字相同。",
	},
	{
		ID:      "R1-26",
		Section: "Q5",
		Claim:   "`delete` clears the key and the value, lowers the count by one and sets the slot's tophash to empty.",
		Verdict: SomeVersions,
		Held:    heldClassic + " (`emptyOne`, or `emptyRest` at the end of a chain, at Go 1.25)",
		Ruling: "On Go 1.27 a deleted slot's control byte becomes empty only if its group still has an " +
			"empty slot; in a full group it becomes a tombstone (`ctrlDeleted`), which probes walk " +
			"past. Deleting 400 of 800 keys leaves tombstones.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, In: `^func mapdelete\(`, Find: `b\.tophash\[i\] = emptyOne`},
			Source{At: Go127, File: swissMaps + "/group.go", Find: `^\s+ctrlDeleted ctrl = 0b11111110`},
		},
		Test:      "TestR1_26_DeleteMarksTheSlot",
		Teach:     "03-swiss.md#step-4-delete-and-tombstones",
		SectionZh: "Q5",
		ClaimZh:   "`delete` 清除键和值，把计数减一，并把槽位的 tophash 设为空。",
		HeldZh:    heldClassicZh + "（在 Go 1.25 上是 `emptyOne`，在链的末尾则是 `emptyRest`）",
		RulingZh: "在 Go 1.27 上，被删除槽位的控制字节只有在它的组里还有空槽位时才变为空；在满了的组里，它变成墓碑（`ctrlDeleted`），" +
			"探测会越过它继续走。从 800 个键中删除 400 个会留下墓碑。",
	},
	{
		ID:      "R1-27",
		Section: "Q6 扩容过程",
		Claim: "The load factor is `count / 2^B`; past 6.5 an insert doubles the buckets (`B+1`), and " +
			"each key of an old bucket moves to the same index (X) or to the index plus the old count (Y).",
		Verdict: SomeVersions,
		Held:    heldClassic,
		Ruling: "On Go 1.27 each table grows when an insert would take it past 7/8 full (capacity-1 " +
			"for a table of 8 slots): a table of 16 slots holds 14 keys, and the 15th doubles it; " +
			"past 1024 slots it splits in two.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `^\s+loadFactorNum = loadFactorDen \* abi\.OldMapBucketCount \* 13 / 16`},
			Source{At: Go127, File: swissMaps + "/group.go", Find: `^\s+maxAvgGroupLoad = 7`},
		},
		Test:      "TestR1_27_LoadFactor",
		Teach:     "02-buckets.md#step-5-when-to-grow",
		SectionZh: "Q6 扩容过程",
		ClaimZh: "装载因子是 `count / 2^B`；超过 6.5 时，插入会让桶数翻倍（`B+1`），旧桶里的每个键搬到相同的下标（X），" +
			"或者下标加上旧的桶数（Y）。",
		HeldZh: heldClassicZh,
		RulingZh: "在 Go 1.27 上，每张表在一次插入会让它超过 7/8 满时扩容（8 个槽位的表则是超过容量减一）：" +
			"16 个槽位的表能放 14 个键，第 15 个让它翻倍；超过 1024 个槽位时，它一分为二。",
	},
	{
		ID:      "R1-28",
		Section: "Q6",
		Claim: "Too many overflow buckets (`noverflow` ≥ 2^B, capped at 2^15) start a same-size " +
			"growth, which packs the keys and drops the overflow buckets.",
		Verdict: SomeVersions,
		Held:    heldClassic,
		Ruling: "True of the classic map. Swiss tables have no overflow buckets: deletes leave " +
			"tombstones, which a full table prunes or drops when it rehashes.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, In: `^func tooManyOverflowBuckets\(`, Find: `return noverflow >= uint16\(1\)<<\(B&15\)`},
			Source{At: Go125, File: noswiss, In: `^func hashGrow\(`, Find: `bigger = 0`},
			Source{At: Go127, File: swissMaps, Find: `sameSizeGrow`, Absent: true},
		},
		Test:      "TestR1_28_SameSizeGrowth",
		Teach:     "02-buckets.md#step-5-when-to-grow",
		SectionZh: "Q6",
		ClaimZh:   "溢出桶太多（`noverflow` ≥ 2^B，上限为 2^15）会触发等量扩容，把键压紧并丢掉溢出桶。",
		HeldZh:    heldClassicZh,
		RulingZh:  "对经典 map 成立。Swiss table 没有溢出桶：删除留下墓碑，满了的表在重新哈希时清理或丢弃它们。",
	},
	{
		ID:      "R1-29",
		Section: "Q6",
		Claim:   "The flag bits are `iterator = 1`, `oldIterator = 2`, `hashWriting = 4`, `sameSizeGrow = 8`.",
		Verdict: SomeVersions,
		Held:    heldClassic,
		Ruling:  "True of the classic map. Go 1.27's `Map` has a `writing` byte instead, and no growth flags.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `^\s+hashWriting  = 4 // a goroutine is writing to the map`},
			Source{At: Go125, File: noswiss, Find: `^\s+sameSizeGrow = 8`},
			Source{At: Go127, File: swissMaps + "/map.go", In: `^type Map struct`, Find: `^\s+writing uint8`},
		},
		Test:      "TestR1_29_FlagBits",
		Teach:     "06-races.md#the-runtimes-check-a-flag-that-writers-toggle",
		SectionZh: "Q6",
		ClaimZh:   "标志位是 `iterator = 1`、`oldIterator = 2`、`hashWriting = 4`、`sameSizeGrow = 8`。",
		HeldZh:    heldClassicZh,
		RulingZh:  "对经典 map 成立。Go 1.27 的 `Map` 改用一个 `writing` 字节，也没有与扩容有关的标志。",
	},
	{
		ID:      "R1-30",
		Section: "Q6, and Q8",
		Claim: "A NaN key hashes differently every time, so `m[math.NaN()]` finds nothing, any " +
			"number of NaN keys can be inserted, and only a `range` shows them.",
		Verdict: True,
		Held:    heldAlways,
		Ruling:  "True on every lane: the float hash mixes a random number into a NaN's hash. Since Go 1.21 `clear` also removes them.",
		Evidence: []Evidence{
			Source{At: Go127, File: "src/runtime/alg.go", In: `^func f64hash\(`, Find: `case f != f:`},
			Source{At: Go125, File: "src/runtime/alg.go", In: `^func f64hash\(`, Find: `case f != f:`},
		},
		Test:      "TestR1_30_NaNKeys",
		Teach:     "01-basics.md#nan-keys-stored-never-found",
		SectionZh: "Q6，以及 Q8",
		ClaimZh: "NaN 键每次算出的哈希值都不同，所以 `m[math.NaN()]` 什么也找不到，可以插入任意多个 NaN 键，" +
			"只有 `range` 能看到它们。",
		HeldZh: heldAlwaysZh,
		RulingZh: "在每条 lane 上都成立：浮点数的哈希函数会把一个随机数混进 NaN 的哈希值。从 Go 1.21 起，" +
			"`clear` 也能删除它们。",
	},
	{
		ID:      "R1-31",
		Section: "Q6",
		Claim:   "During a doubling, a NaN key goes to the X or the Y half by the low bit of its tophash.",
		Verdict: SomeVersions,
		Held:    heldClassic,
		Ruling:  "True of the classic map's `evacuate`. Swiss tables have no halves: a grown table rehashes every key, NaN included.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, In: `^func evacuate\(`, Find: `useY = top & 1`},
			Source{At: Go127, File: swissMaps, Find: `useY`, Absent: true},
		},
		Test:      "TestR1_31_NaNHalves",
		Teach:     "02-buckets.md#step-6-incremental-evacuation",
		SectionZh: "Q6",
		ClaimZh:   "翻倍扩容时，NaN 键按它的 tophash 的最低位去 X 半区或 Y 半区。",
		HeldZh:    heldClassicZh,
		RulingZh: "对经典 map 的 `evacuate` 成立。Swiss table 没有半区：扩容的表对每个键重新计算哈希值，" +
			"NaN 也不例外。",
	},
	{
		ID:      "R1-32",
		Section: "Q7 key 为什么是无序的",
		Claim:   "Even a map that is never written gives a different order from one `range` to the next.",
		Verdict: True,
		Held:    heldAlways,
		Ruling:  "True on every lane: each `range` draws a new start.",
		Evidence: []Evidence{
			Source{At: Go127, File: swissMaps + "/table.go", Find: `it\.dirOffset = rand\(\)`},
		},
		Test:      "TestR1_32_SameMapNewOrder",
		Teach:     "05-iteration.md#why-the-start-is-random",
		SectionZh: "Q7 key 为什么是无序的",
		ClaimZh:   "即使一个从未被写过的 map，两次 `range` 给出的顺序也不一样。",
		HeldZh:    heldAlwaysZh,
		RulingZh:  "在每条 lane 上都成立：每次 `range` 都重新抽取起点。",
	},
	{
		ID:      "R1-33",
		Section: "Q7",
		Claim:   "Random iteration order has been a feature since Go 1.0.",
		Quote:   "“迭代 map 的结果是无序的”这个特性是从 go 1.0 开始加入的",
		Verdict: SomeVersions,
		Held:    "Go 1.0, and Go 1.3 onward; Go 1.1 and 1.2 did not randomize maps of 8 entries or fewer",
		Ruling: "Go 1.0 started each iteration at a random place; the map of Go 1.1 forgot to do so " +
			"for small maps, and Go 1.3 brought it back. On every lane a map of 8 entries gives " +
			"several orders.",
		Evidence: []Evidence{
			Quote{Text: "Go 1.0 started each map iteration at a random index in the map. A new map implementation introduced in Go 1.1 neglected to randomize iteration for maps with eight or fewer entries",
				Source: "Go 1.3 release notes, “Map iteration”", URL: "https://go.dev/doc/go1.3#map"},
		},
		Test:      "TestR1_33_SmallMapsAreRandomized",
		Teach:     "05-iteration.md#why-the-start-is-random",
		SectionZh: "Q7",
		ClaimZh:   "遍历顺序随机是从 Go 1.0 开始就有的特性。",
		HeldZh:    "Go 1.0，以及 Go 1.3 及以后；Go 1.1 和 1.2 没有对 8 个及以下元素的 map 做随机化",
		RulingZh: "Go 1.0 让每次迭代从一个随机位置开始；Go 1.1 的 map 对小 map 忘了这样做，" +
			"Go 1.3 又把它加了回来。在每条 lane 上，8 个元素的 map 都给出好几种顺序。",
	},
	{
		ID:      "R1-34",
		Section: "Q8 float 类型可以作为 map 的 key 吗",
		Claim: "Any comparable type can be a key; slices, maps and functions cannot. Booleans, " +
			"numbers, strings, pointers, channels, interfaces, structs and arrays of those can.",
		Verdict: True,
		Held:    heldAlways,
		Ruling: "True. An interface key accepts any dynamic type at compile time, and panics at run " +
			"time when the dynamic type is not comparable.",
		Evidence: []Evidence{
			Source{At: Go126, File: "doc/go_spec.html", Find: `must be fully defined`},
		},
		Test:      "TestR1_34_ComparableKeys",
		Teach:     "01-basics.md#which-keys-are-allowed-comparable-types-checked-twice",
		SectionZh: "Q8 float 类型可以作为 map 的 key 吗",
		ClaimZh: "任何可比较的类型都可以作为键；切片、map 和函数不行。布尔值、数字、字符串、指针、通道、接口，" +
			"以及由这些组成的结构体和数组都可以。",
		HeldZh:   heldAlwaysZh,
		RulingZh: "成立。接口类型的键在编译时接受任何动态类型，在运行时如果动态类型不可比较就会 panic。",
	},
	{
		ID:      "R1-35",
		Section: "Q8",
		Claim: "Two keys are the same key only if their hashes and their values are equal, and many " +
			"values that are literally equal hash differently, such as references (pointers).",
		Quote:   "很多字面值相等的，hash出来的值不一定相等，比如引用",
		Verdict: False,
		Held:    "none",
		Ruling: "Equal keys always hash equally: the map depends on it. The text's example, " +
			"`h[&s1]` and `h[&s2]` with `s1 == s2`, shows two *different* keys: `&s1 != &s2`. The " +
			"struct values themselves are one key. Only NaN, which is not equal to itself, has " +
			"several hashes.",
		Evidence: []Evidence{
			Source{At: Go126, File: "doc/go_spec.html", Find: `Two pointer values are equal if they point to the same variable`},
		},
		Test:      "TestR1_35_EqualKeysHashEqually",
		Teach:     "01-basics.md#which-keys-are-allowed-comparable-types-checked-twice",
		SectionZh: "Q8",
		ClaimZh:   "只有哈希值和值都相等，两个键才是同一个键；很多字面上相等的值算出的哈希值并不相等，比如引用（指针）。",
		HeldZh:    "任何版本都不成立",
		RulingZh: "相等的键的哈希值总是相等：map 依赖这一点。原文的例子，`s1 == s2` 时的 `h[&s1]` 和 `h[&s2]`，" +
			"展示的是两个*不同*的键：`&s1 != &s2`。结构体值本身是同一个键。只有不等于自身的 NaN 才会有多个哈希值。",
	},
	{
		ID:        "R1-36",
		Section:   "Q8",
		Claim:     "Any type can be a value, a map included.",
		Verdict:   True,
		Held:      heldAlways,
		Ruling:    "True: only the key type must be comparable.",
		Evidence:  []Evidence{Source{At: Go126, File: "doc/go_spec.html", Find: `must be fully defined`}},
		Test:      "TestR1_36_AnyValueType",
		Teach:     "01-basics.md#which-keys-are-allowed-comparable-types-checked-twice",
		SectionZh: "Q8",
		ClaimZh:   "任何类型都可以作为值，包括 map。",
		HeldZh:    heldAlwaysZh,
		RulingZh:  "成立：只有键类型必须是可比较的。",
	},
	{
		ID:      "R1-37",
		Section: "Q8 (the program and its output)",
		Claim: "After `m[1.4]`, `m[2.4]` and two `m[math.NaN()]` the map has 4 keys; `m[math.NaN()]` " +
			"and `m[2.400000000001]` give 0, and `m[2.4000000000000000000000001]` gives 2: that " +
			"constant is the same `float64` as 2.4.",
		Verdict: True,
		Held:    heldAlways,
		Ruling:  "True on every lane.",
		Evidence: []Evidence{
			Source{At: Go126, File: "doc/go_spec.html", Find: `^Numeric constants represent exact values of arbitrary precision`},
		},
		Test:      "TestR1_37_FloatKeysProgram",
		Teach:     "01-basics.md#nan-keys-stored-never-found",
		SectionZh: "Q8（程序及其输出）",
		ClaimZh: "执行 `m[1.4]`、`m[2.4]` 和两次 `m[math.NaN()]` 之后，map 有 4 个键；" +
			"`m[math.NaN()]` 和 `m[2.400000000001]` 得到 0，`m[2.4000000000000000000000001]` 得到 2：" +
			"这个常量和 2.4 是同一个 `float64`。",
		HeldZh:   heldAlwaysZh,
		RulingZh: "在每条 lane 上都成立。",
	},
	{
		ID:      "R1-38",
		Section: "Q8",
		Claim:   "A `float64` key is first converted to a `uint64` (through `Float64frombits`) and stored as that.",
		Quote:   "当用 float64 作为 key 的时候，先要将其转成 uint64 类型，再插入 key 中",
		Verdict: False,
		Held:    "none",
		Ruling: "The key is stored and compared as a `float64` and hashed by the float hash, which " +
			"gives +0 and −0 one hash and NaN a random one. As `uint64` bits, +0 and −0 would be two " +
			"keys and every NaN one key; in a map they are one key and many keys.",
		Evidence: []Evidence{
			Source{At: Go127, File: "src/runtime/alg.go", In: `^func f64hash\(`, Find: `case f == 0:`},
		},
		Test:      "TestR1_38_FloatKeysAreFloats",
		Teach:     "01-basics.md#nan-keys-stored-never-found",
		SectionZh: "Q8",
		ClaimZh:   "`float64` 键先（通过 `Float64frombits`）转换成 `uint64`，再以这个值存储。",
		HeldZh:    "任何版本都不成立",
		RulingZh: "键按 `float64` 存储和比较，用浮点数的哈希函数计算哈希值：它给 +0 和 −0 同一个哈希值，" +
			"给 NaN 一个随机的哈希值。如果按 `uint64` 的位来算，+0 和 −0 会是两个键，所有 NaN 会是同一个键；" +
			"而在 map 里，前者是一个键，后者是许多个键。",
	},
	{
		ID:      "R1-39",
		Section: "Q8",
		Claim:   "`math.NaN()` is `Float64frombits(uvnan)` with `uvnan = 0x7FF8000000000001`.",
		Verdict: True,
		Held:    heldAlways,
		Ruling:  "True.",
		Evidence: []Evidence{
			Source{At: Go127, File: "src/math/bits.go", Find: `^\s+uvnan += 0x7FF8000000000001`},
		},
		Test:      "TestR1_39_NaNBits",
		Teach:     "01-basics.md#nan-keys-stored-never-found",
		SectionZh: "Q8",
		ClaimZh:   "`math.NaN()` 就是 `Float64frombits(uvnan)`，其中 `uvnan = 0x7FF8000000000001`。",
		HeldZh:    heldAlwaysZh,
		RulingZh:  "成立。",
	},
	{
		ID:      "R1-40",
		Section: "Q9 可以边遍历边删除吗",
		Claim: "Deleting during a `range` in the same goroutine is not detected as concurrent use; " +
			"whether the deleted key is produced depends on whether the range reached it before.",
		Verdict: True,
		Held:    heldAlways,
		Ruling: "True, and the spec says so: an entry removed before it is reached is not produced. " +
			"No key is produced after its deletion, on every lane.",
		Evidence: []Evidence{
			Source{At: Go126, File: "doc/go_spec.html", Find: `If a map entry that has not yet been reached is removed during iteration`},
		},
		Test:      "TestR1_40_DeleteDuringRange",
		Teach:     "05-iteration.md#changing-the-map-during-range",
		SectionZh: "Q9 可以边遍历边删除吗",
		ClaimZh: "在同一个 goroutine 里一边 `range` 一边删除，不会被当成并发使用检测出来；被删除的键会不会被遍历到，" +
			"取决于 `range` 之前有没有走到它。",
		HeldZh:   heldAlwaysZh,
		RulingZh: "成立，语言规范也这么说：在被遍历到之前就删除的元素不会被遍历到。在每条 lane 上，键被删除之后都不会再被遍历到。",
	},
	{
		ID:      "R1-41",
		Section: "Q9",
		Claim:   "A `sync.RWMutex` (`RLock` to read, `Lock` to write) makes a map safe to share; `sync.Map` is a map safe for concurrent use.",
		Verdict: True,
		Held:    heldAlways + " (`sync.Map` since Go 1.9)",
		Ruling:  "True on every lane.",
		Evidence: []Evidence{
			Source{At: Go127, File: "src/sync/map.go", Find: `^// Map is like a Go map\[any\]any but is safe for concurrent use`},
		},
		Test:      "TestR1_41_LocksAndSyncMap",
		Teach:     "06-races.md#fix-1-one-lock-around-the-map",
		SectionZh: "Q9",
		ClaimZh: "`sync.RWMutex`（读用 `RLock`，写用 `Lock`）能让 map 安全地共享；" +
			"`sync.Map` 是一个可以安全地并发使用的 map。",
		HeldZh:   heldAlwaysZh + "（`sync.Map` 从 Go 1.9 起）",
		RulingZh: "在每条 lane 上都成立。",
	},
	{
		ID:      "R1-42",
		Section: "Q10 可以对 map 的元素取地址吗",
		Claim:   "`&m[\"qcrao\"]` does not compile: “cannot take the address of m[\"qcrao\"]”.",
		Verdict: True,
		Held:    heldAlways,
		Ruling: "True; the message now reads `invalid operation: cannot take address of m[\"qcrao\"] " +
			"(map index expression of type int)`.",
		Evidence: []Evidence{
			Source{At: Go126, File: "doc/go_spec.html", Find: `or a map index expression`},
		},
		Test:      "TestR1_42_NoAddressOfAnElement",
		Teach:     "01-basics.md#map-elements-are-not-addressable",
		SectionZh: "Q10 可以对 map 的元素取地址吗",
		ClaimZh:   "`&m[\"qcrao\"]` 无法通过编译：“cannot take the address of m[\"qcrao\"]”。",
		HeldZh:    heldAlwaysZh,
		RulingZh:  "成立；现在的报错是 `invalid operation: cannot take address of m[\"qcrao\"] (map index expression of type int)`。",
	},
	{
		ID:      "R1-43",
		Section: "Q10",
		Claim:   "An element's address got through `unsafe` cannot be kept: when the map grows, keys and values move.",
		Verdict: True,
		Held:    heldAlways,
		Ruling: "True on both runtimes: growth copies every entry of the grown buckets or table into a " +
			"new array.",
		Evidence: []Evidence{
			Source{At: Go127, File: swissMaps + "/table.go", Find: `^func \(t \*table\) grow\(typ \*abi\.MapType, m \*Map, newCapacity uint16\) \{`},
			Source{At: Go125, File: noswiss, Find: `^func evacuate\(t \*maptype, h \*hmap, oldbucket uintptr\) \{`},
		},
		Test:      "TestR1_43_GrowthMovesEntries",
		Teach:     "01-basics.md#map-elements-are-not-addressable",
		SectionZh: "Q10",
		ClaimZh:   "通过 `unsafe` 得到的元素地址不能保留：map 扩容时，键和值会移动。",
		HeldZh:    heldAlwaysZh,
		RulingZh:  "在两种运行时上都成立：扩容会把被扩容的桶或表中的每个元素复制到一个新数组里。",
	},
	{
		ID:      "R1-44",
		Section: "Q11 如何比较两个 map 相等",
		Claim: "Two maps are deeply equal when both are nil, or both non-nil of equal length *and " +
			"pointing to the same map object*, and the values of their keys are deeply equal.",
		Verdict: Misleading,
		Held:    "none as written",
		Ruling: "`reflect.DeepEqual`'s rule has an *or*: the same map object, or keys mapping to deeply " +
			"equal values. Two distinct maps with the same contents are deeply equal; a nil map and " +
			"an empty one are not.",
		Evidence: []Evidence{
			Source{At: Go127, File: "src/reflect/deepequal.go", Find: `and either they are the same map object or their corresponding keys`},
		},
		Test:      "TestR1_44_DeepEqualOfMaps",
		Teach:     "01-basics.md#the-maps-and-slices-helpers",
		SectionZh: "Q11 如何比较两个 map 相等",
		ClaimZh: "两个 map 深度相等的条件是：两者都是 nil，或者两者都非 nil、长度相等*并且指向同一个 map 对象*，" +
			"而且各个键对应的值深度相等。",
		HeldZh: "按原文所写，任何版本都不成立",
		RulingZh: "`reflect.DeepEqual` 的规则里是*或者*：是同一个 map 对象，或者各个键对应的值深度相等。" +
			"内容相同的两个不同的 map 深度相等；nil map 和空 map 则不相等。",
	},
	{
		ID:      "R1-45",
		Section: "Q11",
		Claim:   "`map1 == map2` does not compile: a map can only be compared with nil.",
		Verdict: True,
		Held:    heldAlways,
		Ruling:  "True: `invalid operation: m == n (map can only be compared to nil)`.",
		Evidence: []Evidence{
			Source{At: Go126, File: "doc/go_spec.html", Find: `^Slice, map, and function types are not comparable`},
		},
		Test:      "TestR1_45_MapsCompareOnlyToNil",
		Teach:     "01-basics.md#the-maps-and-slices-helpers",
		SectionZh: "Q11",
		ClaimZh:   "`map1 == map2` 无法通过编译：map 只能和 nil 比较。",
		HeldZh:    heldAlwaysZh,
		RulingZh:  "成立：`invalid operation: m == n (map can only be compared to nil)`。",
	},
	{
		ID:      "R1-46",
		Section: "Q11",
		Claim:   "So the only way is to range over the maps and compare the elements one by one.",
		Quote:   "因此只能是遍历map 的每个元素，比较元素是否都是深度相等",
		Verdict: Misleading,
		Held:    "none: `reflect.DeepEqual` compared two maps in the text's Go 1.9.2 already, and `maps.Equal` does since Go 1.21",
		Ruling: "`reflect.DeepEqual` did it in the text's version already, and since Go 1.21 " +
			"`maps.Equal` (and `maps.EqualFunc`) compare two maps without reflection.",
		Evidence: []Evidence{
			Source{At: Go127, File: "src/maps/maps.go", Find: `^func Equal\[M1, M2 ~map\[K\]V, K, V comparable\]\(m1 M1, m2 M2\) bool \{`},
		},
		Test:      "TestR1_46_MapsEqual",
		Teach:     "01-basics.md#the-maps-and-slices-helpers",
		SectionZh: "Q11",
		ClaimZh:   "所以唯一的办法是遍历两个 map，逐个比较元素。",
		HeldZh:    "任何版本都不成立：在原文所用的 Go 1.9.2 中，`reflect.DeepEqual` 就已经能比较两个 map，从 Go 1.21 起还有 `maps.Equal`",
		RulingZh: "在原文所用的版本中，`reflect.DeepEqual` 就已经能做到这一点；从 Go 1.21 起，" +
			"`maps.Equal`（以及 `maps.EqualFunc`）不用反射就能比较两个 map。",
	},
	{
		ID:      "R1-47",
		Section: "Q12 map 是线程安全的吗",
		Claim: "Lookups, assignments, iteration and deletes all check the writing flag; assignments " +
			"and deletes set it after checking it.",
		Verdict: True,
		Held:    heldAlways,
		Ruling: "True on both runtimes (`hashWriting` in `hmap.flags`, then `Map.writing`): a reader " +
			"racing a writer dies with `fatal error: concurrent map read and map write`.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, In: `^func mapaccess1\(`, Find: `fatal\("concurrent map read and map write"\)`},
			Source{At: Go127, File: swissMaps + "/runtime.go", In: `^func runtime_mapaccess2\(`, Find: `fatal\("concurrent map read and map write"\)`},
		},
		Test:      "TestR1_47_ReadersCheckTheFlag",
		Teach:     "06-races.md#the-runtimes-check-a-flag-that-writers-toggle",
		SectionZh: "Q12 map 是线程安全的吗",
		ClaimZh:   "查找、赋值、遍历和删除都会检查写标志；赋值和删除在检查之后设置它。",
		HeldZh:    heldAlwaysZh,
		RulingZh: "在两种运行时上都成立（先是 `hmap.flags` 中的 `hashWriting`，后来是 `Map.writing`）：" +
			"与写入者竞争的读取者会以 `fatal error: concurrent map read and map write` 终止。",
	},
	{
		ID:      "R1-48",
		Section: "Q12",
		Claim: "The check is `if h.flags&hashWriting == 0 { throw(\"concurrent map writes\") }`, and a " +
			"writer sets the flag with `h.flags |= hashWriting`.",
		Verdict: False,
		Held:    "the `|=` in the text's Go 1.9.2 and up to Go 1.11; the `== 0` check as the check before a write, none",
		Ruling: "The check before a write is `!= 0`; the `== 0` test is the one after the write, " +
			"which catches a writer that cleared the flag meanwhile. `h.flags |= hashWriting` was the " +
			"runtime's code up to Go 1.11, the text's 1.9.2 included; since Go 1.12 (golang/go#26703) " +
			"the flag is toggled (`h.flags ^= hashWriting`, on Go 1.27 `m.writing ^= 1`), so two " +
			"racing writers are more likely both to see it.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, In: `^func mapassign\(`, Find: `^\s+h\.flags \^= hashWriting$`},
			Source{At: Go125, File: noswiss, Find: `h\.flags \|= hashWriting`, Absent: true},
			Source{At: Go127, File: swissMaps + "/runtime.go", In: `^func runtime_mapassign\(`, Find: `m\.writing \^= 1 // toggle`},
		},
		Test:      "TestR1_48_TheFlagIsToggled",
		Teach:     "06-races.md#the-runtimes-check-a-flag-that-writers-toggle",
		SectionZh: "Q12",
		ClaimZh: "检查是 `if h.flags&hashWriting == 0 { throw(\"concurrent map writes\") }`，" +
			"写入者用 `h.flags |= hashWriting` 设置标志。",
		HeldZh: "`|=` 在原文所用的 Go 1.9.2 中成立，一直到 Go 1.11；把 `== 0` 当作写之前的检查，在任何版本都不成立",
		RulingZh: "写之前的检查是 `!= 0`；`== 0` 的检查是写之后的那一次，它捕捉的是在此期间清除了标志的另一个写入者。" +
			"`h.flags |= hashWriting` 是 Go 1.11 及以前运行时的代码，包括原文所用的 1.9.2；" +
			"从 Go 1.12 起（golang/go#26703），标志改为翻转（`h.flags ^= hashWriting`，" +
			"在 Go 1.27 上是 `m.writing ^= 1`），这样两个竞争的写入者更有可能都看到它。",
	},
}
