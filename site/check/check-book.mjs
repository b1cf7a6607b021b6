#!/usr/bin/env node
// check-book.mjs loads every page of the built book in a real browser and fails on what a reader
// would hit: console errors, page errors, requests that fail or leave localhost, Mermaid diagrams
// that did not become an SVG, and internal links to a page, file or #fragment that does not exist
// (the links to a page's twin in the other language among them). It builds on both editions: the
// English book in build/book and the Chinese one in build/book/zh. It also types queries into each
// edition's search box (search.mjs): an English one must find the chapter that teaches it, a
// Chinese one every page that contains it. The static book must show no run button (run.js
// shows them only in the book served by go run ./tools/course); then it serves the built book with
// the course command (serve -book) and clicks the run buttons of a few outputs (run.mjs).
//
// Usage (from the repository root, after `mkdocs build --strict` and `npm ci --prefix site`):
//
//	node site/check/check-book.mjs [-book build/book] [-screenshots build/screenshots] [-page-shots] [-only pages|runs]
//
// -only pages checks the pages (and the vendored Mermaid, the explorer and the search), -only runs
// the run buttons of the served book: the check runs them as two parts, each with its own record,
// since the run buttons run the course command and the pages do not.
//
// It serves the book itself on a free localhost port, saves screenshots of the explorer and the
// run buttons in the screenshots folder (with -page-shots, a full-page screenshot of every page
// too: a record for a reader to look at, not a check, and a third of the pages' time), prints one
// line per problem (page: what) and ends with the line
// "N passed, N failed" (pages). Then it drives the explorer page (explorer.mjs) and prints its
// figures. Before the pages it checks that the vendored Mermaid in
// site/overrides/assets/vendor/mermaid is byte-identical to the one npm installed from the
// lockfile. Exit status: 0 all passed, 1 a problem, 2 a usage error.
//
// The browser is Debian's chromium (CHROMIUM overrides the path): playwright's own browser
// download does not work on the project's machines.
//
// For the run buttons it builds the course command (go build ./tools/course) and runs outputs
// of the book with it: the go command and the toolchains of the default and classic lanes must
// be on the machine (go run ./tools/course check runs the lanes' steps before this one).

import { createServer } from "node:http";
import { mkdtemp, mkdir, readFile, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, extname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { checkExplorer, explorerWeight } from "./explorer.mjs";
import { checkRuns } from "./run.mjs";
import { searchProblems } from "./search.mjs";

const siteDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const rootDir = resolve(siteDir, "..");

export const browserArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

// How long a page may take to load, and its diagrams to render, before it counts as a failure.
// Generous: on two busy cores with four pages side by side, a long chapter took over 15 s to
// load in one CI run; a page that works loads in a few seconds, so only a broken one waits this.
const pageTimeoutMs = 60000;
const diagramTimeoutMs = 30000;
// Pages checked side by side.
const parallelPages = 4;
// shotMaxHeight is the tallest screenshot the check saves, in CSS pixels.
const shotMaxHeight = 30000;

const contentTypes = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".xml": "application/xml",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json",
};

function usage(msg) {
  console.error(`check-book: ${msg}`);
  console.error("usage: node site/check/check-book.mjs [-book DIR] [-screenshots DIR] [-page-shots] [-only pages|runs]");
  process.exit(2);
}

function parseArgs(argv) {
  const opts = {
    book: join(rootDir, "build", "book"),
    screenshots: join(rootDir, "build", "screenshots"),
    only: "",
    pageShots: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].replace(/^--?/, "");
    if (name === "page-shots") {
      opts.pageShots = true;
      continue;
    }
    if (!(name in opts) || !argv[i].startsWith("-")) {
      usage(`unknown argument ${argv[i]}`);
    }
    if (i + 1 >= argv.length) {
      usage(`flag ${argv[i]} needs a value`);
    }
    opts[name] = name === "only" ? argv[++i] : resolve(argv[++i]);
  }
  if (!["", "pages", "runs"].includes(opts.only)) {
    usage(`-only ${opts.only}: pages or runs`);
  }
  return opts;
}

