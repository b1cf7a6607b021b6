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

		WhereZh:   "golang-design/go-questions 的 `content/map/`，十二个问题和回答（`1-…` 到 `12-…`）",
		ReadersZh: "准备面试的中文 Go 开发者；这个仓库就是《Go 程序员面试笔试宝典》一书的正文",
		VersionZh: "Go 1.9.2：回答 1 说“首先声明我用的 Go 版本”，并给出了 Go 1.9.2 在 darwin/amd64 上的 `go version` 输出",
	},
	{
		Prefix:  "R2",
		Title:   "100 Go Mistakes and How to Avoid Them, #28 (maps and memory leaks) and #33 (map iterations)",
		Where:   "teivah/100-go-mistakes: `docs/28-maps-memory-leaks.md`; #33's section of `docs/index.md` and its program `src/04-control-structures/33-map-iteration/main.go`",
		Readers: "Go developers of every level: the book (Manning, 2022) is widely recommended, and its site publishes the mistakes for free",
		Version: "none stated; its link to `runtime.hmap` points into `src/runtime/map.go`, the classic map, and the book came out in 2022",
		Rows:    r2,

		WhereZh:   "teivah/100-go-mistakes：`docs/28-maps-memory-leaks.md`；#33 在 `docs/index.md` 中的那一节，以及它的程序 `src/04-control-structures/33-map-iteration/main.go`",
		ReadersZh: "各个水平的 Go 开发者：这本书（Manning，2022）被广泛推荐，它的网站免费发布书中的各个错误",
		VersionZh: "没有写明；它指向 `runtime.hmap` 的链接指进 `src/runtime/map.go`，也就是经典 map，而这本书出版于 2022 年",
	},
	{
		Prefix:  "R3",
		Title:   "golang-notes, map.md (Xargin, cch123)",
		Where:   "cch123/golang-notes, `map.md`",
		Readers: "Go developers who read the runtime's source in Chinese; the notes of Xargin (cch123), whose ASCII figure go-questions cites in its Q1",
		Version: "none stated; the runtime code it quotes (`t.key.alg`, `fastrand`, a single `empty` tophash state) is the classic map of 2018",
		Rows:    r3,

		WhereZh:   "cch123/golang-notes 的 `map.md`",
		ReadersZh: "用中文阅读运行时源码的 Go 开发者；这是 Xargin（cch123）的笔记，go-questions 在它的 Q1 中引用了其中的 ASCII 图",
		VersionZh: "没有写明；它引用的运行时代码（`t.key.alg`、`fastrand`、只有一个 `empty` 的 tophash 状态）是 2018 年的经典 map",
	},
	{
		Prefix: "R4",
		Title:  "《Go 语言设计与实现》 §3.3 哈希表 (draveness)",
		Unread: "its text could not be read at its own source here (neither the book's site nor its " +
			"repository is in the archive of public pages and repositories that this page's references were " +
			"read from, which holds only unrelated or second-hand pages), and this page rules on no " +
			"second-hand copy",

		TitleZh: "《Go 语言设计与实现》 §3.3 哈希表（draveness）",
		UnreadZh: "在这里无法在它自己的来源读到它的文本（本页读取参考资料所用的公开网页和代码仓库存档中，" +
			"既没有这本书的网站，也没有它的仓库，只有无关的页面或转载的页面），而本页不依据转载的副本作出裁定",
	},
	{
		Prefix: "R5",
		Title:  "Dave Cheney, “If a map isn’t a reference variable, what is it?” (2017)",
		Where: "dave.cheney.net, [“If a map isn’t a reference variable, what is it?”](https://dave.cheney.net/2017/04/30/if-a-map-isnt-a-reference-variable-what-is-it), " +
			"30 April 2017, read at that address from its beginning to the middle of the sentence " +
			"“…less confusing than a pointer shaped value which canno[t]…”, and on the author's own " +
			"monthly page, [dave.cheney.net/2017/04](https://dave.cheney.net/2017/04), to the end of " +
			"that sentence, the furthest read: the rest of the post could not be read and is not ruled on",
		Readers: "Go developers of every level: the post is often cited for “a map is a pointer”, " +
			"and its `makemap` signature and its `8 8` program reappear in many other posts, translated " +
			"into Chinese among them",
		Version: "none stated; written when Go 1.8 was the current release, and the `makemap` it quotes " +
			"(`hint int64`, a `bucket` parameter) is the classic map's of that time",
		Rows: r5,

		WhereZh: "dave.cheney.net，[“If a map isn’t a reference variable, what is it?”](https://dave.cheney.net/2017/04/30/if-a-map-isnt-a-reference-variable-what-is-it)，" +
			"2017 年 4 月 30 日；在这个地址上，从开头读到这一句的中间：" +
			"“…less confusing than a pointer shaped value which canno[t]…”；在作者自己的月度存档页 " +
			"[dave.cheney.net/2017/04](https://dave.cheney.net/2017/04) 上读到这一句的末尾，这是读到的最远处：" +
			"文章的其余部分无法读到，不作裁定",
		ReadersZh: "各个水平的 Go 开发者：人们常引用这篇文章来说明“map 是一个指针”，它给出的 `makemap` 签名和 `8 8` 程序" +
			"在许多别的文章里反复出现，其中也有译成中文的",
		VersionZh: "没有写明；它写于 Go 1.8 是当前版本的时候，它所引用的 `makemap`（`hint int64`、一个 `bucket` 参数）" +
			"是当时经典 map 的",
	},
}
