// Tests of the search check (search.mjs) and of how the Chinese edition's search cuts text into
// words (site/overrides/assets/javascripts/search-zh-words.js), without a browser:
//
//	node --test site/check/search.test.mjs
//
// The check's browser step runs them (go run ./tools/course check).

import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import { contains, judge, mayList, pairs, queryWords, searches } from "./search.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

// searchZh is the book's searchZh, loaded as the page and the worker load it.
function loadSearchZh() {
  const file = join(root, "site", "overrides", "assets", "javascripts", "search-zh-words.js");
  const sandbox = {};
  vm.runInNewContext(`${readFileSync(file, "utf8")}\nthis.searchZh = searchZh;`, sandbox);
  return sandbox.searchZh;
}
const searchZh = loadSearchZh();

const texts = new Map([
  ["zh/a.html", "写之前先加锁。"],
  ["zh/b.html", "锁住整个 map 的扩容"],
  ["zh/c.html", "hmap 的扩容，装载 与 载因因子"],
]);

test("a search that misses a page that contains the query fails", () => {
  const s = { from: "zh/index.html", query: "锁" };
  assert.deepEqual(judge(s, ["zh/b.html", "zh/a.html"], texts).problems, []);
  const r = judge(s, ["zh/b.html"], texts);
  assert.deepEqual(r.problems, ['search "锁" on zh/index.html: lists 1 of the 2 pages that contain it; not zh/a.html']);
});

test("a search that lists a page without a word of the query fails", () => {
  const s = { from: "zh/index.html", query: "map 扩容" };
  assert.deepEqual(judge(s, ["zh/b.html"], texts).problems, []);
  // c has 扩容 and hmap, not map as a word: the search may list it (the theme searches map*
  // when map is the query's last word), and need not.
  assert.deepEqual(judge(s, ["zh/b.html", "zh/c.html"], texts).problems, []);
  const r = judge(s, ["zh/b.html", "zh/a.html"], texts);
  assert.deepEqual(r.problems, ['search "map 扩容" on zh/index.html: lists zh/a.html, which lacks a word of it (or a pair of a Chinese word\'s characters)']);
});

test("a query that no page contains fails, and so does a want that is not listed", () => {
  const none = judge({ from: "zh/index.html", query: "负载因子" }, [], texts);
  assert.match(none.problems.join("\n"), /no page of the 3 contains it/);
  const want = judge({ from: "index.html", query: "load factor", want: "02-buckets.html" }, ["01-basics.html"], null);
  assert.match(want.problems.join("\n"), /1 page listed \(01-basics.html\), not 02-buckets.html/);
});

test("contains: a Chinese word anywhere, another word whole; mayList: the pairs", () => {
  const w = (q) => queryWords(q);
  assert.deepEqual(queryWords("Map的 扩容"), [
    { text: "map", han: false },
    { text: "的", han: true },
    { text: "扩容", han: true },
  ]);
  assert.equal(contains("加锁。", w("锁")), true);
  assert.equal(contains("map[K]V 的扩容", w("map 扩容")), true);
  assert.equal(contains("map的扩容", w("map 扩容")), true);
  assert.equal(contains("hmap 与 maps 的扩容", w("map 扩容")), false);
  assert.equal(contains("装载 与 载因因子", w("装载因子")), false);
  assert.equal(mayList("装载 与 载因因子", w("装载因子")), true);
  assert.equal(mayList("装载 因子", w("装载因子")), true);
  assert.equal(mayList("装载因", w("装载因子")), false);
  assert.deepEqual(pairs("装载因子"), ["装载", "载因", "因子"]);
});

// missed returns, for each text, the queries that it contains but whose words the cutter's
// index of the text (indexText turns the text into the index's: a space for each tag) lacks.
function missed(cutter, pages, queries, indexText = (t) => t) {
  const out = [];
  for (const [page, text] of pages) {
    const index = new Set(cutter.index(indexText(text)));
    for (const q of queries(text)) {
      // Cheaper first: whether the index has the words, then whether the text contains q.
      if (!cutter.query(q).every((word) => index.has(word)) && contains(text, queryWords(q))) {
        out.push(`${page}: ${q}`);
      }
    }
  }
  return out;
}

// everyQuery is what the property below searches a text for: each of its Chinese characters,
// each run of two or three of them (a longer one is found when its pairs are), each other word, and the book's own queries.
function everyQuery(text) {
  const out = new Set(searches.map((s) => s.query));
  for (const run of text.match(/[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/g) ?? []) {
    const cs = [...run];
    for (let i = 0; i < cs.length; i++) {
      for (let n = 1; n <= 3 && i + n <= cs.length; n++) {
        out.add(cs.slice(i, i + n).join(""));
      }
    }
  }
  for (const w of text.toLowerCase().match(/[a-z0-9_]+/g) ?? []) {
    out.add(w);
  }
  return out;
}

test("every Chinese page's index has the words of every query the page contains", () => {
  const dir = join(root, "chapters", "zh");
  const pages = readdirSync(dir)
    .filter((f) => f.endsWith(".md"))
    .map((f) => [f, readFileSync(join(dir, f), "utf8")]);
  assert.ok(pages.length >= 10, `${pages.length} Chinese pages in ${dir}`);
  assert.deepEqual(missed(searchZh, pages, everyQuery), []);
});

test("a word that a tag cuts in two is found: the index has a space there", () => {
  const html = [["zh/t.html", "<p>默认的<strong>装载</strong>因子是 6.5，<code>map</code>的扩容</p>"]];
  const article = html.map(([p, h]) => [p, h.replace(/<[^>]+>/g, "")]);
  const asIndexed = (text) => html.find(([, h]) => h.replace(/<[^>]+>/g, "") === text)[1].replace(/<[^>]+>/g, " ");
  assert.deepEqual(missed(searchZh, article, () => ["装载因子", "map 扩容", "6", "因子是"], asIndexed), []);
});

test("the property notices a search that indexes only pairs of characters", () => {
  // The search before this one: a run of characters was indexed as its pairs only, and one
  // character searched as the start of a pair, which 锁 at a run's end is not.
  const pairsOnly = {
    index: (t) => (t.match(/[\u4e00-\u9fff]+|[a-z0-9_]+/gi) ?? []).flatMap((w) => (/[a-z0-9_]/i.test(w) ? [w.toLowerCase()] : pairs(w))),
    query: (q) => (q.match(/[\u4e00-\u9fff]+|[a-z0-9_]+/gi) ?? []).flatMap((w) => (/[a-z0-9_]/i.test(w) ? [w.toLowerCase()] : pairs(w))),
  };
  assert.deepEqual(missed(pairsOnly, [["zh/a.html", "写之前先加锁。"]], () => ["锁", "加锁"]), ["zh/a.html: 锁"]);
});
