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
		Test:    "TestS0_01_MapRaceEndsTheProcessNotAWatch",
		Program: "go test -count=1 -v -run TestFatal ./chapters/code/06-races/fatal",
		Teach:   "06-races.md#the-runtimes-check-a-flag-that-writers-toggle",
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
		Test:  "TestS0_02_MapIsAHashTableWithShortProbes",
		Teach: "03-swiss.md#step-3-tables-and-probing",
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
		Test:    "TestS0_03_KeysMustBeComparable",
		Program: "go run ./chapters/code/01-basics/keys",
		Teach:   "01-basics.md#which-keys-are-allowed-comparable-types-checked-twice",
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
		Test:    "TestS0_04_NilMapOnlyWritesPanic",
		Program: "go run ./chapters/code/01-basics/nilmap",
		Teach:   "01-basics.md#a-nil-map-every-read-works-the-write-panics",
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
		Test:    "TestS0_05_MissingKeyZeroValueAndCommaOk",
		Program: "go run ./chapters/code/01-basics/commaok",
		Teach:   "01-basics.md#zero-values-and-comma-ok",
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
		Test:  "TestS0_06_RangeGivesCopies",
		Teach: "01-basics.md#map-elements-are-not-addressable",
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
		Test:  "TestS0_07_AssignmentSharesTheMap",
		Teach: "01-basics.md#the-maps-and-slices-helpers",
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
		Test:    "TestS0_08_ConcurrentWritesNeedALock",
		Program: lanes.Classic().Prefix() + "go test -count=1 -v -run TestFatal ./chapters/code/06-races/fatal",
		Teach:   "06-races.md#the-rule",
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
		Test:  "TestS0_09_StructWithMapFieldIsNotComparable",
		Teach: "01-basics.md#which-keys-are-allowed-comparable-types-checked-twice",
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
		Test:  "TestS0_10_MapOperationsAndNoCap",
		Teach: "04-growth.md#presizing-makemapkv-n",
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
		Test:  "TestS0_11_HmapIsTheClassicMap",
		Teach: "02-buckets.md#the-shape-a-header-a-bucket-array-chains",
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
		Test:  "TestS0_12_HmapHasNoOverflowField",
		Teach: "02-buckets.md#step-3-overflow-buckets",
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
		Test:  "TestS0_13_BucketsIsAPointerNotASlice",
		Teach: "02-buckets.md#the-shape-a-header-a-bucket-array-chains",
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
		Test:    "TestS0_14_GrowthThresholds",
		Program: lanes.Classic().Prefix() + "go run ./chapters/code/02-buckets/growth",
		Teach:   "02-buckets.md#step-5-when-to-grow",
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
		Test:    "TestS0_15_OverflowGrowthKeepsTheSize",
		Program: lanes.Classic().Prefix() + "go run ./chapters/code/02-buckets/growth",
		Teach:   "02-buckets.md#step-5-when-to-grow",
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
		Test:    "TestS0_16_OnlyWritesEvacuate",
		Program: lanes.Classic().Prefix() + "go run ./chapters/code/02-buckets/growth",
		Teach:   "02-buckets.md#step-6-incremental-evacuation",
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
		Test:  "TestS0_17_GrowthDoesNotMakeWritesSafe",
		Teach: "06-races.md#the-runtimes-check-a-flag-that-writers-toggle",
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
		Test:  "TestS0_18_GrowWorkIsInMapNoswissGo",
		Teach: "02-buckets.md#step-6-incremental-evacuation",
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
		Test:  "TestS0_19_ReadsLookInOneBucket",
		Teach: "02-buckets.md#step-6-incremental-evacuation",
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
		Test:  "TestS0_20_WritesGoToTheNewArrayThenOldIsFreed",
		Teach: "02-buckets.md#step-6-incremental-evacuation",
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
		Test:  "TestS0_21_CounterSnippetIsADataRace",
		Teach: "06-races.md#the-race-detector-go-test-race",
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
		Test:    "TestS0_22_CounterIncrementIsOneInstruction",
		Program: "go build -o /dev/null -gcflags=-S ./chapters/code/09-claims/s0/testdata/counter",
		Teach:   "06-races.md#what-the-check-misses",
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
		Test:    "TestS0_23_CounterRaceRaisesNoError",
		Program: "go run ./chapters/code/06-races/lost",
		Teach:   "06-races.md#what-the-check-misses",
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
		Test:  "TestS0_24_SyncMapLoadTakesNoLock",
		Teach: "06-races.md#fix-2-syncmap",
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
		Test:    "TestS0_25_RangeIsNotASnapshot",
		Program: "go run ./chapters/code/06-races/syncmap",
		Teach:   "06-races.md#fix-2-syncmap",
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
		Test:  "TestS0_26_RangeWalksOnceWithoutRetry",
		Teach: "06-races.md#fix-2-syncmap",
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
		Test:  "TestS0_27_NoMapCallsBackOnDelete",
		Teach: "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
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
		Test:  "TestS0_28_SyncMapHoldsAny",
		Teach: "06-races.md#fix-2-syncmap",
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
		Test:  "TestS0_29_PodStatusSampleDoesNotCompile",
		Teach: "06-races.md#fix-2-syncmap",
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
		Test:    "TestS0_30_ReadersShareAnRWMutex",
		Program: s0BenchLocks,
		Teach:   "06-races.md#fix-1-one-lock-around-the-map",
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
		Program: s0BenchLocks,
		Teach:   "06-races.md#which-one-is-fastest",
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
		Test:  "TestS0_32_SyncMapIsAHashTrieSinceGo124",
		Teach: "06-races.md#fix-2-syncmap",
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
		Test:    "TestS0_33_ShardedMapLocksOneShard",
		Program: s0BenchShards,
		Teach:   "06-races.md#fix-3-a-sharded-map",
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
		Test:    "TestS0_34_ShardsAsManyAsCoresStillCollide",
		Program: s0BenchShards,
		Teach:   "06-races.md#fix-3-a-sharded-map",
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
		Program: s0BenchShards,
		Teach:   "06-races.md#which-one-is-fastest",
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
		Test:  "TestS0_36_InformerStoreIsAThreadSafeMap",
		Teach: "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
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
		Test:  "TestS0_37_NoCacheStoreType",
		Teach: "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
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
		Test:  "TestS0_38_TheLockPredatesV025",
		Teach: "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
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
		Test:  "TestS0_39_ReplaceAndListDoNotRace",
		Teach: "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
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
		Test:    "TestS0_40_FatalErrorEndsEveryGoroutine",
		Program: "go test -count=1 -v -run TestFatal ./chapters/code/06-races/fatal",
		Teach:   "06-races.md#the-runtimes-check-a-flag-that-writers-toggle",
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
			"`GOGC=10` did not bring the crash sooner. The median time to it was 52.14 ms at `GOGC=10` " +
			"(95% CI 28.25–82.85 ms), 46.03 ms at `100` (33.97–70.61 ms) and 40.48 ms with `off` " +
			"(13.84–88.31 ms), with a long tail in every setting; a Mann–Whitney test finds no difference " +
			"(p = 0.657 against `100`, p = 0.442 against `off`). (A writer may also first panic on the map " +
			"the race broke: chapter 06, What the check misses.)",
		Evidence: []Evidence{
			Source{At: Go127, File: swissMaps + "/map.go", Find: `^\s+writing uint8`},
			Output{Name: "09-s0-gogc", Find: `^10 +60 +60 `},
			Output{Name: "09-s0-gogc", Find: `^100 +60 +60 `},
			Output{Name: "09-s0-gogc", Find: `^off +60 +60 `},
			Output{Name: "09-s0-gogc", Find: `^GOGC=10 against GOGC=100: `},
			Output{Name: "09-s0-gogc", Find: `^GOGC=10 against GOGC=off: `},
		},
		Program: lanes.DefaultLane().Prefix() + "go run ./chapters/code/09-claims/s0/gogcrace",
		Test:    "TestS0_41_GOGCDoesNotDecideTheCrash",
		Teach:   "06-races.md#the-runtimes-check-a-flag-that-writers-toggle",
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
		Test:  "TestS0_42_NoKubeClientQPSVariable",
		Teach: "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
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
		Test:  "TestS0_43_WatchReturnsTheClientsChannel",
		Teach: "08-operator.md#why-a-real-api-server",
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
		Test:  "TestS0_44_WatchChannelBuffersOneResponse",
		Teach: "08-operator.md#why-a-real-api-server",
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
		Test:  "TestS0_45_ASlowReaderDoesNotBlockTheStream",
		Teach: "08-operator.md#why-a-real-api-server",
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
		Test:  "TestS0_46_NoWatchOptionType",
		Teach: "08-operator.md#why-a-real-api-server",
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
		Test:  "TestS0_47_DialTimeoutHasNoDefault",
		Teach: "08-operator.md#why-a-real-api-server",
	},
	{
		ID:      "S0-48",
		Section: "3.3 From a pprof trace to the broken watch",
		Claim: "A pprof trace shows `runtime.throw(\"concurrent map writes\")` in " +
			"`runtime.mapassign_fast64`.",
		Verdict: False,
		Ruling: "The error ends the process, so no profile records it; the crash prints its own " +
			"traceback. By default that traceback leaves the runtime's frames out and shows only where the " +
			"program wrote the map: `fatal` prints them only with `GOTRACEBACK=system` or higher, which is why the " +
			"test sets it. Then the traceback shows `runtime.fatal`, not `throw` (since Go 1.19), and for string " +
			"keys, as an informer's are, `runtime.mapassign_faststr`.",
		Evidence: []Evidence{
			Source{At: Go127, File: "src/runtime/panic.go", Find: `^func fatal\(s string\)`},
			Source{At: Go127, File: "src/runtime/panic.go", Find: `// fatal does not include runtime frames, system goroutines, or frame metadata\n// \(fp, sp, pc\) in the stack trace unless GOTRACEBACK=system or higher\.`},
			Source{At: Go127, File: swissMaps + "/runtime_faststr.go", Find: `^func runtime_mapassign_faststr\(`},
		},
		Test:  "TestS0_48_TheCrashIsAFatalErrorInMapassignFaststr",
		Teach: "06-races.md#the-runtimes-check-a-flag-that-writers-toggle",
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
		Test:  "TestS0_49_NoDeleteAllFromMapNorMu",
		Teach: "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
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
		Test:  "TestS0_50_EveryQueueAndStoreLocks",
		Teach: "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
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
		Test:  "TestS0_51_NoSuchAPIServerLogLine",
		Teach: "08-operator.md#why-a-real-api-server",
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
		Test:  "TestS0_52_NoStatefulMapInControllerRuntime",
		Teach: "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
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
		Test:  "TestS0_53_BytesPrefixIsARangeNotAKey",
		Teach: "07-controllers.md#3-keys-that-outlive-their-objects",
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
		Test:  "TestS0_54_NilWriteOptionsDoNotSync",
		Teach: "07-controllers.md#3-keys-that-outlive-their-objects",
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
		Test:  "TestS0_55_SyncMapWritesLockANode",
		Teach: "06-races.md#fix-2-syncmap",
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
		Teach: "07-controllers.md#3-keys-that-outlive-their-objects",
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
		Test:  "TestS0_57_StoreIsSafeForConcurrentUse",
		Teach: "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
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
		Test:  "TestS0_58_StoreNotifiesNobody",
		Teach: "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
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
		Test:  "TestS0_59_StoreSampleWorks",
		Teach: "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
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
		Test:  "TestS0_60_StoreKeepsTheLastWriteNotTheNewest",
		Teach: "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
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
		Test:  "TestS0_61_TombstonesAreTheKeyFunctions",
		Teach: "07-controllers.md#1-a-plain-map-between-handlers-and-workers",
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
		Test:    "TestS0_62_LdflagsRaceDetectsNothing",
		Program: "GOMAXPROCS=1 go test -count=1 -ldflags=-race -v -run TestOneWriteEach ./chapters/code/06-races/detect",
		Teach:   "06-races.md#the-race-detector-go-test-race",
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
		Test:  "TestS0_63_GinkgoPRunsOneSuiteOnSeveralProcesses",
		Teach: "06-races.md#the-race-detector-go-test-race",
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
		Test:  "TestS0_64_RaceReportHeadings",
		Teach: "06-races.md#the-race-detector-go-test-race",
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
		Teach: "08-operator.md",
	},
}
