// The hand viewer after a board: all four hands, a card-by-card replay with
// every card that lost a trick against double dummy marked, the
// double-dummy table and par, and the board as PBN and as a BBO link.

import { el, clear } from "../../../shared/dom.js";
import { SEAT_NAMES, compass, callText, resultText, parText, pointsText, sideOf, sheetLabelText } from "../../../shared/cards.js";
import { replay } from "../../../shared/replay.js";
import { readDeals } from "../../../shared/pbn.js";
import { clampStep, lostMarks, ddTable, replayControls, playList, tricksLostText } from "../../../shared/viewer.js";
import { handView, playedCard } from "./hand.js";

export function renderViewer(root, st, act, ui) {
  const r = st.result;
  clear(root);
  if (!r) return;
  const marks = lostMarks(st.played, r.analysis);
  // The replay starts before the opening lead, with all four hands shown.
  const n = Math.min(ui.replayAt ?? 0, st.played.length);
  const pos = replay(r.deal, st.played, st.winners, n);
  const places = compass(st.seat);
  const seatHand = (seat, where) => el("section", { class: `seat ${where}`, dataset: { seat } },
    el("div", { class: "seatname" }, el("strong", { text: SEAT_NAMES[seat] }), seat === st.seat ? " You" : ""),
    handView(pos.hands[seat], { label: `${SEAT_NAMES[seat]}'s cards` }));
  const trick = el("div", { class: "trick" }, Object.entries(places).map(([where, seat]) => {
    const p = pos.trick.find((t) => t.seat === seat);
    return el("div", { class: `slot ${where}` }, p ? playedCard(p.card) : null);
  }));
  const go = (k) => { ui.replayAt = clampStep(k, st.played.length); ui.rerender(); };
  const controls = replayControls(n, st.played.length, go, {
    class: "replay", ids: ["replay-start", "replay-back", "replay-fwd", "replay-end", "replay-at"],
    status: ` card ${n} of ${st.played.length} \u00b7 NS ${pos.tricks.NS} EW ${pos.tricks.EW} `,
  });
  const plays = playList(marks, n, go, {
    classes: { card: "step", done: "done", lost: "lost" },
    content: (p) => [`${p.seat} `, playedCard(p.card), p.lost ? ` \u2212${p.lost}` : ""],
  });
  const a = r.analysis;
  const ddView = a ? el("div", { class: "dd" },
    ddTable(a.dd),
    // Par is a duplicate measure: on a score sheet the sheet is what counts.
    st.sheet ? null : el("p", { id: "par", text: parText(a.par_score_ns, a.par_contracts) }),
    el("p", { text: `${tricksLostText(a)}; yours ${r.lost_you}` }))
    : el("p", { class: "dd pending", text: "Double-dummy analysis in progress\u2026" });
  // A rubber's deals are deals, not boards.
  const unit = st.sheet ? "deal" : "board";
  if (ui.pbnURL) URL.revokeObjectURL(ui.pbnURL);
  const pbnURL = ui.pbnURL = URL.createObjectURL(new Blob([r.pbn], { type: "application/x-pbn" }));
  root.append(
    el("h2", { id: "result", text: `${st.sheet ? `Deal ${st.board}: ` : ""}${boardResultText(st)} \u2014 ${pointsText(r.score_you)} to you` }),
    ...(r.entry ? [el("p", { id: "entry", text: entryText(r.entry, st.seat) })] : []),
    el("div", { class: "actions" },
      el("button", { id: "next", class: "primary", onclick: () => act("next"), text: st.sheet ? "Next deal (n)" : "Next board (n)" }),
      // A rubber's deal is on its score sheet: it is not played again.
      st.sheet ? null : el("button", { id: "again", onclick: () => act("replay"), text: "Play it again (a)" }),
      loadButton(act)),
    el("div", { class: "board viewer" }, seatHand(places.top, "top"), seatHand(places.left, "left"), trick,
      seatHand(places.right, "right"), seatHand(places.bottom, "bottom")),
    controls, plays, ddView,
    el("div", { class: "files" },
      el("a", { href: pbnURL, download: `${unit}-${st.board}.pbn`, id: "pbn-link", text: `Download this ${unit} (PBN)` }), " \u00b7 ",
      ui.sessionURL ? el("a", { href: ui.sessionURL, download: "openroom-session.pbn", id: "session-pbn",
        text: `Download the session (${ui.sessionBoards} ${unit}${ui.sessionBoards === 1 ? "" : "s"}, PBN)` }) : null, " \u00b7 ",
      r.lin_url ? el("a", { href: r.lin_url, target: "_blank", rel: "noopener noreferrer", id: "lin-link", text: "Open in BBO's hand viewer" }) : null,
      el("details", {}, el("summary", { text: "PBN" }), el("pre", { id: "pbn", text: r.pbn }))),
    el("p", { class: "auctionline", text: st.auction.map((c) => callText(c.call) + (c.alert ? "!" : "")).join(" ") }));
}

// boardResultText is the board's result in the shared notation ("4♠ +1 by
// N, 11 tricks"), or the server's words for a board stopped by a fault.
export function boardResultText(st) {
  const r = st.result;
  if (r.text.startsWith("Stopped")) return r.text;
  if (!st.contract || st.contract === "Pass") return "Passed out";
  return `${resultText({ contract: st.contract, declarer: st.declarer, result: r.made })}, ${r.tricks} trick${r.tricks === 1 ? "" : "s"}`;
}


// entryText says what a deal wrote on the score sheet, in a rubber's
// words, from the person's side ("We") first.
export function entryText(e, seat) {
  const we = sideOf(seat).toLowerCase(), they = we === "ns" ? "ew" : "ns";
  const part = (name, side) => {
    const items = (where) => (side[where] ?? []).map((it) => `${it.points} ${sheetLabelText(it.label)}`).join(", ");
    const out = [side.below?.length ? `below the line ${items("below")}` : "", side.above?.length ? `above the line ${items("above")}` : ""].filter(Boolean);
    return out.length ? `${name}: ${out.join("; ")}` : "";
  };
  const parts = [part("We", e[we] ?? {}), part("They", e[they] ?? {})].filter(Boolean);
  let text = parts.length ? `On the sheet \u2014 ${parts.join(". ")}.` : "Nothing on the sheet.";
  if (e.game_won) text += ` Game to ${e.game_won === we.toUpperCase() ? "us" : "them"}.`;
  if (e.over) text += " The rubber is over.";
  return text;
}

// MAX_LOAD is how many deals one load sends (the table's MaxLoad): they
// must fit one request.
const MAX_LOAD = 24;

// loadButton offers to play the deals of a PBN file next, from its first
// (after a board, and on the table before the person's first call).
export function loadButton(act) {
  const input = el("input", { type: "file", id: "load-pbn", accept: ".pbn,text/plain", class: "sr-only", onchange: async (e) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const deals = readDeals(await file.text());
    if (deals.length === 0) { document.getElementById("error").hidden = false; document.getElementById("error").textContent = `${file.name}: no deal in it`; return; }
    await act("load", { deals: deals.slice(0, MAX_LOAD) });
  } });
  return el("label", { class: "loadpbn", for: "load-pbn" }, input, `Play deals from a PBN file\u2026`);
}
