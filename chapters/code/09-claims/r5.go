package claims

// Where a row of R5 says it held: the post is of 30 April 2017 and names no version.
const (
	heldR5Classic = "the classic map: the post's day (2017) to Go 1.23; 1.24-1.25 with noswissmap"
	heldR5Always  = "every version, from the post's day (2017) to Go 1.27"
	r5Walk        = "src/cmd/compile/internal/walk/builtin.go"
)

// r5Sizeof is the command of the output 09-r5-sizeof: the post's program on Go 1.27.
var r5Sizeof = "GOTOOLCHAIN=" + Go127 + " go run ./chapters/code/09-claims/r5/sizeof"

// r5 holds the claims of Dave Cheney's “If a map isn't a reference variable, what is it?”
// (dave.cheney.net, 30 April 2017), in the order they appear, as far as the post could be read at
// its own address (see References).
var r5 = []Claim{
	{
		ID:      "R5-01",
		Section: "the opening",
		Claim:   "Go maps are not reference variables, and are not passed by reference (which the author's previous post showed).",
		Quote:   "Go maps are not reference variables, and are not passed by reference",
		Verdict: True,
		Held:    heldR5Always,
		Ruling: "True. Go has no reference variables: `b := a` makes a second map variable, and an " +
			"argument is assigned to its parameter, a copy of the map value. The copy refers to the " +
			"same map (the spec calls a map value a reference to the implementation's data structure), " +
			"so the caller sees what a function writes into the map, and nothing of a new map the " +
			"function assigns to its parameter.",
		Evidence: []Evidence{
			Source{At: Go126, File: "doc/go_spec.html", Find: `which means that they are <a href="#Assignment_statements">assigned</a>`},
			Source{At: Go126, File: "doc/go_spec.html", Find: `A map or channel value is a reference to the implementation-specific`},
		},
		Test:  "TestR5_01_MapsArePassedByValue",
		Teach: "01-basics.md#the-maps-and-slices-helpers",
	},
	{
		ID:      "R5-02",
		Section: "the opening, the answer “for the impatient”",
		Claim:   "A map value is a pointer to a `runtime.hmap` structure.",
		Quote:   "A map value is a pointer to a runtime.hmap structure.",
		Verdict: SomeVersions,
		Held:    heldR5Classic,
		Ruling: "Go 1.27 has no `runtime.hmap`: a map value is still one pointer, to an " +
			"`internal/runtime/maps.Map`, the header of Swiss tables (since Go 1.24). On both the " +
			"header's first word is the count that `len` reads. What holds on every version is the " +
			"lesson without the name: a map value is one word that refers to the implementation's data " +
			"structure (the spec's words today), whose type no ordinary Go program names.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `^type hmap struct`},
			Source{At: Go127, File: "src/runtime", Find: `^type hmap struct`, Absent: true},
			Source{At: Go127, File: swissMaps + "/map.go", Find: `^type Map struct`},
		},
		Test:  "TestR5_02_APointerToAnHmapOnlyOnTheClassicMap",
		Teach: "03-swiss.md#the-pieces-group-control-byte-h1-and-h2",
	},
	{
		ID:      "R5-03",
		Section: "“What is the type of a map value?”",
		Claim:   "The compiler replaces `m := make(map[int]int)` with a call to `runtime.makemap`.",
		Quote:   "The compiler replaces it with a call to runtime.makemap",
		Verdict: SomeVersions,
		Held: "the post's day (2017); not in any toolchain the course reads (Go 1.25 to 1.27), " +
			"which call `makemap_small` for it",
		Ruling: "On Go 1.27, as on the last classic map, `make(map[int]int)` calls " +
			"`runtime.makemap_small` when the map escapes, and no `make` function at all when it does " +
			"not: the compiler puts the header and the first group (on the classic map, the first " +
			"bucket) on the stack and only seeds it. `runtime.makemap` is called when the hint is not a " +
			"constant of at most 8.",
		Evidence: []Evidence{
			Source{At: Go127, File: r5Walk, Find: `fn := typecheck\.LookupRuntime\("makemap_small"`},
			Source{At: Go125, File: r5Walk, In: `^func walkMakeOldMap\(`, Find: `fn := typecheck\.LookupRuntime\("makemap_small"`},
			Source{At: Go127, File: r5Walk, Find: `^\s+fnname = "makemap"$`},
		},
		Test:  "TestR5_03_MakeCallsMakemapSmall",
		Teach: "04-growth.md#every-growth-step-allocates",
	},
	{
		ID:      "R5-04",
		Section: "“What is the type of a map value?”",
		Claim: "`runtime.makemap` has the signature " +
			"`func makemap(t *maptype, hint int64, h *hmap, bucket unsafe.Pointer) *hmap`.",
		Verdict: SomeVersions,
		Held:    "the post's day (2017); in none of the toolchains the course reads (Go 1.25 to 1.27)",
		Ruling: "The hint is an `int` now (`makemap64` takes the `int64` of a hint that may not fit " +
			"in an `int`), and the `bucket` parameter is gone: a first bucket made on the stack comes " +
			"in through the header (`h.buckets`; on Swiss tables `m.dirPtr`). The classic map of " +
			"Go 1.25 has `makemap(t *maptype, hint int, h *hmap) *hmap`, Go 1.27 " +
			"`makemap(t *abi.MapType, hint int, m *maps.Map) *maps.Map`: it still returns a " +
			"pointer to the map's header.",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `^func makemap\(t \*maptype, hint int, h \*hmap\) \*hmap \{`},
			Source{At: Go127, File: "src/runtime/map.go", Find: `^func makemap\(t \*abi.MapType, hint int, m \*maps.Map\) \*maps.Map \{`},
			Source{At: Go125, File: "src/runtime", Find: `^func makemap\(.*bucket unsafe\.Pointer`, Absent: true},
			Source{At: Go127, File: "src/runtime", Find: `^func makemap\(.*bucket unsafe\.Pointer`, Absent: true},
		},
		Test:  "TestR5_04_MakemapSignature",
		Teach: "04-growth.md#presizing-makemapkv-n",
	},
	{
		ID:      "R5-05",
		Section: "“What is the type of a map value?”, the comment of `makemap` it quotes",
		Claim: "When the compiler has determined that the map or its first bucket can be created on " +
			"the stack, it creates them there, and `makemap` uses them.",
		Quote:   "If the compiler has determined that the map or the first bucket can be created on the stack, h and/or bucket may be non-nil.",
		Verdict: True,
		Held:    "the post's day (2017) to Go 1.27: the first bucket on the classic map, the first group on Swiss tables",
		Ruling: "True, with a group for the bucket on Go 1.27: a map that does not outlive its " +
			"function gets its header and, for a hint of at most 8, one group of 8 slots on the " +
			"stack, and allocates nothing until its 9th entry; the classic map does the same with one " +
			"bucket. Only the way they reach `makemap` changed ([R5-04](#r5-04)).",
		Evidence: []Evidence{
			Source{At: Go125, File: noswiss, Find: `If the compiler has determined that the map or the first bucket`},
			Source{At: Go127, File: "src/runtime/map.go", Find: `If the compiler has determined that the map or the first group`},
		},
		Test:  "TestR5_05_ASmallLocalMapAllocatesNothing",
		Teach: "04-growth.md#every-growth-step-allocates",
	},
	{
		ID:      "R5-06",
		Section: "“What is the type of a map value?”",
		Claim: "Normal Go code cannot see that a map value is a pointer, but it can confirm that a " +
			"map value is the size of a `uintptr`, one machine word: the post's program prints `8 8` " +
			"on linux/amd64.",
		Verdict: True,
		Held:    heldR5Always,
		Ruling: "True on every lane: the post's program, rerun, prints `8 8` on the classic map and on " +
			"Go 1.27, whose map value is a `*maps.Map`. Normal Go code sees a map type (`reflect` " +
			"reports the kind `Map`, not `Pointer`); only `unsafe` shows the word.",
		Evidence: []Evidence{
			Output{Name: "09-r5-sizeof-classic", Find: `^8 8$`, Note: "the classic map"},
			Output{Name: "09-r5-sizeof", Find: `^8 8$`, Note: "Go 1.27"},
		},
		Test:    "TestR5_06_AMapValueIsOneWord",
		Program: r5Sizeof,
		Teach:   "01-basics.md#the-maps-and-slices-helpers",
	},
	{
		ID:      "R5-07",
		Section: "“If maps are pointers, shouldn't they be `*map[key]value`?”",
		Claim: "`make(map[int]int)` returns a value of type `map[int]int`, not `*map[int]int`: a type " +
			"that does not look like a pointer.",
		Verdict: True,
		Held:    heldR5Always,
		Ruling: "True: `make` of a map type returns that map type. `*map[int]int` is another type, a " +
			"pointer to a map variable: `new(map[int]int)` returns one, pointing at a nil map.",
		Evidence: []Evidence{
			Source{At: Go126, File: "doc/go_spec.html", Find: `^make\(T\) +map +map of type T$`},
		},
		Test:  "TestR5_07_MakeReturnsAMapNotAPointer",
		Teach: "01-basics.md#a-nil-map-every-read-works-the-write-panics",
	},
	{
		ID:      "R5-08",
		Section: "“If maps are pointers, shouldn't they be `*map[key]value`?”",
		Claim: "In the very early days maps were written as pointers, `*map[int]int`, and the type " +
			"was renamed `map[int]int` when its designers saw that no one wrote `map` without `*map` " +
			"(Ian Lance Taylor's answer on golang-nuts, which the post quotes).",
		Quote:   "In the very early days what we call maps now were written as pointers, so you wrote `*map[int]int`.",
		Verdict: Uncheckable,
		Held:    "before Go's release, by its designers' account (not checked here); since Go 1.0 a map type is written `map[K]V`",
		Ruling: "Cannot be checked with what the course reads: it is the history of the language " +
			"before its release, told by one of its designers, and none of the toolchains or specs the " +
			"course reads goes back that far. What can be checked is today's language: a map type is " +
			"written `map[K]V` (the spec's `MapType`), and `*map[int]int` is an ordinary pointer to a " +
			"map variable ([R5-07](#r5-07)).",
		Evidence: []Evidence{
			Source{At: Go126, File: "doc/go_spec.html", Find: `^MapType +=`},
			Text("The oldest source the course reads is Go 1.25's; the post names the thread it quotes only in a footnote, which is in the part of the post that could not be read at its address."),
		},
		Teach: "01-basics.md#a-nil-map-every-read-works-the-write-panics",
	},
}
