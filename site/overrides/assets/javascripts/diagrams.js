// Draws every ```mermaid fence of a chapter (a <div class="diagram"> holding the diagram's
// source) as an SVG with the vendored Mermaid, and redraws them when the reader switches the
// theme's light/dark palette so the diagrams follow it.
(function () {
  "use strict";

  // Renders run one after another: Mermaid keeps global state while it draws.
  let queue = Promise.resolve();

  function mermaidTheme() {
    return document.body.getAttribute("data-md-color-scheme") === "slate" ? "dark" : "default";
  }

  function render() {
    const nodes = Array.from(document.querySelectorAll("div.diagram"));
    if (nodes.length === 0) {
      return;
    }
    for (const node of nodes) {
      // Keep the source the first time: drawing replaces it with the SVG.
      if (node.dataset.source === undefined) {
        node.dataset.source = node.textContent;
      } else {
        node.textContent = node.dataset.source;
      }
      node.removeAttribute("data-processed");
    }
    queue = queue.then(function () {
      mermaid.initialize({ startOnLoad: false, theme: mermaidTheme(), securityLevel: "strict" });
      return mermaid.run({ nodes: nodes });
    }).catch(function (err) {
      // A diagram that does not parse is a bug in the chapter: say so loudly.
      console.error("diagram: " + (err && err.message ? err.message : err));
    });
  }

  if (typeof mermaid === "undefined") {
    console.error("diagram: the vendored mermaid.min.js did not load");
    return;
  }

  // The theme announces every page it shows (also with instant navigation) on document$.
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(render);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", render);
  } else {
    render();
  }

  new MutationObserver(render).observe(document.body, {
    attributes: true,
    attributeFilter: ["data-md-color-scheme"],
  });
})();