async function exists(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

// vendorProblems compares the committed Mermaid with the one the lockfile installs, so the two
// cannot drift: update both with `npm install --prefix site mermaid@VERSION` and a copy.
async function vendorProblems() {
  const pairs = [
    ["overrides/assets/vendor/mermaid/mermaid.min.js", "node_modules/mermaid/dist/mermaid.min.js"],
    ["overrides/assets/vendor/mermaid/LICENSE", "node_modules/mermaid/LICENSE"],
  ];
  const problems = [];
  for (const [vendored, installed] of pairs) {
    let a, b;
    try {
      a = await readFile(join(siteDir, vendored));
      b = await readFile(join(siteDir, installed));
    } catch (err) {
      problems.push(`vendor: ${err.message}`);
      continue;
    }
    if (!a.equals(b)) {
      problems.push(
        `vendor: site/${vendored} differs from site/${installed}: copy the installed file over it`,
      );
    }
  }
  return problems;
}

export async function htmlFiles(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith(".html")) {
      out.push(relative(dir, join(entry.parentPath ?? entry.path, entry.name)).split(sep).join("/"));
    }
  }
  return out.sort();
}

// fileFor maps a URL path of the served book to the file it names, or null if it escapes the book.
function fileFor(book, urlPath) {
  let p;
  try {
    p = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (p.endsWith("/")) {
    p += "index.html";
  }
  const file = resolve(book, "." + p);
  if (file !== book && !file.startsWith(book + sep)) {
    return null;
  }
  return file;
}

export function serve(book) {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, "http://localhost");
    const file = fileFor(book, url.pathname);
    try {
      if (file === null) {
        throw new Error("outside the book");
      }
      const body = await readFile(file);
      res.writeHead(200, {
        "Content-Type": contentTypes[extname(file)] ?? "application/octet-stream",
        // As mkdocs serve sends it: the explorer page announces its program's size from it.
        "Content-Length": body.length,
        // A fresh profile each run, so caching across pages is safe and spares re-reading Mermaid.
        "Cache-Control": "max-age=600",
      });
      res.end(body);
    } catch {
      res.writeHead(404, { "Content-Type": "text/plain" });
      res.end("not found\n");
    }
  });
  return new Promise((ok, fail) => {
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => ok(server));
  });
}

// checkPage loads one page and returns what it found: problems, the ids on the page, and its links.
// It saves a screenshot of the page in the folder screenshots, unless that is "".
async function checkPage(context, base, page, screenshots) {
  const problems = [];
  const tab = await context.newPage();
  tab.on("console", (msg) => {
    // A failed load is already reported by the response or requestfailed handler.
    if (msg.type() === "error" && !msg.text().startsWith("Failed to load resource")) {
      problems.push(`console error: ${msg.text()}`);
    }
  });
  tab.on("pageerror", (err) => problems.push(`page error: ${err.message.split("\n")[0]}`));
  tab.on("requestfailed", (req) => {
    if (new URL(req.url()).origin === base.origin) {
      problems.push(`request failed: ${req.url()}: ${req.failure()?.errorText ?? "unknown"}`);
    }
  });
  tab.on("response", (resp) => {
    if (resp.status() >= 400) {
      problems.push(`request failed: ${resp.url()}: HTTP ${resp.status()}`);
    }
  });

  const url = new URL(page, base).href;
  try {
    await tab.goto(url, { waitUntil: "load", timeout: pageTimeoutMs });
  } catch (err) {
    problems.push(`load: ${err.message.split("\n")[0]}`);
    await tab.close();
    return { problems, ids: new Set(), links: [], markers: 0 };
  }

  const diagrams = await tab.locator("div.diagram").count();
  if (diagrams > 0) {
    try {
      await tab.waitForFunction(
        () => Array.from(document.querySelectorAll("div.diagram")).every((d) => d.querySelector("svg")),
        null,
        { timeout: diagramTimeoutMs },
      );
    } catch {
      // Reported below, diagram by diagram.
    }
    const states = await tab.$$eval("div.diagram", (nodes) =>
      nodes.map((d) => {
        const svg = d.querySelector("svg");
        if (!svg) {
          return "not rendered";
        }
        return svg.getAttribute("aria-roledescription") === "error" ? "rendered as a syntax error" : "";
      }),
    );
    states.forEach((state, i) => {
      if (state) {
        problems.push(`diagram ${i + 1} of ${states.length}: ${state}`);
      }
    });
  }

  // The book built by mkdocs build has no server to run anything: no run button, not a dead one.
  const { markers, buttons } = await tab.evaluate(() => ({
    markers: document.querySelectorAll("[data-output]").length,
    buttons: document.querySelectorAll(".course-run").length,
  }));
  if (buttons > 0) {
    problems.push(`${buttons} run buttons in the static book: only the book served by go run ./tools/course may show them (its run-config.js)`);
  }

  const { ids, links } = await tab.evaluate(() => ({
    ids: Array.from(document.querySelectorAll("[id], a[name]"), (e) => e.id || e.getAttribute("name")),
    // The language switch's links, and the twins the page names in its head, are links too.
    links: Array.from(document.querySelectorAll("a[href], link[rel=alternate][hreflang]"), (a) => a.getAttribute("href")),
  }));

  // A full-page screenshot of the claims chapter (about 100,000 px tall) took Chromium more
  // than half a minute on a busy machine, and nobody looks at its bottom: a page taller than
  // shotMaxHeight is photographed from the top down to that height. A screenshot is a record
  // of the page, not a check of it, and its time follows the machine's load (one took over
  // 90 s with the load average at 15 on 2 cores): it has no time limit (timeout 0), and only
  // an error fails the page.
  let clipped = 0;
  if (!screenshots) {
    await tab.close();
    return { problems, ids: new Set(ids), links, clipped, markers };
  }
  const shot = join(screenshots, page.replace(/\.html$/, "").split("/").join("__") + ".png");
  const height = await tab.evaluate(() => document.documentElement.scrollHeight);
  try {
    if (height > shotMaxHeight) {
      clipped = height;
      await tab.screenshot({ path: shot, fullPage: true, clip: { x: 0, y: 0, width: 1280, height: shotMaxHeight }, timeout: 0 });
    } else {
      await tab.screenshot({ path: shot, fullPage: true, timeout: 0 });
    }
  } catch (err) {
    problems.push(`screenshot: ${err.message.split("\n")[0]}`);
  }
  await tab.close();
  return { problems, ids: new Set(ids), links, clipped, markers };
}

