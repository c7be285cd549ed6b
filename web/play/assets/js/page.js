// The play page's front end, whatever it talks to: the table's states in,
// the person's intents out, through a transport. `tablemanager play` gives
// it the server's (main.js: an event stream and POST); the page without a
// server gives it a Web Worker's (web/pages). The page renders a state and
// nothing else, and sends only intents.
//
// A transport has connect(handlers) and act(kind, fields). connect calls
// handlers.state(state) with each new state, handlers.notice(text, button)
// to say something about the connection (text "" clears it), and
// handlers.error(text) for a message about the last action, and
// handlers.lost() when another tab has taken the table over (the next
// state, after a take-over back, gives it back). act returns a promise of
// {ok: true} or {error: "why"}.

import { clear, el } from "../../../shared/dom.js";
import { renderTable } from "./table.js";
import { renderViewer } from "./viewer.js";
import { parseCallKeys } from "./bidding.js";
import { parseCardKeys } from "./keys.js";

const RULES = {
  duplicate: "Duplicate practice: each board stands alone, its dealer and vulnerability from its number, scored by its Law 77 raw score (no IMPs, no matchpoints). Only legal calls and cards; no claims, no undo.",
  rubber: "Rubber bridge: trick points below the line, bonuses, overtricks, penalties and honours above; a side that has won a game is vulnerable; the rubber ends when a side wins two games. Only legal calls and cards; no claims, no undo.",
  chicago: "Chicago: four deals, vulnerability from the four-deal cycle, each game and a part score on the fourth deal scored at once. Only legal calls and cards; no claims, no undo.",
};

// confirmOption puts the "confirm each call and card" checkbox before el;
// the choice is kept in localStorage, for the next visit.
function confirmOption(ui, before) {
  const KEY = "openroom-confirm";
  let saved = false;
  try { saved = localStorage.getItem(KEY) === "1"; } catch { /* storage off: not remembered */ }
  ui.confirm = saved;
  const box = el("input", { type: "checkbox", id: "confirm", checked: saved, onchange: (e) => {
    ui.confirm = e.target.checked;
    ui.armed = null;
    try { localStorage.setItem(KEY, ui.confirm ? "1" : "0"); } catch { /* storage off */ }
  } });
  before.before(el("label", { class: "confirm", for: "confirm" }, box, " Confirm each call and card with a second tap"));
}

// startPage runs the page on a transport.
export function startPage(transport) {
  const tableRoot = document.getElementById("table");
  const viewerRoot = document.getElementById("viewer");
  const notice = document.getElementById("notice");
  const keysHint = document.getElementById("keys");
  let state = null;
  let keys = "";
  let lastBoardKey = "";
  // lost: another tab has the table; this one keeps its last picture with
  // every control disabled, and the notice says how to take it back.
  let lost = false;
  const ui = { explanation: null, alertText: "", replayAt: null, rerender: () => render(), explain, confirm: false, armed: null };
  confirmOption(ui, keysHint);

  // explain shows a call's meaning beside the auction. It writes the text
  // in place rather than drawing the table again, so that the call keeps
  // the focus a tap or a Tab key gave it.
  function explain(text) {
    ui.explanation = text;
    const e = document.getElementById("explain");
    if (e) e.textContent = text;
  }

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
    const r = await transport.act(kind, fields);
    if (r.error) {
      showError(r.error);
      return false;
    }
    return true;
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
    const wasCall = document.body.dataset.your === "call";
    ui.armed = null;
    renderTable(tableRoot, state, act, ui);
    renderViewer(viewerRoot, state, act, ui);
    viewerRoot.hidden = !state.result;
    document.body.dataset.your = state.your || "";
    document.body.dataset.version = String(state.version);
    document.body.dataset.phase = state.phase;
    document.body.dataset.board = String(state.board);
    document.body.dataset.played = String(state.played.length);
    document.body.dataset.analysed = state.result?.analysis ? "1" : "";
    document.body.dataset.lost = lost ? "1" : "";
    // On a phone, the person's call brings the bidding box (just below
    // their hand) onto the screen.
    if (state.your === "call" && !wasCall && !lost && window.matchMedia("(max-width: 720px)").matches) {
      tableRoot.querySelector(".box")?.scrollIntoView({ block: "end" });
    }
    if (lost) {
      for (const c of document.querySelectorAll("#table button, #table input, #viewer button, #viewer input, #viewer a[href]")) {
        if (c instanceof HTMLAnchorElement) { c.removeAttribute("href"); c.setAttribute("aria-disabled", "true"); } else c.disabled = true;
      }
    }
  }

  // The keyboard: calls ("1h", "3n", "p", "x", "r"), cards ("sq", "h10", or
  // a rank alone when only one suit can be played), "n" for the next board
  // and "a" to play it again, Escape to clear.
  document.addEventListener("keydown", (e) => {
    if (!state || lost || e.ctrlKey || e.metaKey || e.altKey) return;
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

  transport.connect({
    state(st) {
      state = st;
      lost = false;
      showNotice("");
      render();
    },
    lost() {
      lost = true;
      render();
    },
    notice: showNotice,
    error: showError,
  });
}
