// explorer.mjs drives the book's explorer page (chapters/explorer.md) as a reader would, for
// check-book.mjs: it puts keys until each map grows and checks that the drawn slots hold exactly
// the keys put, steps a range to its end (every key once), deletes a key during a range (never
// produced), colliding keys, a classic growth stepped bucket by bucket, and the time of an
// operation at 1,000 keys. It saves screenshots named explorer-*.png.

import { readFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { join } from "node:path";

const timeoutMs = 120000;

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
  // (Swiss: every "key K" slot; classic: the "keys:" rows of buckets, not of old buckets).
  async function drawn() {
    return tab.evaluate(() => {
      const out = {};
      for (const panel of document.querySelectorAll(".explorer-map")) {
        const keys = [];
        const svg = panel.querySelector(".explorer-diagram svg");
        if (!svg) {
          out[panel.dataset.map] = null;
          continue;
        }
        for (const node of svg.querySelectorAll("g.node")) {
          // Mermaid draws a label as HTML inside a foreignObject: innerText keeps its <br> lines.
          const html = node.querySelector("foreignObject div");
          const text = html ? html.innerText : node.textContent;
          const lines = text.split("\n").map((l) => l.trim());
          if (panel.dataset.map === "buckets") {
            if (/^old bucket|^overflow of old/.test(lines[0])) {
              continue;
            }
            for (const l of lines) {
              if (l.startsWith("keys:")) {
                keys.push(...l.slice(5).trim().split(/\s+/).filter((k) => k !== "-"));
              }
            }
          } else {
            for (const l of lines) {
              const m = /^key (\S+)$/.exec(l);
              if (m) {
                keys.push(m[1]);
              }
            }
          }
        }
        out[panel.dataset.map] = keys;
      }
      return out;
    });
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