// linkProblems checks the links of one page against the files of the book and the ids of its pages.
async function linkProblems(book, base, page, links, idsByPage) {
  const problems = [];
  const pageUrl = new URL(page, base);
  for (const href of new Set(links)) {
    if (href === "" || href === "#" || /^(mailto|javascript|tel|data):/i.test(href)) {
      continue;
    }
    let target;
    try {
      target = new URL(href, pageUrl);
    } catch {
      problems.push(`broken link ${href}: not a URL`);
      continue;
    }
    if (target.origin !== base.origin) {
      continue; // an external link: not checked offline
    }
    const file = fileFor(book, target.pathname);
    if (file === null || !(await exists(file))) {
      problems.push(`broken link ${href}: no such page or file in the book`);
      continue;
    }
    const fragment = decodeURIComponent(target.hash.slice(1));
    if (fragment === "" || !file.endsWith(".html")) {
      continue;
    }
    const targetPage = relative(book, file).split(sep).join("/");
    const ids = idsByPage.get(targetPage);
    if (ids && !ids.has(fragment)) {
      problems.push(`broken link ${href}: no id "${fragment}" on ${targetPage}`);
    }
  }
  return problems;
}

// oneLine keeps one problem on one line: Mermaid's parse errors span several.
function oneLine(s) {
  return s.replace(/\s*\n\s*/g, " | ").trim();
}

// checkAllPages loads every page (parallelPages at a time) into results, drives the explorer page
// and types the search queries; it returns what driving the explorer found (null: no such page).
async function checkAllPages(context, base, pages, opts, results, failures) {
  let next = 0;
  async function worker() {
    while (next < pages.length) {
      const page = pages[next++];
      results.set(page, await checkPage(context, base, page, opts.pageShots ? opts.screenshots : ""));
    }
  }
  await Promise.all(Array.from({ length: Math.min(parallelPages, pages.length) }, worker));
  const explorer = pages.includes("explorer.html") ? await checkExplorer(context, base, opts.screenshots) : null;
  for (const p of await searchProblems(context, base, pages, pageTimeoutMs)) {
    console.log(p);
    failures.push(p);
  }
  const marked = [...results.values()].reduce((n, r) => n + r.markers, 0);
  if (marked === 0) {
    const p = "run buttons: no page marks an output block (data-output): is site/hooks/outputs.py in mkdocs.yml's hooks?";
    console.log(p);
    failures.push(p);
  }
  return explorer;
}

