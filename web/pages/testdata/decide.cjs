// Runs the page's worker (openroom.wasm) under node on positions, as the
// page's Web Worker would: for each job the table resumed from a record,
// and prints the next action the bots take, as one line of JSON. The
// module is compiled once and instantiated once a job, one after another.
// Used by TestSameDecisionsAsNative. Usage: node decide.cjs FOLDER JOBS_JSON
"use strict";

const path = require("path");
const [folder, jobsJSON] = process.argv.slice(2);
globalThis.require = require;
globalThis.fs = require("fs");
globalThis.path = path;
globalThis.TextEncoder = require("util").TextEncoder;
globalThis.TextDecoder = require("util").TextDecoder;
globalThis.performance ??= require("perf_hooks").performance;
globalThis.crypto ??= require("crypto");
require(path.join(folder, "wasm_exec.js"));
require(path.join(folder, "web/pages/assets/heuristic.js"));

// run resolves with the first action the bots take after the record's.
function run(module, job) {
  return new Promise((resolve, reject) => {
    const known = (job.record.actions ?? []).length;
    globalThis.postMessage = (m) => {
      if (m.type === "fatal") reject(new Error(m.message));
      if (m.type !== "state") return;
      const st = JSON.parse(m.state);
      if (st.record && st.record.actions.length > known) {
        globalThis.postMessage = () => {};
        resolve(st.record.actions[known]);
      }
    };
    globalThis.openroomReady = () => {
      setTimeout(() => globalThis.openroomGo(JSON.stringify({ type: "start", config: job.config, record: job.record })));
    };
    const go = new Go();
    WebAssembly.instantiate(module, go.importObject).then((inst) => go.run(inst)).catch(reject);
  });
}

(async () => {
  const module = await WebAssembly.compile(fs.readFileSync(path.join(folder, "openroom.wasm")));
  for (const job of JSON.parse(jobsJSON)) {
    const start = performance.now();
    const action = await run(module, job);
    action.ms = Math.round(performance.now() - start);
    console.log(JSON.stringify(action));
  }
  process.exit(0);
})().catch((err) => { console.error(err); process.exit(1); });
