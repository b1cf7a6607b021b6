// drive.cjs runs explorer.wasm in Node, as the page does in a browser, for the Go test that
// compares it with the same session run natively (explorer_test.go):
//
//	node drive.cjs WASM_EXEC_JS EXPLORER_WASM CONFIG_JSON OP...
//
// It prints the state after reset, then after each operation, one JSON object per line.
"use strict";

const [wasmExec, wasmFile, config, ...ops] = process.argv.slice(2);
globalThis.require = require;
globalThis.fs = require("fs");
globalThis.path = require("path");
globalThis.crypto ??= require("crypto");
require(wasmExec);

const go = new Go();
globalThis.gomapsExplorerReady = () => setTimeout(() => {
  const api = globalThis.gomapsExplorer;
  const lines = [api.reset(config)];
  for (const op of ops) {
    lines.push(api.do(op));
  }
  // Exit once the whole output is written: to a pipe, Node writes stdout asynchronously, and
  // process.exit right after console.log cut the output short on a busy machine (a state line
  // came out empty).
  process.stdout.write(lines.join("\n") + "\n", () => process.exit(0));
});
WebAssembly.instantiate(fs.readFileSync(wasmFile), go.importObject)
  .then((r) => go.run(r.instance))
  .catch((err) => {
    console.error(String(err));
    process.exit(1);
  });
