package claims

import (
	"fmt"
	"slices"
	"strings"
)

// evidenceZh holds, for the Chinese edition, the Chinese form of the evidence's own words: the
// Note of a Source or an Output, the text of a Text, the Source of a Quote (the name of the
// document it quotes). A form is keyed by its English words, so that words written in several
// rows are translated once, and an English note that changes has no form until it is translated
// again: the Chinese chapter fails on it (see zhWords). A form keeps the code spans, links and
// quoted original text of its English words as they are.
var evidenceZh = map[string]string{
	// Notes of a source line.
	"what the map's check calls: it prints `fatal error:` and exits with status 2":            "map 的检查调用的就是它：它打印 `fatal error:`，并以状态码 2 退出",
	"“for operands of the key type; thus the key type must not be a function, map, or slice”": "规范接着说：“for operands of the key type; thus the key type must not be a function, map, or slice”",
	"the spec, section Map types":                                    "语言规范的“Map types”一节",
	"“`a[x]` is the zero value for the element type of `M`”":         "规范原文：“`a[x]` is the zero value for the element type of `M`”",
	"the range clause's table: the iteration values of a map":        "range 子句的表格：map 的迭代值",
	"the arguments of `cap` are arrays, slices and channels: no map": "`cap` 的参数是数组、切片和通道：没有 map",
	"a field of `mapextra`, not of `hmap`":                           "是 `mapextra` 的字段，不是 `hmap` 的",
	"the old `Load`, before it locks":                                "旧的 `Load`，在加锁之前",
	"in any non-test Go file of the module":                          "查遍了该模块所有非测试的 Go 文件",
	"the feature `InOrderInformers`":                                 "特性开关 `InOrderInformers`",
	"the spec, For statements with range clause: “not specified and is not guaranteed to be the same from one iteration to the next”": "语言规范的“For statements with range clause”一节：“not specified and is not guaranteed to be the same from one iteration to the next”",
	"`mapiterinit` draws a fresh random number for every `range`":                                                                     "`mapiterinit` 为每一次 `range` 取一个新的随机数",
	"`Iter.Init` draws the start of every `range`":                                                                                    "`Iter.Init` 为每一次 `range` 随机选出起点",
	"the comment on `groupReference`":                                                                                                 "`groupReference` 上方的注释",
	"Go 1.26's fast path for 8-byte keys hashes through the type's hasher":                                                            "Go 1.26 针对 8 字节键的快速路径通过类型的哈希函数计算哈希值",
	"Go 1.27's, here in `runtime_mapaccess2_fast64`, calls the map package's AES hash directly":                                       "Go 1.27 的快速路径（这里是 `runtime_mapaccess2_fast64`）直接调用 map 包自己的 AES 哈希",
	"the path for other keys":                                      "其他键走的路径",
	"kept only for packages that link to the old name":             "只为链接到这个旧名字的包而保留",
	"a key's bucket, in a lookup":                                  "查找时键所在的桶",
	"`InOrderInformers`, beta and on by default since 1.33":        "`InOrderInformers`：从 1.33 起为 beta，默认开启",
	"the logger of `Starting workers`":                             "打印 `Starting workers` 的日志记录器",
	"its fields are requests (`put`, `txn`, ...), none a revision": "它的字段都是请求（`put`、`txn`……），没有一个是修订版本",
	"the watch cache, before its window":                           "watch 缓存：早于它窗口的版本",
	"a list the cache cannot serve goes to etcd":                   "缓存无法提供的 list 请求转给 etcd",
	"the informer's indexer":                                       "informer 的索引器（indexer）",
	"`Store`, `Swap` and `Delete` lock the same way":               "`Store`、`Swap` 和 `Delete` 也以同样的方式加锁",
	"the old implementation, on a miss in the read-only part":      "旧的实现，在只读部分未命中时",
	"in `ValidateConfigMap`":                                       "在 `ValidateConfigMap` 中",
	"not even `clear` shrinks a map":                               "连 `clear` 也不会让 map 缩容",
	"in `table.Delete`, only when the group has no empty slot":     "在 `table.Delete` 中，仅当组里没有空槽位时",
	"`table.Delete`":                                               "`table.Delete`",
	"`mapdelete`":                                                  "`mapdelete`",
	"`table.Delete` always clears the value":                       "`table.Delete` 总会清除值",
	"in `runtime.mapdelete`":                                       "在 `runtime.mapdelete` 中",
	"in `mapassign` only":                                          "只在 `mapassign` 中",
	"in `table.PutSlot`; the other calls are in the `runtime_mapassign*` functions: inserts, all of them": "在 `table.PutSlot` 中；其余的调用都在 `runtime_mapassign*` 函数里：全都是插入",
	"`hashGrow`: double, or the same size":                         "`hashGrow`：翻倍，或者大小不变",
	"the spec's table of `cap`: arrays, slices, channels, no maps": "语言规范中 `cap` 的表格：数组、切片、通道，没有 map",
	"in `walkRange`":                               "在 `walkRange` 中",
	"kubectl's JSONPath printer":                   "kubectl 的 JSONPath 打印器",
	"`mergeDocs` walks the keys of the patch only": "`mergeDocs` 只遍历 patch 中的键",
	"a key set to null is removed":                 "值为 null 的键被删除",
	"an empty object has no key to merge":          "空对象没有可合并的键",

	// Notes of an output line.
	"line 23 is `counter++`, and no other instruction of it touches the counter":                              "第 23 行就是 `counter++`，这一行的其他指令都不碰计数器",
	"a payload in another order is a write":                                                                   "顺序不同的内容就是一次写入",
	"an identical update writes nothing":                                                                      "内容完全相同的更新什么也不写",
	"classic map, Go 1.25 with `GOEXPERIMENT=noswissmap`":                                                     "经典 map（Go 1.25 配合 `GOEXPERIMENT=noswissmap`）",
	"Swiss tables, Go 1.27":                                                                                   "Go 1.27 的 Swiss table",
	"100 keys: many orders from one map":                                                                      "100 个键：同一个 map 给出许多种顺序",
	"a map written by two goroutines without a lock":                                                          "两个 goroutine 不加锁地写同一个 map",
	"10 keys in a map made for a million hold a million's memory":                                             "按一百万个元素创建的 map 里只放 10 个键，占的仍是一百万个元素的内存",
	"each row is measured after `runtime.GC()`: the slots stay":                                               "每一行都在 `runtime.GC()` 之后测量：槽位仍在",
	"a table is rehashed only by inserts: here `table.PutSlot`, elsewhere the `runtime_mapassign*` functions": "只有插入才会让一张表重新哈希：这里是 `table.PutSlot`，别处是 `runtime_mapassign*` 函数",
	"1 million over 6.5 per bucket needs 153,847 buckets: 2^18 is the first power of 2 above":                 "100 万个元素按每桶 6.5 个计，需要 153,847 个桶：2^18 是比它大的第一个 2 的幂",
	"chapter 04's program: a million slots emptied, then copied into a map made for the survivors":            "第 04 章的程序：一百万个槽位被清空，然后把留下的元素复制到一个按它们的数量创建的 map",
	"the slots of a million keys, kept; how many depends on the hash seed":                                    "一百万个键的槽位都留着；具体多少取决于哈希种子",
	"the classic map": "经典 map",
	"Go 1.27":         "Go 1.27",

	// Texts.
	"The post's `Put` stores into the index and then calls `s.db.Put` in the same call, so its latency includes LevelDB's.":                                             "文章的 `Put` 先写入索引，然后在同一次调用中调用 `s.db.Put`，所以它的延迟包含了 LevelDB 的延迟。",
	"The chapter gives figures and names (“PR#1127”, “Envoy v1.25”, “麒麟V10+海光C86”) and no program or data.":                                                             "这一章给出了数字和名字（“PR#1127”“Envoy v1.25”“麒麟V10+海光C86”），却没有给出任何程序或数据。",
	"The closing chapter gives the numbers only; no program, dataset, cluster size or version accompanies them.":                                                        "最后一章只给出数字；没有附带任何程序、数据集、集群规模或版本。",
	"No program, cluster size, load or hardware is given for the 100 ms – 2 s figure.":                                                                                  "对于 100 ms – 2 s 这个数字，文章没有给出程序、集群规模、负载或硬件。",
	"The chapter names no repository, service, time range or measurement method for its figures, and all its code is Java.":                                             "这一章没有为它的数字给出任何仓库、服务、时间范围或测量方法，而且它的代码全是 Java。",
	"The oldest source the course reads is Go 1.25's; the post names the thread it quotes only in a footnote, which is in the part of the post that could not be read.": "本课程读取的最早的源码是 Go 1.25 的；这篇文章只在一个脚注里说出它引用的是哪个讨论串，而这个脚注在文章没能读到的那部分里。",

	// The documents a Quote quotes.
	"Go 1.3 release notes, “Map iteration”":        "Go 1.3 发布说明，“Map iteration”一节",
	"Go 1 release notes, “Iterating in maps”":      "Go 1 发布说明，“Iterating in maps”一节",
	"etcd documentation, “etcd3 API”, Watch API":   "etcd 文档，“etcd3 API”中的 Watch API 一节",
	"distroless README at cd08076, “Debug Images”": "distroless 的 README（提交 cd08076），“Debug Images”一节",
	"distroless `static/static.bzl` at cd08076, above the debug image's rule (its only layer: `//experimental/busybox:busybox_` + arch)": "distroless 的 `static/static.bzl`（提交 cd08076），调试镜像那条规则上方的注释（这条规则唯一的一层：`//experimental/busybox:busybox_` 加上架构名）",
}

