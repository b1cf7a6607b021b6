// The explorer page (chapters/explorer.md): loads explorer/explorer.wasm (tools/explorer, the
// solutions of labs 02 and 03 compiled to WebAssembly), sends it the reader's operations, and
// shows what it returns: each map's counters, the events of the last operation, the range in
// progress, the lab's Mermaid layout dump drawn by the book's Mermaid, and the text dump.
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

  // The longest Mermaid dump the page draws: about 70 buckets, or 16 groups of slots. A classic
  // map of 1,000 keys (256 buckets) took Mermaid over 2 s to draw in the book's browser check.
  const maxDiagramLines = 160;

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
        p.append(r);
      }
      const diagram = el("div", { class: "explorer-diagram", "data-drawn": "0" }, "drawing…");
      p.append(diagram);
      p.append(el("pre", { class: "explorer-text" }, m.text));
      if (m.mermaid.split("\n").length > maxDiagramLines) {
        diagram.textContent = "The drawing is left out for a map this big (Mermaid would take seconds to draw it); the text layout below shows the whole map.";
        diagram.dataset.drawn = "skipped";
        continue;
      }
      drawing = drawing.then(async function () {
        if (gen !== generation) {
          return;
        }
        try {
          const { svg } = await mermaid.render(`explorer-d${++diagramId}`, m.mermaid);
          if (gen === generation) {
            diagram.innerHTML = svg;
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
