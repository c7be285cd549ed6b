// The Web Worker of the page without a server (a classic script, joined
// after Go's wasm_exec.js and heuristic.js into one blob by transport.js):
// it runs the practice table compiled to WebAssembly (web/pages/worker)
// and hands it the page's messages. The first message brings the compiled
// module, so a restarted worker fetches nothing.

(function () {
  const post = self.postMessage.bind(self);
  let fault = "";
  let thinking = 0;
  // The Go program posts with postMessage; the "die" fault (a test of the
  // page's restart) closes the worker in the middle of a bot's decision.
  self.postMessage = (m) => {
    if (fault === "dead") return;
    post(m);
    if (fault === "die" && m.type === "state" && JSON.parse(m.state).thinking && ++thinking === 3) {
      fault = "dead"; // silent from here, as a killed worker is
      self.close();
    }
  };
  let goReady;
  const ready = new Promise((resolve) => { goReady = resolve; });
  self.openroomReady = () => goReady();

  let memory = null;
  self.onmessage = async (e) => {
    const m = e.data;
    if (m.type === "memory") {
      // The WebAssembly memory's size: the Go heap's high-water mark,
      // nearly all the worker holds (the page's measurements ask it).
      post({ type: "memory", bytes: memory ? memory.buffer.byteLength : 0 });
      return;
    }
    if (m.type !== "start") {
      await ready;
      self.openroomGo(JSON.stringify(m));
      return;
    }
    const { module, ...start } = m;
    fault = start.fault || "";
    self.openroomFault = fault;
    try {
      const go = new Go();
      const inst = await WebAssembly.instantiate(module, go.importObject);
      memory = inst.exports.mem;
      go.run(inst).then(
        () => post({ type: "died", message: "the WebAssembly program stopped" }),
        (err) => post({ type: "died", message: String(err) }));
    } catch (err) {
      post({ type: "fatal", message: `WebAssembly could not start: ${err.message}` });
      return;
    }
    await ready;
    self.openroomGo(JSON.stringify(start));
  };
})();
