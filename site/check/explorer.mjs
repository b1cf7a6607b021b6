// explorer.mjs drives the book's explorer page (chapters/explorer.md) as a reader would, for
// check-book.mjs: it puts keys until each map grows and checks that the drawn slots hold exactly
// the keys put, steps a range to its end (every key once), deletes a key during a range (never
// produced), colliding keys, a classic growth stepped bucket by bucket, and the time of an
// operation at 1,000 keys. In the browser's 1280x800 viewport it checks the drawings: the
// classic map's buckets drawn in order, 0 to the last of each array, every one inside the
// drawing's box, which does not scroll; the Swiss map's slot labels drawn at 11 CSS px or more;
// both drawings marking a range's start and the entry it produced last. It checks the size the
// page announces while its program loads against the program's bytes. It saves screenshots
// named explorer-*.png.
//
// Alone, after mkdocs build --strict (from the repository root):
//
//	node site/check/explorer.mjs [-book build/book] [-screenshots build/screenshots]

import { createServer } from "node:http";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { gzipSync } from "node:zlib";
import { dirname, extname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const timeoutMs = 120000;

// The smallest font size, in CSS px, at which the Swiss drawing's slot labels count as readable.
const minLabelPx = 11;

// Figures of one run: printed by check-book.mjs.
export async function explorerWeight(book) {
  const wasm = await readFile(join(book, "explorer", "explorer.wasm"));
  return { wasmMB: wasm.length / 1e6, gzipMB: gzipSync(wasm, { level: 9 }).length / 1e6 };
}

function range(a, b) {
  return Array.from({ length: b - a + 1 }, (_, i) => String(a + i));
}

function same(a, b) {
  const x = [...a].sort();
  const y = [...b].sort();
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

export async function checkExplorer(context, base, screenshots) {
  const problems = [];
  const figures = {};
  const tab = await context.newPage();
  tab.setDefaultTimeout(timeoutMs);
  // Every text the status line shows, from the first: the size announced while the program loads.
  await tab.addInitScript(() => {
    window.explorerStatuses = [];
    document.addEventListener("DOMContentLoaded", () => {
      const status = document.querySelector(".explorer-status");
      if (status) {
        window.explorerStatuses.push(status.textContent);
        new MutationObserver(() => window.explorerStatuses.push(status.textContent)).observe(status, { childList: true, characterData: true, subtree: true });
      }
    });
  });
  tab.on("pageerror", (err) => problems.push(`page error: ${err.message.split("\n")[0]}`));
  tab.on("console", (msg) => {
    if (msg.type() === "error") {
      problems.push(`console error: ${msg.text()}`);
    }
  });
  const fail = (what) => {
    problems.push(what);
  };

  async function open(query) {
    const t0 = Date.now();
    await tab.goto(new URL("explorer.html?" + query, base).href);
    await tab.waitForSelector('#explorer[data-ready="1"], #explorer[data-ready="error"]', { state: "attached" });
    if ((await tab.getAttribute("#explorer", "data-ready")) !== "1") {
      throw new Error(`the page did not start: ${await tab.textContent(".explorer-status")}`);
    }
    await settled();
    return Date.now() - t0;
  }

  async function settled() {
    await tab.waitForSelector('#explorer[data-busy="0"]', { state: "attached" });
  }

  // click presses a button and waits until the new state is drawn; it returns the milliseconds.
  async function click(label) {
    const t0 = Date.now();
    await tab.getByRole("button", { name: label, exact: true }).click();
    await settled();
    return Date.now() - t0;
  }

  async function put(key) {
    await tab.fill('input[name="key"]', key);
    return click("Put");
  }

  // drawn returns, per map, the keys its drawing shows in the slots of its current array
  // (Swiss: every "key K" slot of the SVG; classic: the "keys:" rows of the boxes of buckets,
  // data-node b..., not of old buckets, o...).
  async function drawn() {
    return tab.evaluate(() => {
      const out = {};
      for (const panel of document.querySelectorAll(".explorer-map")) {
        const keys = [];
        const diagram = panel.querySelector(".explorer-diagram");
        if (panel.dataset.map === "buckets") {
          const boxes = diagram.querySelectorAll(".explorer-bucket[data-node]");
          if (boxes.length === 0) {
            out.buckets = null;
            continue;
          }
          for (const box of boxes) {
            if (!box.dataset.node.startsWith("b")) {
              continue;
            }
            for (const l of box.innerText.split("\n").map((l) => l.trim())) {
              if (l.startsWith("keys:")) {
                keys.push(...l.slice(5).trim().split(/\s+/).filter((k) => k !== "-"));
              }
            }
          }
          out.buckets = keys;
          continue;
        }
        const svg = diagram.querySelector("svg");
        if (!svg) {
          out[panel.dataset.map] = null;
          continue;
        }
        for (const node of svg.querySelectorAll("g.node")) {
          // Mermaid draws a label as HTML inside a foreignObject: innerText keeps its <br> lines.
          const html = node.querySelector("foreignObject div");
          const text = html ? html.innerText : node.textContent;
          for (const l of text.split("\n").map((l) => l.trim())) {
            const m = /^key (\S+)$/.exec(l);
            if (m) {
              keys.push(m[1]);
            }
          }
        }
        out[panel.dataset.map] = keys;
      }
      return out;
    });
  }

  // bucketLayout checks the classic drawing: per array (the map's, and the old one while it
  // grows), the boxes of buckets (not of overflow buckets), read on the screen top to bottom
  // and left to right, are buckets 0 to n-1, where n is the counters' buckets (oldbuckets), and
  // each box lies inside the drawing's box, which has no scroll bar: nothing is out of sight.
  async function bucketLayout(when) {
    const c = await counters("buckets");
    const got = await tab.evaluate(() => {
      const diagram = document.querySelector('.explorer-map[data-map="buckets"] .explorer-diagram');
      const d = diagram.getBoundingClientRect();
      const arrays = {};
      // The page's boxes (data-node), or the nodes of a Mermaid drawing (flowchart-ID-N), in the
      // order of the document.
      let boxes = Array.from(diagram.querySelectorAll(".explorer-bucket[data-node]"), (b) => [b.dataset.node, b, b.querySelector(".explorer-bucket-title")?.textContent]);
      if (boxes.length === 0) {
        boxes = Array.from(diagram.querySelectorAll("svg g.node"), (n) => [(/flowchart-(\w+)-\d+$/.exec(n.id) ?? [])[1] ?? "", n, (n.querySelector("foreignObject div")?.innerText ?? n.textContent).split("\n")[0]]);
      }
      for (const [id, box, title] of boxes) {
        const m = /^([bo])(\d+)$/.exec(id);
        if (!m) {
          continue; // an overflow bucket
        }
        const r = box.getBoundingClientRect();
        (arrays[m[1]] ??= []).push({ n: Number(m[2]), title: title.trim(), top: r.top, left: r.left, inside: r.left >= d.left - 0.5 && r.right <= d.right + 0.5 && r.top >= d.top - 0.5 && r.bottom <= d.bottom + 0.5 });
      }
      // On the screen: top to bottom, then left to right.
      for (const list of Object.values(arrays)) {
        list.sort((p, q) => (Math.abs(p.top - q.top) > 0.5 ? p.top - q.top : p.left - q.left));
      }
      return {
        arrays,
        scrolls: diagram.scrollHeight > diagram.clientHeight + 1 || diagram.scrollWidth > diagram.clientWidth + 1,
      };
    });
    if (got.scrolls) {
      fail(`${when}: the classic drawing's box scrolls: part of it is out of sight`);
    }
    const want = { b: Number(c.buckets), o: c.oldbuckets ? Number(c.oldbuckets) : 0 };
    for (const [a, n] of Object.entries(want)) {
      const boxes = got.arrays[a] ?? [];
      const order = boxes.map((b) => b.title.replace(/^(old )?bucket /, ""));
      const wantOrder = Array.from({ length: n }, (_, i) => String(i));
      if (order.join(" ") !== wantOrder.join(" ")) {
        fail(`${when}: the classic drawing lists the ${a === "o" ? "old " : ""}buckets ${order.join(", ")}; want ${n === 0 ? "none" : `0 to ${n - 1} in order`}`);
      }
      for (const b of boxes.filter((b) => !b.inside)) {
        fail(`${when}: ${b.title} of the classic drawing is cut off: its box is not inside the drawing's`);
      }
    }
  }

  // swissReadable checks the Swiss drawing: every slot label is drawn at minLabelPx or more (its
  // font size times the SVG's scale), and every node lies within the drawing's scrollable area.
  async function swissReadable(when) {
    const got = await tab.evaluate(() => {
      const diagram = document.querySelector('.explorer-map[data-map="swiss"] .explorer-diagram');
      const svg = diagram.querySelector("svg");
      if (!svg) {
        return null;
      }
      const vb = svg.viewBox.baseVal;
      const s = svg.getBoundingClientRect();
      const scale = s.width / vb.width;
      const d = diagram.getBoundingClientRect();
      const out = { slots: 0, smallest: Infinity, outside: [] };
      for (const node of svg.querySelectorAll("g.node")) {
        const label = node.querySelector(".nodeLabel") ?? node.querySelector("text");
        const text = node.textContent;
        if (/^slot /.test(text)) {
          out.slots++;
          out.smallest = Math.min(out.smallest, parseFloat(getComputedStyle(label).fontSize) * scale);
        }
        const r = node.getBoundingClientRect();
        // The scrollable area: the box, widened by what scrolls sideways.
        if (r.left < d.left - diagram.scrollLeft - 0.5 || r.right > d.left - diagram.scrollLeft + diagram.scrollWidth + 0.5 || r.top < d.top - 0.5 || r.bottom > d.bottom + 0.5) {
          out.outside.push(text.slice(0, 30));
        }
      }
      return out;
    });
    if (got === null) {
      fail(`${when}: the Swiss map has no drawing`);
      return;
    }
    if (got.slots === 0) {
      fail(`${when}: the Swiss drawing has no slot`);
    } else if (!(got.smallest >= minLabelPx)) {
      fail(`${when}: the Swiss drawing's slot labels are drawn at ${got.smallest.toFixed(1)} CSS px in a 1280 px wide window; want ${minLabelPx} or more`);
    }
    for (const t of got.outside) {
      fail(`${when}: the Swiss drawing's node "${t}" is outside the drawing's scrollable area`);
    }
  }

  // rangeMarks checks that both drawings mark the range's start and the entry it produced last:
  // a classic box (data-node) or a Swiss node (its class from the page's classDef) with the mark,
  // the last one holding the last key each map produced; and, when given, the start's node id.
  async function rangeMarks(when, wantStart) {
    const p = await produced();
    const got = await tab.evaluate(() => {
      const out = {};
      const classic = document.querySelector('.explorer-map[data-map="buckets"] .explorer-diagram');
      const swiss = document.querySelector('.explorer-map[data-map="swiss"] .explorer-diagram svg');
      const marked = (cls) => ({
        buckets: Array.from(classic.querySelectorAll(`.explorer-${cls}`), (b) => ({ id: b.dataset.node, text: b.innerText })),
        swiss: swiss ? Array.from(swiss.querySelectorAll(`g.node.${cls}`), (n) => ({ id: n.id, text: n.querySelector("foreignObject div")?.innerText ?? n.textContent })) : [],
      });
      for (const cls of ["rangeStart", "rangeLast", "rangeBoth"]) {
        out[cls] = marked(cls);
      }
      return out;
    });
    for (const map of ["buckets", "swiss"]) {
      const start = [...got.rangeStart[map], ...got.rangeBoth[map]];
      const last = [...got.rangeLast[map], ...got.rangeBoth[map]];
      if (start.length !== 1) {
        fail(`${when}: the ${map} drawing marks ${start.length} nodes as the range's start; want 1`);
      } else if (wantStart && !new RegExp(`(^|-)${wantStart[map]}(-|$)`).test(start[0].id)) {
        fail(`${when}: the ${map} drawing marks node ${start[0].id} as the range's start; want ${wantStart[map]}`);
      }
      const key = p[map].keys.at(-1);
      const holds = (text) =>
        text.split("\n").some((l) => l.trim() === `key ${key}` || (l.trim().startsWith("keys:") && l.trim().slice(5).trim().split(/\s+/).includes(key)));
      if (last.length !== 1) {
        fail(`${when}: the ${map} drawing marks ${last.length} nodes as holding the entry the range produced last; want 1`);
      } else if (!holds(last[0].text)) {
        fail(`${when}: the ${map} drawing marks "${last[0].text.replace(/\n/g, " ")}" as holding the entry produced last, key ${key}`);
      }
    }
  }

  async function counters(map) {
    return tab.evaluate((map) => {
      const c = {};
      const dl = document.querySelector(`.explorer-map[data-map="${map}"] .explorer-counters`);
      const dts = dl.querySelectorAll("dt");
      for (const dt of dts) {
        c[dt.textContent] = dt.nextElementSibling.textContent;
      }
      return c;
    }, map);
  }

  async function produced() {
    return tab.evaluate(() => {
      const out = {};
      for (const panel of document.querySelectorAll(".explorer-map")) {
        const r = panel.querySelector(".explorer-range");
        out[panel.dataset.map] = r
          ? { done: r.textContent.startsWith("Range done"), keys: Array.from(r.querySelectorAll("li"), (li) => li.textContent) }
          : null;
      }
      return out;
    });
  }

  async function keyCount() {
    const m = /^(\d+) keys in each map/.exec(await tab.textContent(".explorer-status"));
    return m ? Number(m[1]) : -1;
  }

  async function expectDrawn(want, when) {
    const d = await drawn();
    for (const [map, keys] of Object.entries(d)) {
      if (keys === null) {
        fail(`${when}: the ${map} map has no drawing`);
      } else if (!same(keys, want)) {
        fail(`${when}: the ${map} drawing holds ${keys.length} keys [${keys.join(" ")}]; want the ${want.length} keys put [${want.join(" ")}]`);
      }
    }
  }

  async function rangeToEnd(when) {
    for (let i = 0; i < 200; i++) {
      const p = await produced();
      if (p.buckets.done && p.swiss.done) {
        return p;
      }
      await click("Next entry");
    }
    fail(`${when}: the range did not end after 200 steps`);
    return produced();
  }

  try {
    figures.usableMs = await open("keys=int&hash=fixed&seed=1");

    // The size the page announced while its program loaded: the program's bytes, in MB.
    const bytes = (await (await fetch(new URL("explorer/explorer.wasm", base))).arrayBuffer()).byteLength;
    const statuses = await tab.evaluate(() => window.explorerStatuses);
    const claims = statuses.filter((t) => /\bMB\b/.test(t));
    const wantClaim = `Loading the explorer's program (${(bytes / 1e6).toFixed(1)} MB)…`;
    if (claims.length === 0 || claims.some((t) => t !== wantClaim)) {
      fail(`while loading, the page said ${JSON.stringify(claims)}; explorer.wasm has ${bytes} bytes, so want "${wantClaim}"`);
    }

    // The drawings, in the 1280x800 window: the classic buckets in order and in sight, the Swiss
    // labels readable, the range's marks.
    for (const ops of ["put+1-20", "put+1-52,grow+buckets", "put+1-40"]) {
      await open("keys=int&hash=fixed&seed=1&ops=" + ops);
      await bucketLayout(`the state ${ops.replace(/\+/g, " ")}`);
      await swissReadable(`the state ${ops.replace(/\+/g, " ")}`);
    }
    await open("keys=int&hash=collide&seed=1&ops=put+1-40");
    await bucketLayout("colliding keys, put 1-40");
    await open("keys=int&hash=fixed&seed=1&ops=put+1-20,range+0x2d+0x13,next,next,next");
    // 0x2d: bucket 0x2d & 3 = 1 of 4; slot 0x2d & 31 = 13 of table 0: group 1, slot 5.
    await rangeMarks("a range of put 1-20 stepped 3 times", { buckets: "b1", swiss: "t0_g1_s5" });
    await tab.screenshot({ path: join(screenshots, "explorer-marks.png"), fullPage: true });
    await open("keys=int&hash=fixed&seed=1");

    // Put keys 1-8, then grow each map: check the drawn slots every time.
    await put("1-8");
    await expectDrawn(range(1, 8), "after put 1-8");
    await click("Grow the classic map");
    let n = await keyCount();
    await expectDrawn(range(1, n), "after Grow the classic map");
    if ((await counters("buckets")).B !== "1" || !("table 0" in (await counters("swiss")))) {
      fail(`after Grow the classic map (${n} keys): want B 1 and a Swiss table 0: ${JSON.stringify(await counters("buckets"))} ${JSON.stringify(await counters("swiss"))}`);
    }
    await click("Grow the Swiss map");
    n = await keyCount();
    await expectDrawn(range(1, n), "after Grow the Swiss map");
    if (!/^capacity 32 /.test((await counters("swiss"))["table 0"] || "")) {
      fail(`after Grow the Swiss map: want table 0 of capacity 32: ${JSON.stringify(await counters("swiss"))}`);
    }
    await tab.screenshot({ path: join(screenshots, "explorer-grown.png"), fullPage: true });

    // A range to its end: every key once, in each map.
    await click("Start a range");
    await click("Next entry");
    await rangeMarks("Start a range, Next entry");
    let p = await rangeToEnd("range");
    for (const map of ["buckets", "swiss"]) {
      if (!same(p[map].keys, range(1, n))) {
        fail(`range: the ${map} map produced [${p[map].keys.join(" ")}]; want each of the ${n} keys once`);
      }
    }
    await tab.screenshot({ path: join(screenshots, "explorer-range.png"), fullPage: true });

    // Delete, during a range, a key that neither map has produced: it must not come out.
    await click("Start a range");
    await click("Next entry");
    await click("Next entry");
    p = await produced();
    const victim = range(1, n).find((k) => !p.buckets.keys.includes(k) && !p.swiss.keys.includes(k));
    await tab.fill('input[name="key"]', victim);
    await click("Delete");
    p = await rangeToEnd("range with a delete");
    const rest = range(1, n).filter((k) => k !== victim);
    for (const map of ["buckets", "swiss"]) {
      if (p[map].keys.includes(victim)) {
        fail(`range with a delete: the ${map} map produced key ${victim}, deleted before the range reached it`);
      }
      if (!same(p[map].keys, rest)) {
        fail(`range with a delete: the ${map} map produced [${p[map].keys.join(" ")}]; want each other key once`);
      }
    }
    await expectDrawn(rest, `after deleting ${victim}`);

    // Colliding keys: the classic map chains overflow buckets.
    await tab.selectOption('select[name="hash"]', "collide");
    await settled();
    await put("1-40");
    await expectDrawn(range(1, 40), "collide, after put 1-40");
    await bucketLayout("collide, after put 1-40");
    if ((await counters("buckets")).noverflow === "0") {
      fail(`collide, after put 1-40: the classic map has no overflow bucket: ${JSON.stringify(await counters("buckets"))}`);
    }
    await tab.screenshot({ path: join(screenshots, "explorer-collide.png"), fullPage: true });

    // A classic growth stepped: each Evacuate moves nevacuate on.
    await open("keys=int&hash=fixed&seed=1&ops=put+1-52,grow+buckets");
    let c = await counters("buckets");
    if (c.growing !== "doubling") {
      fail(`the link "put 1-52; grow buckets": want a classic map growing (doubling): ${JSON.stringify(c)}`);
    } else {
      for (let i = 0; i < 3; i++) {
        const before = Number(c.nevacuate);
        await click("Evacuate one old bucket");
        c = await counters("buckets");
        if (!(Number(c.nevacuate) > before)) {
          fail(`Evacuate: nevacuate ${before} → ${c.nevacuate}; want it to move on`);
        }
        await bucketLayout(`Evacuate ${i + 1}`);
      }
    }
    await tab.screenshot({ path: join(screenshots, "explorer-evacuate.png"), fullPage: true });

    // The time of one put at 1,000 keys: in Go, and with the page drawn again.
    await open("keys=int&hash=fixed&seed=1&ops=put+1-1000");
    const drawnMs = [];
    const goMs = [];
    for (let k = 1001; k <= 1010; k++) {
      drawnMs.push(await put(String(k)));
      const m = /([\d.]+) ms in Go/.exec(await tab.textContent(".explorer-timing"));
      goMs.push(m ? Number(m[1]) : NaN);
    }
    figures.putGoMs = median(goMs);
    figures.putDrawnMs = median(drawnMs);
  } catch (err) {
    fail(`the explorer stopped: ${err.message.split("\n")[0]}`);
  }
  await tab.close();
  return { problems, figures };
}

// Alone: serve the built book on a free localhost port, drive the explorer page in Chromium as
// check-book.mjs does (the same flags and 1280x800 window), print one line per problem and the
// figures. Exit status: 0 no problem, 1 a problem, 2 a usage error.
async function main() {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
  const opts = { book: join(root, "build", "book"), screenshots: join(root, "build", "screenshots") };
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i].replace(/^--?/, "");
    if (!argv[i].startsWith("-") || !(name in opts) || i + 1 >= argv.length) {
      console.error(`explorer: unexpected argument ${argv[i]}`);
      console.error("usage: node site/check/explorer.mjs [-book DIR] [-screenshots DIR]");
      process.exit(2);
    }
    opts[name] = resolve(argv[i + 1]);
  }
  const types = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".wasm": "application/wasm" };
  const server = createServer(async (req, res) => {
    let path = decodeURIComponent(new URL(req.url, "http://localhost").pathname);
    if (path.endsWith("/")) {
      path += "index.html";
    }
    const file = resolve(opts.book, "." + path);
    try {
      if (!file.startsWith(opts.book + sep)) {
        throw new Error("outside the book");
      }
      const body = await readFile(file);
      res.writeHead(200, { "Content-Type": types[extname(file)] ?? "application/octet-stream", "Content-Length": body.length });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  await mkdir(opts.screenshots, { recursive: true });
  const { chromium } = await import("playwright-core");
  const userDataDir = await mkdtemp(join(tmpdir(), "check-explorer-"));
  let result;
  try {
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
      headless: true,
      viewport: { width: 1280, height: 800 },
      serviceWorkers: "block",
    });
    result = await checkExplorer(context, new URL(`http://127.0.0.1:${server.address().port}/`), opts.screenshots);
    await context.close();
  } finally {
    server.close();
    await rm(userDataDir, { recursive: true, force: true });
  }
  for (const p of result.problems) {
    console.log(`explorer.html (driven): ${p.replace(/\s*\n\s*/g, " | ")}`);
  }
  const w = await explorerWeight(opts.book);
  console.log(`explorer: explorer.wasm ${w.wasmMB.toFixed(1)} MB (${w.gzipMB.toFixed(1)} MB gzipped); ${result.problems.length} problems`);
  process.exit(result.problems.length > 0 ? 1 : 0);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.log(`explorer: ${err.stack ?? err}`);
    process.exit(1);
  });
}
