package claims

// The references of the page "What you may have read elsewhere" (chapters/elsewhere.md): the
// most-read texts on Go maps, ruled on claim by claim for the current release, Go 1.27. Their rows
// use the same scale, evidence and tests as the seed posts' (a test named by its ID, in package
// r1, r2...), plus Held: the versions where the claim was true.

// References lists them in the page's order. A reference whose Rows are nil is listed as not
// ruled on, with the reason in Unread.
var References = []Reference{
	{
		Prefix:  "R1",
		Title:   "Go 程序员面试笔试宝典 (go-questions), the twelve answers on maps",
		Where:   "golang-design/go-questions, `content/map/`, twelve questions and answers (`1-…` to `12-…`)",
		Readers: "Chinese-speaking Go developers preparing for interviews; the repository is the text of the book 《Go 程序员面试笔试宝典》",
		Version: "Go 1.9.2: answer 1 says “首先声明我用的 Go 版本” and shows the go version line of Go 1.9.2 on darwin/amd64",
		Rows:    r1,
	},
	{
		Prefix:  "R2",
		Title:   "100 Go Mistakes and How to Avoid Them, #28 (maps and memory leaks) and #33 (map iterations)",
		Where:   "teivah/100-go-mistakes: `docs/28-maps-memory-leaks.md`; #33's section of `docs/index.md` and its program `src/04-control-structures/33-map-iteration/main.go`",
		Readers: "Go developers of every level: the book (Manning, 2022) is widely recommended, and its site publishes the mistakes for free",
		Version: "none stated; its link to `runtime.hmap` points into `src/runtime/map.go`, the classic map, and the book came out in 2022",
		Rows:    r2,
	},
	{
		Prefix:  "R3",
		Title:   "golang-notes, map.md (Xargin, cch123)",
		Where:   "cch123/golang-notes, `map.md`",
		Readers: "Go developers who read the runtime's source in Chinese; the notes of Xargin (cch123), whose ASCII figure go-questions cites in its Q1",
		Version: "none stated; the runtime code it quotes (`t.key.alg`, `fastrand`, a single `empty` tophash state) is the classic map of 2018",
		Rows:    r3,
	},
	{
		Prefix: "R4",
		Title:  "《Go 语言设计与实现》 §3.3 哈希表 (draveness)",
		Unread: "its text could not be read at its own source here (neither the book's site nor its " +
			"repository is in the archive of public pages and repositories that this page's references were " +
			"read from, which holds only unrelated or second-hand pages), and this page rules on no " +
			"second-hand copy",
	},
	{
		Prefix: "R5",
		Title:  "Dave Cheney, “If a map isn’t a reference variable, what is it?” (2017)",
		Where: "dave.cheney.net, [“If a map isn’t a reference variable, what is it?”](https://dave.cheney.net/2017/04/30/if-a-map-isnt-a-reference-variable-what-is-it), " +
			"30 April 2017, read at that address from its beginning to the middle of the sentence " +
			"“…less confusing than a pointer shaped value which canno[t]…”, as far as that archive " +
			"shows it: the rest of the post could not be read there and is not ruled on",
		Readers: "Go developers of every level: the post is often cited for “a map is a pointer”, " +
			"and its `makemap` signature and its `8 8` program reappear in many other posts, translated " +
			"into Chinese among them",
		Version: "none stated; written when Go 1.8 was the current release, and the `makemap` it quotes " +
			"(`hint int64`, a `bucket` parameter) is the classic map's of that time",
		Rows: r5,
	},
}
