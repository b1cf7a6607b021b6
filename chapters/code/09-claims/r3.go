package claims

// The classic map in the words of a row of R3, whose text names no version.
const (
	heldClassic3   = "the classic map: up to Go 1.23; 1.24-1.25 with noswissmap"
	heldClassic3Zh = "经典 map：Go 1.23 及以前；1.24–1.25 配合 noswissmap"
)

// r3 holds the claims of cch123/golang-notes' map.md, in the order they appear. Claims made
// only inside the runtime code it quotes are the code of its day, not claims of its own: a row
// rules on what the prose and the comments it wrote say.
var r3 = []Claim{
	{
		ID:      "R3-01",
		Section: "数据结构 (the constants)",
		Claim:   "A bucket holds at most 8 elements (`bucketCnt = 1 << 3`), and the load factor is 13/2.",
		Verdict: SomeVersions,
		Held:    heldClassic3,
		Ruling: "True of the classic map. On Go 1.27 a group also has 8 slots, but a table's load " +
			"limit is 7/8 of its slots, not 6.5 entries per bucket.",
		Evidence: []Evidence{
			Source{At: Go125, File: "src/internal/abi/map_noswiss.go", Find: `^\s+OldMapBucketCountBits = 3`},
			Source{At: Go125, File: noswiss, Find: `^\s+loadFactorNum = loadFactorDen \* abi\.OldMapBucketCount \* 13 / 16`},
			Source{At: Go127, File: swissMaps + "/group.go", Find: `^\s+maxAvgGroupLoad = 7`},
		},
		Test:      "TestR3_01_EightPerBucketLoad65",
		Teach:     "02-buckets.md#step-5-when-to-grow",
		SectionZh: "数据结构（那几个常量）",
		ClaimZh:   "一个桶最多放 8 个元素（`bucketCnt = 1 << 3`），装载因子是 13/2。",
		HeldZh:    heldClassic3Zh,
		RulingZh: "对经典 map 成立。在 Go 1.27 上，一个组也有 8 个槽位，但一张表的装载上限是它的槽位数的 7/8，" +
			"而不是每个桶 6.5 个元素。",
	},
	{
		ID:      "R3-02",
		Section: "数据结构, and “indirectkey 和 indirectvalue” (with its lldb session)",
		Claim: "A key or a value over 128 bytes is stored as a pointer (`indirectkey`, " +
			"`indirectvalue`); at 128 bytes it is stored in the bucket.",
		Verdict: True,
		Held:    "every version",
		Ruling:  "True on both runtimes: 128 bytes inline, 129 through a pointer of 8 bytes.",
		Evidence: []Evidence{
			Source{At: Go125, File: "src/internal/abi/map_noswiss.go", Find: `^\s+OldMapMaxKeyBytes += 128`},
			Source{At: Go127, File: "src/internal/abi/map.go", Find: `^\s+MapMaxKeyBytes += 128`},
		},
		Test:      "TestR3_02_Over128BytesIndirect",
		Teach:     "04-growth.md#delete-frees-the-values-not-the-slots",
		SectionZh: "数据结构，以及“indirectkey 和 indirectvalue”（及其 lldb 会话）",
		ClaimZh: "超过 128 字节的键或值以指针形式存放（`indirectkey`、`indirectvalue`）；" +
			"128 字节的直接存放在桶里。",
		HeldZh:   "每个版本",
		RulingZh: "在两种运行时上都成立：128 字节的直接存放，129 字节的通过一个 8 字节的指针存放。",
	},
	{
		ID:      "R3-03",
		Section: "数据结构 (the comment on tophash)",
		Claim:   "A tophash computed from a hash is at least 4; the values below 4 are states.",
		Quote:   "所以合法的 tophash(指计算出来的那种)，最小也应该是 4",
		Verdict: SomeVersions,
		Held:    "the classic map of the code it quotes (one `empty` state); not Go 1.25 with noswissmap, where it is 5",
		Ruling: "The last classic map added `emptyRest`, so its smallest computed tophash is 5 " +
			"(`minTopHash = 5`). Swiss tables have control bytes: 7 bits of hash, below 0x80.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `^\s+minTopHash += 5 // minimum tophash`},
		},
		Test:      "TestR3_03_SmallestTophash",
		Teach:     "02-buckets.md#step-4-delete-emptyone-and-emptyrest",
		SectionZh: "数据结构（tophash 上的注释）",
		ClaimZh:   "由哈希值计算出的 tophash 至少是 4；小于 4 的值表示状态。",
		HeldZh:    "它所引用的代码中的经典 map（只有一个 `empty` 状态）；不适用于 Go 1.25 配合 noswissmap，那里是 5",
		RulingZh: "最后一版经典 map 增加了 `emptyRest`，所以它计算出的 tophash 最小是 5（`minTopHash = 5`）。" +
			"Swiss table 用的是控制字节：7 位哈希值，小于 0x80。",
	},
	{
		ID:      "R3-04",
		Section: "数据结构 (the comment on `count`)",
		Claim:   "The element count must be the header's first field, because the builtin `len` reads it from there.",
		Verdict: True,
		Held:    "every version (`hmap.count`, then `Map.used`)",
		Ruling:  "True on both runtimes: the first word of the header a map points to is `len(m)`.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `^\s+count +int // # live cells == size of map\.  Must be first \(used by len\(\) builtin\)`},
			Source{At: Go127, File: swissMaps + "/map.go", Find: `// Must be first \(known by the compiler, for len\(\) builtin\)\.`},
		},
		Test:      "TestR3_04_LenIsTheFirstWord",
		Teach:     "02-buckets.md#the-shape-a-header-a-bucket-array-chains",
		SectionZh: "数据结构（`count` 上的注释）",
		ClaimZh:   "元素个数必须是头部的第一个字段，因为内建函数 `len` 从那里读它。",
		HeldZh:    "每个版本（先是 `hmap.count`，后来是 `Map.used`）",
		RulingZh:  "在两种运行时上都成立：map 所指向的头部的第一个字就是 `len(m)`。",
	},
	{
		ID:      "R3-05",
		Section: "数据结构 (the comment on `mapextra`)",
		Claim: "If neither key nor value holds a pointer (and both are inline), the overflow buckets " +
			"are kept in `hmap.extra.overflow`, so that the GC does not scan the map.",
		Verdict: SomeVersions,
		Held:    heldClassic3,
		Ruling:  "True of the classic map. Swiss tables have no overflow buckets.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, In: `^type mapextra struct`, Find: `^\s+overflow +\*\[\]\*bmap`},
			Source{At: Go127, File: "src/runtime", Find: `^type mapextra struct`, Absent: true},
		},
		Test:      "TestR3_05_OverflowInExtra",
		Teach:     "02-buckets.md#step-3-overflow-buckets",
		SectionZh: "数据结构（`mapextra` 上的注释）",
		ClaimZh: "如果键和值都不含指针（而且都直接存放），溢出桶就保存在 `hmap.extra.overflow` 中，" +
			"这样 GC 就不用扫描这个 map。",
		HeldZh:   heldClassic3Zh,
		RulingZh: "对经典 map 成立。Swiss table 没有溢出桶。",
	},
	{
		ID:      "R3-06",
		Section: "初始化 (the comment in `makemap`)",
		Claim:   "The `hmap` header is 48 bytes on a 64-bit system and 28 on a 32-bit one.",
		Verdict: SomeVersions,
		Held:    "the classic map of the code it quotes; not Go 1.25 with noswissmap (56 bytes)",
		Ruling: "The last classic map's `hmap` gained a `clearSeq uint64` and is 2×8 + 5 pointers: 56 " +
			"bytes on 64-bit, as the runtime's own test says. Go 1.27 has no `hmap`.",
		Evidence: []Evidence{
			Source{At: Go125, File: "src/runtime/map_noswiss_test.go", Find: `var hmapSize = uintptr\(2\*8 \+ 5\*goarch\.PtrSize\)`},
			Source{At: Go125, File: noswiss, In: `^type hmap struct`, Find: `clearSeq`},
		},
		Test:      "TestR3_06_HmapSize",
		Teach:     "02-buckets.md#the-shape-a-header-a-bucket-array-chains",
		SectionZh: "初始化（`makemap` 中的注释）",
		ClaimZh:   "`hmap` 头部在 64 位系统上是 48 字节，在 32 位系统上是 28 字节。",
		HeldZh:    "它所引用的代码中的经典 map；不适用于 Go 1.25 配合 noswissmap（56 字节）",
		RulingZh: "最后一版经典 map 的 `hmap` 多了一个 `clearSeq uint64`，大小是 2×8 字节加 5 个指针：" +
			"在 64 位上是 56 字节，运行时自己的测试也是这么说的。Go 1.27 没有 `hmap`。",
	},
	{
		ID:      "R3-07",
		Section: "初始化",
		Claim: "`make(map[k]v, hint)` calls `makemap_small` when hint ≤ 8 and `makemap` when hint > 8; " +
			"`make(map[k]v)` without a hint always calls `makemap_small`.",
		Verdict: Misleading,
		Held:    "Go 1.25 (classic and Swiss) to 1.27, the versions the course runs, for a constant hint and a map that escapes",
		Ruling: "The compiler chooses, so only a hint that is a constant counts: `make(map[int]int, 8)` " +
			"calls `makemap_small`, but `make(map[int]int, n)` calls `makemap` even when `n` is 4 at run " +
			"time. True on every lane for a constant hint and a map that escapes to the heap (the next " +
			"row is about the other case).",
		Evidence: []Evidence{
			Source{At: Go127, File: "src/runtime/map.go", Find: `^func makemap_small\(\) \*maps\.Map \{`},
			Source{At: Go125, File: noswiss, Find: `^func makemap_small\(\) \*hmap \{`},
			Source{At: Go127, File: "src/cmd/compile/internal/walk/builtin.go", Find: `^\s+if ir\.IsConst\(hint, constant\.Int\) && constant\.Compare\(hint\.Val\(\), token\.LEQ, constant\.MakeInt64\(abi\.MapGroupSlots\)\) \{`},
		},
		Test:      "TestR3_07_MakemapSmall",
		Teach:     "04-growth.md#presizing-makemapkv-n",
		SectionZh: "初始化",
		ClaimZh: "`make(map[k]v, hint)` 在 hint ≤ 8 时调用 `makemap_small`，" +
			"在 hint > 8 时调用 `makemap`；不带提示的 `make(map[k]v)` 总是调用 `makemap_small`。",
		HeldZh: "Go 1.25（经典 map 和 Swiss table）到 1.27，即本课程运行的版本，条件是提示为常量、map 逃逸到堆上",
		RulingZh: "是编译器在选择，所以只有常量的提示才算数：`make(map[int]int, 8)` 调用 `makemap_small`，" +
			"而 `make(map[int]int, n)` 即使 `n` 在运行时是 4 也调用 `makemap`。" +
			"在每条 lane 上，对常量提示、逃逸到堆上的 map 成立（另一种情况见下一行）。",
	},
	{
		ID:      "R3-08",
		Section: "初始化",
		Claim:   "Escape analysis matters too: in `func main() { var m = make(map[int]int, 4); m[1] = 1 }` the assembly has no `makemap` call at all.",
		Verdict: True,
		Held:    "every version the course runs",
		Ruling:  "True on every lane: a map that does not escape is made on the stack, with no call.",
		Evidence: []Evidence{
			Source{At: Go127, File: "src/cmd/compile/internal/walk/builtin.go", Find: `^func walkMakeMap\(`},
		},
		Test:      "TestR3_08_StackMapNoCall",
		Teach:     "04-growth.md#presizing-makemapkv-n",
		SectionZh: "初始化",
		ClaimZh: "逃逸分析也有关系：在 `func main() { var m = make(map[int]int, 4); m[1] = 1 }` 中，" +
			"汇编里根本没有对 `makemap` 的调用。",
		HeldZh:   "本课程运行的每个版本",
		RulingZh: "在每条 lane 上都成立：不逃逸的 map 在栈上创建，不调用任何函数。",
	},
	{
		ID:      "R3-09",
		Section: "初始化 (the comment in `makemap`)",
		Claim:   "When `B == 0` the bucket array is not allocated by `make`: `mapassign` allocates it lazily.",
		Verdict: SomeVersions,
		Held:    heldClassic3,
		Ruling: "True of the classic map. Go 1.27 does the same in its terms: a map made with a hint " +
			"of 8 or less has no group until its first insert.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, In: `^func mapassign\(`, Find: `if h\.buckets == nil \{`},
		},
		Test:      "TestR3_09_FirstBucketOnFirstInsert",
		Teach:     "03-swiss.md#step-2-the-small-map",
		SectionZh: "初始化（`makemap` 中的注释）",
		ClaimZh:   "`B == 0` 时，`make` 不分配桶数组：由 `mapassign` 延迟分配。",
		HeldZh:    heldClassic3Zh,
		RulingZh: "对经典 map 成立。Go 1.27 换成它自己的说法也是这样做的：以 8 或更小的提示创建的 map，" +
			"在第一次插入之前没有组。",
	},
	{
		ID:      "R3-10",
		Section: "元素访问",
		Claim:   "A lookup hashes the key, then uses the low bits to find the bucket and the top 8 bits (tophash) to find the slot.",
		Verdict: SomeVersions,
		Held:    heldClassic3,
		Ruling:  "On Go 1.27 the low 7 bits (H2) are the control byte compared, and the rest (H1) chooses where probing starts.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `^func tophash\(hash uintptr\) uint8 \{`},
			Source{At: Go127, File: swissMaps + "/map.go", Find: `^func h1\(h uintptr\) uintptr \{`},
		},
		Test:      "TestR3_10_LowBitsAndTophash",
		Teach:     "02-buckets.md#the-hash-low-bits-choose-the-bucket-the-top-byte-is-the-tophash",
		SectionZh: "元素访问",
		ClaimZh:   "查找先对键计算哈希值，然后用低位找到桶，用最高 8 位（tophash）找到槽位。",
		HeldZh:    heldClassic3Zh,
		RulingZh:  "在 Go 1.27 上，最低 7 位（H2）是要比较的控制字节，其余的位（H1）决定从哪里开始探测。",
	},
	{
		ID:      "R3-11",
		Section: "元素访问",
		Claim: "Lookups are `mapaccess1`, `mapaccess2` and `mapaccessK`; `mapaccess1` and `mapaccess2` " +
			"have 32-bit, 64-bit and string variants.",
		Verdict: SomeVersions,
		Held:    heldClassic3 + " (`mapaccessK`)",
		Ruling: "`mapaccess1`, `mapaccess2` and their fast variants are still the calls on Go 1.27; " +
			"`mapaccessK` is the classic map's only: Swiss tables look a key up for the iterator " +
			"with `getWithKey`.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `^func mapaccessK\(t \*maptype, h \*hmap, key unsafe\.Pointer\)`},
			Source{At: Go127, File: "src/runtime", Find: `mapaccessK`, Absent: true},
		},
		Test:      "TestR3_11_LookupFunctions",
		Teach:     "02-buckets.md#step-9-fast-paths",
		SectionZh: "元素访问",
		ClaimZh:   "查找函数是 `mapaccess1`、`mapaccess2` 和 `mapaccessK`；`mapaccess1` 和 `mapaccess2` 有 32 位、64 位和字符串的变体。",
		HeldZh:    heldClassic3Zh + "（指 `mapaccessK`）",
		RulingZh: "在 Go 1.27 上，调用的仍然是 `mapaccess1`、`mapaccess2` 和它们的快速变体；" +
			"`mapaccessK` 只属于经典 map：Swiss table 用 `getWithKey` 为迭代器查找键。",
	},
	{
		ID:      "R3-12",
		Section: "元素访问 (the comments in `mapaccess2`)",
		Claim:   "Keys of different types are hashed by different functions (“具体可以参考 algarray”).",
		Verdict: SomeVersions,
		Held:    "the classic map of the code it quotes, for `algarray`; a hash function per key type on every version",
		Ruling: "Each key type still has its own hash function, but there is no `algarray` any more: " +
			"the map type carries it (`Hasher`), on the classic map of Go 1.25 and on Swiss tables.",
		Evidence: []Evidence{
			Source{At: Go125, File: "src/runtime", Find: `algarray`, Absent: true},
			Source{At: Go127, File: "src/internal/abi/map.go", Find: `^\s+Hasher +func\(unsafe\.Pointer, uintptr\) uintptr`},
		},
		Test:      "TestR3_12_HashPerKeyType",
		Teach:     "02-buckets.md#step-9-fast-paths",
		SectionZh: "元素访问（`mapaccess2` 中的注释）",
		ClaimZh:   "不同类型的键用不同的函数计算哈希值（“具体可以参考 algarray”）。",
		HeldZh:    "就 `algarray` 而言，是它所引用的代码中的经典 map；每种键类型一个哈希函数，则在每个版本都成立",
		RulingZh: "每种键类型仍然有自己的哈希函数，但 `algarray` 已经不存在了：由 map 类型携带它（`Hasher`），" +
			"在 Go 1.25 的经典 map 和 Swiss table 上都是如此。",
	},
	{
		ID:      "R3-13",
		Section: "元素访问 (the comments in `mapaccess2`)",
		Claim: "While the map grows, a lookup must look in the old bucket (when it is not evacuated yet), " +
			"or keys would seem to vanish.",
		Verdict: SomeVersions,
		Held:    heldClassic3,
		Ruling: "True of the classic map: during a growth most keys are still in old buckets, and every " +
			"lookup finds them. On Go 1.27 a table is copied whole within one insert: there is no old " +
			"array to look in.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, In: `^func mapaccess2\(`, Find: `if !evacuated\(oldb\) \{`},
			Source{At: Go127, File: swissMaps, Find: `oldbuckets`, Absent: true},
		},
		Test:      "TestR3_13_LookupsDuringGrowth",
		Teach:     "02-buckets.md#step-6-incremental-evacuation",
		SectionZh: "元素访问（`mapaccess2` 中的注释）",
		ClaimZh:   "map 扩容期间，查找必须去旧桶里找（在它还没搬迁时），否则键就像消失了一样。",
		HeldZh:    heldClassic3Zh,
		RulingZh: "对经典 map 成立：扩容期间，大多数键仍在旧桶里，每次查找都能找到它们。在 Go 1.27 上，" +
			"一张表在一次插入之内被整个复制：没有旧数组可找。",
	},
	{
		ID:      "R3-14",
		Section: "元素访问 (the comments in `mapaccess2`)",
		Claim: "A bucket that holds 8 elements takes no more: a new bucket is made and hung on the " +
			"old one's overflow pointer, and a lookup follows that chain.",
		Verdict: SomeVersions,
		Held:    heldClassic3,
		Ruling: "True of the classic map. On Go 1.27 a key whose group is full goes to another group of " +
			"the same table, found by probing; nothing is chained.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, In: `^func mapaccess2\(`, Find: `for ; b != nil; b = b\.overflow\(t\) \{`},
			Source{At: Go127, File: swissMaps, Find: `newoverflow`, Absent: true},
		},
		Test:      "TestR3_14_OverflowChains",
		Teach:     "02-buckets.md#step-3-overflow-buckets",
		SectionZh: "元素访问（`mapaccess2` 中的注释）",
		ClaimZh:   "放了 8 个元素的桶不再接收新元素：新建一个桶，挂在旧桶的溢出指针上，查找沿着这条链走。",
		HeldZh:    heldClassic3Zh,
		RulingZh:  "对经典 map 成立。在 Go 1.27 上，组已满的键会去同一张表的另一个组，那个组通过探测找到；不串任何链。",
	},
	{
		ID:      "R3-15",
		Section: "赋值, “编译器如何选择 assign 函数” (the text and its flow chart)",
		Claim: "The compiler picks the assign function by whether the key is a string and otherwise by " +
			"the key's size (32 or 64 bits), and a value of 128 bytes or more takes the plain `mapassign`.",
		Verdict: Misleading,
		Held:    "none as drawn",
		Ruling: "It decides by how the key hashes, not by its size: a `float64` key (64 bits) gets " +
			"`mapassign`, a pointer key `mapassign_fast64ptr`, a `[2]int32` key `mapassign_fast64`. " +
			"And a value of exactly 128 bytes still gets the fast path; only over 128 does not.",
		Evidence: []Evidence{
			Source{At: Go127, File: "src/cmd/compile/internal/walk/walk.go", In: `^func mapfast\(`, Find: `if t\.Elem\(\)\.Size\(\) > abi\.MapMaxElemBytes \{`},
			Source{At: Go127, File: "src/cmd/compile/internal/walk/walk.go", In: `^func mapfast\(`, Find: `case types\.AMEM64:`},
		},
		Test:      "TestR3_15_AssignFunctionByHashKind",
		Teach:     "02-buckets.md#step-9-fast-paths",
		SectionZh: "赋值，“编译器如何选择 assign 函数”（正文及其流程图）",
		ClaimZh:   "编译器按键是不是字符串、否则按键的大小（32 位或 64 位）选择赋值函数，值为 128 字节或更大时用普通的 `mapassign`。",
		HeldZh:    "按图中所画，任何版本都不成立",
		RulingZh: "它按键的哈希方式来决定，而不是按大小：`float64` 键（64 位）用的是 `mapassign`，" +
			"指针键用 `mapassign_fast64ptr`，`[2]int32` 键用 `mapassign_fast64`。" +
			"而且值恰好是 128 字节时仍然走快速路径；只有超过 128 字节才不走。",
	},
	{
		ID:      "R3-16",
		Section: "赋值 (the comments in `mapassign`)",
		Claim: "`mapassign` sets the writing flag only after hashing the key, because the hash function " +
			"may panic, and then no write took place.",
		Verdict: True,
		Held:    "every version (`hashWriting`, then `Map.writing`)",
		Ruling: "True on both runtimes: after the panic of a key that cannot be hashed (`hash of " +
			"unhashable type []int`), recovered, the map takes the next write as if nothing happened.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, In: `^func mapassign\(`, Find: `// Set hashWriting after calling t\.hasher, since t\.hasher may panic,`},
			Source{At: Go127, File: swissMaps + "/runtime.go", In: `^func runtime_mapassign\(`, Find: `// Set writing after calling Hasher, since Hasher may panic, in which`},
		},
		Test:      "TestR3_16_FlagAfterTheHash",
		Teach:     "06-races.md#the-runtimes-check-a-flag-that-writers-toggle",
		SectionZh: "赋值（`mapassign` 中的注释）",
		ClaimZh:   "`mapassign` 在对键计算哈希值之后才设置写标志，因为哈希函数可能 panic，那样就没有发生任何写入。",
		HeldZh:    "每个版本（先是 `hashWriting`，后来是 `Map.writing`）",
		RulingZh: "在两种运行时上都成立：一个无法计算哈希值的键引发 panic（`hash of unhashable type []int`）并被 recover 之后，" +
			"map 照常接受下一次写入，就像什么也没发生过。",
	},
	{
		ID:      "R3-17",
		Section: "赋值, and 删除 (the comments in `mapassign` and `mapdelete`)",
		Claim:   "The low 8 bits of the hash, through the bucket mask, choose the bucket.",
		Quote:   "计算低 8 位 hash，根据计算出的 bucketMask 选择对应的 bucket",
		Verdict: False,
		Held:    "none: the low `B` bits, as the notes' own lookup section says",
		Ruling: "The mask keeps the low `B` bits, 10 of them for 1,024 buckets: keys whose low 8 bits " +
			"are the same sit in different buckets. Go 1.27 has no buckets.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `^func bucketMask\(b uint8\) uintptr \{`},
		},
		Test:      "TestR3_17_LowBBitsNotEight",
		Teach:     "02-buckets.md#the-hash-low-bits-choose-the-bucket-the-top-byte-is-the-tophash",
		SectionZh: "赋值，以及删除（`mapassign` 和 `mapdelete` 中的注释）",
		ClaimZh:   "哈希值的低 8 位经过桶掩码选择桶。",
		HeldZh:    "任何版本都不成立：是低 `B` 位，正如笔记自己讲查找的那一节所说",
		RulingZh:  "掩码保留的是低 `B` 位，1,024 个桶时是 10 位：低 8 位相同的键位于不同的桶里。Go 1.27 没有桶。",
	},
	{
		ID:      "R3-18",
		Section: "赋值 (the comments in `mapassign`)",
		Claim: "A new key goes to the first free slot the search passed, so after deletes an insert " +
			"fills the holes near the front.",
		Verdict: True,
		Held:    "every version (a tombstone on a probe path, on Swiss tables)",
		Ruling: "True on both runtimes: in a map of 8 keys, delete the third and insert a new key, and " +
			"the new key takes slot 2. Swiss tables likewise reuse the first deleted slot on the probe path.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, In: `^func mapassign\(`, Find: `if isEmpty\(b\.tophash\[i\]\) && inserti == nil \{`},
			Source{At: Go127, File: swissMaps + "/map.go", In: `^func \(m \*Map\) putSlotSmall\(`, Find: `match = g\.ctrls\(\)\.matchEmptyOrDeleted\(\)`},
		},
		Test:      "TestR3_18_InsertFillsTheHole",
		Teach:     "02-buckets.md#step-2-insert-into-the-first-free-slot",
		SectionZh: "赋值（`mapassign` 中的注释）",
		ClaimZh:   "新键放进查找途中经过的第一个空闲槽位，所以在删除之后，插入会填补靠前的空洞。",
		HeldZh:    "每个版本（在 Swiss table 上是探测路径上的墓碑）",
		RulingZh: "在两种运行时上都成立：在一个有 8 个键的 map 里删除第三个键，再插入一个新键，新键占用槽位 2。" +
			"Swiss table 同样会复用探测路径上的第一个已删除槽位。",
	},
	{
		ID:      "R3-19",
		Section: "赋值 (the assembly)",
		Claim: "`mapassign` does not write the value: it returns where the value goes, and instructions " +
			"the compiler adds after the call (`MOVQ $99999, (AX)`) store it.",
		Verdict: True,
		Held:    "every version",
		Ruling:  "True on every lane: after `CALL runtime.mapassign_fast64` comes `MOVQ $99999, (AX)`.",
		Evidence: []Evidence{
			Source{At: Go127, File: swissMaps + "/runtime_fast64.go", Find: `^func runtime_mapassign_fast64\(typ \*abi\.MapType, m \*Map, key uint64\) unsafe\.Pointer \{`},
		},
		Test:      "TestR3_19_TheCallerStoresTheValue",
		Teach:     "02-buckets.md#step-2-insert-into-the-first-free-slot",
		SectionZh: "赋值（汇编）",
		ClaimZh:   "`mapassign` 不写值：它返回值应放的位置，由编译器在调用之后加上的指令（`MOVQ $99999, (AX)`）存入。",
		HeldZh:    "每个版本",
		RulingZh:  "在每条 lane 上都成立：`CALL runtime.mapassign_fast64` 之后紧接着就是 `MOVQ $99999, (AX)`。",
	},
	{
		ID:      "R3-20",
		Section: "删除 (the comments in `mapdelete`)",
		Claim:   "`delete` clears the key if it holds pointers, and the value likewise.",
		Verdict: True,
		Held:    "every version",
		Ruling: "True on both runtimes: what a deleted entry pointed to is garbage at once (a finalizer " +
			"on it runs after the next GC), though the slot stays.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, In: `^func mapdelete\(`, Find: `if t\.Key\.Pointers\(\) \{`},
			Source{At: Go127, File: swissMaps + "/table.go", In: `^func \(t \*table\) Delete\(`, Find: `if typ\.Key\.Pointers\(\) \{`},
		},
		Test:      "TestR3_20_DeleteClearsPointers",
		Teach:     "04-growth.md#delete-frees-the-values-not-the-slots",
		SectionZh: "删除（`mapdelete` 中的注释）",
		ClaimZh:   "`delete` 在键含指针时清除键，值也一样。",
		HeldZh:    "每个版本",
		RulingZh:  "在两种运行时上都成立：被删除的元素所指向的东西立刻成为垃圾（它上面的终结器在下一次 GC 之后运行），尽管槽位还在。",
	},
	{
		ID:      "R3-21",
		Section: "删除 (the comments in `mapdelete`)",
		Claim:   "`delete` sets the slot's tophash to 0 (`empty`) and lowers the count by one.",
		Verdict: SomeVersions,
		Held:    "the classic map of the code it quotes; on Go 1.25 with noswissmap only for a slot after which no slot is full",
		Ruling: "The last classic map writes `emptyOne` (1), and turns it into `emptyRest` (0) only when " +
			"no full slot follows. On Go 1.27 the slot's control byte becomes empty (0x80), or a " +
			"tombstone when its group is full.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, In: `^func mapdelete\(`, Find: `b\.tophash\[i\] = emptyOne`},
			Source{At: Go127, File: swissMaps + "/group.go", Find: `^\s+ctrlEmpty +ctrl = 0b10000000`},
		},
		Test:      "TestR3_21_DeleteMarks",
		Teach:     "02-buckets.md#step-4-delete-emptyone-and-emptyrest",
		SectionZh: "删除（`mapdelete` 中的注释）",
		ClaimZh:   "`delete` 把槽位的 tophash 设为 0（`empty`），并把计数减一。",
		HeldZh:    "它所引用的代码中的经典 map；在 Go 1.25 配合 noswissmap 上，只适用于后面再没有满槽位的槽位",
		RulingZh: "最后一版经典 map 写入的是 `emptyOne`（1），只有在后面没有满槽位时才把它变成 `emptyRest`（0）。" +
			"在 Go 1.27 上，槽位的控制字节变为空（0x80），组已满时则变成墓碑。",
	},
	{
		ID:      "R3-22",
		Section: "缩容",
		Claim:   "Go's map never shrinks, unless you drop the whole map (golang/go#20135).",
		Quote:   "Go 的 map 是不会缩容的，除非你把整个 map 删掉",
		Verdict: True,
		Held:    "every version, Go 1.27 included",
		Ruling:  "True on every lane: deleting every key keeps the slots; dropping the map frees them. golang/go#20135 is still open.",
		Evidence: []Evidence{
			Source{At: Go127, File: swissMaps + "/map.go", Find: `// TODO: shrink directory\?`},
			Output{Name: "04-shrink", Find: `^delete every key `, Note: "the slots of a million keys, kept; how many depends on the hash seed"},
		},
		Test:      "TestR3_22_NeverShrinks",
		Teach:     "04-growth.md#maps-never-shrink",
		SectionZh: "缩容",
		ClaimZh:   "Go 的 map 从不缩容，除非把整个 map 丢掉（golang/go#20135）。",
		HeldZh:    "每个版本，包括 Go 1.27",
		RulingZh:  "在每条 lane 上都成立：删除所有键，槽位仍然保留；丢掉 map 才会释放它们。golang/go#20135 仍未关闭。",
	},
	{
		ID:      "R3-23",
		Section: "扩容",
		Claim: "An insert starts a growth when the count reaches 6.5 × the buckets (`>=`), or when the " +
			"overflow buckets are as many as the buckets (compared with 2^15 from 2^15 buckets on).",
		Quote:   "元素个数 >= 桶个数 * 6.5",
		Verdict: SomeVersions,
		Held:    heldClassic3,
		Ruling: "True of the classic map, for the count before the insert: `mapassign` tests " +
			"`overLoadFactor(h.count+1, h.B)`, which is `h.count >= 6.5 × 2^B`, so 6,656 keys in " +
			"1,024 buckets do not grow and the insert of the 6,657th does. With one bucket (B = 0) the " +
			"count must also have reached 8. Go 1.27 grows a table past 7/8 full.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `return count > abi\.OldMapBucketCount && uintptr\(count\) > loadFactorNum\*\(bucketShift\(B\)/loadFactorDen\)`},
			Source{At: Go125, File: noswiss, In: `^func tooManyOverflowBuckets\(`, Find: `return noverflow >= uint16\(1\)<<\(B&15\)`},
		},
		Test:      "TestR3_23_GrowthTriggers",
		Teach:     "02-buckets.md#step-5-when-to-grow",
		SectionZh: "扩容",
		ClaimZh: "当元素个数达到桶数的 6.5 倍（`>=`），或者溢出桶和桶一样多时（从 2^15 个桶起改为与 2^15 比较），" +
			"插入会开始扩容。",
		HeldZh: heldClassic3Zh,
		RulingZh: "对经典 map 成立，指的是插入之前的个数：`mapassign` 检查 `overLoadFactor(h.count+1, h.B)`，" +
			"也就是 `h.count >= 6.5 × 2^B`，所以 1,024 个桶里放 6,656 个键时不扩容，" +
			"插入第 6,657 个时扩容。只有一个桶（B = 0）时，个数还必须已经达到 8。Go 1.27 在一张表超过 7/8 满时扩容。",
	},
	{
		ID:      "R3-24",
		Section: "扩容, and its two figures",
		Claim: "Too many elements doubles the buckets (`B+1`), and a bucket's contents split between " +
			"the lower and the upper half; too many overflow buckets moves the contents into as many " +
			"buckets, packed tighter.",
		Verdict: SomeVersions,
		Held:    heldClassic3,
		Ruling: "True of the classic map. Go 1.27 doubles a table up to 1024 slots, splits it in two " +
			"tables beyond, and has no same-size growth: tombstones are pruned or dropped in a rehash.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, In: `^func hashGrow\(`, Find: `bigger = 0`},
			Source{At: Go127, File: swissMaps, Find: `sameSizeGrow`, Absent: true},
		},
		Test:      "TestR3_24_DoublingAndSameSize",
		Teach:     "02-buckets.md#step-6-incremental-evacuation",
		SectionZh: "扩容，及其两幅图",
		ClaimZh:   "元素太多时桶数翻倍（`B+1`），一个桶的内容分到低半区和高半区；溢出桶太多时，把内容搬进同样多的桶里，排得更紧凑。",
		HeldZh:    heldClassic3Zh,
		RulingZh: "对经典 map 成立。Go 1.27 把表翻倍到最多 1024 个槽位，再大就一分为二，并且没有等量扩容：" +
			"墓碑在重新哈希时被清理或丢弃。",
	},
	{
		ID:      "R3-25",
		Section: "扩容",
		Claim: "Each map gets a random hash seed in `makemap`, which makes colliding keys hard to " +
			"build: without it, collisions could keep a map in same-size growths (a hash-flooding attack).",
		Verdict: True,
		Held:    "every version (`hash0`, then `Map.seed`)",
		Ruling: "True: every map has its own random seed, so the same keys hash differently in two " +
			"maps, on every lane.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, In: `^func makemap\(`, Find: `h\.hash0 = uint32\(rand\(\)\)`},
			Source{At: Go127, File: swissMaps + "/map.go", In: `^func NewMap\(`, Find: `m\.seed = uintptr\(rand\(\)\)`},
		},
		Test:      "TestR3_25_EachMapItsSeed",
		Teach:     "02-buckets.md#the-hash-low-bits-choose-the-bucket-the-top-byte-is-the-tophash",
		SectionZh: "扩容",
		ClaimZh: "每个 map 在 `makemap` 中得到一个随机的哈希种子，这让人很难构造出冲突的键：没有它，" +
			"冲突可能让 map 一直处在等量扩容中（哈希洪水攻击）。",
		HeldZh:   "每个版本（先是 `hash0`，后来是 `Map.seed`）",
		RulingZh: "成立：每个 map 都有自己的随机种子，所以同样的键在两个 map 里的哈希值不同，在每条 lane 上都是如此。",
	},
	{
		ID:      "R3-26",
		Section: "扩容 (`hashGrow`, `growWork`)",
		Claim: "`hashGrow` only allocates; the copying is done bit by bit in `growWork` and `evacuate`, " +
			"which move the old bucket about to be used and one more.",
		Verdict: SomeVersions,
		Held:    heldClassic3,
		Ruling:  "True of the classic map. On Go 1.27 a table is copied whole within the insert that grows it.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, In: `^func growWork\(`, Find: `evacuate\(t, h, bucket&h\.oldbucketmask\(\)\)`},
			Source{At: Go127, File: swissMaps + "/table.go", Find: `^func \(t \*table\) rehash\(typ \*abi\.MapType, m \*Map\) \{`},
		},
		Test:      "TestR3_26_IncrementalEvacuation",
		Teach:     "02-buckets.md#step-6-incremental-evacuation",
		SectionZh: "扩容（`hashGrow`、`growWork`）",
		ClaimZh: "`hashGrow` 只分配内存；复制由 `growWork` 和 `evacuate` 一点一点完成，" +
			"它们搬迁即将用到的那个旧桶，外加一个。",
		HeldZh:   heldClassic3Zh,
		RulingZh: "对经典 map 成立。在 Go 1.27 上，一张表在让它扩容的那次插入之内被整个复制。",
	},
	{
		ID:      "R3-27",
		Section: "扩容 (the comments on `makeBucketArray`)",
		Claim:   "A bucket array can be reused: `makeBucketArray` given the old array clears it and uses it again.",
		Verdict: True,
		Held:    "every version: the classic map's `clear` and the Swiss tables' `Clear` keep their memory",
		Ruling: "True: `clear(m)` zeroes the array in place and keeps it, on the classic map through " +
			"`makeBucketArray(t, h.B, h.buckets)`, on Swiss tables table by table: its capacity stays.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `_, nextOverflow := makeBucketArray\(t, h\.B, h\.buckets\)`},
			Source{At: Go127, File: swissMaps + "/map.go", Find: `// TODO: shrink directory\?`},
		},
		Test:      "TestR3_27_ClearReusesTheArray",
		Teach:     "04-growth.md#maps-never-shrink",
		SectionZh: "扩容（`makeBucketArray` 上的注释）",
		ClaimZh:   "桶数组可以复用：把旧数组传给 `makeBucketArray`，它会清空旧数组并再次使用。",
		HeldZh:    "每个版本：经典 map 的 `clear` 和 Swiss table 的 `Clear` 都保留它们的内存",
		RulingZh: "成立：`clear(m)` 就地把数组清零并保留它，在经典 map 上通过 `makeBucketArray(t, h.B, h.buckets)`，" +
			"在 Swiss table 上逐表进行：它的容量保持不变。",
	},
	{
		ID:      "R3-28",
		Section: "扩容 (the comments in `evacuate`)",
		Claim:   "A NaN key goes to the upper half with a 50% chance, by the low bit of its tophash (`useY = top & 1`).",
		Verdict: SomeVersions,
		Held:    heldClassic3,
		Ruling:  "True of the classic map. Swiss tables have no halves.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, In: `^func evacuate\(`, Find: `useY = top & 1`},
			Source{At: Go127, File: swissMaps, Find: `useY`, Absent: true},
		},
		Test:      "TestR3_28_NaNHalves",
		Teach:     "02-buckets.md#step-6-incremental-evacuation",
		SectionZh: "扩容（`evacuate` 中的注释）",
		ClaimZh:   "NaN 键按它的 tophash 的最低位（`useY = top & 1`），以 50% 的概率去高半区。",
		HeldZh:    heldClassic3Zh,
		RulingZh:  "对经典 map 成立。Swiss table 没有半区。",
	},
	{
		ID:      "R3-29",
		Section: "overflow 处理",
		Claim: "A new overflow bucket is taken from the preallocated ones (`nextOverflow`) if there are " +
			"any, and allocated otherwise.",
		Verdict: SomeVersions,
		Held:    heldClassic3,
		Ruling:  "True of the classic map, whose bucket arrays of 2^4 buckets or more come with spare overflow buckets. Swiss tables have none.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, In: `^func \(h \*hmap\) newoverflow\(`, Find: `if h\.extra != nil && h\.extra\.nextOverflow != nil \{`},
			Source{At: Go127, File: swissMaps, Find: `nextOverflow`, Absent: true},
		},
		Test:      "TestR3_29_PreallocatedOverflow",
		Teach:     "02-buckets.md#step-3-overflow-buckets",
		SectionZh: "overflow 处理",
		ClaimZh:   "新的溢出桶如果有预先分配的（`nextOverflow`）就从中取，否则就新分配。",
		HeldZh:    heldClassic3Zh,
		RulingZh:  "对经典 map 成立：它有 2^4 个或更多桶的桶数组会附带备用的溢出桶。Swiss table 没有溢出桶。",
	},
}
