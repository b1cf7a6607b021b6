package claims

// Where a row of R1 says it held: the classic map, from the text's own version on.
const (
	heldClassic = "Go 1.9.2 (the text's) to 1.23; 1.24-1.25 with noswissmap"
	heldAlways  = "every version, Go 1.9.2 to 1.27"
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
		Test:  "TestR1_01_ChainsOnlyOnTheClassicMap",
		Teach: "03-swiss.md#step-3-tables-and-probing",
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
		Test:  "TestR1_02_HmapOnlyOnTheClassicMap",
		Teach: "02-buckets.md#the-shape-a-header-a-bucket-array-chains",
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
		Test:  "TestR1_03_NewKeysTakeTheFirstFreeSlot",
		Teach: "02-buckets.md#step-2-insert-into-the-first-free-slot",
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
		Test:  "TestR1_04_KeysTogetherOnlyClassicOrSplit",
		Teach: "04-growth.md#two-layouts-of-a-group",
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
		Test:  "TestR1_05_MapextraOnlyOnTheClassicMap",
		Teach: "02-buckets.md#step-3-overflow-buckets",
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
		Test:  "TestR1_06_NinthKeyOfABucket",
		Teach: "02-buckets.md#step-3-overflow-buckets",
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
		Test:  "TestR1_07_NilMapWritePanics",
		Teach: "01-basics.md#a-nil-map-every-read-works-the-write-panics",
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
		Test:  "TestR1_08_MakeSizesForTheHintAndSeeds",
		Teach: "04-growth.md#presizing-makemapkv-n",
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
		Test:  "TestR1_09_AMapIsOnePointer",
		Teach: "01-basics.md#the-maps-and-slices-helpers",
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
		Test:  "TestR1_10_AlginitMovedIn127",
		Teach: "03-swiss.md#what-go-127-changed-in-a-lookup",
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
		Test:  "TestR1_11_NoTypeAlg",
		Teach: "02-buckets.md#step-9-fast-paths",
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
		Test:  "TestR1_12_WhichBitsOfTheHash",
		Teach: "02-buckets.md#the-hash-low-bits-choose-the-bucket-the-top-byte-is-the-tophash",
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
		Test:  "TestR1_13_LookupsReadOldBuckets",
		Teach: "02-buckets.md#step-6-incremental-evacuation",
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
		Test:  "TestR1_14_TophashStates",
		Teach: "02-buckets.md#step-4-delete-emptyone-and-emptyrest",
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
		Test:  "TestR1_15_MissingKeyGivesTheValueZero",
		Teach: "01-basics.md#zero-values-and-comma-ok",
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
		Test:  "TestR1_16_CommaOkCallsMapaccess2",
		Teach: "02-buckets.md#step-9-fast-paths",
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
		Test:  "TestR1_17_FastLookups",
		Teach: "03-swiss.md#step-9-fast-paths",
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
		Test:  "TestR1_18_AtMostTwoBucketsPerWrite",
		Teach: "02-buckets.md#step-6-incremental-evacuation",
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
		Test:  "TestR1_19_RangeCalls",
		Teach: "03-swiss.md#step-7-iteration",
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
		Test:  "TestR1_20_ARandomStartThenInOrder",
		Teach: "05-iteration.md#a-rotation-not-a-shuffle",
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
		Test:  "TestR1_21_RangeDuringGrowth",
		Teach: "02-buckets.md#step-7-iteration",
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
		Test:  "TestR1_22_AssignCalls",
		Teach: "03-swiss.md#step-9-fast-paths",
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
		Test:  "TestR1_23_ConcurrentWritesAreFatalNotPanics",
		Teach: "06-races.md#the-runtimes-check-a-flag-that-writers-toggle",
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
		Test:  "TestR1_24_MapassignReturnsTheSlot",
		Teach: "02-buckets.md#step-2-insert-into-the-first-free-slot",
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
		Test:  "TestR1_25_DeleteCalls",
		Teach: "03-swiss.md#step-9-fast-paths",
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
		Test:  "TestR1_26_DeleteMarksTheSlot",
		Teach: "03-swiss.md#step-4-delete-and-tombstones",
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
		Test:  "TestR1_27_LoadFactor",
		Teach: "02-buckets.md#step-5-when-to-grow",
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
		Test:  "TestR1_28_SameSizeGrowth",
		Teach: "02-buckets.md#step-5-when-to-grow",
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
		Test:  "TestR1_29_FlagBits",
		Teach: "06-races.md#the-runtimes-check-a-flag-that-writers-toggle",
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
		Test:  "TestR1_30_NaNKeys",
		Teach: "01-basics.md#nan-keys-stored-never-found",
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
		Test:  "TestR1_31_NaNHalves",
		Teach: "02-buckets.md#step-6-incremental-evacuation",
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
		Test:  "TestR1_32_SameMapNewOrder",
		Teach: "05-iteration.md#why-the-start-is-random",
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
		Test:  "TestR1_33_SmallMapsAreRandomized",
		Teach: "05-iteration.md#why-the-start-is-random",
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
		Test:  "TestR1_34_ComparableKeys",
		Teach: "01-basics.md#which-keys-are-allowed-comparable-types-checked-twice",
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
		Test:  "TestR1_35_EqualKeysHashEqually",
		Teach: "01-basics.md#which-keys-are-allowed-comparable-types-checked-twice",
	},
	{
		ID:       "R1-36",
		Section:  "Q8",
		Claim:    "Any type can be a value, a map included.",
		Verdict:  True,
		Held:     heldAlways,
		Ruling:   "True: only the key type must be comparable.",
		Evidence: []Evidence{Source{At: Go126, File: "doc/go_spec.html", Find: `must be fully defined`}},
		Test:     "TestR1_36_AnyValueType",
		Teach:    "01-basics.md#which-keys-are-allowed-comparable-types-checked-twice",
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
		Test:  "TestR1_37_FloatKeysProgram",
		Teach: "01-basics.md#nan-keys-stored-never-found",
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
		Test:  "TestR1_38_FloatKeysAreFloats",
		Teach: "01-basics.md#nan-keys-stored-never-found",
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
		Test:  "TestR1_39_NaNBits",
		Teach: "01-basics.md#nan-keys-stored-never-found",
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
		Test:  "TestR1_40_DeleteDuringRange",
		Teach: "05-iteration.md#changing-the-map-during-range",
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
		Test:  "TestR1_41_LocksAndSyncMap",
		Teach: "06-races.md#fix-1-one-lock-around-the-map",
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
		Test:  "TestR1_42_NoAddressOfAnElement",
		Teach: "01-basics.md#map-elements-are-not-addressable",
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
		Test:  "TestR1_43_GrowthMovesEntries",
		Teach: "01-basics.md#map-elements-are-not-addressable",
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
		Test:  "TestR1_44_DeepEqualOfMaps",
		Teach: "01-basics.md#the-maps-and-slices-helpers",
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
		Test:  "TestR1_45_MapsCompareOnlyToNil",
		Teach: "01-basics.md#the-maps-and-slices-helpers",
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
		Test:  "TestR1_46_MapsEqual",
		Teach: "01-basics.md#the-maps-and-slices-helpers",
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
		Test:  "TestR1_47_ReadersCheckTheFlag",
		Teach: "06-races.md#the-runtimes-check-a-flag-that-writers-toggle",
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
		Test:  "TestR1_48_TheFlagIsToggled",
		Teach: "06-races.md#the-runtimes-check-a-flag-that-writers-toggle",
	},
}