async function main() {
  const started = Date.now();
  const opts = parseArgs(process.argv.slice(2));
  const failures = [];
  const checkPages = opts.only !== "runs";

  for (const p of checkPages ? await vendorProblems() : []) {
    console.log(p);
    failures.push(p);
  }

  let pages;
  try {
    pages = await htmlFiles(opts.book);
  } catch (err) {
    console.log(`book: ${err.message}: run mkdocs build --strict first`);
    console.log("0 passed, 1 failed");
    process.exit(1);
  }
  if (pages.length === 0) {
    console.log(`book: no html pages in ${opts.book}: run mkdocs build --strict first`);
    console.log("0 passed, 1 failed");
    process.exit(1);
  }

  if (checkPages) {
    await rm(opts.screenshots, { recursive: true, force: true });
  }
  await mkdir(opts.screenshots, { recursive: true });
  const server = await serve(opts.book);
  const base = new URL(`http://127.0.0.1:${server.address().port}/`);
  const userDataDir = await mkdtemp(join(tmpdir(), "check-book-"));

  const results = new Map();
  const offHost = []; // [page URL, request URL]
  const allowed = new Set([base.origin]); // the static book's, then the served book's (run.mjs)
  let explorer = null; // what driving the explorer page found
  let context;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
      args: browserArgs,
      headless: true,
      viewport: { width: 1280, height: 800 },
      serviceWorkers: "block",
    });
    // Nothing may leave localhost: the book has to work on a workshop's wifi.
    await context.route("**/*", (route) => {
      const u = new URL(route.request().url());
      if (allowed.has(u.origin) || u.protocol === "data:" || u.protocol === "blob:") {
        return route.continue();
      }
      let page = "";
      try {
        page = route.request().frame().page().url();
      } catch {
        // A worker's request has no frame: reported without its page.
      }
      offHost.push([page, u.href]);
      return route.abort("blockedbyclient");
    });
    if (checkPages) {
      explorer = await checkAllPages(context, base, pages, opts, results, failures);
    }
    for (const p of opts.only === "pages" ? [] : await checkRuns(context, rootDir, opts.book, opts.screenshots, (origin) => allowed.add(origin))) {
      console.log(p);
      failures.push(p);
    }

    for (const [pageUrl, href] of offHost) {
      const page = pageUrl.startsWith(base.href) ? decodeURIComponent(pageUrl.slice(base.href.length)) : "";
      const r = results.get(page);
      const line = `request off localhost: ${href}`;
      if (r) {
        r.problems.push(line);
      } else {
        failures.push(`(unknown page): ${line}`);
        console.log(`(unknown page): ${line}`);
      }
    }
  } catch (err) {
    console.log(`browser: ${err.message.split("\n")[0]}`);
    console.log(`0 passed, ${pages.length} failed`);
    process.exit(1);
  } finally {
    await context?.close().catch(() => {});
    server.close();
    await rm(userDataDir, { recursive: true, force: true });
  }

  const idsByPage = new Map([...results].map(([page, r]) => [page, r.ids]));
  let passed = 0;
  let failed = 0;
  for (const page of checkPages ? pages : []) {
    const r = results.get(page);
    const problems = [...r.problems, ...(await linkProblems(opts.book, base, page, r.links, idsByPage))];
    if (problems.length === 0) {
      passed++;
      continue;
    }
    failed++;
    for (const p of new Set(problems.map(oneLine))) {
      console.log(`${page}: ${p}`);
    }
  }
  if (explorer) {
    for (const p of explorer.problems.map(oneLine)) {
      console.log(`explorer.html (driven): ${p}`);
      failures.push(p);
    }
    const f = explorer.figures;
    const w = await explorerWeight(opts.book);
    console.log(
      `explorer: explorer.wasm ${w.wasmMB.toFixed(1)} MB (${w.gzipMB.toFixed(1)} MB gzipped); usable ${(f.usableMs / 1000).toFixed(1)} s after the page was opened; ` +
        `at 1,000 keys a put takes ${f.putGoMs} ms in Go and ${f.putDrawnMs} ms until both maps are drawn again (medians of 10); screenshots explorer-*.png`,
    );
  }
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (!checkPages) {
    console.log(`checked the run buttons of the served book in ${secs}s: ${failures.length} problem(s)`);
    process.exit(failures.length > 0 ? 1 : 0);
  }
  const shots = relative(process.cwd(), opts.screenshots) || ".";
  console.log(`checked ${pages.length} pages in ${secs}s; screenshots in ${shots}` + (opts.pageShots ? "" : " (the explorer's; -page-shots adds every page's)"));
  for (const [page, r] of results) {
    if (r.clipped) {
      console.log(`(the screenshot of ${page} is its top ${shotMaxHeight} px of ${r.clipped})`);
    }
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 || failures.length > 0 ? 1 : 0);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.log(`check-book: ${err.stack ?? err}`);
    process.exit(1);
  });
}