// zhWords returns the Chinese form of the English words s of a piece of evidence (evidenceZh),
// or an error naming s when it has none.
func zhWords(s string) (string, error) {
	zh, ok := evidenceZh[s]
	if !ok {
		return "", &NoChineseError{Words: []string{s}}
	}
	return zh, nil
}

// words returns s in lang: s itself in English, its Chinese form (zhWords) in Chinese.
func (l Lang) words(s string) (string, error) {
	if l != Chinese || s == "" {
		return s, nil
	}
	return zhWords(s)
}

// NoChineseError names the words of evidence that have no Chinese form in evidenceZh.
type NoChineseError struct{ Words []string }

func (e *NoChineseError) Error() string {
	quoted := make([]string, len(e.Words))
	for i, w := range e.Words {
		quoted[i] = fmt.Sprintf("%q", w)
	}
	return fmt.Sprintf("the Chinese chapter needs a Chinese form, in evidenceZh (chapters/code/09-claims/evidence_zh.go), of the words of %d pieces of evidence: %s",
		len(e.Words), strings.Join(quoted, "; "))
}

// evidenceWords returns the English words of a piece of evidence that the chapter prints in its
// own language: a note, a text, the name of a quoted document; "" for none.
func evidenceWords(e Evidence) string {
	switch e := e.(type) {
	case Source:
		return e.Note
	case Output:
		return e.Note
	case Text:
		return string(e)
	case Quote:
		return e.Source
	}
	return ""
}

// untranslatedEvidence returns a *NoChineseError naming every distinct word of the claims'
// evidence without a Chinese form, in order, or nil.
func untranslatedEvidence(rows []Claim) error {
	var missing []string
	for _, c := range rows {
		for _, e := range c.Evidence {
			if w := evidenceWords(e); w != "" && !slices.Contains(missing, w) {
				if _, ok := evidenceZh[w]; !ok {
					missing = append(missing, w)
				}
			}
		}
	}
	if len(missing) == 0 {
		return nil
	}
	return &NoChineseError{Words: missing}
}
