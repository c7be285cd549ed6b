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
import { renderTable, statusText, boardKeys } from "./table.js";
import { SEAT_NAMES, callWords, cardWords } from "../../../shared/cards.js";
import { sessionPBN } from "../../../shared/pbn.js";
import { renderViewer } from "./viewer.js";
import { parseCallKeys } from "./bidding.js";
import { parseCardKeys } from "./keys.js";

const RULES = {
  duplicate: "Duplicate practice: each board stands alone, its dealer and vulnerability from its number, scored by its Law 77 raw score (no IMPs, no matchpoints). Only legal calls and cards; no claims, no undo.",
  rubber: "Rubber bridge: each deal's trick points go below the line, toward game; overtricks, bonuses, penalties and honours above it; a side that has won a game is vulnerable; the rubber ends when a side wins two games, with the rubber bonus. Only legal calls and cards; no claims, no undo.",
  chicago: "Chicago: four deals, vulnerability from the four-deal cycle; trick points below the line, the rest above; each game and a part score on the fourth deal scored at once. Only legal calls and cards; no claims, no undo.",
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
  // announce is a polite live region: a screen reader hears each call and
  // card as it is made and whose turn it is, without moving its reading place.
  const announce = el("div", { id: "announce", class: "sr-only", role: "status", "aria-live": "polite" });
  document.body.append(announce);
  let told = null; // the state last announced
  // keyboardPlay: the person chooses with the arrows (until they next
  // tap or click), so each turn puts the focus on their first choice.
  let keyboardPlay = false;
  document.addEventListener("pointerdown", () => { keyboardPlay = false; });
  const ui = { explanation: null, alertText: "", replayAt: null, rerender: () => render(), explain, confirm: false, armed: null, session: [], sessionURL: null, sessionBoards: 0 };
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
    const footerKeys = document.getElementById("board-keys");
    if (footerKeys) {
      clear(footerKeys);
      boardKeys(state.sheet).forEach(([k, what], i) => footerKeys.append(i ? ", " : "", el("kbd", { text: k }), ` ${what}`));
    }
    const wasCall = document.body.dataset.your === "call";
    const focused = document.activeElement;
    const hadFocus = focused && focused !== document.body && tableRoot.contains(focused);
    ui.armed = null;
    keep(state);
    renderTable(tableRoot, state, act, ui);
    tell();
    // Keyboard play: focus stays among the person's choices across states.
    if ((hadFocus || keyboardPlay) && !lost) choices()[0]?.focus();
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

  // keep adds a finished board to the session's boards (by its place in
  // the session, so that the analysis coming later replaces it), and
  // offers them all as one PBN file.
  function keep(st) {
    if (!st.result?.pbn) return;
    ui.session[st.session.boards - 1] = { pbn: st.result.pbn, analysis: st.result.analysis };
    const boards = ui.session.filter(Boolean);
    // A data: URL, not a blob: one: it stays valid however often the
    // page is drawn again, and needs no revoking.
    ui.sessionURL = `data:application/x-pbn;charset=utf-8,${encodeURIComponent(sessionPBN(boards))}`;
    ui.sessionBoards = boards.length;
  }

  // tell puts into the live region what changed since the last state: the
  // newest call or card, then whose turn it is.
  function tell() {
    const same = told && told.board === state.board;
    const parts = [];
    if (same && state.auction.length > told.auction.length) {
      const c = state.auction[state.auction.length - 1];
      parts.push(`${SEAT_NAMES[c.seat]}: ${callWords(c.call)}${c.alert ? ", alerted" : ""}.`);
    }
    if (same && state.played.length > told.played.length) {
      const p = state.played[state.played.length - 1];
      parts.push(`${SEAT_NAMES[p.seat]} plays the ${cardWords(p.card)}.`);
    }
    const status = statusText(state);
    if (!same || parts.length || status !== statusText(told)) parts.push(`${status}.`);
    told = state;
    if (parts.length) announce.textContent = parts.join(" ");
  }

  // choices are the person's buttons to act with now: playable cards or
  // legal calls, in the order drawn.
  function choices() {
    if (state?.your === "card") return [...tableRoot.querySelectorAll(".card.playable")];
    if (state?.your === "call") return [...tableRoot.querySelectorAll(".bid:not([disabled])")];
    return [];
  }

  // The keyboard: calls ("1h", "3n", "p", "x", "r"), cards ("sq", "h10", or
  // a rank alone when only one suit can be played), "n" for the next board
  // and "a" to play it again (not a rubber's deal), Escape to clear.
  document.addEventListener("keydown", (e) => {
    if (!state || lost || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target instanceof HTMLInputElement) {
      if (e.key === "Enter" || e.key === "Escape") e.target.blur();
      return;
    }
    if (e.key === "Escape") { keys = ""; keysHint.textContent = ""; return; }
    // Arrows choose among the cards (or calls) that can be played now;
    // Enter (the focused button's own key) plays it.
    if (e.key.startsWith("Arrow")) {
      const list = choices();
      if (list.length === 0) return;
      e.preventDefault();
      keyboardPlay = true;
      const at = list.indexOf(document.activeElement);
      const step = e.key === "ArrowLeft" || e.key === "ArrowUp" ? -1 : 1;
      list[at < 0 ? (step > 0 ? 0 : list.length - 1) : (at + step + list.length) % list.length].focus();
      return;
    }
    if (e.key.length !== 1) return;
    if (state.your === "next") {
      if (e.key === "n") act("next");
      if (e.key === "a" && !state.sheet) act("replay");
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
