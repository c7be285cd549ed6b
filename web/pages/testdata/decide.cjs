// Runs the page's worker (openroom.wasm) under node on one position, as the
// page's Web Worker would: the table resumed from a record, and prints the
// next action the bots take, as JSON. Used by TestSameDecisionsAsNative.
// Usage: node decide.cjs FOLDER JOB_JSON
"use strict";

const path = require("path");
const [folder, jobJSON] = process.argv.slice(2);
globalThis.require = require;
globalThis.fs = require("fs");
globalThis.path = path;
globalThis.TextEncoder = require("util").TextEncoder;
globalThis.TextDecoder = require("util").TextDecoder;
globalThis.performance ??= require("perf_hooks").performance;
globalThis.crypto ??= require("crypto");
require(path.join(folder, "wasm_exec.js"));
require(path.join(folder, "web/pages/assets/heuristic.js"));

const job = JSON.parse(jobJSON);
const known = (job.record.actions ?? []).length;
globalThis.postMessage = (m) => {
  if (m.type === "fatal") {
    console.error(m.message);
    process.exit(1);
  }
  if (m.type !== "state") return;
  const st = JSON.parse(m.state);
  if (st.record && st.record.actions.length > known) {
    console.log(JSON.stringify(st.record.actions[known]));
    process.exit(0);
  }
};
globalThis.openroomReady = () => {
  setTimeout(() => globalThis.openroomGo(JSON.stringify({ type: "start", config: job.config, record: job.record })));
};
const go = new Go();
WebAssembly.instantiate(fs.readFileSync(path.join(folder, "openroom.wasm")), go.importObject)
  .then((r) => go.run(r.instance))
  .catch((err) => { console.error(err); process.exit(1); });
