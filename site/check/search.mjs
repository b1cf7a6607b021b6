// search.mjs types queries into the built book's search boxes, as a reader does, and checks the
// pages the search lists. check-book.mjs runs it after the pages; it also runs alone:
//
//	node site/check/search.mjs [-book build/book]
//
// An English query must list the chapter that teaches it (want). A Chinese query must list every
// page of the Chinese edition that contains it, and only pages that have each of its words' pairs
// of characters; the pages it must list are worked out here from the built pages, so a page that
// starts to use the word (a gloss such as 装载因子（也常译作负载因子）) must then be found too.
//
// What "contains" means, here and for the Chinese edition's search
// (site/overrides/assets/javascripts/search-zh*.js):
//
//   - A page's text is its title in the navigation and the text of its <article> element, as the
//     built HTML file has them (parsed, no script run): what the search indexes.
//   - A query is cut into words: runs of letters, digits and underscores, and within them runs of
//     Chinese characters (U+3400-4DBF, U+4E00-9FFF, U+F900-FAFF) apart from the rest: "map 扩容"
//     is "map" and "扩容"; "map的" is "map" and "的". Letters are compared in lower case.
//   - A page contains a query when its text contains every word of it: a Chinese word anywhere
//     (锁 in 加锁。), any other word as a whole word, with no letter, digit or underscore other
//     than a Chinese character just before or after it (map in "map[K]V" or "map的", not in
//     "hmap" or "maps").
//   - The search lists a page when the page has every word: a Chinese word by its pairs of
//     adjacent characters (装载因子: 装载, 载因 and 因子; one character: itself), and the query's
//     last word may be the start of a longer word (the theme searches "map*"). So it lists every
//     page that contains the query, and may list one that has all the pairs but not the word
//     (装载 and 载因因子 apart); never one that lacks a pair. The check allows those, and no more:
//     a listed page must have each pair of each Chinese word (whitespace between two Chinese
//     characters not counted: the index has a space where the page's HTML has a tag, as in
//     <strong>装载</strong>因子) and each other word somewhere in its text.

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

// searches are the queries, typed into the search box of the page from. want, when given, is a
// page the search must list: the chapter that teaches the term. Every query on a page of the
// Chinese edition (zh/) must also list each page of that edition that contains it.
export const searches = [
  { from: "index.html", query: "load factor", want: "02-buckets.html" },
  { from: "zh/index.html", query: "装载因子", want: "zh/02-buckets.html" },
  { from: "zh/index.html", query: "控制字", want: "zh/03-swiss.html" },
  // One character: on most pages where 锁 is, it ends a run of characters (加锁。), so it is in
  // no pair that starts with it.
  { from: "zh/index.html", query: "锁" },
  { from: "zh/index.html", query: "组" },
  // Latin and Chinese in one query: pages with both.
  { from: "zh/index.html", query: "map 扩容" },
  // The seed posts' word for 装载因子, glossed where the book uses its own.
  { from: "zh/index.html", query: "负载因子" },
];

// The Chinese edition's folder in the built book; its pages are the .html files directly in it.
export const zhEdition = "zh/";

const hanClass = "\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff";
const han = new RegExp(`^[${hanClass}]`, "v");
// other is a letter, digit or underscore that is not a Chinese character.
const other = `[[\\p{L}\\p{M}\\p{N}_]--[${hanClass}]]`;
const words = new RegExp(`[${hanClass}]+|${other}+`, "gv");

// queryWords cuts a query into its words, in lower case: [{ text, han }].
export function queryWords(query) {
  return (query.toLowerCase().match(words) ?? []).map((w) => ({ text: w, han: han.test(w) }));
}

// hasWholeWord reports whether lower-case text has word (letters, digits and underscores) with
// no such character other than a Chinese one just before or after it.
function hasWholeWord(text, word) {
  return new RegExp(`(?<!${other})${word}(?!${other})`, "v").test(text);
}

// pairs is the pairs of adjacent characters of a Chinese word (a single character: itself).
export function pairs(word) {
  const cs = [...word];
  if (cs.length < 2) {
    return cs;
  }
  return cs.slice(1).map((c, i) => cs[i] + c);
}

