// The transport of the page without a server: the practice table runs in a
// Web Worker (WebAssembly), the page posts the person's intents to it and
// renders the states it posts back. Everything is fetched once, at load:
// the worker's scripts are joined into one blob and the module compiled
// here, so a worker restarted later fetches nothing. The session (the
// query's table, the board in play's record, the boards played) is kept in
// localStorage: a reload, or a worker that died, resumes from it.

const STORE = "openroom-pages-session";
const QUERY = ["seat", "level", "board", "seed", "deal", "mode", "partner"];

// How long a bot's decision may go without a word from the worker before
// the worker is taken for dead and restarted: both searches of the chain
// at their caps (practice.Caps: the opening lead's at expert) and a
// little, by level.
const WATCHDOG_MS = { easy: 5000, medium: 6000, hard: 10000, expert: 45000 };

// How long the worker may take to answer an intent before it is taken for
// dead: it answers at once, unless it is finishing a board's analysis.
const ACT_TIMEOUT_MS = 15000;

export const NO_WASM = "This browser cannot run the practice table here: it needs WebAssembly, which is off or missing. " +
  "Run it on your machine instead: `tablemanager play` (see the openroom README), then open http://127.0.0.1:8080/.";

// sessionOf returns the stored session when it is the query's table, else
// a new one (a random seed when the query gives none).
export function sessionOf(query, stored) {
  const cfg = {};
  for (const k of QUERY) if (query.get(k)) cfg[k] = query.get(k);
  const same = stored && QUERY.every((k) => k === "seed" && !cfg.seed ? true : stored.query?.[k] === cfg[k]);
  if (same) return stored;
  const config = { ...cfg, board: cfg.board ? Number(cfg.board) : 0 };
  if (!config.seed) {
    const b = new Uint8Array(16);
    crypto.getRandomValues(b);
    config.seed = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  }
  return { query: cfg, config, record: null, boards: [] };
}

function load() {
  try { return JSON.parse(localStorage.getItem(STORE)); } catch { return null; }
}

function save(session) {
  try { localStorage.setItem(STORE, JSON.stringify(session)); } catch { /* full or off: the session lives as long as the page */ }
}

// linkText says which link of the bots' fallback chain is acting.
export function linkText(link, restarted) {
  const base = link ? `Bots: ${link}.` : "Bots: refbot in WebAssembly, in this browser.";
  return restarted ? `${base} The worker stopped and was restarted; the board went on from its record.` : base;
}

// workerTransport returns the transport of the page (see page.js).
export function workerTransport(query) {
  const fault = query.get("fault") ?? "";
  const session = sessionOf(query, load());
  save(session);
  const engineLine = document.getElementById("engine");
  let handlers = null;
  let worker = null;
  let blobURL = "";
  let module = null;
  let last = null; // the last state
  let heard = 0; // when the worker last posted
  let restarts = 0;
  let nextID = 1;
  const pending = new Map();

  function setEngine(text) {
    engineLine.textContent = text;
    document.body.dataset.link = last?.link ?? "";
  }

  function onMessage(m) {
    heard = Date.now();
    switch (m.type) {
      case "state": {
        const st = JSON.parse(m.state);
        last = st;
        if (st.record) session.record = st.record;
        if (st.result && !session.boards.some((b) => b.board === st.board && b.n === st.session.boards)) {
          session.boards.push({ n: st.session.boards, board: st.board, text: st.result.text, score_you: st.result.score_you, notes: st.result.notes ?? [] });
        }
        save(session);
        setEngine(linkText(st.link, restarts > 0));
        document.body.dataset.notes = (st.result?.notes ?? []).join("\n");
        handlers.state(st);
        break;
      }
      case "acted": {
        const resolve = pending.get(m.id);
        pending.delete(m.id);
        resolve?.(m.ok ? { ok: true } : { error: m.error });
        break;
      }
      case "memory":
        document.body.dataset.memory = String(m.bytes);
        break;
      case "fatal":
        handlers.notice(`The practice table could not start: ${m.message}`);
        break;
      case "died":
        restart();
        break;
    }
  }

  function start(failed) {
    worker = new Worker(blobURL);
    worker.onmessage = (e) => onMessage(e.data);
    worker.onerror = (e) => { e.preventDefault(); restart(); };
    heard = Date.now();
    worker.postMessage({ type: "start", module, config: session.config, record: session.record, failed,
      fault: restarts === 0 ? fault : "" });
  }

  // restart replaces a dead worker by a new one that resumes the board
  // from its record; the decision it died in is left to the heuristic.
  function restart() {
    if (worker) worker.terminate();
    for (const resolve of pending.values()) resolve({ error: "The table restarted: try again." });
    pending.clear();
    restarts++;
    if (restarts > 5) {
      handlers.notice("The practice table keeps stopping in this browser; reload the page to try again, or run `tablemanager play`.");
      return;
    }
    document.body.dataset.restarts = String(restarts);
    start(last?.thinking ?? "");
  }

  async function boot() {
    if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
      handlers.notice(NO_WASM);
      document.body.dataset.nowasm = "1";
      return;
    }
    try {
      const text = (path) => fetch(path).then((r) => { if (!r.ok) throw new Error(`${path}: ${r.status}`); return r.text(); });
      const [exec, heuristic, script, mod] = await Promise.all([
        text("wasm_exec.js"), text("web/pages/assets/heuristic.js"), text("web/pages/assets/worker.js"),
        fetch("openroom.wasm").then((r) => {
          if (!r.ok) throw new Error(`openroom.wasm: ${r.status}`);
          return r.arrayBuffer();
        }).then((b) => WebAssembly.compile(b)),
      ]);
      module = mod;
      blobURL = URL.createObjectURL(new Blob([exec, "\n", heuristic, "\n", script], { type: "text/javascript" }));
    } catch (err) {
      handlers.notice(`${NO_WASM} (${err.message})`);
      document.body.dataset.nowasm = "1";
      return;
    }
    start("");
    // The "die" fault kills only the first worker: its replacement gets
    // the level's watchdog, so that a slow machine does not restart it.
    const levelWatchdog = WATCHDOG_MS[session.config.level ?? "expert"] ?? 25000;
    const watchdog = () => (fault === "die" && restarts === 0 ? 1500 : levelWatchdog);
    setInterval(() => {
      if (last?.thinking && Date.now() - heard > watchdog() && restarts <= 5) restart();
    }, 250);
  }

  // The worker's memory, for measurements: body's data-memory, in bytes.
  window.openroomMemory = () => worker?.postMessage({ type: "memory" });

  return {
    connect(h) {
      handlers = h;
      boot();
    },
    act(kind, fields = {}) {
      if (!worker) return Promise.resolve({ error: "The table is not running." });
      const id = nextID++;
      return new Promise((resolve) => {
        pending.set(id, resolve);
        worker.postMessage({ type: "act", id, request: { kind, ...fields } });
        // A worker that does not answer is dead (it answers at once,
        // or after the analysis it may be finishing).
        setTimeout(() => { if (pending.has(id)) restart(); }, ACT_TIMEOUT_MS);
      });
    },
  };
}
