// The explorer page (chapters/explorer.md): loads explorer/explorer.wasm (chapters/code/explorer, the
// solutions of labs 02 and 03 compiled to WebAssembly), sends it the reader's operations, and
// shows what it returns: each map's counters, the events of the last operation, the range in
// progress, each lab's layout dump drawn, and the text dump. Lab 03's Mermaid dump is drawn by
// the book's Mermaid, at a scale whose labels stay readable (the drawing scrolls sideways when it
// is wider than the page). Lab 02's Mermaid dump is drawn by this script as HTML boxes, bucket 0
// to the last in order, wrapping in the page: Mermaid placed unlinked buckets in an order of its
// own (2, 0, 1, 3) and made a column taller than the page. While a range is in progress, both
// drawings mark where it started and the entry it produced last.
//
// The state is the URL: ?keys=int&hash=fixed&seed=N&ops=put+1-9,grow+swiss replays the same
// maps. The page sets data-ready="1" on #explorer once it can be used, and data-busy while an
// operation is being drawn, for the book's browser check (site/check/check-book.mjs).
(function () {
  "use strict";

  const root = document.getElementById("explorer");
  if (!root) {
    return;
  }
  const status = root.querySelector(".explorer-status");
  const form = root.querySelector("form");
  const link = root.querySelector(".explorer-link a");
  const timing = root.querySelector(".explorer-timing");
  const panels = {};
  for (const el of root.querySelectorAll(".explorer-map")) {
    panels[el.dataset.map] = el;
  }

  // The longest Mermaid dump the page gives Mermaid: a classic map of 1,000 keys (256 buckets)
  // took Mermaid over 2 s to draw in the book's browser check, when it drew the classic map too.
  // A Swiss dump stays shorter: it draws the slots of a table of 64 slots at most.
  const maxDiagramLines = 160;
  // The smallest size a label of a Mermaid drawing is shown at, in CSS pixels: a drawing wider
  // than its column is scaled down to fit, but not below this, and scrolls sideways instead.
  const minLabelPx = 12;

  let api = null;
  let config = null;
  let ops = [];
  let drawing = Promise.resolve();
  let generation = 0;
  let diagramId = 0;

  function say(text, isError) {
    status.textContent = text;
    status.classList.toggle("explorer-error", !!isError);
  }

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      e.setAttribute(k, v);
    }
    for (const c of children) {
      e.append(c);
    }
    return e;
  }

  // The URL of the current state, relative to this page.
  function stateURL() {
    const q = new URLSearchParams();
    q.set("keys", config.keys);
    q.set("hash", config.hash);
    q.set("seed", String(config.seed));
    if (ops.length > 0) {
      q.set("ops", ops.join(","));
    }
    return "explorer.html?" + q.toString();
  }

  function mermaidTheme() {
    return document.body.getAttribute("data-md-color-scheme") === "slate" ? "dark" : "default";
  }

  // draw shows a state. The diagrams are drawn one after another (Mermaid keeps global state);
  // a newer state makes an older one's drawing stop.
  function draw(state, millis) {
    const gen = ++generation;
    root.dataset.busy = "1";
    if (state.error) {
      say(state.error, true);
    } else {
      say(`${state.keys ? state.keys.length : 0} keys in each map.`, false);
    }
    ops = state.ops || ops;
    const url = stateURL();
    link.textContent = url;
    link.href = url;
    history.replaceState(null, "", url);
    timing.textContent = `last operation: ${state.millis.toFixed(2)} ms in Go` + (millis ? `, ${millis.toFixed(1)} ms with the call` : "");
    for (const m of state.maps) {
      const p = panels[m.name];
      p.replaceChildren();
      p.append(el("h2", {}, m.title));
      const dl = el("dl", { class: "explorer-counters" });
      for (const [k, v] of m.counters) {
        dl.append(el("dt", {}, k), el("dd", {}, v));
      }
      p.append(dl);
      if (m.events && m.events.length > 0) {
        const ul = el("ul", { class: "explorer-events" });
        for (const e of m.events) {
          ul.append(el("li", {}, e));
        }
        p.append(ul);
      }
      if (m.range) {
        const r = el("div", { class: "explorer-range" });
        r.append(el("p", {}, (m.range.done ? "Range done. " : "Range in progress. ") + m.range.start));
        const ol = el("ol", { class: "explorer-produced" });
        for (const k of m.range.produced) {
          ol.append(el("li", {}, k));
        }
        r.append(el("p", {}, `Produced, in order (${m.range.produced.length}):`), ol);
        if (!m.range.done) {
          r.append(rangeLegend(m.range));
        }
        p.append(r);
      }
      const diagram = el("div", { class: "explorer-diagram", "data-drawn": "0" }, "drawing…");
      p.append(diagram);
      p.append(el("pre", { class: "explorer-text" }, m.text));
      const marks = rangeMarks(m.range);
      if (m.name === "buckets") {
        drawBuckets(diagram, m.mermaid, marks);
        continue;
      }
      if (m.mermaid.split("\n").length > maxDiagramLines) {
        diagram.textContent = "The drawing is left out for a map this big (Mermaid would take seconds to draw it); the text layout below shows the whole map.";
        diagram.dataset.drawn = "skipped";
        continue;
      }
      const src = m.mermaid + marks.map(([id, cls]) => `\n    class ${id} ${cls}`).join("") + (marks.length > 0 ? markDefs : "");
      drawing = drawing.then(async function () {
        if (gen !== generation) {
          return;
        }
        try {
          const { svg } = await mermaid.render(`explorer-d${++diagramId}`, src);
          if (gen === generation) {
            diagram.innerHTML = svg;
            fitDiagram(diagram);
            diagram.dataset.drawn = "1";
          }
        } catch (err) {
          diagram.textContent = "The diagram could not be drawn: " + (err && err.message ? err.message : err) + " The text layout below shows the map.";
          diagram.dataset.drawn = "error";
        }
      });
    }
    drawing = drawing.then(function () {
      if (gen === generation) {
        root.dataset.busy = "0";
      }
    });
    return drawing;
  }

  // rangeMarks returns the nodes of a layout to mark for a range in progress: [id, class] pairs.
  function rangeMarks(r) {
    if (!r || r.done) {
      return [];
    }
    if (r.startNode && r.startNode === r.lastNode) {
      return [[r.startNode, "rangeBoth"]];
    }
    const marks = [];
    if (r.startNode) {
      marks.push([r.startNode, "rangeStart"]);
    }
    if (r.lastNode) {
      marks.push([r.lastNode, "rangeLast"]);
    }
    return marks;
  }

  // rangeLegend says what the drawing marks for a range in progress.
  function rangeLegend(r) {
    const p = el("p", { class: "explorer-range-legend" }, "In the drawing: ");
    const items = [];
    for (const [, cls] of rangeMarks(r)) {
      const what = {
        rangeStart: "where the range started",
        rangeLast: "the entry it produced last",
        rangeBoth: "where the range started, which holds the entry it produced last",
      }[cls];
      items.push([el("span", { class: "explorer-mark explorer-" + cls }, "marked"), " " + what]);
    }
    items.forEach((item, i) => p.append(...(i > 0 ? ["; "] : []), ...item));
    if (!r.startNode) {
      p.append((items.length > 0 ? "; " : "") + "the range's start is not in this drawing (the map grew since, or has nothing to produce)");
    }
    p.append(".");
    return p;
  }

  // The marks' styles in a Mermaid drawing; explorer.css gives the HTML drawing the same.
  const markDefs = [
    "",
    "    classDef rangeStart stroke:#d84315,stroke-width:6px,stroke-dasharray:8 4",
    "    classDef rangeLast stroke:#1565c0,stroke-width:6px",
    "    classDef rangeBoth stroke:#6a1b9a,stroke-width:6px,stroke-dasharray:8 4",
  ].join("\n");

  // fitDiagram shows a Mermaid drawing at its own size, or scaled down to the width of its
  // column, but never so far that a label is drawn smaller than minLabelPx: then it stays wider
  // than the column, which scrolls sideways.
  function fitDiagram(diagram) {
    const svg = diagram.querySelector("svg");
    const vb = svg && svg.viewBox && svg.viewBox.baseVal;
    if (!vb || !vb.width) {
      return;
    }
    const label = svg.querySelector(".nodeLabel, foreignObject div, text");
    const fontPx = label ? parseFloat(getComputedStyle(label).fontSize) || 16 : 16;
    const scale = Math.max(Math.min(1, diagram.clientWidth / vb.width), Math.min(1, minLabelPx / fontPx));
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.style.width = `${vb.width * scale}px`;
    svg.style.height = `${vb.height * scale}px`;
    svg.style.maxWidth = "none";
    diagram.dataset.scale = scale.toFixed(3);
  }

  // drawBuckets draws lab 02's Mermaid layout dump as HTML: each array of the dump (its
  // subgraph: the map's array, and the old one during a growth) with its title and its buckets
  // in the dump's order, 0 to the last, each followed by its overflow chain, and an old bucket
  // with where its entries went (its X and Y edges). Boxes wrap in the column: none is out of
  // sight. Every box has the node's id (data-node) and its label's lines.
  function drawBuckets(diagram, src, marks) {
    const arrays = [];
    const byId = new Map();
    const moved = new Map();
    let array = null;
    for (const line of src.split("\n")) {
      let m;
      if ((m = /^\s*subgraph (\w+)\["(.*)"\]\s*$/.exec(line))) {
        array = { id: m[1], title: m[2], rows: [] };
        arrays.push(array);
      } else if (/^\s*end\s*$/.test(line)) {
        array = null;
      } else if (array && (m = /^\s*(\w+)\["(.*)"\]\s*$/.exec(line))) {
        const node = { id: m[1], lines: m[2].split("<br>") };
        byId.set(node.id, node);
        if (/^[a-z]\d+o\d+$/.test(node.id) && array.rows.length > 0) {
          array.rows[array.rows.length - 1].push(node); // an overflow bucket: after its bucket
        } else {
          array.rows.push([node]);
        }
      } else if ((m = /^\s*(\w+) -\. (\w+) \.-> (\w+)\s*$/.exec(line))) {
        const to = byId.get(m[3]);
        if (!moved.has(m[1])) {
          moved.set(m[1], []);
        }
        moved.get(m[1]).push(`${to ? to.lines[0] : m[3]} (${m[2]})`);
      }
    }
    const markOf = new Map(marks);
    const box = el("div", { class: "explorer-buckets" });
    for (const a of arrays) {
      const list = el("ol", { class: "explorer-bucket-list" });
      for (const row of a.rows) {
        const li = el("li", { class: "explorer-bucket-row" });
        row.forEach((node, i) => {
          if (i > 0) {
            li.append(el("span", { class: "explorer-chain", "aria-label": "overflow" }, "→"));
          }
          const b = el("div", { class: "explorer-bucket", "data-node": node.id });
          const [title, ...rest] = node.lines;
          b.append(el("div", { class: "explorer-bucket-title" }, title));
          for (const l of rest) {
            b.append(el("div", { class: "explorer-bucket-line" }, l));
          }
          if (moved.has(node.id)) {
            b.append(el("div", { class: "explorer-bucket-moved" }, "evacuated to " + moved.get(node.id).join(", ")));
          }
          if (markOf.has(node.id)) {
            b.classList.add("explorer-" + markOf.get(node.id));
          }
          li.append(b);
        });
        list.append(li);
      }
      box.append(el("section", { class: "explorer-array", "data-array": a.id }, el("h3", {}, a.title), list));
    }
    diagram.replaceChildren(box);
    diagram.dataset.drawn = "1";
  }

  function call(fn, arg) {
    const t0 = performance.now();
    const state = JSON.parse(fn(arg));
    return [state, performance.now() - t0];
  }

  function doOp(op) {
    const [state, millis] = call(api.do, op);
    return draw(state, millis);
  }

  function opFor(button) {
    const op = button.dataset.op;
    if (op === "put" || op === "del") {
      const key = form.elements.key.value.trim();
      if (key === "") {
        say("Type a key first: a number, or a range such as 1-9.", true);
        return null;
      }
      return `${op} ${key}`;
    }
    if (op === "rand") {
      return `rand ${form.elements.count.value}`;
    }
    return op;
  }

  function reset(keys, hash, seed, replay) {
    config = { keys, hash, seed };
    const [state] = call(api.reset, JSON.stringify(config));
    if (state.error) {
      say(state.error, true);
      return Promise.resolve();
    }
    ops = [];
    let last = state;
    for (const op of replay) {
      last = JSON.parse(api.do(op));
      if (last.error) {
        last.error = `The link's operation "${op}" was refused: ${last.error}`;
        break;
      }
    }
    return draw(last, 0);
  }

  async function start() {
    const q = new URLSearchParams(location.search);
    const keys = q.get("keys") === "string" ? "string" : "int";
    const hash = ["seeded", "collide"].includes(q.get("hash")) ? q.get("hash") : "fixed";
    let seed = Number.parseInt(q.get("seed") || "", 10);
    if (!Number.isSafeInteger(seed) || seed < 0) {
      seed = Math.floor(Math.random() * 1e9);
    }
    const replay = (q.get("ops") || "").split(",").map((s) => s.trim()).filter((s) => s !== "");
    form.elements.keys.value = keys;
    form.elements.hash.value = hash;
    mermaid.initialize({ startOnLoad: false, theme: mermaidTheme(), securityLevel: "strict", maxTextSize: 200000, maxEdges: 2000 });
    await reset(keys, hash, seed, replay);
    for (const b of form.querySelectorAll("button[data-op]")) {
      b.addEventListener("click", function () {
        const op = opFor(b);
        if (op) {
          doOp(op);
        }
      });
    }
    for (const name of ["keys", "hash"]) {
      form.elements[name].addEventListener("change", function () {
        reset(form.elements.keys.value, form.elements.hash.value, config.seed, []);
      });
    }
    root.dataset.ready = "1";
  }

  async function load() {
    if (location.protocol === "file:") {
      say("A browser does not let a page opened from disk load its WebAssembly program: serve the book (go run ./tools/course, or mkdocs serve) and open this page there.", true);
      root.dataset.ready = "error";
      return;
    }
    if (typeof Go === "undefined" || typeof mermaid === "undefined") {
      say("The explorer's program is missing from this copy of the book: build the book with Go installed (mkdocs build or mkdocs serve run go run ./tools/course explorer), then reload.", true);
      root.dataset.ready = "error";
      return;
    }
    const go = new Go();
    let result;
    try {
      const resp = await fetch("explorer/explorer.wasm");
      if (!resp.ok) {
        throw new Error(`HTTP ${resp.status}`);
      }
      // The size comes from the response: the bytes to download, as the server sends them.
      const bytes = Number(resp.headers.get("Content-Length"));
      if (bytes > 0) {
        const how = resp.headers.get("Content-Encoding") ? `, ${resp.headers.get("Content-Encoding")}-compressed` : "";
        say(`Loading the explorer's program (${(bytes / 1e6).toFixed(1)} MB${how})…`, false);
      }
      result = await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject);
    } catch (err) {
      say(`The explorer's program did not load (${err.message}): build the book with Go installed (mkdocs build or mkdocs serve run go run ./tools/course explorer), then reload.`, true);
      root.dataset.ready = "error";
      return;
    }
    const ready = new Promise((resolve) => {
      window.gomapsExplorerReady = resolve;
    });
    go.run(result.instance);
    await ready;
    api = window.gomapsExplorer;
    await start();
  }

  // The theme loads Mermaid after the page's content: start once every script has run.
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", load);
  } else {
    load();
  }
})();
