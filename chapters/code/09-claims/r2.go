package claims

import "gomaps/labs/lanes"

// The reference's program, rerun on the classic lane and on the default lane (chapters/out/09-r2-leak*.cmd).
var (
	r2Leak        = "GOTOOLCHAIN=" + Go127 + " go run ./chapters/code/09-claims/r2/leak"
	r2LeakClassic = lanes.Classic().Prefix() + "go run ./chapters/code/09-claims/r2/leak"
)

// The classic map in the words of a row of R2, which names no version; in English and in Chinese.
const (
	heldClassicMap   = "the classic map: up to Go 1.23; 1.24-1.25 with noswissmap"
	heldClassicMapZh = "经典 map：Go 1.23 及以前；1.24–1.25 配合 noswissmap"
)

// r2 holds the claims of 100 Go Mistakes on maps, in the order they appear: #28, “Maps and
// memory leaks” (teivah/100-go-mistakes, docs/28-maps-memory-leaks.md), then #33, “Making wrong
// assumptions during map iterations” (its section of docs/index.md, and its program,
// src/04-control-structures/33-map-iteration/main.go).
var r2 = []Claim{
	{
		ID:      "R2-01",
		Section: "#28, the program's output",
		Claim: "The program (a `map[int][128]byte`, 1 million elements added, all deleted, a GC) " +
			"prints 0 MB, then 461 MB, then 293 MB: after the deletes the heap stays at 293 MB.",
		Verdict: SomeVersions,
		Held:    heldClassicMap + " (rerun on Go 1.25.5: 293 MB after the deletes, the text's figure)",
		Ruling: "On the classic map the rerun prints the text's 293 MB after the deletes, to the megabyte, " +
			"on every run. The 461 MB is not a figure the program prints every time: it is read " +
			"without a GC, so besides the map it counts the bucket arrays the last doublings replaced " +
			"that the collector has not freed yet, and it moves with when the collector last ran. " +
			"After a GC, before any delete, the rerun prints 293 MB already ([R2-07](#r2-07)). On " +
			"Go 1.27 the heap after the deletes is about 287 MB (285 to 289, with the map's hash " +
			"seed): the lesson holds, the figures do not.",
		Evidence: []Evidence{
			Output{Name: "09-r2-leak-classic", Find: `^ +293 MB  after removing`},
			Output{Name: "09-r2-leak-classic", Find: `^ +293 MB  after adding them and a GC`},
			Output{Name: "09-r2-leak", Find: `^ +28[5-9] MB  after removing`},
		},
		Test:      "TestR2_01_TheProgramsFigures",
		Program:   r2LeakClassic,
		Teach:     "04-growth.md#maps-never-shrink",
		SectionZh: "#28，程序的输出",
		ClaimZh: "程序（一个 `map[int][128]byte`，加入 100 万个元素，再全部删除，运行一次 GC）依次打印 0 MB、461 MB、293 MB：" +
			"删除之后，堆停留在 293 MB。",
		HeldZh: heldClassicMapZh + "（在 Go 1.25.5 上重新运行：删除之后 293 MB，与原文的数字相同）",
		RulingZh: "在经典 map 上，重新运行在删除之后打印出原文的 293 MB，精确到兆字节，每次运行都一样。" +
			"461 MB 不是程序每次都打印的数字：它是不做 GC 读出来的，所以除了 map 本身，它还算进了最后几次翻倍扩容替换掉、而垃圾回收器还没有释放的桶数组，" +
			"随垃圾回收器上一次运行的时机而变化。做一次 GC 之后、任何删除之前，重新运行就已经打印 293 MB（[R2-07](#r2-07)）。" +
			"在 Go 1.27 上，删除之后的堆约为 287 MB（285 到 289，随 map 的哈希种子变化）：" +
			"教训成立，数字不成立。",
	},
	{
		ID:      "R2-02",
		Section: "#28, “we need to delve into how a map works”",
		Claim:   "A Go map is a hash table: an array where each element is a pointer to a bucket of key-value pairs.",
		Verdict: False,
		Held:    "none",
		Ruling: "The array holds the buckets themselves, one after the other (`array of 2^B Buckets`), " +
			"not pointers to them: that is why a `map[int][128]byte` of 2^18 buckets keeps 2^18 × 1,104 " +
			"bytes (276 MiB) after its deletes. Go 1.27's tables hold their groups inline the same way.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `^\s+buckets +unsafe\.Pointer // array of 2\^B Buckets`},
			Source{At: Go127, File: swissMaps + "/group.go", Find: `^type groupsReference struct \{`},
		},
		Test:      "TestR2_02_BucketsAreInline",
		Teach:     "02-buckets.md#the-shape-a-header-a-bucket-array-chains",
		SectionZh: "#28，“we need to delve into how a map works”",
		ClaimZh:   "Go 的 map 是一个哈希表：一个数组，每个元素是一个指针，指向一个装着键值对的桶。",
		HeldZh:    "任何版本都不成立",
		RulingZh: "数组里存的是桶本身，一个接一个（`array of 2^B Buckets`），而不是指向桶的指针：" +
			"正因为如此，一个有 2^18 个桶的 `map[int][128]byte` 在删除之后仍占着 2^18 × 1,104 字节（276 MiB）。" +
			"Go 1.27 的表也以同样的方式直接存放它的组。",
	},
	{
		ID:      "R2-03",
		Section: "#28, figures 1 and 2",
		Claim: "Each bucket is a fixed-size array of eight elements; an insert into a full bucket " +
			"creates another bucket of eight and links the previous one to it.",
		Verdict: SomeVersions,
		Held:    heldClassicMap,
		Ruling: "True of the classic map. On Go 1.27 a group also has 8 slots, but a key that finds its " +
			"group full goes to the next group of its probe sequence: nothing is linked.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `^func \(h \*hmap\) newoverflow\(t \*maptype, b \*bmap\) \*bmap \{`},
			Source{At: Go127, File: swissMaps, Find: `newoverflow`, Absent: true},
		},
		Test:      "TestR2_03_OverflowBucketsOnlyClassic",
		Teach:     "02-buckets.md#step-3-overflow-buckets",
		SectionZh: "#28，图 1 和图 2",
		ClaimZh:   "每个桶是一个固定大小、有 8 个元素的数组；向满了的桶插入会新建一个 8 个元素的桶，并把前一个桶链接到它。",
		HeldZh:    heldClassicMapZh,
		RulingZh:  "对经典 map 成立。在 Go 1.27 上，一个组也有 8 个槽位，但发现自己的组已满的键会去它的探测序列上的下一个组：没有任何链接。",
	},
	{
		ID:      "R2-04",
		Section: "#28, “Under the hood, a Go map is a pointer to a runtime.hmap struct”",
		Claim:   "A map is a pointer to a `runtime.hmap`, whose field `B` is the log2 of the number of buckets.",
		Verdict: SomeVersions,
		Held:    heldClassicMap,
		Ruling:  "On Go 1.27 a map is a pointer to an `internal/runtime/maps.Map`, which has no `B`: its directory points to tables of at most 1024 slots.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `^\s+B +uint8 +// log_2 of # of buckets`},
			Source{At: Go127, File: "src/runtime", Find: `^type hmap struct`, Absent: true},
		},
		Test:      "TestR2_04_HmapAndB",
		Teach:     "02-buckets.md#the-shape-a-header-a-bucket-array-chains",
		SectionZh: "#28，“Under the hood, a Go map is a pointer to a runtime.hmap struct”",
		ClaimZh:   "map 是一个指向 `runtime.hmap` 的指针，它的字段 `B` 是桶数量以 2 为底的对数。",
		HeldZh:    heldClassicMapZh,
		RulingZh: "在 Go 1.27 上，map 是一个指向 `internal/runtime/maps.Map` 的指针，" +
			"它没有 `B`：它的目录指向最多 1024 个槽位的表。",
	},
	{
		ID:      "R2-05",
		Section: "#28, after the program",
		Claim:   "After adding 1 million elements `B` is 18 (262,144 buckets); after removing them all it is still 18.",
		Verdict: SomeVersions,
		Held:    heldClassicMap,
		Ruling: "True of the classic map. On Go 1.27 there is no `B`; the same holds in its terms: the " +
			"number of tables and of slots is the same after the deletes as before.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `^\s+loadFactorNum = loadFactorDen \* abi\.OldMapBucketCount \* 13 / 16`,
				Note: "1 million over 6.5 per bucket needs 153,847 buckets: 2^18 is the first power of 2 above"},
		},
		Test:      "TestR2_05_BStaysAt18",
		Teach:     "04-growth.md#maps-never-shrink",
		SectionZh: "#28，程序之后",
		ClaimZh:   "加入 100 万个元素之后 `B` 是 18（262,144 个桶）；全部删除之后，它仍然是 18。",
		HeldZh:    heldClassicMapZh,
		RulingZh:  "对经典 map 成立。Go 1.27 没有 `B`；换成它的说法同样成立：删除之后，表的数量和槽位的数量都和删除之前一样。",
	},
	{
		ID:      "R2-06",
		Section: "#28, “a map can only grow”",
		Claim: "The number of buckets of a map cannot shrink: deleting zeroes slots, a map only grows, " +
			"and there is no automated strategy to shrink it.",
		Verdict: True,
		Held:    "every version, Go 1.27 included",
		Ruling: "True on both runtimes: the Go 1.27 rerun keeps about 287 MB after deleting everything, and " +
			"even `clear` keeps the tables (“TODO: shrink directory?”).",
		Evidence: []Evidence{
			Source{At: Go127, File: swissMaps + "/map.go", Find: `// TODO: shrink directory\?`},
			Output{Name: "09-r2-leak", Find: `^ +28[5-9] MB  after removing`},
		},
		Test:      "TestR2_06_DeletesDoNotShrink",
		Program:   r2Leak,
		Teach:     "04-growth.md#maps-never-shrink",
		SectionZh: "#28，“a map can only grow”",
		ClaimZh:   "map 的桶数不会减少：删除只是把槽位清零，map 只会变大，也没有自动缩容的机制。",
		HeldZh:    "每个版本，包括 Go 1.27",
		RulingZh:  "在两种运行时上都成立：在 Go 1.27 上重新运行，删除全部元素之后仍保留约 287 MB，连 `clear` 也保留着表（“TODO: shrink directory?”）。",
	},
	{
		ID:      "R2-07",
		Section: "#28, “we went from 461 MB to 293 MB because the elements were collected”",
		Claim:   "The heap went from 461 to 293 MB because the GC collected the deleted elements.",
		Verdict: False,
		Held:    "none",
		Ruling: "A `[128]byte` value lives in its bucket's slot: there is nothing of it to collect. What " +
			"the GC freed is the bucket array that the last doubling replaced (and its overflow " +
			"buckets), garbage already before the deletes. Measured on every lane: a GC without any " +
			"delete brings the heap to the same figure as the deletes and a GC, 293 MB on the " +
			"classic map.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `^\s+oldbuckets +unsafe\.Pointer // previous bucket array of half the size`},
			Output{Name: "09-r2-leak-classic", Find: `^ +293 MB  after adding them and a GC`},
			Output{Name: "09-r2-leak-classic", Find: `^ +293 MB  after removing them and a GC`},
		},
		Test:      "TestR2_07_TheDropIsTheOldArray",
		Program:   r2LeakClassic,
		Teach:     "04-growth.md#delete-frees-the-values-not-the-slots",
		SectionZh: "#28，“we went from 461 MB to 293 MB because the elements were collected”",
		ClaimZh:   "堆从 461 MB 降到 293 MB，是因为 GC 回收了被删除的元素。",
		HeldZh:    "任何版本都不成立",
		RulingZh: "一个 `[128]byte` 值就存放在它所在桶的槽位里：没有什么可以回收的。GC 释放的是最后一次翻倍扩容替换掉的桶数组（以及它的溢出桶），" +
			"它们在删除之前就已经是垃圾了。在每条 lane 上测得：不做任何删除、只做一次 GC，堆就降到和删除加 GC 之后相同的数字，" +
			"在经典 map 上是 293 MB。",
	},
	{
		ID:      "R2-08",
		Section: "#28, same paragraph",
		Claim:   "Even the number of extra (overflow) buckets stays the same after the deletes.",
		Verdict: SomeVersions,
		Held:    heldClassicMap,
		Ruling:  "True of the classic map: `noverflow` is the same after deleting every key. Swiss tables have no overflow buckets.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `^\s+noverflow uint16 // approximate number of overflow buckets`},
		},
		Test:      "TestR2_08_OverflowBucketsStay",
		Teach:     "02-buckets.md#memory-never-shrinks",
		SectionZh: "#28，同一段",
		ClaimZh:   "删除之后，就连额外（溢出）桶的数量也保持不变。",
		HeldZh:    heldClassicMapZh,
		RulingZh:  "对经典 map 成立：删除所有键之后，`noverflow` 不变。Swiss table 没有溢出桶。",
	},
	{
		ID:      "R2-09",
		Section: "#28, the solutions",
		Claim:   "Copying the current map into a new one and releasing the old one gives the memory back (after the next GC).",
		Verdict: True,
		Held:    "every version",
		Ruling:  "True on every lane: a fresh map sized for the survivors replaces the big one, and a GC frees the old tables.",
		Evidence: []Evidence{
			Output{Name: "04-shrink", Find: `^copy m into make\(map\[int64\]int64, len\(m\)\) .* 0\.0 MiB$`, Note: "chapter 04's program: a million slots emptied, then copied into a map made for the survivors"},
		},
		Test:      "TestR2_09_CopyingShrinks",
		Teach:     "04-growth.md#maps-never-shrink",
		SectionZh: "#28，解决办法",
		ClaimZh:   "把当前的 map 复制到一个新 map 里并释放旧的，就能把内存还回去（在下一次 GC 之后）。",
		HeldZh:    "每个版本",
		RulingZh:  "在每条 lane 上都成立：一个按留下的元素数量创建的新 map 取代了大的 map，一次 GC 就释放了旧的表。",
	},
	{
		ID:      "R2-10",
		Section: "#28, the table of the two map types",
		Claim: "With `map[int]*[128]byte` each slot holds a pointer instead of 128 bytes: 182 MB after " +
			"adding 1 million elements, 38 MB after removing them and a GC (against 461 and 293).",
		Verdict: SomeVersions,
		Held:    heldClassicMap + " (rerun on Go 1.25.5: 38 MB after the deletes, the text's figure)",
		Ruling: "The lesson holds on every lane: a value of pointer size leaves a much smaller table. " +
			"The 38 MB after the deletes is the classic map's, on every run; on Go 1.27 the rerun " +
			"keeps 35 or 36 MB. The 182 MB, read without a GC as the 461 MB of [R2-01](#r2-01), moves " +
			"with when the collector last ran; after a GC, before the deletes, the classic map's " +
			"rerun prints 160 MB: the million arrays of 128 bytes and the table.",
		Evidence: []Evidence{
			Output{Name: "09-r2-leak-classic", Find: `^ +38 MB  after removing`},
			Output{Name: "09-r2-leak-classic", Find: `^ +160 MB  after adding them and a GC`},
			Output{Name: "09-r2-leak", Find: `^ +3[56] MB  after removing`},
		},
		Test:      "TestR2_10_PointerValues",
		Program:   r2Leak,
		Teach:     "04-growth.md#delete-frees-the-values-not-the-slots",
		SectionZh: "#28，两种 map 类型的表格",
		ClaimZh: "用 `map[int]*[128]byte` 时，每个槽位放的是一个指针而不是 128 字节：加入 100 万个元素后是 182 MB，" +
			"全部删除并做一次 GC 之后是 38 MB（对比 461 MB 和 293 MB）。",
		HeldZh: heldClassicMapZh + "（在 Go 1.25.5 上重新运行：删除之后 38 MB，与原文的数字相同）",
		RulingZh: "这条教训在每条 lane 上都成立：指针大小的值留下的表要小得多。删除之后的 38 MB 是经典 map 的数字，" +
			"每次运行都一样；在 Go 1.27 上重新运行，保留的是 35 或 36 MB。182 MB 和 [R2-01](#r2-01) 的 461 MB 一样，" +
			"是不做 GC 读出来的，随垃圾回收器上一次运行的时机而变化；做一次 GC 之后、删除之前，经典 map 上重新运行打印的是 160 MB：" +
			"一百万个 128 字节的数组，加上表。",
	},
	{
		ID:      "R2-11",
		Section: "#28, the note",
		Claim:   "A key or a value over 128 bytes is not stored in the bucket: the bucket holds a pointer to it.",
		Verdict: True,
		Held:    "every version",
		Ruling:  "True on both runtimes: 128 bytes is the largest key or value stored in the slot.",
		Evidence: []Evidence{
			Source{At: Go125, File: "src/internal/abi/map_noswiss.go", Find: `^\s+OldMapMaxElemBytes = 128`},
			Source{At: Go127, File: "src/internal/abi/map.go", Find: `^\s+MapMaxElemBytes = 128`},
		},
		Test:      "TestR2_11_Over128BytesIndirect",
		Teach:     "04-growth.md#delete-frees-the-values-not-the-slots",
		SectionZh: "#28，那条注释",
		ClaimZh:   "超过 128 字节的键或值不存放在桶里：桶里放的是指向它的指针。",
		HeldZh:    "每个版本",
		RulingZh:  "在两种运行时上都成立：128 字节是能直接存放在槽位里的最大的键或值。",
	},
	{
		ID:      "R2-12",
		Section: "#33, the first point",
		Claim:   "A map doesn't order the data by keys.",
		Verdict: True,
		Held:    "every version",
		Ruling:  "True on every lane: the keys 0 to 99, inserted in order, do not come back sorted.",
		Evidence: []Evidence{
			Source{At: Go126, File: "doc/go_spec.html", Find: `The iteration order over maps is not specified`},
		},
		Test:      "TestR2_12_NotSortedByKey",
		Teach:     "05-iteration.md#deterministic-output",
		SectionZh: "#33，第一点",
		ClaimZh:   "map 不按键对数据排序。",
		HeldZh:    "每个版本",
		RulingZh:  "在每条 lane 上都成立：按顺序插入的键 0 到 99，取出来时不是有序的。",
	},
	{
		ID:      "R2-13",
		Section: "#33, the second point",
		Claim:   "A map doesn't preserve the insertion order.",
		Verdict: True,
		Held:    "every version",
		Ruling: "True: nothing keeps it. A small map can look as if it did: its keys sit in its one " +
			"bucket or group in the order they came, so its orders are the rotations of the " +
			"insertion order, which is one of them: a map of 4 keys gives its insertion order itself " +
			"in about 5 ranges out of 8. A map of 100 keys gives it in no range.",
		Evidence: []Evidence{
			Source{At: Go126, File: "doc/go_spec.html", Find: `The iteration order over maps is not specified`},
		},
		Test:      "TestR2_13_NotInsertionOrder",
		Teach:     "05-iteration.md#a-rotation-not-a-shuffle",
		SectionZh: "#33，第二点",
		ClaimZh:   "map 不保留插入顺序。",
		HeldZh:    "每个版本",
		RulingZh: "成立：没有任何东西保留它。小 map 看起来可能像是保留了：它的键按到来的顺序放在它唯一的桶或组里，" +
			"所以它的各种顺序是插入顺序的各个轮转，插入顺序本身也是其中之一：一个 4 个键的 map，大约每 8 次遍历中有 5 次给出的恰好就是插入顺序。" +
			"100 个键的 map 则一次也没有给出它。",
	},
	{
		ID:      "R2-14",
		Section: "#33, the third point",
		Claim:   "A map doesn't have a deterministic iteration order.",
		Verdict: True,
		Held:    "every version since Go 1.3 (Go 1.0 too; Go 1.1 and 1.2 did not randomize maps of 8 entries or fewer)",
		Ruling:  "True on every lane: the same map, unchanged, gives another order from one `range` to the next.",
		Evidence: []Evidence{
			Source{At: Go126, File: "doc/go_spec.html", Find: `The iteration order over maps is not specified`},
			Source{At: Go127, File: swissMaps + "/table.go", Find: `it\.entryOffset = rand\(\)`},
		},
		Test:      "TestR2_14_NoDeterministicOrder",
		Teach:     "05-iteration.md#why-the-start-is-random",
		SectionZh: "#33，第三点",
		ClaimZh:   "map 没有确定的遍历顺序。",
		HeldZh:    "从 Go 1.3 起的每个版本（Go 1.0 也是；Go 1.1 和 1.2 没有对 8 个及以下元素的 map 做随机化）",
		RulingZh:  "在每条 lane 上都成立：同一个 map，不做任何改动，两次 `range` 给出的顺序也不一样。",
	},
	{
		ID:      "R2-15",
		Section: "#33, the fourth point, and its program (listing 1)",
		Claim: "An element added during an iteration is not guaranteed to be produced by it: " +
			"adding `m[10+k]` for each true value while ranging over `{0: true, 1: false, 2: true}` " +
			"gives a result that varies.",
		Verdict: True,
		Held:    "every version",
		Ruling: "True, as the spec says. On every lane the text's program ends with at least 5 " +
			"entries and a number that varies from run to run (5 to 10 in 2,000 runs): 10 and 12 are " +
			"always added, and 20, 22, 30... only when the range produces the entries it added.",
		Evidence: []Evidence{
			Source{At: Go126, File: "doc/go_spec.html", Find: `created during iteration, that entry may be produced during the iteration or`},
		},
		Test:      "TestR2_15_InsertDuringRange",
		Teach:     "05-iteration.md#changing-the-map-during-range",
		SectionZh: "#33，第四点及其程序（代码清单 1）",
		ClaimZh: "迭代期间加入的元素不保证会被这次迭代遍历到：遍历 `{0: true, 1: false, 2: true}` 时，" +
			"对每个为 true 的值加入 `m[10+k]`，结果会变化。",
		HeldZh: "每个版本",
		RulingZh: "成立，语言规范也这么说。在每条 lane 上，原文的程序结束时至少有 5 个元素，个数每次运行都可能不同（2,000 次运行中是 5 到 10 个）：" +
			"10 和 12 总会被加入，而 20、22、30……只有在这次 `range` 遍历到它自己加入的元素时才会出现。",
	},
	{
		ID:      "R2-16",
		Section: "#33, its program (listing 2)",
		Claim:   "Ranging over the map and adding to a copy of it instead gives a predictable result.",
		Verdict: True,
		Held:    "every version",
		Ruling:  "True on every lane: the copy always ends as `map[0:true 1:false 2:true 10:true 12:true]`.",
		Evidence: []Evidence{
			Source{At: Go126, File: "doc/go_spec.html", Find: `created during iteration, that entry may be produced during the iteration or`},
		},
		Test:      "TestR2_16_AddToACopy",
		Teach:     "05-iteration.md#changing-the-map-during-range",
		SectionZh: "#33，它的程序（代码清单 2）",
		ClaimZh:   "改为遍历 map、把元素加到它的一个副本里，结果就是可预测的。",
		HeldZh:    "每个版本",
		RulingZh:  "在每条 lane 上都成立：副本最后总是 `map[0:true 1:false 2:true 10:true 12:true]`。",
	},
}
