// The play page: one event stream from the server, intents back by POST,
// the keyboard, and the take-over between tabs.

import { el, clear } from "../../../shared/dom.js";
import { renderTable } from "./table.js";
import { renderViewer } from "./viewer.js";
import { parseCallKeys } from "./bidding.js";
import { parseCardKeys } from "./keys.js";

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

const tab = tabId();
const RULES = {
  duplicate: "Duplicate practice: each board stands alone, its dealer and vulnerability from its number, scored by its Law 77 raw score (no IMPs, no matchpoints). Only legal calls and cards; no claims, no undo.",
  rubber: "Rubber bridge: trick points below the line, bonuses, overtricks, penalties and honours above; a side that has won a game is vulnerable; the rubber ends when a side wins two games. Only legal calls and cards; no claims, no undo.",
  chicago: "Chicago: four deals, vulnerability from the four-deal cycle, each game and a part score on the fourth deal scored at once. Only legal calls and cards; no claims, no undo.",
};
const tableRoot = document.getElementById("table");
const viewerRoot = document.getElementById("viewer");
const notice = document.getElementById("notice");
const keysHint = document.getElementById("keys");
let state = null;
let source = null;
let keys = "";
let lastBoardKey = "";
const ui = { explanation: null, alertText: "", replayAt: null, rerender: () => render() };

function showNotice(text, button) {
  clear(notice);
  if (!text) { notice.hidden = true; return; }
  notice.hidden = false;
  notice.append(el("span", { text }), button ?? "");
}

function showError(text) {
  const e = document.getElementById("error");
  e.textContent = text ?? "";
  e.hidden = !text;
}

async function act(kind, fields = {}) {
  showError("");
  try {
    const res = await fetch("/api/act", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Openroom-Tab": tab },
      body: JSON.stringify({ kind, ...fields }),
    });
    if (!res.ok) {
      const body = await res.json().catch(() => ({ error: res.statusText }));
      showError(body.error ?? res.statusText);
      return false;
    }
    return true;
  } catch (err) {
    showError(`The table cannot be reached: ${err.message}`);
    return false;
  }
}

function render() {
  if (!state) return;
  const boardKey = `${state.board}:${state.result ? "done" : "play"}`;
  if (boardKey !== lastBoardKey) {
    ui.replayAt = null;
    ui.explanation = null;
    lastBoardKey = boardKey;
  }
  document.getElementById("rules").textContent = RULES[state.mode] ?? "";
  renderTable(tableRoot, state, act, ui);
  renderViewer(viewerRoot, state, act, ui);
  viewerRoot.hidden = !state.result;
  document.body.dataset.your = state.your || "";
  document.body.dataset.version = String(state.version);
  document.body.dataset.phase = state.phase;
  document.body.dataset.board = String(state.board);
  document.body.dataset.played = String(state.played.length);
  document.body.dataset.analysed = state.result?.analysis ? "1" : "";
}

function connect() {
  if (source) source.close();
  source = new EventSource(`/api/stream?tab=${encodeURIComponent(tab)}`);
  source.addEventListener("state", (e) => {
    state = JSON.parse(e.data);
    showNotice("");
    render();
  });
  source.addEventListener("held", () => {
    source.close();
    showNotice("This seat is being played in another tab. ",
      el("button", { id: "takeover", onclick: takeOver, text: "Play here instead" }));
  });
  source.addEventListener("taken", (e) => {
    source.close();
    const msg = JSON.parse(e.data).message;
    document.body.dataset.taken = "1";
    showNotice(`${msg[0].toUpperCase()}${msg.slice(1)}. `,
      el("button", { id: "takeover", onclick: takeOver, text: "Play here again" }));
  });
  source.onerror = () => {
    if (source.readyState === EventSource.CLOSED) showNotice("Connection lost; reload the page to resume.");
  };
}

async function takeOver() {
  if (await act("takeover")) {
    delete document.body.dataset.taken;
    connect();
  }
}

// The keyboard: calls ("1h", "3n", "p", "x", "r"), cards ("sq", "h10", or
// a rank alone when only one suit can be played), "n" for the next board
// and "a" to play it again, Escape to clear.
document.addEventListener("keydown", (e) => {
  if (!state || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target instanceof HTMLInputElement) {
    if (e.key === "Enter" || e.key === "Escape") e.target.blur();
    return;
  }
  if (e.key === "Escape") { keys = ""; keysHint.textContent = ""; return; }
  if (e.key.length !== 1) return;
  if (state.your === "next") {
    if (e.key === "n") act("next");
    if (e.key === "a") act("replay");
    return;
  }
  if (state.your !== "call" && state.your !== "card") return;
  keys += e.key;
  const r = state.your === "call" ? parseCallKeys(keys, state.legal_calls ?? []) : parseCardKeys(keys, state.legal_cards ?? []);
  if (r.pending) { keysHint.textContent = `typed: ${keys}`; return; }
  keys = "";
  keysHint.textContent = "";
  if (r.error) { showError(r.error); return; }
  if (r.call) {
    const text = ui.alertText;
    ui.alertText = "";
    act("call", text ? { call: r.call, alert: text } : { call: r.call });
  } else act("card", { card: r.card });
});

connect();
