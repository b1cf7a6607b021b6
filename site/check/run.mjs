// run.mjs: the browser check of the run buttons (site/overrides/assets/javascripts/run.js), which
// only the book served by go run ./tools/course shows. It builds the course command, serves the
// built book with it (serve -book DIR, on a free loopback port), and in that book clicks the
// button of outputs that run in a few seconds: one on the default lane, one on the classic lane,
// one whose run differs from the printed text in masked places (a random hash seed), one on
// another lane than the printed one in the Chinese edition (which runs its twin). It checks the
// streamed text and the verdict of each, that a long output asks before it starts, and that the
// server refuses a request naming a file outside chapters/out, a command, or coming from another
// site. Nothing waits on a clock: each step waits for an event (the verdict's state), bounded by
// the server's own time limit for a run.
//
// The static book's pages (check-book.mjs) must show no run button at all: checkPage counts them.

import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

// How long a run may take before its verdict must be there: the server stops a run after 5
// minutes and then says so, so its verdict (or the time limit's message) always comes before.
const verdictTimeoutMs = 6 * 60 * 1000;
const serveTimeoutMs = 120000;

// The outputs the check runs: [page, output, lane to pick or "", what the streamed text must
// contain, the verdict's state, what the verdict must say].
export const runs = [
  ["04-growth.html", "04-firstinsert", "", "escapes (returned)", "same", "Same as printed, line for line."],
  ["05-iteration.html", "05-orders-classic", "", "classic buckets: 100000 ranges over each map", "same", "on classic"],
  ["05-iteration.html", "05-checksum", "", "maphash (MakeSeed)", "same", "Same as printed, after masking hex numbers (addresses, hashes)"],
  ["zh/04-growth.html", "04-firstinsert", "classic", "classic buckets: heap allocations per run", "same", "比较的对象是 04-firstinsert-classic"],
];

// startServed builds the course command and serves the built book with it; it returns the book's
// URL and a function that stops the server (Ctrl-C, as a reader stops it).
async function startServed(rootDir, book, tmp) {
  const bin = join(tmp, "course");
  const build = spawnSync("go", ["build", "-o", bin, "./tools/course"], { cwd: rootDir, encoding: "utf8" });
  if (build.status !== 0) {
    throw new Error(`go build ./tools/course: ${(build.stderr || build.error || "").toString().trim()}`);
  }
  const child = spawn(bin, ["serve", "-book", book, "-addr", "127.0.0.1:0"], { cwd: rootDir, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  const exited = new Promise((ok) => child.once("exit", (code, signal) => ok(signal || code)));
  const url = await new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`serve -book did not say where the book is within ${serveTimeoutMs / 1000}s:\n${out}`)), serveTimeoutMs);
    const seen = (chunk) => {
      out += chunk;
      const m = out.match(/the book is at (http:\/\/127\.0\.0\.1:\d+\/)/);
      if (m) {
        clearTimeout(timer);
        ok(m[1]);
      }
    };
    child.stdout.on("data", seen);
    child.stderr.on("data", seen);
    child.once("exit", () => fail(new Error(`serve -book ended before it served the book:\n${out}`)));
  });
  return {
    url,
    output: () => out,
    stop: async () => {
      child.kill("SIGINT");
      return exited;
    },
  };
}

// clickRun clicks an output's run button (on lane, when given) and waits for its verdict.
async function clickRun(tab, name, lane) {
  const box = await shown(tab, name);
  if (lane) {
    await box.locator(".course-run__lane").selectOption(lane);
  }
  await box.locator(".course-run__go").click();
  const verdict = box.locator(".course-run__verdict[data-state]");
  await verdict.waitFor({ timeout: verdictTimeoutMs });
  return {
    box,
    state: await verdict.getAttribute("data-state"),
    verdict: await verdict.innerText(),
    streamed: await box.locator(".course-run__out").innerText(),
  };
}

// shown returns an output's run controls, opening the collapsed block that holds them, if any.
async function shown(tab, name) {
  const box = tab.locator(`.course-run[data-run="${name}"]`).first();
  await box.evaluate((el) => {
    const details = el.closest("details");
    if (details) {
      details.open = true;
    }
  });
  return box;
}

// openServed opens a page of the served book and checks that every output block got a button.
async function openServed(context, base, page, problems) {
  const tab = await context.newPage();
  tab.on("pageerror", (err) => problems.push(`${page} (served): page error: ${err.message.split("\n")[0]}`));
  await tab.goto(new URL(page, base).href, { waitUntil: "load", timeout: 60000 });
  const markers = await tab.locator("[data-output]").count();
  const buttons = await tab.locator(".course-run .course-run__go").count();
  if (markers === 0 || buttons !== markers) {
    problems.push(`${page} (served): ${buttons} run buttons for ${markers} output blocks; want one under each`);
  }
  return tab;
}

