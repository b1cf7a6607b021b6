package claims

// The modules, at the versions the rows of s2 cite.
const (
	s2Kubernetes = "k8s.io/kubernetes@v1.35.8"
	s2APIServer  = "k8s.io/apiserver@v0.35.0"
	s2Machinery  = "k8s.io/apimachinery@v0.35.0"
	s2API        = "k8s.io/api@v0.35.0"
	s2ClientGo   = "k8s.io/client-go@v0.35.0"
	s2Kubectl    = "k8s.io/kubectl@v0.35.0"
	s2CLIRuntime = "k8s.io/cli-runtime@v0.35.0"
	s2CROld      = "sigs.k8s.io/controller-runtime@v0.17.0"
	s2CRNew      = "sigs.k8s.io/controller-runtime@v0.23.3"
	s2JSONPatch  = "gopkg.in/evanphx/json-patch.v4@v4.13.0" // the merge patch of k8s.io/apiserver v0.35.0
	s2Delve      = "github.com/go-delve/delve@v1.27.2"
)

// Files of the two map runtimes that many rows of s2 cite.
const (
	s2Classic = "src/runtime/map_noswiss.go"
	s2Table   = "src/internal/runtime/maps/table.go"
	s2SwissGo = "src/internal/runtime/maps/map.go"
	s2Spec    = "doc/go_spec.html"
)

