// The play page served by `tablemanager play`: the front end (page.js) on
// the server's transport: one event stream from the server, intents back
// by POST, and the take-over between tabs.

import { el } from "../../../shared/dom.js";
import { startPage } from "./page.js";

// A tab keeps its id across reloads (sessionStorage is per tab), so a
// reload resumes the seat while another tab must take it over.
function tabId() {
  let id = sessionStorage.getItem("openroom-tab");
  if (!id) {
    const b = new Uint8Array(12);
    crypto.getRandomValues(b);
    id = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
    sessionStorage.setItem("openroom-tab", id);
  }
  return id;
}

// serverTransport talks to the server: states as server-sent events,
// intents as POST /api/act.
function serverTransport() {
  const tab = tabId();
  let source = null;
  let handlers = null;

  async function act(kind, fields = {}) {
    try {
      const res = await fetch("/api/act", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Openroom-Tab": tab },
        body: JSON.stringify({ kind, ...fields }),
      });
      if (!res.ok) {
        const body = await res.json().catch(() => ({ error: res.statusText }));
        return { error: body.error ?? res.statusText };
      }
      return { ok: true };
    } catch (err) {
      return { error: `The table cannot be reached: ${err.message}` };
    }
  }

  async function takeOver() {
    handlers.error("");
    const r = await act("takeover");
    if (r.error) { handlers.error(r.error); return; }
    delete document.body.dataset.taken;
    connect(handlers);
  }

  function connect(h) {
    handlers = h;
    if (source) source.close();
    source = new EventSource(`/api/stream?tab=${encodeURIComponent(tab)}`);
    source.addEventListener("state", (e) => h.state(JSON.parse(e.data)));
    source.addEventListener("held", () => {
      source.close();
      h.notice("This seat is being played in another tab. ",
        el("button", { id: "takeover", onclick: takeOver, text: "Play here instead" }));
    });
    source.addEventListener("taken", (e) => {
      source.close();
      const msg = JSON.parse(e.data).message;
      document.body.dataset.taken = "1";
      h.notice(`${msg[0].toUpperCase()}${msg.slice(1)}: this tab no longer has the table, and its controls are off. `,
        el("button", { id: "takeover", onclick: takeOver, text: "Play here again" }));
      h.lost();
    });
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) h.notice("Connection lost; reload the page to resume.");
    };
  }

  return { connect, act };
}

startPage(serverTransport());