// lower is text in lower case; it remembers the last text, which the callers ask about again
// for each query.
const last = { text: "", lower: "" };
function lower(text) {
  if (text !== last.text) {
    last.text = text;
    last.lower = text.toLowerCase();
  }
  return last.lower;
}

// contains reports whether a page's text contains every word: the pages the search must list.
export function contains(text, words) {
  const t = lower(text);
  return words.every((w) => (w.han ? t.includes(w.text) : hasWholeWord(t, w.text)));
}

// mayList reports whether a page's text has every word's pairs (Chinese) or the word itself
// (other): the pages the search may list.
export function mayList(text, words) {
  const t = lower(text);
  const joined = t.replace(new RegExp(`(?<=[${hanClass}])\\s+(?=[${hanClass}])`, "gu"), "");
  return words.every((w) => (w.han ? pairs(w.text).every((p) => joined.includes(p)) : t.includes(w.text)));
}

// judge compares the pages a search listed with the texts of the pages it searches (page →
// text; only for a Chinese query) and returns the problems and, when there are none, the line
// to print.
export function judge(s, listed, texts) {
  const head = `search ${JSON.stringify(s.query)} on ${s.from}`;
  const n = `${listed.length} page${listed.length === 1 ? "" : "s"} listed`;
  const problems = [];
  if (s.want && !listed.includes(s.want)) {
    problems.push(`${head}: ${n} (${listed.join(", ")}), not ${s.want}`);
  }
  if (!texts) {
    return { problems, line: `${head}: ${n}, ${s.want} number ${listed.indexOf(s.want) + 1} of them` };
  }
  const words = queryWords(s.query);
  const pages = [...texts.keys()].sort();
  const must = pages.filter((p) => contains(texts.get(p), words));
  const missed = must.filter((p) => !listed.includes(p));
  const wrong = listed.filter((p) => !texts.has(p) || !mayList(texts.get(p), words));
  if (must.length === 0) {
    problems.push(`${head}: no page of the ${pages.length} contains it: the check's query finds nothing to check`);
  }
  if (missed.length > 0) {
    problems.push(`${head}: lists ${must.length - missed.length} of the ${must.length} pages that contain it; not ${missed.join(", ")}`);
  }
  if (wrong.length > 0) {
    problems.push(`${head}: lists ${wrong.join(", ")}, which ${wrong.length === 1 ? "lacks" : "lack"} a word of it (or a pair of a Chinese word's characters)`);
  }
  const more = listed.length - (must.length - missed.length);
  const line = `${head}: ${n}: the ${must.length} of ${pages.length} pages that contain it` +
    (more > 0 ? `, and ${more} that have its words in part (each pair of a word's characters, or a longer word)` : "");
  return { problems, line };
}

// pageTexts reads the text of each page (paths from the book's root) in the tab: its title in
// the navigation and its <article>, from the built file, parsed without running its scripts.
async function pageTexts(tab, base, pages) {
  const urls = pages.map((p) => new URL(p, base).href);
  const texts = await tab.evaluate(async (urls) => {
    const out = [];
    for (const u of urls) {
      const doc = new DOMParser().parseFromString(await (await fetch(u)).text(), "text/html");
      const article = doc.querySelector("article");
      const title = doc.querySelector(".md-nav--primary a.md-nav__link--active");
      out.push(article ? `${title ? title.textContent.trim() : ""}\n${article.textContent}` : null);
    }
    return out;
  }, urls);
  const missing = pages.filter((_, i) => texts[i] === null);
  if (missing.length > 0) {
    throw new Error(`no <article> in ${missing.join(", ")}`);
  }
  return new Map(pages.map((p, i) => [p, texts[i]]));
}

// allListed runs in the page: the pages the search lists when the list under the box holds all
// of them, or false. The count under the box says how many the search found; the theme draws
// the first 10 and 4 more each time the list is scrolled to its end, so until the list holds
// them all it is scrolled to its end, or back to its top when it is there (the theme draws more
// when the end comes into view, not while it stays there).
function allListed() {
  const t = JSON.parse(document.getElementById("__config").textContent).translations;
  const result = document.querySelector('[data-md-component="search-result"]');
  const meta = result.querySelector(".md-search-result__meta").textContent.trim();
  const [before, after] = t["search.result.other"].split("#");
  let n = 0;
  if (meta === t["search.result.one"]) {
    n = 1;
  } else if (meta.startsWith(before) && meta.endsWith(after)) {
    n = Number(meta.slice(before.length, meta.length - after.length)) || 0;
  }
  if (n === 0) {
    return false;
  }
  const items = result.querySelectorAll(".md-search-result__list > li.md-search-result__item");
  if (items.length >= n) {
    return Array.from(items, (li) => li.querySelector("a").href);
  }
  const wrap = result.parentElement;
  wrap.scrollTop = wrap.scrollTop + wrap.clientHeight >= wrap.scrollHeight - 20 ? 0 : wrap.scrollHeight;
  return false;
}