// s2 holds the claims of post S2, in the order they appear in it.
var s2 = []Claim{
	{
		ID:      "S2-01",
		Section: "Title",
		Claim:   "A key that the operator forgets to delete makes the ConfigMap grow without limit.",
		Quote:   "map key删除遗漏导致ConfigMap无限扩增",
		Verdict: Misleading,
		Ruling: "Keys that are never deleted do make the ConfigMap grow, but not without limit: the API server " +
			"refuses a ConfigMap whose values add up to more than 1 MiB (1048576 bytes). From then on every " +
			"write of the operator fails. The failure to plan for is that refusal, not unbounded growth.",
		Evidence: []Evidence{
			Source{At: s2Kubernetes, File: "pkg/apis/core/validation/validation.go",
				Find: `field\.TooLong\(field\.NewPath\(""\), "" /\*unused\*/, core\.MaxSecretSize\)`,
				Note: "in `ValidateConfigMap`"},
			Source{At: s2Kubernetes, File: "pkg/apis/core/types.go", Find: `MaxSecretSize = 1 \* 1024 \* 1024`},
			Output{Name: "07-apiserver", Find: `Too long: may not be more than 1048576 bytes`},
		},
		Test:    "TestS2_01_ConfigMapGrowthStopsAtTheLimit",
		Program: "go test -count=1 -v ./chapters/code/07-controllers/apiserver",
		Teach:   "07-controllers.md#3-keys-that-outlive-their-objects",

		Original:  "map key删除遗漏导致ConfigMap无限扩增",
		SectionZh: "标题",
		RulingZh: "从不删除的键确实会让 ConfigMap 变大，但不是无限增长：API server 会拒绝值的总大小超过 1 MiB（1048576 字节）的 ConfigMap。" +
			"从那以后，operator 的每一次写入都会失败。需要预先应对的故障是这种拒绝，而不是无限增长。",
	},
	{
		ID:      "S2-02",
		Section: "1 How delete works, and its traps",
		Claim:   "`delete(m, key)` does not free the memory of the key-value pair at once.",
		Quote:   "delete(m, key) 并非立即回收键值对内存",
		Verdict: True,
		Ruling: "The slot that held the pair stays allocated, on both runtimes: after deleting every key, `len` is 0 " +
			"and the map has as many slots as before. Only the slot's contents are cleared (see S2-07 for what " +
			"that frees).",
		Evidence: []Evidence{
			Output{Name: "04-shrink", Find: `^delete every key `},
			Source{At: Go127, File: s2SwissGo, Find: `// TODO: shrink directory\?`, Note: "not even `clear` shrinks a map"},
		},
		Test:  "TestS2_02_DeleteKeepsTheSlots",
		Teach: "04-growth.md#maps-never-shrink",

		Original:  "delete(m, key) 并非立即回收键值对内存",
		SectionZh: "第一章:Go map删除key的基本原理与语义陷阱",
		RulingZh: "在两种运行时上，存放这对键值的槽位都仍然保持分配：删除所有键之后，`len` 为 0，而 map 的槽位数和之前一样多。" +
			"被清除的只是槽位的内容（这能释放什么，见 S2-07）。",
	},
	{
		ID:      "S2-03",
		Section: "1 How delete works, and its traps",
		Claim: "`delete` marks the slot as deleted (a tombstone) to keep the probe chain whole, so that deleting " +
			"does not break linear probing.",
		Quote:   "将对应桶(bucket)中的槽位(cell)标记为“已删除”(tombstone),以维持哈希探查链的完整性",
		Verdict: False,
		Ruling: "No version of Go does this. The classic map (Go 1.23 and earlier, or `GOEXPERIMENT=noswissmap`; " +
			"measured on Go 1.25) does not probe at all: it chains overflow buckets and marks a deleted slot " +
			"`emptyOne` or `emptyRest` (S2-15). Swiss tables (Go 1.24 and later; measured on Go 1.26 and 1.27, also " +
			"with `GOEXPERIMENT=mapsplitgroup`) write a tombstone only in a group that is full: a delete in a group " +
			"with an empty slot, or in a small map of up to 8 entries, makes the slot empty again. Their probing is " +
			"not linear: it visits groups of 8 slots in a triangular sequence. Only the reason is right, for the few " +
			"tombstones Swiss tables do write: a full group may sit in the middle of a probe sequence, so its freed " +
			"slot must not end a probe.",
		Evidence: []Evidence{
			Source{At: Go127, File: s2Table, Find: `g\.ctrls\(\)\.set\(i, ctrlDeleted\)`, Note: "in `table.Delete`, only when the group has no empty slot"},
			Source{At: Go127, File: s2Table, In: `^func \(t \*table\) Delete\(`, Find: `// Only a full group can appear in the middle`},
			Source{At: Go127, File: s2Table, Find: `groups in a table\. The sequence is a triangular progression`},
			Source{At: Go125, File: s2Classic, Find: `b\.tophash\[i\] = emptyOne`},
		},
		Test:  "TestS2_03_TombstoneOnlyInAFullSwissGroup",
		Teach: "03-swiss.md#step-4-delete-and-tombstones",

		Original:  "将对应桶(bucket)中的槽位(cell)标记为“已删除”(tombstone),以维持哈希探查链的完整性。该设计避免了因删除导致的线性探测断裂",
		SectionZh: "第一章:Go map删除key的基本原理与语义陷阱",
		RulingZh: "没有哪个 Go 版本这样做。经典 map（Go 1.23 及更早版本，或加 `GOEXPERIMENT=noswissmap`；" +
			"在 Go 1.25 上实测）根本不做探测：它把溢出桶串成链，并把被删除的槽位标记为 `emptyOne` 或 `emptyRest`（S2-15）。" +
			"Swiss table（Go 1.24 及以后；在 Go 1.26 和 1.27 上实测，也包括加 `GOEXPERIMENT=mapsplitgroup` 的情况）只在已满的组里写墓碑：" +
			"在有空槽位的组里删除，或在最多 8 个条目的小 map 里删除，都会让该槽位重新变空。它的探测也不是线性的：" +
			"它按三角数序列访问由 8 个槽位组成的组。只有理由是对的，而且只适用于 Swiss table 确实会写下的少数墓碑：" +
			"一个已满的组可能位于某条探测序列的中间，所以它腾出的槽位不能让探测就此结束。",
	},
	{
		ID:      "S2-04",
		Section: "1 How delete works, and its traps",
		Claim:   "The slot of a deleted key can be reused by a later insert.",
		Quote:   "被删除的 key 在后续插入时可复用",
		Verdict: True,
		Ruling: "On both runtimes a new key takes the freed slot: in a full group or bucket of 8, the key inserted " +
			"after a delete lands in the slot the deleted key left, and the map does not grow. A Swiss table " +
			"reuses the first tombstone on the probe path.",
		Evidence: []Evidence{
			Source{At: Go127, File: s2Table, Find: `If we found a deleted slot along the way, we can`},
			Output{Name: "04-shrink", Find: `^insert 1000000 other keys`},
		},
		Test:  "TestS2_04_InsertReusesADeletedSlot",
		Teach: "04-growth.md#maps-never-shrink",

		Original:  "被删除的 key 在后续插入时可复用",
		SectionZh: "第一章:Go map删除key的基本原理与语义陷阱",
		RulingZh: "在两种运行时上，新键都会占用腾出的槽位：在一个已满的、有 8 个槽位的组或桶里，删除之后插入的键落在被删键留下的槽位上，" +
			"map 不会扩容。Swiss table 会复用探测路径上遇到的第一个墓碑。",
	},
	{
		ID:      "S2-05",
		Section: "1 How delete works, and its traps",
		Claim:   "`len(m)` does not decrease when a key is deleted; it counts only the keys not marked as tombstones.",
		Quote:   "len(m) 不会因删除减少",
		Verdict: False,
		Ruling: "`len(m)` is the number of entries, and `delete` lowers it by one at once, on both runtimes, also " +
			"in the middle of a `range`. (The two halves of the post's sentence contradict each other.)",
		Evidence: []Evidence{
			Source{At: Go126, File: s2Spec, Find: `map length \(number of defined keys\)`},
			Source{At: Go127, File: s2Table, Find: `^\s+m\.used--$`, Note: "`table.Delete`"},
			Source{At: Go125, File: s2Classic, Find: `^\s+h\.count--$`, Note: "`mapdelete`"},
			Output{Name: "01-deleterange", Find: `^len after delete:`},
		},
		Test:    "TestS2_05_DeleteLowersLen",
		Program: "go run ./chapters/code/01-basics/deleterange",
		Teach:   "01-basics.md#delete-lowers-len-even-in-the-middle-of-a-range",

		Original:  "len(m) 不会因删除减少——它仅反映当前未被标记为 tombstone 的有效键数",
		SectionZh: "第一章:Go map删除key的基本原理与语义陷阱",
		RulingZh: "`len(m)` 是条目的个数，`delete` 会立即让它减一，两种运行时都是如此，在 `range` 进行到一半时也一样。" +
			"（原文这句话的前后两半互相矛盾。）",
	},
	{
		ID:      "S2-06",
		Section: "1 How delete works, and its traps",
		Claim:   "After a delete, reading the key gives the zero value of the value type, and `ok` is false.",
		Verdict: True,
		Ruling:  "The spec says so for any key that is not in the map.",
		Evidence: []Evidence{
			Source{At: Go126, File: s2Spec, Find: `<code>a\[x\]</code> is the <a href="#The_zero_value">zero value</a>`},
			Source{At: Go126, File: s2Spec, Find: `<code>true</code> if the key <code>x</code> is present in the map, and`},
		},
		Test:  "TestS2_06_DeletedKeyReadsZeroAndFalse",
		Teach: "01-basics.md#zero-values-and-comma-ok",

		Original:  "删除后访问已删 key 将返回 value 类型的零值,且 okfalse",
		SectionZh: "第一章:Go map删除key的基本原理与语义陷阱",
		RulingZh:  "对任何不在 map 中的键，语言规范都是这样规定的。",
	},
	{
		ID:      "S2-07",
		Section: "1 How delete works, and its traps",
		Claim: "When the value is a pointer, slice or map, its data may stay in memory after the delete, a " +
			"“ghost reference”: the array of a deleted slice is not collected.",
		Quote:   "原底层数组未被 GC 回收",
		Verdict: Misleading,
		Ruling: "`delete` clears the slot's value, so the map keeps nothing alive: with no other reference, the " +
			"array of a deleted slice is freed by the next collection. Another copy of the slice header keeps " +
			"the array alive, as it would for any Go value; that has nothing to do with the map.",
		Evidence: []Evidence{
			Source{At: Go127, File: s2Table, Find: `typedmemclr\(typ\.Elem, slotElem\)`, Note: "`table.Delete` always clears the value"},
			Source{At: Go125, File: s2Classic, Find: `memclrHasPointers\(e, t\.Elem\.Size_\)`},
			Output{Name: "04-release", Find: `^delete every key:`},
		},
		Test:    "TestS2_07_DeleteKeepsNothingAlive",
		Program: "go run ./chapters/code/04-growth/release",
		Teach:   "04-growth.md#delete-frees-the-values-not-the-slots",

		Original:  "但若 value 是指针、切片或 map 等引用类型,其底层数据可能仍驻留内存,造成意外的“幽灵引用”",
		SectionZh: "第一章:Go map删除key的基本原理与语义陷阱",
		RulingZh: "`delete` 会清除槽位中的值，所以 map 不会让任何东西继续存活：没有其他引用时，被删除的切片的底层数组会在下一次垃圾回收时释放。" +
			"切片头的另一份副本会让数组继续存活，这对任何 Go 值都一样；这与 map 无关。",
	},
	{
		ID:      "S2-08",
		Section: "1 How delete works, and its traps",
		Claim: "Running `delete` in one goroutine while another ranges over the map or reads `m[key]` may " +
			"trigger a panic, `fatal error: concurrent map read and map write`.",
		Quote:   "可能触发 panic(fatal error: concurrent map read and map write)",
		Verdict: Misleading,
		Ruling: "It is a fatal error, not a panic: the process exits with status 2 and no `recover` catches it. " +
			"The message depends on the pair: a read racing with the delete gives `concurrent map read and map " +
			"write`, a `range` gives `concurrent map iteration and map write`. The check is best-effort: it " +
			"fires only when the two goroutines meet in the map. The race detector (`-race`) is the tool for " +
			"such races: it can report them even when the accesses do not overlap in time.",
		Evidence: []Evidence{
			Source{At: Go127, File: "src/runtime/panic.go", Find: `^// fatal triggers a fatal error that dumps a stack trace and exits\.`},
			Output{Name: "06-fatal", Find: `first line: fatal error: concurrent map read and map write`},
			Output{Name: "06-fatal", Find: `first line: fatal error: concurrent map iteration and map write`},
			Output{Name: "06-fatal", Find: `a deferred recover caught it: false`},
		},
		Test:    "TestS2_08_ConcurrentDeleteIsAFatalError",
		Program: "go test -count=1 -v -run TestFatal ./chapters/code/06-races/fatal",
		Teach:   "06-races.md#the-runtimes-check-a-flag-that-writers-toggle",

		Original:  "在多 goroutine 场景中,同时执行 deleterangem[key] 可能触发 panic(fatal error: concurrent map read and map write)",
		SectionZh: "第一章:Go map删除key的基本原理与语义陷阱",
		RulingZh: "这是致命错误（fatal error），不是 panic：进程以状态码 2 退出，任何 `recover` 都捕获不到它。" +
			"报错信息取决于是哪两种操作相撞：与删除竞争的是读操作时，信息是 `concurrent map read and map write`；" +
			"是 `range` 时，信息是 `concurrent map iteration and map write`。这项检查是尽力而为的：" +
			"只有两个 goroutine 恰好在 map 中相遇时才会触发。检查这类竞争要用竞态检测器（`-race`）：" +
			"即使两次访问在时间上没有重叠，它也能报告出来。",
	},
	{
		ID:      "S2-09",
		Section: "1 How delete works, and its traps",
		Claim:   "A `sync.RWMutex` around the whole map makes concurrent deletes and reads safe.",
		Quote:   "使用 sync.RWMutex 保护整个 map",
		Verdict: True,
		Ruling: "With `Lock` around every write and delete and `RLock` around every read and `range`, the race " +
			"detector reports nothing. Without the lock it reports the race in most runs, not in every one (the " +
			"test allows up to 5 runs): the detector, too, only sees what a run does.",
		Evidence: []Evidence{
			Source{At: Go127, File: "src/sync/rwmutex.go", Find: `^// A RWMutex is a reader/writer mutual exclusion lock\.`},
			Output{Name: "06-detect-race", Find: `WARNING: DATA RACE`, Note: "a map written by two goroutines without a lock"},
		},
		Test:  "TestS2_09_RWMutexMakesItRaceFree",
		Teach: "06-races.md#fix-1-one-lock-around-the-map",

		Original:  "使用 sync.RWMutex 保护整个 map",
		SectionZh: "第一章:Go map删除key的基本原理与语义陷阱",
		RulingZh: "每次写入和删除都用 `Lock` 包住，每次读取和 `range` 都用 `RLock` 包住，竞态检测器就什么也不报告。" +
			"不加锁时，它在大多数运行中会报告这个竞争，但不是每次都报告（测试最多允许运行 5 次）：" +
			"检测器也只能看到一次运行实际做了什么。",
	},
	{
		ID:      "S2-10",
		Section: "1 How delete works, and its traps",
		Claim:   "`sync.Map` suits read-mostly use, but supports neither `range` nor an atomic `len()`.",
		Quote:   "不支持 range 或 len() 原子获取",
		Verdict: Misleading,
		Ruling: "It has no `Len`, true. But it has `Range` (since Go 1.9), and since Go 1.23 `for k, v := range " +
			"sm.Range` compiles and visits every entry. Neither gives a snapshot: `Range` may reflect stores and " +
			"deletes made while it runs.",
		Evidence: []Evidence{
			Source{At: Go126, File: "api/go1.9.txt", Find: `pkg sync, method \(\*Map\) Range`},
			Source{At: Go127, File: "src/sync/map.go", Find: `Range does not necessarily correspond to any consistent snapshot`},
			Output{Name: "06-syncmap", Find: `^methods: `},
			Output{Name: "06-syncmap", Find: `entries counted with range m\.Range`},
		},
		Test:    "TestS2_10_SyncMapRangesButHasNoLen",
		Program: "go run ./chapters/code/06-races/syncmap",
		Teach:   "06-races.md#fix-2-syncmap",

		Original:  "或改用 sync.Map(适用于读多写少,但不支持 rangelen() 原子获取)",
		SectionZh: "第一章:Go map删除key的基本原理与语义陷阱",
		RulingZh: "它确实没有 `Len`。但它有 `Range`（自 Go 1.9 起），而且自 Go 1.23 起，`for k, v := range sm.Range` 能够编译并访问每一个条目。" +
			"两者都不提供快照：`Range` 可能反映出它运行期间发生的存入和删除。",
	},
	{
		ID:      "S2-11",
		Section: "1 How delete works, and its traps",
		Claim:   "After `delete(m, k)`, the test `if m[k] != nil { ... }` always enters the branch.",
		Quote:   "总进入分支(零值比较误导)",
		Verdict: False,
		Ruling: "It never does: a deleted key reads as the zero value, which for a pointer, slice or map value is " +
			"`nil`. (For a value type such as `int`, `m[k] != nil` does not compile.) The comma-ok form the post " +
			"recommends is right.",
		Evidence: []Evidence{
			Source{At: Go126, File: s2Spec, Find: `<code>a\[x\]</code> is the <a href="#The_zero_value">zero value</a>`},
		},
		Test:  "TestS2_11_DeletedValueIsNil",
		Teach: "01-basics.md#zero-values-and-comma-ok",

		Original:  "delete(m, k); if m[k] != nil { ... } 总进入分支(零值比较误导)",
		SectionZh: "第一章:Go map删除key的基本原理与语义陷阱",
		RulingZh: "它从不进入分支：读取被删除的键得到零值，对指针、切片或 map 类型的值来说就是 `nil`。（对于 `int` 这样的值类型，" +
			"`m[k] != nil` 无法通过编译。）原文推荐的 comma-ok 写法是对的。",
	},
	{
		ID:      "S2-12",
		Section: "1 How delete works, and its traps",
		Claim:   "Deleting inside `for range m` is undefined behaviour: the loop may skip elements or visit one twice.",
		Quote:   "迭代行为未定义(可能跳过元素或重复遍历)",
		Verdict: False,
		Ruling: "The spec defines it: an entry removed before the loop reaches it is not produced, and no entry is " +
			"produced twice. Deleting during `range` is safe; collecting the keys first is not needed.",
		Evidence: []Evidence{
			Source{At: Go126, File: s2Spec, Find: `If a map entry that has not yet been reached is removed during iteration`},
			Output{Name: "01-deleterange", Find: `0 keys seen twice`},
		},
		Test:    "TestS2_12_DeleteDuringRangeIsDefined",
		Program: "go run ./chapters/code/01-basics/deleterange",
		Teach:   "05-iteration.md#changing-the-map-during-range",

		Original:  "for range m 循环内 delete(m, k) 迭代行为未定义(可能跳过元素或重复遍历)",
		SectionZh: "第一章:Go map删除key的基本原理与语义陷阱",
		RulingZh: "语言规范对此有明确定义：在循环到达之前被删除的条目不会被产出，也没有哪个条目会被产出两次。" +
			"在 `range` 过程中删除是安全的；不需要先收集键。",
	},
	{
		ID:      "S2-13",
		Section: "1 How delete works, and its traps",
		Claim:   "`delete` on a nil map is legal and harmless; the spec allows it.",
		Verdict: True,
		Ruling:  "The spec says `delete` on a nil map is a no-op.",
		Evidence: []Evidence{
			Source{At: Go126, File: s2Spec, Find: `If the map <code>m</code> is <code>nil</code> or the element <code>m\[k\]</code>`},
		},
		Test:  "TestS2_13_DeleteOnANilMapIsANoOp",
		Teach: "01-basics.md#a-nil-map-every-read-works-the-write-panics",

		Original:  "nil map 调用 delete 合法且无害(Go 规范明确允许)",
		SectionZh: "第一章:Go map删除key的基本原理与语义陷阱",
		RulingZh:  "语言规范规定，对 nil map 调用 `delete` 什么也不做。",
	},
	{
		ID:      "S2-14",
		Section: "2.1 What delete does underneath, and the GC",
		Claim:   "`delete` calls `mapdelete()`, which finds the target bucket and cell.",
		Quote:   "调用 mapdelete() 函数,定位目标 bucket 和 cell",
		Verdict: SomeVersions,
		Ruling: "Buckets and cells are the classic map's (Go 1.23 and earlier, or `noswissmap`; checked on Go " +
			"1.25). On Swiss tables (checked on Go 1.26 and 1.27) `runtime.mapdelete` calls `Map.Delete`, which " +
			"finds a table in the directory, then a group and a slot. On all of them only keys of other types " +
			"reach `runtime.mapdelete`: the compiler calls `runtime.mapdelete_faststr` for string keys and " +
			"`mapdelete_fast32`/`_fast64` for 4- and 8-byte keys.",
		Evidence: []Evidence{
			Source{At: Go125, File: s2Classic, Find: `^func mapdelete\(t \*maptype, h \*hmap, key unsafe\.Pointer\)`},
			Source{At: Go127, File: "src/runtime/map.go", Find: `^\s+m\.Delete\(t, key\)`, Note: "in `runtime.mapdelete`"},
			Source{At: Go127, File: s2SwissGo, Find: `m\.directoryAt\(idx\)\.Delete\(typ, m, hash, key\)`},
		},
		Test:  "TestS2_14_DeleteCallsAnEntryPerKeyKind",
		Teach: "02-buckets.md#step-4-delete-emptyone-and-emptyrest",

		Original:  "调用 mapdelete() 函数,定位目标 bucket 和 cell",
		SectionZh: "2.1 Go map删除操作的底层机制与GC行为验证",
		RulingZh: "桶和单元格（cell）属于经典 map（Go 1.23 及更早版本，或加 `noswissmap`；已在 Go 1.25 上核实）。" +
			"在 Swiss table 上（已在 Go 1.26 和 1.27 上核实），`runtime.mapdelete` 调用 `Map.Delete`，后者先在目录中找到一张表，" +
			"再找到一个组和一个槽位。在所有这些版本上，只有其他类型的键才会走到 `runtime.mapdelete`：" +
			"对字符串键，编译器调用 `runtime.mapdelete_faststr`；对 4 字节和 8 字节的键，调用 `mapdelete_fast32`/`_fast64`。",
	},
	{
		ID:      "S2-15",
		Section: "2.1 What delete does underneath, and the GC",
		Claim:   "`mapdelete` sets the key and value to zero and the slot's tophash to `emptyOne`, not `emptyRest`.",
		Quote:   "置 tophash 为 emptyOne(非 emptyRest)",
		Verdict: Misleading,
		Ruling: "This is the classic map's first step, and not all of it. It clears the key only if the key type " +
			"holds pointers. When no full slot follows, it turns the slot, and the run of `emptyOne` slots before " +
			"it, into `emptyRest`. Swiss tables have no tophash: the control byte becomes empty or a tombstone (S2-03).",
		Evidence: []Evidence{
			Source{At: Go125, File: s2Classic, Find: `// Only clear key if there are pointers in it\.`},
			Source{At: Go125, File: s2Classic, Find: `// If the bucket now ends in a bunch of emptyOne states,`},
		},
		Test:  "TestS2_15_ClassicDeleteEndsARunWithEmptyRest",
		Teach: "02-buckets.md#step-4-delete-emptyone-and-emptyrest",

		Original:  "将对应 key/value 设为零值,并置 tophashemptyOne(非 emptyRest)",
		SectionZh: "2.1 Go map删除操作的底层机制与GC行为验证",
		RulingZh: "这是经典 map 删除的第一步，而且不是全部。只有键类型含有指针时，它才清除键。如果后面没有已占用的槽位，" +
			"它会把这个槽位以及它前面连续的 `emptyOne` 槽位都改成 `emptyRest`。Swiss table 没有 tophash：" +
			"控制字节变为空或墓碑（S2-03）。",
	},
	{
		ID:      "S2-16",
		Section: "2.1 What delete does underneath, and the GC",
		Claim:   "A delete does not trigger a rehash; only a later insert that passes the load factor does.",
		Quote:   "不触发 rehash,除非后续插入导致负载因子超标",
		Verdict: True,
		Ruling: "Deleting every key of a map leaves its tables or buckets as they were, on both runtimes: only " +
			"inserts start a growth. One detail: on the classic map, a delete made while a growth is in progress " +
			"moves old buckets, as every write does.",
		Evidence: []Evidence{
			Source{At: Go125, File: s2Classic, Find: `if !h\.growing\(\) && \(overLoadFactor\(h\.count\+1, h\.B\)`, Note: "in `mapassign` only"},
			Source{At: Go127, File: s2Table, Find: `^\s+t\.rehash\(typ, m\)$`, Note: "in `table.PutSlot`; the other calls are in the `runtime_mapassign*` functions: inserts, all of them"},
		},
		Test:  "TestS2_16_DeleteNeverGrows",
		Teach: "02-buckets.md#step-5-when-to-grow",

		Original:  "不触发 rehash,除非后续插入导致负载因子超标",
		SectionZh: "2.1 Go map删除操作的底层机制与GC行为验证",
		RulingZh: "在两种运行时上，删除一个 map 的所有键后，它的表或桶都保持原样：只有插入才会启动扩容。" +
			"有一个细节：在经典 map 上，扩容进行期间的删除会搬迁旧桶，和每一次写操作一样。",
	},
	{
		ID:      "S2-17",
		Section: "2.1 What delete does underneath, and the GC",
		Claim:   "The debugging snippet `for i := 0; i < b.tophash[0]; i++ { ... }` lists the tombstones of a bucket.",
		Verdict: False,
		Ruling: "It does not compile: `i` is an `int` and `tophash[0]` a `uint8` (`mismatched types int and " +
			"uint8`). And `tophash[0]` is a byte of the first key's hash, not a count of slots. The runtime's " +
			"`bmap` and `hmap` are unexported, so no program outside the runtime can name them.",
		Evidence: []Evidence{
			Source{At: Go125, File: s2Classic, Find: `tophash \[abi\.OldMapBucketCount\]uint8`},
		},
		Test:  "TestS2_17_TophashLoopDoesNotCompile",
		Teach: "02-buckets.md#the-hash-low-bits-choose-the-bucket-the-top-byte-is-the-tophash",

		Original:  "for i := 0; i < b.tophash[0]; i++ {",
		SectionZh: "2.1 Go map删除操作的底层机制与GC行为验证",
		RulingZh: "它无法通过编译：`i` 是 `int`，而 `tophash[0]` 是 `uint8`（`mismatched types int and uint8`）。" +
			"而且 `tophash[0]` 是第一个键的哈希值中的一个字节，不是槽位的计数。运行时的 `bmap` 和 `hmap` 都未导出，" +
			"所以运行时之外的程序无法引用它们。",
	},
	{
		ID:      "S2-18",
		Section: "2.1 What delete does underneath, and the GC",
		Claim:   "`emptyOne` means the slot was used and then deleted; lookups go on past it instead of stopping.",
		Quote:   "emptyOne 表示该槽位曾被使用且已删除,仍参与探测链,避免查找中断",
		Verdict: SomeVersions,
		Ruling: "True of the classic map (measured on Go 1.25 with `GOEXPERIMENT=noswissmap`): a lookup walks past " +
			"`emptyOne` and stops at `emptyRest`. Swiss tables have no `emptyOne` (Go 1.26 and 1.27, also with " +
			"`GOEXPERIMENT=mapsplitgroup`); the tombstone of a full group plays that part.",
		Evidence: []Evidence{
			Source{At: Go125, File: s2Classic, Find: `emptyOne +=\s*1 // this cell is empty`},
			Source{At: Go125, File: s2Classic, Find: `emptyRest +=\s*0 // this cell is empty, and there are no more non-empty cells`},
			Source{At: Go127, File: "src/internal/runtime/maps", Find: `emptyOne|emptyRest`, Absent: true},
		},
		Test:  "TestS2_18_EmptyOneOnlyInTheClassicMap",
		Teach: "02-buckets.md#step-4-delete-emptyone-and-emptyrest",

		Original:  "emptyOne 表示该槽位曾被使用且已删除,仍参与探测链,避免查找中断",
		SectionZh: "2.1 Go map删除操作的底层机制与GC行为验证",
		RulingZh: "对经典 map 成立（在 Go 1.25 加 `GOEXPERIMENT=noswissmap` 上实测）：查找会越过 `emptyOne`，在 `emptyRest` 处停下。" +
			"Swiss table 没有 `emptyOne`（Go 1.26 和 1.27，也包括加 `GOEXPERIMENT=mapsplitgroup` 的情况）；" +
			"起这个作用的是已满的组里的墓碑。",
	},
	{
		ID:      "S2-19",
		Section: "2.1 What delete does underneath, and the GC",
		Claim:   "A map that nothing references any more is collected whole.",
		Verdict: True,
		Ruling:  "Once nothing refers to a map, the collector frees its header and all its tables or buckets.",
		Evidence: []Evidence{
			Output{Name: "04-release", Find: `^m = nil:`},
		},
		Test:    "TestS2_19_AMapNobodyReferencesIsCollected",
		Program: "go run ./chapters/code/04-growth/release",
		Teach:   "04-growth.md#delete-frees-the-values-not-the-slots",

		Original:  "map 无引用且已 delete 所有键 ✅ 是(整个 hmap 结构可被回收)",
		SectionZh: "2.1 Go map删除操作的底层机制与GC行为验证",
		RulingZh:  "一旦没有任何东西引用某个 map，垃圾回收器就会释放它的头部以及它所有的表或桶。",
	},
	{
		ID:      "S2-20",
		Section: "2.1 What delete does underneath, and the GC",
		Claim:   "A map still referenced after some of its keys are deleted keeps its buckets.",
		Verdict: True,
		Ruling:  "Deleting half the keys of a referenced map frees none of its slots on either runtime.",
		Evidence: []Evidence{
			Output{Name: "04-shrink", Find: `^delete every key `},
		},
		Test:    "TestS2_20_AReferencedMapKeepsItsSlots",
		Program: "go run ./chapters/code/04-growth/shrink",
		Teach:   "04-growth.md#maps-never-shrink",

		Original:  "仅部分删除、仍有活跃指针 ❌ 否(底层 buckets 仍驻留)",
		SectionZh: "2.1 Go map删除操作的底层机制与GC行为验证",
		RulingZh:  "删除一个仍被引用的 map 的一半键，在两种运行时上都不会释放它的任何槽位。",
	},
	{
		ID:      "S2-21",
		Section: "2.1 What delete does underneath, and the GC",
		Claim:   "`make(map[int]int, 0)` with no insert has no buckets: nothing is allocated for them.",
		Quote:   "buckets 为 nil,不分配",
		Verdict: True,
		Ruling: "On both runtimes a map made with a hint of 0 that escapes gets only its header; the first insert " +
			"allocates one group (Swiss) or bucket (classic) of 8 slots. A map that does not escape gets its " +
			"header and one group or bucket on the stack, so no heap allocation at all.",
		Evidence: []Evidence{
			Source{At: Go127, File: s2SwissGo, Find: `// See comment in NewMap\. No need to eager allocate a group\.`},
			Source{At: Go125, File: s2Classic, Find: `^func makemap_small\(\) \*hmap`},
			Output{Name: "04-firstinsert", Find: `^stays in its function`},
		},
		Test:  "TestS2_21_EmptyMakeAllocatesNoSlots",
		Teach: "04-growth.md#every-growth-step-allocates",

		Original:  "使用 make(map[int]int, 0) 后未插入 ⚠️ buckets 为 nil,不分配",
		SectionZh: "2.1 Go map删除操作的底层机制与GC行为验证",
		RulingZh: "在两种运行时上，容量提示为 0 且发生逃逸的 map 只分配头部；第一次插入时才分配一个含 8 个槽位的组（Swiss table）或桶（经典 map）。" +
			"不逃逸的 map，其头部和一个组或桶都分配在栈上，因此完全没有堆上的内存分配。",
	},
	{
		ID:      "S2-22",
		Section: "2.1 What delete does underneath, and the GC",
		Claim:   "The buckets a delete leaves stay in memory until the next growth, which may move or free them.",
		Quote:   "下次 grow 时才可能迁移/释放",
		Verdict: Misleading,
		Ruling: "A delete never starts a growth (S2-16), and a growth moves the live entries into tables or a " +
			"bucket array at least as large: the map's slots never go down, on either runtime. (The classic " +
			"map's same-size growth can drop emptied overflow buckets; its bucket array stays.) To give memory " +
			"back, copy the survivors into a new map, or drop the map.",
		Evidence: []Evidence{
			Output{Name: "04-shrink", Find: `^copy m into make`},
			Source{At: Go125, File: s2Classic, Find: `// so keep the same number of buckets and "grow" laterally\.`, Note: "`hashGrow`: double, or the same size"},
		},
		Test:    "TestS2_22_TheNextGrowthDoesNotShrink",
		Program: "go run ./chapters/code/04-growth/shrink",
		Teach:   "04-growth.md#maps-never-shrink",

		Original:  "C --> D[保持 bucket 内存驻留] D --> E[下次 grow 时才可能迁移/释放]",
		SectionZh: "2.1 Go map删除操作的底层机制与GC行为验证",
		RulingZh: "删除从不启动扩容（S2-16），而扩容会把仍然存活的条目搬迁到至少同样大的表或桶数组中：在两种运行时上，map 的槽位数都只增不减。" +
			"（经典 map 的等量扩容可以丢掉已清空的溢出桶，但桶数组保持不变。）要归还内存，就把存活的条目复制到一个新的 map，或者丢弃整个 map。",
	},
	{
		ID:      "S2-23",
		Section: "2.2 A Reconcile loop that never deletes",
		Claim: "In `Reconcile`, `!cr.DeletionTimestamp.IsZero()` tells that the user deleted the CR, and the " +
			"operator can then clean up what the CR owns.",
		Quote:   "DeletionTimestamp 非零表明 CR 已被用户删除",
		Verdict: Misleading,
		Ruling: "`IsZero` works on the nil `*metav1.Time` of an object that is not being deleted. But without a " +
			"finalizer the object is gone as soon as it is deleted: `Get` returns NotFound and the branch never " +
			"runs. The object waits, with a `deletionTimestamp`, only while a finalizer holds it, so cleanup in " +
			"that branch needs the operator's own finalizer.",
		Evidence: []Evidence{
			Source{At: s2Machinery, File: "pkg/apis/meta/v1/time.go", Find: `^func \(t \*Time\) IsZero\(\) bool`},
			Source{At: s2Machinery, File: "pkg/apis/meta/v1/types.go", Find: `finalizers list is empty\. As long as the finalizers list contains items, deletion is blocked\.`},
		},
		Test:  "TestS2_23_DeletionTimestampNeedsAFinalizer",
		Teach: "08-operator.md#why-a-real-api-server",

		Original:  "DeletionTimestamp 非零表明 CR 已被用户删除",
		SectionZh: "2.2 Operator Reconcile循环中未delete导致key残留的代码实证",
		RulingZh: "对于不在删除过程中的对象，`*metav1.Time` 为 nil，`IsZero` 在它上面也能正常工作。但如果没有 finalizer，" +
			"对象一被删除就消失了：`Get` 返回 NotFound，这个分支永远不会执行。只有在 finalizer 拦住它的时候，对象才会带着 `deletionTimestamp` 等待，" +
			"所以要在这个分支里做清理，operator 需要有自己的 finalizer。",
	},
	{
		ID:      "S2-24",
		Section: "2.2 A Reconcile loop that never deletes; 3.2 (repeated)",
		Claim: "Kubernetes does not cascade-delete objects that are not tied to the deleted one by an " +
			"OwnerReference; a child whose OwnerReference was never set is left out of cascading deletion.",
		Verdict: True,
		Ruling: "The garbage collector of kube-controller-manager builds its graph from `ownerReferences` and " +
			"deletes an object when all its owners are gone; nothing else deletes dependents. (envtest runs no " +
			"kube-controller-manager, so the course cannot show the collector at work: the ruling rests on the " +
			"source.)",
		Evidence: []Evidence{
			Source{At: s2Machinery, File: "pkg/apis/meta/v1/types.go", Find: `If ALL objects in the list have\s*$`},
			Source{At: s2Kubernetes, File: "pkg/controller/garbagecollector/graph_builder.go", Find: `owners:\s+accessor\.GetOwnerReferences\(\)`},
		},
		Test:  "TestS2_24_GarbageCollectorFollowsOwnerReferences",
		Teach: "07-controllers.md#3-keys-that-outlive-their-objects",

		Original:  "Kubernetes 不会自动级联清理非 OwnerReference 关联资源",
		SectionZh: "2.2 Operator Reconcile循环中未delete导致key残留的代码实证；3.2 OwnerReference注入失败与map key残留的耦合效应（重复出现）",
		RulingZh: "kube-controller-manager 的垃圾收集器根据 `ownerReferences` 构建依赖图，在一个对象的所有属主都不存在后删除它；" +
			"除此之外没有任何东西会删除依赖对象。（envtest 不运行 kube-controller-manager，所以本课程无法展示这个收集器的工作过程：" +
			"这一裁定依据的是源码。）",
	},
	{
		ID:      "S2-25",
		Section: "2.3 Watching the map grow with pprof and delve",
		Claim: "`go run -gcflags=\"all=-N -l\"` turns off optimizations and inlining, so that delve can stop at " +
			"the map operation.",
		Verdict: True,
		Ruling: "`-N` disables optimizations and `-l` inlining, and `all=` applies them to every package. " +
			"(`dlv debug` builds with these flags itself.)",
		Evidence: []Evidence{
			Source{At: Go127, File: "src/cmd/compile/internal/base/flag.go", Find: `help:\\"disable optimizations\\"`},
			Source{At: Go127, File: "src/cmd/compile/internal/base/flag.go", Find: `help:\\"disable inlining\\"`},
		},
		Test:  "TestS2_25_NAndLDisableOptimizationAndInlining",
		Teach: "05-iteration.md#watching-it-in-delve",

		Original:  "-N -l 禁用优化并保留行号信息,确保 delve 可精确断点到 map 操作",
		SectionZh: "2.3 使用pprof+delve动态观测map内存增长路径",
		RulingZh:  "`-N` 关闭优化，`-l` 关闭内联，`all=` 把它们应用到每一个包。（`dlv debug` 自己就会用这些参数构建。）",
	},
	{
		ID:      "S2-26",
		Section: "2.3 Watching the map grow with pprof and delve",
		Claim:   "`go tool pprof http://localhost:6060/debug/pprof/heap?seconds=30` samples the heap over 30 seconds.",
		Verdict: True,
		Ruling: "With `seconds`, `net/http/pprof` takes two heap profiles 30 seconds apart and serves their " +
			"difference, a delta profile of what was allocated in between.",
		Evidence: []Evidence{
			Source{At: Go127, File: "src/net/http/pprof/pprof.go", Find: `seconds=N \(allocs, block, goroutine, heap, mutex, threadcreate profiles\): return a delta profile`},
		},
		Test:  "TestS2_26_HeapSecondsIsADeltaProfile",
		Teach: "04-growth.md#heap-which-line-allocates",

		Original:  "参数 seconds=30 触发持续采样",
		SectionZh: "2.3 使用pprof+delve动态观测map内存增长路径",
		RulingZh:  "带上 `seconds` 时，`net/http/pprof` 会相隔 30 秒采集两份堆 profile，返回两者之差，即这段时间内内存分配情况的增量 profile。",
	},
	{
		ID:      "S2-27",
		Section: "2.3 Watching the map grow with pprof and delve",
		Claim: "The heap profile catches the call chains of `runtime.makemap` and shows `runtime.mapassign` " +
			"taking more than 75%, which identifies the map type that grows.",
		Quote:   "捕获高频 runtime.makemap 调用链",
		Verdict: False,
		Ruling: "A heap profile shows neither `runtime.makemap` nor `runtime.mapassign`: `runtime/pprof` drops the " +
			"leading `runtime.` and `internal/runtime/` frames of every allocation made from user code, so a map's " +
			"growth through `m[k] = v` is charged to the user's line that assigns or makes the map. Map functions the " +
			"runtime publishes under other packages' names stay: growth through `maps.Clone` is charged to " +
			"`maps.clone`, and through `json.Unmarshal` into a `map[string]T` to `reflect.mapassign_faststr0`. " +
			"Profiles carry no types. `runtime.mapassign*` shows up in CPU profiles, not heap profiles.",
		Evidence: []Evidence{
			Source{At: Go127, File: "src/runtime/pprof/protomem.go", Find: `// Found non-runtime\. Show any runtime uses above it\.`},
			Output{Name: "04-profile-allocs-list", Find: `^\s+[\d.]+MB\s+[\d.]+MB\s+\d+:\s+m\[i\] = i$`},
			Output{Name: "04-heads-top", Find: `\s+maps\.clone$`},
			Output{Name: "04-heads-top", Find: `\s+reflect\.mapassign_faststr0$`},
		},
		Test:  "TestS2_27_HeapProfileHidesRuntimeFrames",
		Teach: "04-growth.md#heap-which-line-allocates",

		Original:  "捕获高频 runtime.makemap 调用链,识别异常增长的 map 类型",
		SectionZh: "2.3 使用pprof+delve动态观测map内存增长路径",
		RulingZh: "堆 profile 里既不会出现 `runtime.makemap`，也不会出现 `runtime.mapassign`：对用户代码发起的每次内存分配，`runtime/pprof` 都会去掉调用栈开头的 `runtime.` 和 `internal/runtime/` 帧，" +
			"所以通过 `m[k] = v` 发生的 map 扩容会记在用户代码中赋值或创建 map 的那一行上。运行时以其他包的名字发布的 map 函数则会留下：" +
			"通过 `maps.Clone` 的扩容记在 `maps.clone` 上，通过 `json.Unmarshal` 解码到 `map[string]T` 的扩容记在 `reflect.mapassign_faststr0` 上。profile 不携带类型信息。" +
			"`runtime.mapassign*` 出现在 CPU profile 中，而不是堆 profile 中。",
	},
	{
		ID:      "S2-28",
		Section: "2.3 Watching the map grow with pprof and delve",
		Claim:   "In delve, `print len(m), cap(m)` shows the map's length and capacity.",
		Verdict: False,
		Ruling: "A map has no capacity in Go: `cap` is not defined for maps, and delve answers `print cap(m)` " +
			"with `invalid argument m (type map[int64]int64) for cap`. `print` takes one expression, so the " +
			"comma is a syntax error too. `print len(m)` works.",
		Evidence: []Evidence{
			Source{At: Go126, File: s2Spec, Find: `^cap\(s\)    \[n\]T, \*\[n\]T      array length`, Note: "the spec's table of `cap`: arrays, slices, channels, no maps"},
		},
		Test:    "TestS2_28_DelveHasNoCapOfAMap",
		Program: "TERM=dumb go tool dlv debug ./chapters/code/09-claims/s2/testdata/dlvmap --allow-non-terminal-interactive=true --init chapters/code/09-claims/s2/testdata/dlvmap/session.dlv",
		Teach:   "05-iteration.md#watching-it-in-delve",

		Original:  "print len(m), cap(m)",
		SectionZh: "2.3 使用pprof+delve动态观测map内存增长路径",
		RulingZh: "Go 的 map 没有容量：`cap` 没有为 map 定义，delve 对 `print cap(m)` 的回答是 `invalid argument m (type map[int64]int64) for cap`。" +
			"`print` 只接受一个表达式，所以那个逗号也是语法错误。`print len(m)` 可以正常使用。",
	},
	{
		ID:      "S2-29",
		Section: "2.3 Watching the map grow with pprof and delve",
		Claim:   "A delve breakpoint on `runtime.mapassign_fast64` stops where the map grows.",
		Verdict: True,
		Ruling: "The function exists on both runtimes (on Swiss tables, `internal/runtime/maps` exports it " +
			"under that name) and an assignment with an `int64` key calls it: the breakpoint stops in it, called " +
			"from the line `m[k] = v`.",
		Evidence: []Evidence{
			Source{At: Go127, File: "src/internal/runtime/maps/runtime_fast64.go", Find: `//go:linkname runtime_mapassign_fast64 runtime\.mapassign_fast64`},
			Source{At: Go125, File: "src/runtime/map_fast64_noswiss.go", Find: `^func mapassign_fast64\(`},
		},
		Test:    "TestS2_29_DelveBreaksInMapassignFast64",
		Program: "TERM=dumb go tool dlv debug ./chapters/code/09-claims/s2/testdata/dlvmap --allow-non-terminal-interactive=true --init chapters/code/09-claims/s2/testdata/dlvmap/session.dlv",
		Teach:   "05-iteration.md#watching-it-in-delve",

		Original:  "分配调用栈 top -cum runtime.mapassign_fast64",
		SectionZh: "2.3 使用pprof+delve动态观测map内存增长路径",
		RulingZh: "这个函数在两种运行时上都存在（在 Swiss table 上，`internal/runtime/maps` 以这个名字导出它），用 `int64` 键赋值时会调用它：" +
			"断点停在它里面，调用方是 `m[k] = v` 那一行。",
	},
	{
		ID:      "S2-30",
		Section: "2.4 Ranging over the map while rendering the ConfigMap",
		Claim: "The template's `range $k, $v := .Data` visits the data in Go's unspecified map order, a root " +
			"cause of the problem.",
		Quote:   "根本诱因: Go map 迭代不保证顺序",
		Verdict: Misleading,
		Ruling: "A Go `range` over a map has no set order, but a `{{range}}` of `text/template` sorts the keys " +
			"before it walks the map: the post's rendering is the same on every call.",
		Evidence: []Evidence{
			Source{At: Go127, File: "src/text/template/exec.go", Find: `fmtsort\.Sort\(val\)`, Note: "in `walkRange`"},
			Output{Name: "05-encoders", Find: `text/template`},
		},
		Test:    "TestS2_30_TemplateRangesInKeyOrder",
		Program: "go run ./chapters/code/05-iteration/encoders",
		Teach:   "05-iteration.md#deterministic-output",

		Original:  "Go map 迭代不保证顺序",
		SectionZh: "2.4 ConfigMap内容拼接逻辑中map遍历与key生命周期错位分析",
		RulingZh: "Go 的 `range` 遍历 map 没有固定顺序，但 `text/template` 的 `{{range}}` 会先对键排序，再遍历 map：" +
			"原文的渲染结果每次调用都相同。",
	},
	{
		ID:      "S2-31",
		Section: "2.4 Ranging over the map while rendering the ConfigMap",
		Claim: "If the controller replaces `cm.Data` during the `range`, the loop keeps walking the old map, " +
			"but its key strings may be freed by the garbage collector.",
		Quote:   "key 字符串内存可能已被 GC 标记",
		Verdict: False,
		Ruling: "The first half is true: the range expression is evaluated once, so the loop walks the map it " +
			"started with. The second is not: Go strings are immutable and the collector never frees memory that " +
			"is still reachable, so every key the loop produced stays valid, kept or cached anywhere.",
		Evidence: []Evidence{
			Source{At: Go126, File: s2Spec, Find: `The range expression <code>x</code> is evaluated before beginning the loop`},
		},
		Test:  "TestS2_31_RangeKeepsTheOldMapAndItsKeys",
		Teach: "05-iteration.md#changing-the-map-during-range",

		Original:  "若 controller 在 range 过程中调用 cm.DeepCopy() 或触发 cm.Data = newMap,原 map 迭代器仍持有旧结构,但 key 字符串内存可能已被 GC 标记",
		SectionZh: "2.4 ConfigMap内容拼接逻辑中map遍历与key生命周期错位分析",
		RulingZh: "前一半成立：range 表达式只求值一次，所以循环遍历的是它开始时的那个 map。后一半不成立：" +
			"Go 的字符串不可变，垃圾回收器也从不释放仍可到达的内存，所以循环产出的每个键都一直有效，无论它被保存或缓存在哪里。",
	},
	{
		ID:      "S2-32",
		Section: "2.4 Ranging over the map while rendering the ConfigMap",
		Claim:   "The problem shows with `--enable-dynamic-config` enabled.",
		Quote:   "尤其在启用了 --enable-dynamic-config 场景下",
		Verdict: NoSuchAPI,
		Ruling: "No such flag: kube-apiserver v1.35.8 has none (`--help`), and neither controller-runtime nor " +
			"client-go defines one.",
		Evidence: []Evidence{
			Source{At: s2Kubernetes, File: "cmd", Find: `enable-dynamic-config`, Absent: true},
			Source{At: s2APIServer, File: "pkg", Find: `enable-dynamic-config`, Absent: true},
			Source{At: s2CRNew, File: "pkg", Find: `enable-dynamic-config`, Absent: true},
		},
		Test:  "TestS2_32_NoEnableDynamicConfigFlag",
		Teach: "07-controllers.md#3-keys-that-outlive-their-objects",

		Original:  "尤其在启用了 --enable-dynamic-config 场景下",
		SectionZh: "2.4 ConfigMap内容拼接逻辑中map遍历与key生命周期错位分析",
		RulingZh:  "不存在这个参数：kube-apiserver v1.35.8 没有（见 `--help`），controller-runtime 和 client-go 也都没有定义它。",
	},
	{
		ID:      "S2-33",
		Section: "2.4 Ranging over the map while rendering the ConfigMap",
		Claim:   "`range` does not block modifications of the map.",
		Quote:   "range 不阻塞 map 修改",
		Verdict: Misleading,
		Ruling: "True in words: there is no lock. Changes made by the loop's own goroutine are allowed and the " +
			"spec says what the loop then sees. A write from another goroutine during the `range` is a data " +
			"race, which the runtime may stop with `fatal error: concurrent map iteration and map write`.",
		Evidence: []Evidence{
			Source{At: Go127, File: s2Table, Find: `fatal\("concurrent map iteration and map write"\)`},
			Output{Name: "06-fatal", Find: `first line: fatal error: concurrent map iteration and map write`},
		},
		Test:  "TestS2_33_ConcurrentWriteDuringRangeIsFatal",
		Teach: "06-races.md#the-runtimes-check-a-flag-that-writers-toggle",

		Original:  "range 不阻塞 map 修改",
		SectionZh: "2.4 ConfigMap内容拼接逻辑中map遍历与key生命周期错位分析",
		RulingZh: "字面上成立：没有锁。循环所在的 goroutine 自己做的修改是允许的，语言规范也规定了循环之后会看到什么。" +
			"在 `range` 期间由另一个 goroutine 写入则是数据竞争，运行时可能以 `fatal error: concurrent map iteration and map write` 终止程序。",
	},
	{
		ID:      "S2-34",
		Section: "2.5 A minimal test case that reproduces the failure",
		Claim:   "controller-runtime v0.17.0 goes with `k8s.io/api` v0.29.0.",
		Verdict: True,
		Ruling:  "controller-runtime v0.17.0 requires `k8s.io/api` v0.29.0 (and v0.23.3, the course's, v0.35.0).",
		Evidence: []Evidence{
			Source{At: s2CROld, File: "go.mod", Find: `^\s+k8s\.io/api v0\.29\.0$`},
		},
		Test:  "TestS2_34_ControllerRuntime017UsesAPI029",
		Teach: "08-operator.md#why-a-real-api-server",

		Original:  "仅依赖 controller-runtime@v0.17.0k8s.io/api@v0.29.0",
		SectionZh: "2.5 复现P0级故障的最小可运行Operator测试用例构建",
		RulingZh:  "controller-runtime v0.17.0 依赖 `k8s.io/api` v0.29.0（而本课程使用的 v0.23.3 依赖 v0.35.0）。",
	},
	{
		ID:      "S2-35",
		Section: "2.5 A minimal test case that reproduces the failure",
		Claim: "The test sets `CRDDirectoryPaths` on an `envtest.Environment` and starts it with " +
			"`env.ControlPlane.Start()`.",
		Verdict: Misleading,
		Ruling: "`ControlPlane.Start` exists (v0.17.0 and v0.23.3), but it only starts etcd and kube-apiserver. " +
			"`Environment.Start` is what installs the CRDs of `CRDDirectoryPaths` and returns a client " +
			"configuration, so the post's test runs with no CRD installed.",
		Evidence: []Evidence{
			Source{At: s2CRNew, File: "pkg/internal/testing/controlplane/plane.go", Find: `^func \(f \*ControlPlane\) Start\(\)`},
			Source{At: s2CRNew, File: "pkg/internal/testing/controlplane", Find: `CRD`, Absent: true},
			Source{At: s2CRNew, File: "pkg/envtest/server.go", Find: `crds, err := InstallCRDs\(te\.Config, te\.CRDInstallOptions\)`},
		},
		Test:  "TestS2_35_ControlPlaneStartInstallsNoCRDs",
		Teach: "08-operator.md#why-a-real-api-server",

		Original:  "启动前注入故障注入点(patch) env.ControlPlane.Start()",
		SectionZh: "2.5 复现P0级故障的最小可运行Operator测试用例构建",
		RulingZh: "`ControlPlane.Start` 确实存在（v0.17.0 和 v0.23.3），但它只启动 etcd 和 kube-apiserver。" +
			"安装 `CRDDirectoryPaths` 中的 CRD 并返回客户端配置的是 `Environment.Start`，所以原文的测试是在没有安装任何 CRD 的情况下运行的。",
	},
	{
		ID:      "S2-36",
		Section: "2.5 A minimal test case that reproduces the failure",
		Claim:   "Starting the control plane this way skips `SetupClient`'s default cache initialization.",
		Quote:   "此代码跳过 SetupClient 的默认缓存初始化",
		Verdict: NoSuchAPI,
		Ruling:  "controller-runtime has no `SetupClient`, at v0.17.0 or v0.23.3.",
		Evidence: []Evidence{
			Source{At: s2CROld, File: "pkg", Find: `SetupClient`, Absent: true},
			Source{At: s2CRNew, File: "pkg", Find: `SetupClient`, Absent: true},
		},
		Test:  "TestS2_36_NoSetupClient",
		Teach: "08-operator.md#the-operator",

		Original:  "此代码跳过 SetupClient 的默认缓存初始化",
		SectionZh: "2.5 复现P0级故障的最小可运行Operator测试用例构建",
		RulingZh:  "controller-runtime 没有 `SetupClient`，v0.17.0 和 v0.23.3 都没有。",
	},
	{
		ID:      "S2-37",
		Section: "2.5 A minimal test case that reproduces the failure",
		Claim:   "`--zap-devel=true` turns on structured logs, to find where goroutines race.",
		Quote:   "启用结构化日志,定位 goroutine 竞态点",
		Verdict: False,
		Ruling: "`--zap-devel` is controller-runtime's flag (`zap.Options.BindFlags`, v0.17.0 and v0.23.3). Both " +
			"modes log the same key-value pairs; development mode prints them as console text, at debug level, " +
			"with stack traces from warnings on, where production mode writes JSON. Neither says anything about " +
			"goroutines racing: the race detector (`-race`) does.",
		Evidence: []Evidence{
			Source{At: s2CRNew, File: "pkg/log/zap/zap.go", Find: `"Development Mode defaults\(encoder=consoleEncoder,logLevel=Debug,stackTraceLevel=Warn\)\. "\+`},
			Source{At: s2CRNew, File: "pkg/log/zap/zap.go", Find: `"Production Mode defaults\(encoder=jsonEncoder,logLevel=Info,stackTraceLevel=Error\)"`},
		},
		Test:  "TestS2_37_ZapDevelIsConsoleText",
		Teach: "06-races.md#the-race-detector-go-test-race",

		Original:  "--zap-devel true 启用结构化日志,定位 goroutine 竞态点",
		SectionZh: "2.5 复现P0级故障的最小可运行Operator测试用例构建",
		RulingZh: "`--zap-devel` 是 controller-runtime 的命令行参数（`zap.Options.BindFlags`，v0.17.0 和 v0.23.3）。" +
			"两种模式记录的键值对相同；开发模式把它们打印成控制台文本，日志级别为 debug，从 warning 级别起附带调用栈，" +
			"而生产模式输出 JSON。两者都不会告诉你任何关于 goroutine 竞争的信息：能做到这一点的是竞态检测器（`-race`）。",
	},
	{
		ID:      "S2-38",
		Section: "2.5 A minimal test case that reproduces the failure",
		Claim: "The test runs with `--leader-elect=false`, so that leader election adds no delay, and an " +
			"empty `WATCH_NAMESPACE`, so that it watches every namespace.",
		Verdict: Misleading,
		Ruling: "No library reads either: `--leader-elect` and `WATCH_NAMESPACE` exist only when the operator's " +
			"`main` defines them, as generated projects do, to set `manager.Options.LeaderElection` and the " +
			"cache's namespaces. A `go test` that starts envtest reads neither, so setting them changes nothing " +
			"in the post's test.",
		Evidence: []Evidence{
			Source{At: s2CROld, File: "pkg", Find: `"leader-elect"`, Absent: true},
			Source{At: s2CRNew, File: "pkg", Find: `"leader-elect"`, Absent: true},
			Source{At: s2CRNew, File: "pkg", Find: `WATCH_NAMESPACE`, Absent: true},
			Source{At: s2CRNew, File: "pkg/manager/manager.go", Find: `^\s+LeaderElection bool$`},
		},
		Test:  "TestS2_38_LeaderElectAndWatchNamespaceBelongToMain",
		Teach: "08-operator.md#the-operator",

		Original:  "--leader-elect=false true 消除 leader election 延迟干扰 --zap-devel true 启用结构化日志,定位 goroutine 竞态点 WATCH_NAMESPACE “” 全局监听,暴露跨 namespace 事件漏处理",
		SectionZh: "2.5 复现P0级故障的最小可运行Operator测试用例构建",
		RulingZh: "没有哪个库会读取这两者：只有当 operator 的 `main` 定义了它们（脚手架生成的项目就是这样做的），`--leader-elect` 和 `WATCH_NAMESPACE` 才存在，" +
			"用来设置 `manager.Options.LeaderElection` 和缓存的命名空间。启动 envtest 的 `go test` 两者都不读取，" +
			"所以设置它们对原文的测试毫无影响。",
	},
	{
		ID:      "S2-39",
		Section: "2.5 A minimal test case that reproduces the failure",
		Claim:   "An event that arrives while the informer cache is not ready yet is dropped, and the state is lost for good.",
		Quote:   "Event 被丢弃 ... P0:资源状态永久丢失",
		Verdict: False,
		Ruling: "An informer lists every object before it watches, and a handler added at any time, even after " +
			"the cache synced, first gets an Add for every object already in the cache.",
		Evidence: []Evidence{
			Source{At: s2ClientGo, File: "tools/cache/shared_informer.go", Find: `listener\.add\(addNotification\{newObj: item, isInInitialList: true\}\)`},
		},
		Test:  "TestS2_39_ALateHandlerGetsEveryObject",
		Teach: "07-controllers.md#1-a-plain-map-between-handlers-and-workers",

		Original:  "C[Event 被丢弃] B -->|是| D[Reconciler 接收并处理] C --> E[P0:资源状态永久丢失]",
		SectionZh: "2.5 复现P0级故障的最小可运行Operator测试用例构建",
		RulingZh: "informer 在 watch 之前会先 list 所有对象；而在任何时候添加的事件处理函数，即使是在缓存同步完成之后添加的，" +
			"也会先为缓存中已有的每个对象收到一次 Add。",
	},
	{
		ID:      "S2-40",
		Section: "3.1 The controller-runtime cache and the map",
		Claim:   "A reconciler's `r.Client.Get()` bypasses the cache by default and reads the API server directly.",
		Quote:   "该路径默认绕过缓存,直连 API Server",
		Verdict: False,
		Ruling: "The manager's client reads typed objects from the informer cache (before the cache starts, " +
			"`Get` returns `ErrCacheNotStarted`); only writes go to the API server. Uncached reads are " +
			"`mgr.GetAPIReader()`, and unstructured objects, which the client reads live unless " +
			"`client.Options.Cache.Unstructured` is set.",
		Evidence: []Evidence{
			Source{At: s2CRNew, File: "pkg/cluster/cluster.go", Find: `// By default, the client will use the cache for reads and direct calls for writes\.`},
			Source{At: s2CRNew, File: "pkg/cluster/cluster.go", Find: `clientOpts\.Cache\.Reader = cache`},
		},
		Test:  "TestS2_40_ManagerClientReadsTheCache",
		Teach: "08-operator.md#and-under-load-conflicts",

		Original:  "而 Reconciler 通常通过 r.Client.Get()(走 client.Reader 路径)读取——该路径默认绕过缓存,直连 API Server",
		SectionZh: "3.1 Controller-runtime缓存与map状态不同步的时序漏洞",
		RulingZh: "manager 的 client 从 informer 缓存中读取有类型的对象（缓存启动之前，`Get` 返回 `ErrCacheNotStarted`）；" +
			"只有写操作才直接发往 API server。不经缓存的读取是 `mgr.GetAPIReader()`，以及 unstructured 对象：" +
			"除非设置了 `client.Options.Cache.Unstructured`，client 会直接实时读取它们。",
	},
	{
		ID:      "S2-41",
		Section: "3.1 The controller-runtime cache and the map",
		Claim: "The client uses `DirectClient` by default; set `mgr.Options.Cache.Unstructured = true` or enable " +
			"`CacheReader` to read from the cache.",
		Verdict: NoSuchAPI,
		Ruling: "There is no `DirectClient`, no option to enable `CacheReader` (an internal type of the cache), " +
			"and no `mgr.Options`: `manager.Manager` is an interface, and the line does not compile. The field " +
			"is `manager.Options{Client: client.Options{Cache: &client.CacheOptions{Unstructured: true}}}`, " +
			"and it only concerns unstructured objects.",
		Evidence: []Evidence{
			Source{At: s2CROld, File: "pkg", Find: `DirectClient`, Absent: true},
			Source{At: s2CRNew, File: "pkg", Find: `DirectClient`, Absent: true},
			Source{At: s2CRNew, File: "pkg/manager/manager.go", Find: `^type Manager interface \{`},
			Source{At: s2CRNew, File: "pkg/cache/internal/cache_reader.go", Find: `^type CacheReader struct`},
			Source{At: s2CRNew, File: "pkg/client/client.go", Find: `// If false, unstructured objects will always result in a live lookup\.`},
		},
		Test:  "TestS2_41_NoManagerOptionsField",
		Teach: "08-operator.md#the-operator",

		Original:  "r.Client.Get() 默认使用 DirectClient,不经过 CacheReader;若未显式配置 mgr.Options.Cache.Unstructured = true 或启用 CacheReader,缓存与实际状态必然存在窗口期",
		SectionZh: "3.1 Controller-runtime缓存与map状态不同步的时序漏洞",
		RulingZh: "不存在 `DirectClient`，也没有启用 `CacheReader`（缓存的一个内部类型）的选项，更没有 `mgr.Options`：" +
			"`manager.Manager` 是一个接口，这一行无法通过编译。相应的字段是 `manager.Options{Client: client.Options{Cache: &client.CacheOptions{Unstructured: true}}}`，" +
			"而且它只与 unstructured 对象有关。",
	},
	{
		ID:      "S2-42",
		Section: "3.1 The controller-runtime cache and the map",
		Claim: "A direct read takes about 0 ms and is strongly consistent; a cache read lags by 100 ms to 2 s, " +
			"depending on the Reflector's period.",
		Verdict: Uncheckable,
		Ruling: "The post gives no cluster, load or measurement for these numbers. A direct read is a network " +
			"round trip, not 0 ms. A reflector has no polling period: it keeps a watch open, so the cache lags by " +
			"the time a watch event takes to arrive, which depends on the cluster.",
		Evidence: []Evidence{
			Source{At: s2ClientGo, File: "tools/cache/reflector.go", Find: `^func \(r \*Reflector\) ListAndWatch\(`},
			Text("No program, cluster size, load or hardware is given for the 100 ms – 2 s figure."),
		},
		Teach: "08-operator.md#and-under-load-conflicts",

		Original:  "r.Client.Get()(直连) ~0ms 强(服务端最新) 关键校验、幂等性兜底 r.Cache.Get() 100ms–2s 弱(受 Reflector 周期影响)",
		SectionZh: "3.1 Controller-runtime缓存与map状态不同步的时序漏洞",
		RulingZh: "原文没有给出这些数字对应的集群、负载或测量方法。直接读取是一次网络往返，不是 0 ms。reflector 没有轮询周期：" +
			"它保持一个 watch 连接打开，所以缓存的滞后就是一个 watch 事件到达所需的时间，这取决于集群。",
	},
	{
		ID:      "S2-43",
		Section: "3.2 A failed OwnerReference and leftover keys",
		Claim:   "When the OwnerReference is not injected, the child's UID is not written into `ownerReferences[0].uid` of the parent.",
		Quote:   "子对象 UID 未被正确写入父对象的 ownerReferences[0].uid",
		Verdict: False,
		Ruling: "It is the other way round: the child carries the OwnerReference, and its `uid` is the owner's. " +
			"The owner's `ownerReferences` say nothing about its children.",
		Evidence: []Evidence{
			Source{At: s2Machinery, File: "pkg/apis/meta/v1/types.go", Find: `// List of objects depended by this object\.`},
		},
		Test:  "TestS2_43_OwnerReferenceIsOnTheChild",
		Teach: "07-controllers.md#3-keys-that-outlive-their-objects",

		Original:  "OwnerReference 注入失败 → 子对象 UID 未被正确写入父对象的 ownerReferences[0].uid",
		SectionZh: "3.2 OwnerReference注入失败与map key残留的耦合效应",
		RulingZh:  "恰好反过来：OwnerReference 写在子对象上，其中的 `uid` 是属主的。属主自己的 `ownerReferences` 与它的子对象毫无关系。",
	},
	{
		ID:      "S2-44",
		Section: "3.3 The data field written twice",
		Claim: "A PATCH of a Secret or ConfigMap without `Content-Type: application/json` (or through a " +
			"non-standard path) makes kube-apiserver serialize `data` twice, so values come back escaped again.",
		Quote:   "可能导致 data 字段被多次序列化嵌套",
		Verdict: False,
		Ruling: "The API server refuses a PATCH whose content type is not a patch type, `application/json` " +
			"included, with 415 Unsupported Media Type. A Secret's value is base64 once in JSON and reads back as " +
			"the bytes written; a ConfigMap's values are plain strings. A double-encoded value only comes from a " +
			"client that encoded it twice.",
		Evidence: []Evidence{
			Source{At: s2APIServer, File: "pkg/endpoints/handlers/patch.go", Find: `scope\.err\(negotiation\.NewUnsupportedMediaTypeError\(patchTypes\), w, req\)`},
			Source{At: s2API, File: "core/v1/types.go", Find: `base64 encoded string, representing the arbitrary`},
		},
		Test:  "TestS2_44_PatchNeedsAPatchContentType",
		Teach: "08-operator.md#why-a-real-api-server",

		Original:  "若客户端未显式指定 Content-Type: application/json 或使用非标准序列化路径,可能导致 data 字段被多次序列化嵌套",
		SectionZh: "3.3 Kube-apiserver响应体中data字段重复写入的序列化验证",
		RulingZh: "内容类型不是某种 patch 类型的 PATCH（包括 `application/json`）会被 API server 以 `415 Unsupported Media Type` 拒绝。" +
			"Secret 的值在 JSON 中只做一次 base64 编码，读回来就是写入的字节；ConfigMap 的值是普通字符串。" +
			"被编码两次的值只可能来自把它编码了两次的客户端。",
	},
	{
		ID:      "S2-45",
		Section: "3.3 The data field written twice",
		Claim:   "`Convert_v1_Secret_To_v1_Secret` in `pkg/apis/core/v1/zz_generated.conversion.go` copies `data` without decoding.",
		Verdict: NoSuchAPI,
		Ruling: "No such function: conversions go between v1 and the internal type, `Convert_v1_Secret_To_core_Secret` " +
			"and `Convert_core_Secret_To_v1_Secret` (Kubernetes v1.35.8).",
		Evidence: []Evidence{
			Source{At: s2Kubernetes, File: "pkg/apis/core/v1", Find: `Convert_v1_Secret_To_v1_Secret`, Absent: true},
			Source{At: s2Kubernetes, File: "pkg/apis/core/v1/conversion.go", Find: `^func Convert_v1_Secret_To_core_Secret\(`},
		},
		Test:  "TestS2_45_NoConvertV1SecretToV1Secret",
		Teach: "08-operator.md#why-a-real-api-server",

		Original:  "func Convert_v1_Secret_To_v1_Secret(in, out *v1.Secret, s conversion.Scope) error {",
		SectionZh: "3.3 Kube-apiserver响应体中data字段重复写入的序列化验证",
		RulingZh:  "不存在这个函数：转换是在 v1 和内部类型之间进行的，即 `Convert_v1_Secret_To_core_Secret` 和 `Convert_core_Secret_To_v1_Secret`（Kubernetes v1.35.8）。",
	},
	{
		ID:      "S2-46",
		Section: "3.3 The data field written twice",
		Claim:   "The fix calls `base64DecodeIfNeeded` before the conversion.",
		Verdict: NoSuchAPI,
		Ruling:  "No such function in Kubernetes v1.35.8, k8s.io/apiserver or k8s.io/apimachinery v0.35.0.",
		Evidence: []Evidence{
			Source{At: s2Kubernetes, File: "pkg", Find: `base64DecodeIfNeeded`, Absent: true},
			Source{At: s2APIServer, File: "pkg", Find: `base64DecodeIfNeeded`, Absent: true},
			Source{At: s2Machinery, File: "pkg", Find: `base64DecodeIfNeeded`, Absent: true},
		},
		Test:  "TestS2_46_NoBase64DecodeIfNeeded",
		Teach: "08-operator.md#why-a-real-api-server",

		Original:  "调用 base64DecodeIfNeeded",
		SectionZh: "3.3 Kube-apiserver响应体中data字段重复写入的序列化验证",
		RulingZh:  "Kubernetes v1.35.8、k8s.io/apiserver 和 k8s.io/apimachinery v0.35.0 中都没有这个函数。",
	},
	{
		ID:      "S2-47",
		Section: "4.1 Finding the bad keys with kubectl jsonpath",
		Claim:   "`kubectl get cm -o jsonpath='{range .data}{@key}{\"\\n\"}{end}'` prints the keys of the ConfigMap.",
		Verdict: False,
		Ruling: "kubectl's JSONPath has no `@key`: client-go's engine fails with `unrecognized identifier key`, " +
			"and `{range .data}` over a map produces the map once, not its keys. A go-template lists them: " +
			"`-o go-template='{{range $k, $v := .data}}{{$k}}{{\"\\n\"}}{{end}}'`.",
		Evidence: []Evidence{
			Source{At: s2ClientGo, File: "util/jsonpath/jsonpath.go", Find: `fmt\.Errorf\("unrecognized identifier %v", node\.Name\)`},
			Source{At: s2CLIRuntime, File: "pkg/printers/jsonpath.go", Find: `"k8s\.io/client-go/util/jsonpath"`, Note: "kubectl's JSONPath printer"},
		},
		Test:  "TestS2_47_JSONPathHasNoAtKey",
		Teach: "07-controllers.md#3-keys-that-outlive-their-objects",

		Original:  "jsonpath='{range .data}{@key}{\"\\n\"}{end}' 遍历 .data 对象所有键",
		SectionZh: "4.1 kubectl get cm -o jsonpath定位异常键值对的精准提取",
		RulingZh: "kubectl 的 JSONPath 没有 `@key`：client-go 的解析引擎会报错 `unrecognized identifier key`，而对一个 map 做 `{range .data}` 只会把整个 map 输出一次，" +
			"而不是输出它的键。go-template 可以列出这些键：`-o go-template='{{range $k, $v := .data}}{{$k}}{{\"\\n\"}}{{end}}'`。",
	},
	{
		ID:      "S2-48",
		Section: "4.1 Finding the bad keys with kubectl jsonpath",
		Claim: "A ConfigMap may hold abnormal keys: an empty key (injected by a wrong `kubectl patch`), keys " +
			"with control characters, keys longer than the 253-character limit.",
		Verdict: False,
		Ruling: "The API server validates every key: only letters, digits, `-`, `_` and `.`, at most 253 " +
			"characters, not `.` or `..` or starting with `..`. An empty key, a control character or a 254-character " +
			"key is refused as Invalid, so no ConfigMap can hold one.",
		Evidence: []Evidence{
			Source{At: s2Machinery, File: "pkg/util/validation/validation.go", Find: "^const configMapKeyFmt = `\\[-\\._a-zA-Z0-9\\]\\+`"},
			Source{At: s2Kubernetes, File: "pkg/apis/core/validation/validation.go", Find: `range validation\.IsConfigMapKey\(key\) \{\n\s+allErrs = append\(allErrs, field\.Invalid\(field\.NewPath\("data"\)\.Key\(key\), key, msg\)\)`},
		},
		Test:  "TestS2_48_APIServerRejectsBadKeys",
		Teach: "07-controllers.md#3-keys-that-outlive-their-objects",

		Original:  "当 ConfigMap 中存在非预期键(如空字符串、重复键、含控制字符的键)时",
		SectionZh: "4.1 kubectl get cm -o jsonpath定位异常键值对的精准提取",
		RulingZh: "API server 会校验每一个键：只能包含字母、数字、`-`、`_` 和 `.`，最多 253 个字符，不能是 `.` 或 `..`，" +
			"也不能以 `..` 开头。空键、含控制字符的键或 254 个字符的键都会以 Invalid 被拒绝，所以任何 ConfigMap 都不可能含有这样的键。",
	},
	{
		ID:      "S2-49",
		Section: "4.1 Finding the bad keys with kubectl jsonpath",
		Claim:   "A key may start with a dot, such as `.dockerconfigjson`.",
		Verdict: True,
		Ruling:  "A key may start with one dot; only `.`, `..` and keys starting with `..` are refused.",
		Evidence: []Evidence{
			Source{At: s2Machinery, File: "pkg/util/validation/validation.go", Find: "errs = append\\(errs, `must not start with '\\.\\.'`\\)"},
		},
		Test:  "TestS2_49_DotKeysAreValid",
		Teach: "07-controllers.md#3-keys-that-outlive-their-objects",

		Original:  "以点开头的键 .dockerconfigjson",
		SectionZh: "4.1 kubectl get cm -o jsonpath定位异常键值对的精准提取",
		RulingZh:  "键可以以一个点开头；被拒绝的只有 `.`、`..` 以及以 `..` 开头的键。",
	},
	{
		ID:      "S2-50",
		Section: "4.2 kubectl debug and dlv attach",
		Claim: "`kubectl debug -it POD --target=CONTAINER --share-processes`: `--target` shares the container's " +
			"process namespace, and `--share-processes` is required for `dlv attach`.",
		Quote:   "--share-processes 是 dlv attach 必备前提",
		Verdict: False,
		Ruling: "`--target` does put the ephemeral container in the target's process namespace. `--share-processes` " +
			"applies only with `--copy-to` (a copy of the pod) and changes nothing here. What `dlv attach` needs " +
			"is the right to trace: `SYS_PTRACE`, which `--profile=general` adds to the debug container (the " +
			"default profile of kubectl v0.35.0 is `legacy`).",
		Evidence: []Evidence{
			Source{At: s2Kubectl, File: "pkg/cmd/debug/debug.go", Find: `When used with '--copy-to', enable process namespace sharing in the copy\.`},
			Source{At: s2Kubectl, File: "pkg/cmd/debug/debug.go", Find: `TargetContainerName: o\.TargetContainer,`},
			Source{At: s2API, File: "core/v1/types.go", Find: `The ephemeral container will be run in the namespaces \(IPC, PID, etc\) of this container\.`},
			Source{At: s2Kubectl, File: "pkg/cmd/debug/profiles.go", Find: `addCapability\(c, "SYS_PTRACE"\)`},
		},
		Test:  "TestS2_50_ShareProcessesOnlyForCopies",
		Teach: "08-operator.md#running-it-on-a-kind-cluster",

		Original:  "--target 指定主容器共享 PID 命名空间;--share-processesdlv attach 必备前提",
		SectionZh: "4.2 kubectl debug + dlv attach实时追踪Reconcile中map delete调用栈",
		RulingZh: "`--target` 确实会把临时容器放进目标容器的进程命名空间。`--share-processes` 只在使用 `--copy-to`（复制出一个 Pod）时才起作用，" +
			"在这里什么也不改变。`dlv attach` 需要的是跟踪进程的权限：`SYS_PTRACE`，`--profile=general` 会把它加到调试容器上（kubectl v0.35.0 的默认 profile 是 `legacy`）。",
	},
	{
		ID:      "S2-51",
		Section: "4.2 kubectl debug and dlv attach",
		Claim:   "A distroless debug image (`static:nonroot` plus dlv, or `base:debug`) has delve in it for the debug container.",
		Verdict: False,
		Ruling: "Not `base:debug`: the distroless project's README says that its `:debug` images provide a busybox " +
			"shell, and the rule that builds them adds one layer, busybox (and a shell as entrypoint); no file of the project " +
			"mentions delve (read at commit `cd08076`, August 2026). `static:nonroot` plus dlv is an image one builds " +
			"oneself, not one the project publishes. A debug container holds what its `--image` holds, and kubectl " +
			"adds no debugger, so `dlv attach` needs an image built with delve in it. The distroless repository is not " +
			"a Go module, so the course's tools cannot fetch it as they fetch the sources of the other rows: its " +
			"README sentence and the build rule's comment below are quoted, not looked up again.",
		Evidence: []Evidence{
			Quote{Text: "Distroless images are minimal and lack shell access. The `:debug` image set for each language provides a busybox shell to enter.",
				Source: "distroless README at cd08076, “Debug Images”",
				URL:    "https://github.com/GoogleContainerTools/distroless/blob/cd080764af3103b2f49fb5eb23297c72c945e77a/README.md#debug-images"},
			Quote{Text: "# A static debug image with busybox available.",
				Source: "distroless `static/static.bzl` at cd08076, above the debug image's rule (its only layer: `//experimental/busybox:busybox_` + arch)",
				URL:    "https://github.com/GoogleContainerTools/distroless/blob/cd080764af3103b2f49fb5eb23297c72c945e77a/static/static.bzl"},
			Source{At: s2Kubectl, File: "pkg/cmd/debug/debug.go", In: `^func \(o \*DebugOptions\) generateDebugContainer\(`, Find: `^\s+Image: +o\.Image,`},
			Source{At: s2Kubectl, File: "pkg/cmd/debug", Find: `(?i)delve|\bdlv\b`, Absent: true},
		},
		Test:  "TestS2_51_ADebugContainerHoldsOnlyItsImage",
		Teach: "08-operator.md#running-it-on-a-kind-cluster",

		Original:  "确保目标 Pod 启用 debug 容器(gcr.io/distroless/static:nonroot + dlv",
		SectionZh: "4.2 kubectl debug + dlv attach实时追踪Reconcile中map delete调用栈",
		RulingZh: "`base:debug` 里没有：distroless 项目的 README 说，它的 `:debug` 镜像提供一个 busybox shell，而构建这些镜像的规则只加了一层，" +
			"即 busybox（外加一个作为入口点的 shell）；该项目没有任何文件提到 delve（于 2026 年 8 月在提交 `cd08076` 处查阅）。" +
			"`static:nonroot` 加 dlv 是需要自己构建的镜像，不是该项目发布的镜像。调试容器里只有它的 `--image` 镜像里有的东西，" +
			"kubectl 不会添加调试器，所以 `dlv attach` 需要一个构建时就装好了 delve 的镜像。distroless 仓库不是 Go 模块，" +
			"本课程的工具无法像获取其他各行的源码那样获取它：下面引用的是它的 README 中的那句话和构建规则中的注释，没有再次查证。",
	},
	{
		ID:      "S2-52",
		Section: "4.2 kubectl debug and dlv attach",
		Claim: "`dlv attach PID --headless --api-version=2`, then type `b controller.go:87` and `c` at the " +
			"`(dlv)` prompt.",
		Verdict: Misleading,
		Ruling: "The flags exist (delve 1.27.2), but `--headless` runs only a debug server: it prints `API server " +
			"listening at: ADDR` and shows no prompt. The commands go to a terminal client, `dlv connect ADDR`; " +
			"or leave out `--headless`. `--api-version=2` is the default and the only valid value.",
		Evidence: []Evidence{
			Source{At: s2Delve, File: "cmd/dlv/cmds/commands.go", Find: `"headless", "", false, "Run debug server only, in headless mode\.`},
			Source{At: s2Delve, File: "cmd/dlv/cmds/commands.go", Find: `"api-version", 2, "Selects JSON-RPC API version when headless\. The only valid value is 2\.`},
			Source{At: s2Delve, File: "cmd/dlv/cmds/commands.go", Find: `"Init file, executed by the terminal client\."`},
		},
		Test:  "TestS2_52_HeadlessDelveHasNoPrompt",
		Teach: "05-iteration.md#watching-it-in-delve",

		Original:  "dlv attach $(pgrep -f \"manager\" | head -1) --headless --api-version=2",
		SectionZh: "4.2 kubectl debug + dlv attach实时追踪Reconcile中map delete调用栈",
		RulingZh: "这些参数都存在（delve 1.27.2），但 `--headless` 只运行一个调试服务器：它打印 `API server listening at: ADDR`，" +
			"不显示提示符。命令要发给终端客户端 `dlv connect ADDR`；或者去掉 `--headless`。`--api-version=2` 是默认值，也是唯一有效的值。",
	},
	{
		ID:      "S2-53",
		Section: "4.2 kubectl debug and dlv attach",
		Claim:   "`runtime.mapdelete_faststr` is the runtime's entry point for deleting a string key.",
		Verdict: True,
		Ruling: "On both runtimes `delete(m, k)` on a `map[string]V` compiles to a call of " +
			"`runtime.mapdelete_faststr`, and a breakpoint on it stops at the program's `delete` line.",
		Evidence: []Evidence{
			Source{At: Go127, File: "src/internal/runtime/maps/runtime_faststr.go", Find: `//go:linkname runtime_mapdelete_faststr runtime\.mapdelete_faststr`},
			Source{At: Go125, File: "src/runtime/map_faststr_noswiss.go", Find: `^func mapdelete_faststr\(`},
		},
		Test:  "TestS2_53_StringKeyDeleteCallsMapdeleteFaststr",
		Teach: "04-growth.md#cpu-where-the-time-goes",

		Original:  "runtime.mapdelete_faststr Go 运行时底层删除入口",
		SectionZh: "4.2 kubectl debug + dlv attach实时追踪Reconcile中map delete调用栈",
		RulingZh: "在两种运行时上，对 `map[string]V` 执行 `delete(m, k)` 都会编译成对 `runtime.mapdelete_faststr` 的调用，" +
			"在它上面设的断点会停在程序中 `delete` 所在的那一行。",
	},
	{
		ID:      "S2-54",
		Section: "4.3 Pruning the ConfigMap with kubectl patch and jq",
		Claim:   "`kubectl patch cm NAME --type=merge --patch-file=-` reads the patch from stdin.",
		Verdict: False,
		Ruling: "`--patch-file` is a file name, read with `os.ReadFile`: `-` is a file named `-`, and without " +
			"one kubectl fails with `unable to read patch file`. Pass the patch with `--patch \"$(...)\"` " +
			"instead.",
		Evidence: []Evidence{
			Source{At: s2Kubectl, File: "pkg/cmd/patch/patch.go", Find: `patchBytes, err = os\.ReadFile\(o\.PatchFile\)`},
			Source{At: s2Kubectl, File: "pkg/cmd/patch/patch.go", Find: `Stdin|"-"`, Absent: true},
		},
		Test:  "TestS2_54_PatchFileIsAPath",
		Teach: "07-controllers.md#3-keys-that-outlive-their-objects",

		Original:  "--patch-file=-:从 stdin 读取 patch 内容,避免临时文件",
		SectionZh: "4.3 kubectl patch + jq脚本实现ConfigMap data字段原子性裁剪",
		RulingZh: "`--patch-file` 是一个文件名，用 `os.ReadFile` 读取：`-` 就是名为 `-` 的文件，如果没有这个文件，kubectl 会报错 `unable to read patch file`。" +
			"应改用 `--patch \"$(...)\"` 传入 patch。",
	},
	{
		ID:      "S2-55",
		Section: "4.3 Pruning the ConfigMap with kubectl patch and jq",
		Claim: "Piping the object through `jq 'del(.data[\"key\"])'` into a merge patch removes that key, " +
			"key by key, leaving the rest alone.",
		Verdict: False,
		Ruling: "A JSON merge patch removes a key only when the patch sets it to `null`; a key missing from the " +
			"patch is left as it is. Sending the whole object without the key changes nothing: the key stays. " +
			"The patch that removes it is `{\"data\":{\"key\":null}}` (or an update of the whole object).",
		Evidence: []Evidence{
			Source{At: s2JSONPatch, File: "merge.go", Find: `^\s+for k, v := range \*patch \{`, Note: "`mergeDocs` walks the keys of the patch only"},
			Source{At: s2JSONPatch, File: "merge.go", In: `^func mergeDocs\(`, Find: `^\s+delete\(\*doc, k\)`, Note: "a key set to null is removed"},
			Source{At: s2APIServer, File: "pkg/endpoints/handlers/patch.go", Find: `jsonpatch\.MergePatch\(versionedJS, p\.patchBytes\)`},
		},
		Test:  "TestS2_55_MergePatchKeepsAbsentKeys",
		Teach: "07-controllers.md#3-keys-that-outlive-their-objects",

		Original:  "jq 'del(.data[\"deprecated_key\"])':安全删除指定键,不触碰其他键或 metadata",
		SectionZh: "4.3 kubectl patch + jq脚本实现ConfigMap data字段原子性裁剪",
		RulingZh: "JSON merge patch 只有在 patch 把某个键设为 `null` 时才删除它；patch 中没有出现的键保持原样。" +
			"发送去掉了这个键的整个对象不会改变任何东西：这个键仍然存在。能删除它的 patch 是 `{\"data\":{\"key\":null}}`（或者对整个对象做一次 update）。",
	},
	{
		ID:      "S2-56",
		Section: "4.3 Pruning the ConfigMap with kubectl patch and jq",
		Claim:   "With a merge patch, an empty `data` object is ignored rather than clearing the data.",
		Verdict: True,
		Ruling:  "`{\"data\":{}}` as a merge patch changes no key.",
		Evidence: []Evidence{
			Source{At: s2JSONPatch, File: "merge.go", Find: `^\s+for k, v := range \*patch \{`, Note: "an empty object has no key to merge"},
		},
		Test:  "TestS2_56_EmptyDataMergePatchChangesNothing",
		Teach: "07-controllers.md#3-keys-that-outlive-their-objects",

		Original:  "--type=merge:启用合并语义,空 data 对象将被忽略而非清空",
		SectionZh: "4.3 kubectl patch + jq脚本实现ConfigMap data字段原子性裁剪",
		RulingZh:  "把 `{\"data\":{}}` 作为 merge patch 发送，不会改变任何键。",
	},
	{
		ID:      "S2-57",
		Section: "4.3 Pruning the ConfigMap with kubectl patch and jq",
		Claim:   "The API server updates the `data` field atomically.",
		Quote:   "API Server 原子更新data",
		Verdict: True,
		Ruling: "A patch is applied to the stored object and written in one compare-and-swap on etcd's revision. " +
			"Since the piped object carries its `resourceVersion`, a patch made after another writer changed the " +
			"ConfigMap is refused with 409 Conflict and writes nothing.",
		Evidence: []Evidence{
			Source{At: s2APIServer, File: "pkg/storage/etcd3/store.go", Find: `OptimisticPut\(ctx, preparedKey, newData, origState\.rev,`},
		},
		Test:  "TestS2_57_APatchIsOneConditionalWrite",
		Teach: "08-operator.md#and-under-load-conflicts",

		Original:  "API Server 原子更新data",
		SectionZh: "4.3 kubectl patch + jq脚本实现ConfigMap data字段原子性裁剪",
		RulingZh: "patch 被应用到已存储的对象上，并以一次基于 etcd revision 的比较并交换（compare-and-swap）写入。" +
			"由于经管道传入的对象带有它的 `resourceVersion`，如果在另一个写入者修改了 ConfigMap 之后才发出 patch，" +
			"它会被以 409 Conflict 拒绝，什么也不写入。",
	},
	{
		ID:      "S2-58",
		Section: "4.4 Checking len and cap of the map after the fix",
		Claim: "Print `len(r.cache)` and `cap(r.cache)` of the operator's map: before the fix len 128, cap 256; " +
			"after, len 64 and cap 64, “len == cap”.",
		Verdict: False,
		Ruling: "`cap` is not defined for maps: the post's `fmt.Printf` line does not compile " +
			"(`invalid argument ... for built-in cap`), so the table of capacities was never printed by Go. The " +
			"first seed post (S0) says so itself (`map不支持cap函数`). A map's slots can be read only " +
			"through the runtime's structures (chapter 04).",
		Evidence: []Evidence{
			Source{At: Go126, File: s2Spec, Find: `^cap\(s\)    \[n\]T, \*\[n\]T      array length`},
		},
		Test:  "TestS2_58_CapOfAMapDoesNotCompile",
		Teach: "04-growth.md#maps-never-shrink",

		Original:  "len 128 64 ✅ 稳定收缩 cap 256 64 len == cap",
		SectionZh: "4.4 kubectl exec -it进入Operator Pod验证修复后map len与cap收敛性",
		RulingZh: "`cap` 没有为 map 定义：原文的 `fmt.Printf` 那一行无法通过编译（`invalid argument ... for built-in cap`），" +
			"所以那张容量表从来不是 Go 打印出来的。第一篇文章（S0）自己就这样说过（`map不支持cap函数`）。" +
			"map 的槽位只能通过运行时的结构体读出（第 04 章）。",
	},
	{
		ID:      "S2-59",
		Section: "4.4 Checking len and cap of the map after the fix",
		Claim:   "`make(map[string]*Resource, 256)` preallocates room for 256 entries, and removing that redundant hint is part of the fix.",
		Quote:   "移除冗余 make(map[string]*v1alpha1.Resource, 256) 预分配",
		Verdict: Misleading,
		Ruling: "The hint does size the map for 256 entries: it takes them without growing. But that is memory " +
			"asked for once, not a leak: without the hint the map grows to about the same size as entries come. " +
			"What bounds a map's memory is deleting the keys of gone objects, or copying the survivors into a new " +
			"map.",
		Evidence: []Evidence{
			Output{Name: "04-presize", Find: `^\s+10\s+1000000\s`, Note: "10 keys in a map made for a million hold a million's memory"},
		},
		Test:    "TestS2_59_HintAvoidsGrowth",
		Program: "go run ./chapters/code/04-growth/presize",
		Teach:   "04-growth.md#presizing-makemapkv-n",

		Original:  "移除冗余 make(map[string]*v1alpha1.Resource, 256) 预分配",
		SectionZh: "4.4 kubectl exec -it进入Operator Pod验证修复后map len与cap收敛性",
		RulingZh: "这个容量提示确实按 256 个条目确定了 map 的大小：放入这些条目时不需要扩容。但这只是一次性申请的内存，" +
			"不是泄漏：不给提示，随着条目的加入，map 也会扩容到差不多同样的大小。限制 map 内存的办法是删除已不存在的对象的键，" +
			"或者把存活的条目复制到一个新的 map。",
	},
	{
		ID:      "S2-60",
		Section: "4.4 Checking len and cap of the map after the fix",
		Claim:   "A periodic `runtime.GC()` triggers a map rehash that compacts the map.",
		Quote:   "定期 compact(调用 runtime.GC() 触发 map rehash)",
		Verdict: False,
		Ruling: "The garbage collector never rehashes, compacts or shrinks a map, on either runtime: after " +
			"collections the map has the same slots and tombstones. Only inserts make a map grow; nothing makes it " +
			"smaller but copying it.",
		Evidence: []Evidence{
			Output{Name: "04-shrink", Find: `^delete every key `, Note: "each row is measured after `runtime.GC()`: the slots stay"},
			Source{At: Go127, File: s2Table, Find: `^\s+t\.rehash\(typ, m\)$`, Note: "a table is rehashed only by inserts: here `table.PutSlot`, elsewhere the `runtime_mapassign*` functions"},
		},
		Test:  "TestS2_60_GCDoesNotRehashMaps",
		Teach: "04-growth.md#maps-never-shrink",

		Original:  "定期 compact(调用 runtime.GC() 触发 map rehash)",
		SectionZh: "4.4 kubectl exec -it进入Operator Pod验证修复后map len与cap收敛性",
		RulingZh: "在两种运行时上，垃圾回收器都从不对 map 重新哈希、压缩或缩容：几次回收之后，map 的槽位和墓碑都和原来一样。" +
			"只有插入会让 map 扩容；除了复制，没有办法让它变小。",
	},
	{
		ID:      "S2-61",
		Section: "5 From a P0 incident to defensive programming",
		Claim: "The closing chapter's project: a payment outage caused by a Java `NullPointerException`, fixed " +
			"with records, NullAway and SonarQube rules, and P0 incidents of this kind down 83%, mean time to " +
			"repair from 47 to 9 minutes.",
		Verdict: Uncheckable,
		Ruling: "No code, data or versions are given for the project or its figures, and the chapter is about " +
			"Java, not Go, maps or Kubernetes.",
		Evidence: []Evidence{
			Text("The chapter names no repository, service, time range or measurement method for its figures, and all its code is Java."),
		},
		Teach: "07-controllers.md",

		Original:  "过去6个月,同类空指针故障下降83%,平均MTTR从47分钟缩短至9分钟",
		SectionZh: "第五章:从P0故障到防御性编程的工程范式升级",
		RulingZh:  "这个项目及其数字都没有给出代码、数据或版本，而且这一章讲的是 Java，不是 Go、map 或 Kubernetes。",
	},
}
