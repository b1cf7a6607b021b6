package claims

// Where a row of R5 says it held: the post is of 30 April 2017 and names no version.
const (
	heldR5Classic = "the classic map: the post's day (2017) to Go 1.23; 1.24-1.25 with noswissmap"
	heldR5Always  = "every version, from the post's day (2017) to Go 1.27"

	heldR5ClassicZh = "经典 map：从这篇文章写成时（2017 年）到 Go 1.23；1.24–1.25 配合 noswissmap"
	heldR5AlwaysZh  = "每个版本，从这篇文章写成时（2017 年）到 Go 1.27"

	r5Walk = "src/cmd/compile/internal/walk/builtin.go"
)

// r5Sizeof is the command of the output 09-r5-sizeof: the post's program on Go 1.27.
var r5Sizeof = "GOTOOLCHAIN=" + Go127 + " go run ./chapters/code/09-claims/r5/sizeof"

// r5 holds the claims of Dave Cheney's “If a map isn't a reference variable, what is it?”
// (dave.cheney.net, 30 April 2017), in the order they appear, as far as the post could be read:
// to the end of the sentence its own address breaks off in, on the author's monthly page (see
// References).
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
		Test:      "TestR5_01_MapsArePassedByValue",
		Teach:     "01-basics.md#the-maps-and-slices-helpers",
		SectionZh: "开头",
		ClaimZh:   "Go 的 map 不是引用变量，也不是按引用传递的（作者的上一篇文章说明了这一点）。",
		HeldZh:    heldR5AlwaysZh,
		RulingZh: "成立。Go 没有引用变量：`b := a` 得到的是第二个 map 变量，实参被赋给形参，形参是 map 值的一份副本。" +
			"这份副本指向同一个 map（语言规范把 map 值称为对实现的数据结构的引用），所以调用者能看到函数写进 map 的东西，" +
			"却看不到函数赋给形参的新 map。",
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
		Test:      "TestR5_02_APointerToAnHmapOnlyOnTheClassicMap",
		Teach:     "03-swiss.md#the-pieces-group-control-byte-h1-and-h2",
		SectionZh: "开头，“for the impatient”的答案",
		ClaimZh:   "map 值是一个指向 `runtime.hmap` 结构的指针。",
		HeldZh:    heldR5ClassicZh,
		RulingZh: "Go 1.27 没有 `runtime.hmap`：map 值仍然是一个指针，指向 `internal/runtime/maps.Map`，" +
			"即 Swiss table 的头部（从 Go 1.24 起）。在两种实现上，头部的第一个字都是 `len` 读取的计数。" +
			"在每个版本上都成立的，是去掉名字之后的教训：map 值是一个字，指向实现的数据结构（这是今天语言规范的说法），" +
			"普通的 Go 程序不会写出这个数据结构的类型。",
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
		Test:      "TestR5_03_MakeCallsMakemapSmall",
		Teach:     "04-growth.md#every-growth-step-allocates",
		SectionZh: "“What is the type of a map value?”",
		ClaimZh:   "编译器把 `m := make(map[int]int)` 替换成对 `runtime.makemap` 的调用。",
		HeldZh:    "这篇文章写成时（2017 年）；本课程读取的工具链（Go 1.25 到 1.27）中都不成立，它们为此调用的是 `makemap_small`",
		RulingZh: "在 Go 1.27 上，和最后一版经典 map 一样，`make(map[int]int)` 在 map 逃逸时调用 `runtime.makemap_small`，" +
			"不逃逸时则根本不调用任何 `make` 函数：编译器把头部和第一个组（在经典 map 上是第一个桶）放在栈上，" +
			"只给它设置种子。只有当提示不是不超过 8 的常量时，才调用 `runtime.makemap`。",
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
		Test:      "TestR5_04_MakemapSignature",
		Teach:     "04-growth.md#presizing-makemapkv-n",
		SectionZh: "“What is the type of a map value?”",
		ClaimZh:   "`runtime.makemap` 的签名是 `func makemap(t *maptype, hint int64, h *hmap, bucket unsafe.Pointer) *hmap`。",
		HeldZh:    "这篇文章写成时（2017 年）；本课程读取的工具链（Go 1.25 到 1.27）中都不成立",
		RulingZh: "提示现在是 `int`（可能放不进 `int` 的 `int64` 提示由 `makemap64` 接收），" +
			"`bucket` 参数也没有了：在栈上创建的第一个桶通过头部传进来（`h.buckets`；在 Swiss table 上是 `m.dirPtr`）。" +
			"Go 1.25 的经典 map 是 `makemap(t *maptype, hint int, h *hmap) *hmap`，" +
			"Go 1.27 是 `makemap(t *abi.MapType, hint int, m *maps.Map) *maps.Map`：" +
			"它返回的仍然是指向 map 头部的指针。",
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
		Test:      "TestR5_05_ASmallLocalMapAllocatesNothing",
		Teach:     "04-growth.md#every-growth-step-allocates",
		SectionZh: "“What is the type of a map value?”，它所引用的 `makemap` 的注释",
		ClaimZh:   "当编译器判定 map 或它的第一个桶可以在栈上创建时，就在栈上创建它们，供 `makemap` 使用。",
		HeldZh:    "从这篇文章写成时（2017 年）到 Go 1.27：在经典 map 上是第一个桶，在 Swiss table 上是第一个组",
		RulingZh: "成立，在 Go 1.27 上桶换成了组：一个不比它的函数活得更久的 map，在栈上得到它的头部，" +
			"提示不超过 8 时还得到一个 8 个槽位的组，在第 9 个元素之前什么也不分配；经典 map 用一个桶做同样的事。" +
			"变化的只是它们到达 `makemap` 的方式（[R5-04](#r5-04)）。",
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
		Test:      "TestR5_06_AMapValueIsOneWord",
		Program:   r5Sizeof,
		Teach:     "01-basics.md#the-maps-and-slices-helpers",
		SectionZh: "“What is the type of a map value?”",
		ClaimZh: "普通的 Go 代码看不出 map 值是指针，但可以确认 map 值和 `uintptr` 一样大，" +
			"是一个机器字：文章的程序在 linux/amd64 上打印 `8 8`。",
		HeldZh: heldR5AlwaysZh,
		RulingZh: "在每条 lane 上都成立：重新运行文章的程序，在经典 map 上和在 Go 1.27 上都打印 `8 8`，" +
			"Go 1.27 的 map 值是一个 `*maps.Map`。普通的 Go 代码看到的是 map 类型（`reflect` 报告的种类是 `Map`，" +
			"不是 `Pointer`）；只有 `unsafe` 才能显示出那个字。",
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
		Test:      "TestR5_07_MakeReturnsAMapNotAPointer",
		Teach:     "01-basics.md#a-nil-map-every-read-works-the-write-panics",
		SectionZh: "“If maps are pointers, shouldn't they be `*map[key]value`?”",
		ClaimZh: "`make(map[int]int)` 返回的值的类型是 `map[int]int`，不是 `*map[int]int`：" +
			"一个看起来不像指针的类型。",
		HeldZh: heldR5AlwaysZh,
		RulingZh: "成立：对 map 类型调用 `make`，返回的就是这个 map 类型。`*map[int]int` 是另一个类型，" +
			"即指向一个 map 变量的指针：`new(map[int]int)` 返回一个这样的指针，它指向一个 nil map。",
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
			Text("The oldest source the course reads is Go 1.25's; the post names the thread it quotes only in a footnote, which is in the part of the post that could not be read."),
		},
		Teach:     "01-basics.md#a-nil-map-every-read-works-the-write-panics",
		SectionZh: "“If maps are pointers, shouldn't they be `*map[key]value`?”",
		ClaimZh: "在非常早期，map 写成指针形式 `*map[int]int`；当设计者们发现没有人写 `map` 而不写 `*map` 时，" +
			"这个类型被改名为 `map[int]int`（Ian Lance Taylor 在 golang-nuts 上的回答，" +
			"文章引用了它）。",
		HeldZh: "据 Go 设计者的说法，在 Go 发布之前（这里没有检验）；从 Go 1.0 起，map 类型写作 `map[K]V`",
		RulingZh: "用本课程读取的资料无法检验：这是语言发布之前的历史，由它的一位设计者讲述，而本课程读取的工具链和语言规范都没有追溯到那么早。" +
			"能检验的是今天的语言：map 类型写作 `map[K]V`（语言规范中的 `MapType`），" +
			"而 `*map[int]int` 是一个普通的指针，指向一个 map 变量（[R5-07](#r5-07)）。",
	},
}