// listedPages waits for the search's answer to the query in the box and returns the pages it
// lists, in order. The box has held nothing or the whole query (fill, then one key up), so a
// count above zero under it is this query's: an empty query, which the page sends as it loads,
// lists nothing. The pages are read in the same call that sees the list whole.
async function listedPages(tab, timeout) {
  let handle;
  try {
    handle = await tab.waitForFunction(allListed, null, { timeout, polling: 100 });
  } catch (err) {
    const meta = await tab.textContent(".md-search-result__meta").catch(() => "");
    throw new Error(`no list in ${timeout / 1000} s (under the box: ${JSON.stringify(meta.trim())}): ${err.message.split("\n")[0]}`);
  }
  const hrefs = await handle.jsonValue();
  return [...new Set(hrefs.map((href) => decodeURIComponent(new URL(href).pathname.slice(1))))];
}

// searchProblems runs every query whose page is in the book (pages: paths from its root) and
// returns the problems; it prints a line for each query that has none.
export async function searchProblems(context, base, pages, timeout = 60000) {
  const problems = [];
  const edition = pages.filter((p) => p.startsWith(zhEdition) && !p.slice(zhEdition.length).includes("/") && p !== `${zhEdition}404.html`);
  let texts = null;
  for (const s of searches) {
    if (!pages.includes(s.from)) {
      continue;
    }
    const tab = await context.newPage();
    try {
      await tab.goto(new URL(s.from, base).href, { waitUntil: "load", timeout });
      if (s.from.startsWith(zhEdition) && texts === null) {
        texts = await pageTexts(tab, base, edition);
      }
      const box = tab.locator('input[data-md-component="search-query"]');
      await box.click();
      await box.fill(s.query);
      // The theme searches on a key up; fill sends none.
      await box.press("End");
      const listed = await listedPages(tab, timeout);
      const r = judge(s, listed, s.from.startsWith(zhEdition) ? texts : null);
      problems.push(...r.problems);
      if (r.problems.length === 0) {
        console.log(r.line);
      }
    } catch (err) {
      problems.push(`search ${JSON.stringify(s.query)} on ${s.from}: ${err.message.split("\n")[0]}`);
    } finally {
      await tab.close();
    }
  }
  return problems;
}

// Alone: serve the built book on a free localhost port, run the searches in Chromium as
// check-book.mjs does (the same flags and window), print one line per query. Exit status: 0 no
// problem, 1 a problem, 2 a usage error.
async function main() {
  const { browserArgs, htmlFiles, serve } = await import("./check-book.mjs");
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
  const argv = process.argv.slice(2);
  let book = join(root, "build", "book");
  if (argv.length === 2 && /^--?book$/.test(argv[0])) {
    book = resolve(argv[1]);
  } else if (argv.length > 0) {
    console.error("usage: node site/check/search.mjs [-book DIR]");
    process.exit(2);
  }
  const { chromium } = await import("playwright-core");
  const server = await serve(book);
  const userDataDir = await mkdtemp(join(tmpdir(), "check-search-"));
  let problems;
  try {
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
      args: browserArgs,
      headless: true,
      viewport: { width: 1280, height: 800 },
      serviceWorkers: "block",
    });
    problems = await searchProblems(context, new URL(`http://127.0.0.1:${server.address().port}/`), await htmlFiles(book));
    await context.close();
  } finally {
    server.close();
    await rm(userDataDir, { recursive: true, force: true });
  }
  for (const p of problems) {
    console.log(p);
  }
  console.log(`${problems.length} problems`);
  process.exit(problems.length > 0 ? 1 : 0);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.log(`search: ${err.stack ?? err}`);
    process.exit(1);
  });
}
