package claims

import "gomaps/labs/lanes"

// The reference's program, rerun on the classic lane and on the default lane (chapters/out/09-r2-leak*.cmd).
var (
	r2Leak        = "GOTOOLCHAIN=" + Go127 + " go run ./chapters/code/09-claims/r2/leak"
	r2LeakClassic = lanes.Classic().Prefix() + "go run ./chapters/code/09-claims/r2/leak"
)

const heldClassicMap = "the classic map: up to Go 1.23; 1.24-1.25 with noswissmap"

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
		Test:    "TestR2_01_TheProgramsFigures",
		Program: r2LeakClassic,
		Teach:   "04-growth.md#maps-never-shrink",
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
		Test:  "TestR2_02_BucketsAreInline",
		Teach: "02-buckets.md#the-shape-a-header-a-bucket-array-chains",
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
		Test:  "TestR2_03_OverflowBucketsOnlyClassic",
		Teach: "02-buckets.md#step-3-overflow-buckets",
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
		Test:  "TestR2_04_HmapAndB",
		Teach: "02-buckets.md#the-shape-a-header-a-bucket-array-chains",
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
		Test:  "TestR2_05_BStaysAt18",
		Teach: "04-growth.md#maps-never-shrink",
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
		Test:    "TestR2_06_DeletesDoNotShrink",
		Program: r2Leak,
		Teach:   "04-growth.md#maps-never-shrink",
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
		Test:    "TestR2_07_TheDropIsTheOldArray",
		Program: r2LeakClassic,
		Teach:   "04-growth.md#delete-frees-the-values-not-the-slots",
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
		Test:  "TestR2_08_OverflowBucketsStay",
		Teach: "02-buckets.md#memory-never-shrinks",
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
		Test:  "TestR2_09_CopyingShrinks",
		Teach: "04-growth.md#maps-never-shrink",
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
		Test:    "TestR2_10_PointerValues",
		Program: r2Leak,
		Teach:   "04-growth.md#delete-frees-the-values-not-the-slots",
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
		Test:  "TestR2_11_Over128BytesIndirect",
		Teach: "04-growth.md#delete-frees-the-values-not-the-slots",
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
		Test:  "TestR2_12_NotSortedByKey",
		Teach: "05-iteration.md#deterministic-output",
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
		Test:  "TestR2_13_NotInsertionOrder",
		Teach: "05-iteration.md#a-rotation-not-a-shuffle",
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
		Test:  "TestR2_14_NoDeterministicOrder",
		Teach: "05-iteration.md#why-the-start-is-random",
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
		Test:  "TestR2_15_InsertDuringRange",
		Teach: "05-iteration.md#changing-the-map-during-range",
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
		Test:  "TestR2_16_AddToACopy",
		Teach: "05-iteration.md#changing-the-map-during-range",
	},
}