// checkRunsOn runs the outputs of runs, and the long output's question, on the served book.
async function checkRunsOn(context, base, screenshots, problems) {
  const tabs = new Map();
  for (const [page, name, lane, text, state, says] of runs) {
    if (!tabs.has(page)) {
      tabs.set(page, await openServed(context, base, page, problems));
    }
    const tab = tabs.get(page);
    const r = await clickRun(tab, name, lane);
    const where = `${page} (served): run ${name}${lane ? " on " + lane : ""}`;
    if (!r.streamed.includes(text)) {
      problems.push(`${where}: the streamed output does not contain "${text}": ${r.streamed.slice(0, 300)}`);
    }
    if (r.state !== state || !r.verdict.includes(says)) {
      problems.push(`${where}: verdict ${r.state}: "${r.verdict}"; want ${state}, saying "${says}"`);
    }
    console.log(`run buttons: ${where}: ${r.state}: ${r.verdict.split("\n")[0]}`);
    await r.box.scrollIntoViewIfNeeded();
    await tab.screenshot({ path: join(screenshots, `run-${page.replace(/\.html$/, "").replace("/", "__")}-${name}.png`) });
  }
  // A long output asks first, saying how long it takes; Cancel runs nothing.
  const tab = tabs.get("04-growth.html");
  const bench = await shown(tab, "04-bench");
  await bench.locator(".course-run__go").click();
  const ask = bench.locator(".course-run__question");
  await ask.waitFor({ state: "visible", timeout: 10000 });
  const question = await ask.innerText();
  if (!/takes up to about 10 s on two cores; it also writes build\/04-growth\/bench\.txt/.test(question)) {
    problems.push(`04-growth.html (served): 04-bench asks "${question}"; want how long it takes and the file it writes`);
  }
  await bench.locator(".course-run__no").click();
  if ((await bench.locator(".course-run__out").isVisible()) || (await bench.locator(".course-run__verdict").isVisible())) {
    problems.push("04-growth.html (served): 04-bench ran after Cancel");
  }
  await refusals(context, tab, base, problems);
  for (const t of tabs.values()) {
    await t.close();
  }
}

// refusals sends what a page must not be able to ask for, from the page itself (the server's
// own origin) and from another site, and checks that each is refused without a run.
async function refusals(context, tab, base, problems) {
  const asks = [
    [{ output: "../../go.mod", lane: "" }, 404, "there is no output"],
    [{ output: "../chapters/out/04-steps", lane: "" }, 404, "there is no output"],
    [{ output: "/etc/passwd", lane: "" }, 404, "there is no output"],
    [{ output: "go version", lane: "" }, 404, "there is no output"],
    [{ output: "04-steps", lane: "", command: "go version" }, 400, "never a command"],
    [{ output: "04-steps-classic", lane: "swiss-1.27" }, 400, "only on the lane it printed it on"],
  ];
  for (const [body, status, says] of asks) {
    const got = await tab.evaluate(async (b) => {
      const resp = await fetch("/_course/run", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(b) });
      return { status: resp.status, text: await resp.text() };
    }, body);
    if (got.status !== status || !got.text.includes(says) || got.text.includes('"t":"start"')) {
      problems.push(`served: ${JSON.stringify(body)} was answered ${got.status} ${got.text.trim()}; want ${status}, refused ("${says}")`);
    } else {
      console.log(`run buttons: refused ${JSON.stringify(body)}: ${got.status}`);
    }
  }
  const other = await context.request.post(new URL("/_course/run", base).href, {
    headers: { "Content-Type": "application/json", Origin: "http://example.com" },
    data: JSON.stringify({ output: "04-firstinsert", lane: "" }),
  });
  if (other.status() !== 403) {
    problems.push(`served: a run asked for by another site's page was answered ${other.status()}; want 403`);
  } else {
    console.log("run buttons: refused a run asked for by another site's page: 403");
  }
}

// checkRuns serves the built book with the course command and checks its run buttons; it
// returns the problems found.
export async function checkRuns(context, rootDir, book, screenshots, allow) {
  const problems = [];
  const tmp = await mkdtemp(join(tmpdir(), "check-runs-"));
  let served = null;
  try {
    served = await startServed(rootDir, book, tmp);
    allow(new URL(served.url).origin);
    await checkRunsOn(context, new URL(served.url), screenshots, problems);
  } catch (err) {
    problems.push(`run buttons: ${err.message.split("\n")[0]}`);
  } finally {
    if (served) {
      const how = await served.stop();
      if (!served.output().includes("stopped serving the book")) {
        problems.push(`run buttons: serve -book did not stop cleanly on Ctrl-C (${how}):\n${served.output()}`);
      }
    }
    await rm(tmp, { recursive: true, force: true });
  }
  return problems;
}
