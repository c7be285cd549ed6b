// The hand viewer after a board: all four hands, a card-by-card replay with
// every card that lost a trick against double dummy marked, the
// double-dummy table and par, and the board as PBN and as a BBO link.

import { el, clear } from "./dom.js";
import { SEAT_NAMES, SEATS, compass } from "./cards.js";
import { callLabel } from "./bidding.js";
import { handView, playedCard } from "./hand.js";
import { positionAt } from "./replay.js";

// lostMarks pairs each played card with what it cost against double dummy
// (0 until the analysis has come).
export function lostMarks(played, analysis) {
  const costs = analysis?.cards ?? [];
  return played.map((p, i) => ({ ...p, lost: costs[i] && costs[i].card === p.card ? costs[i].lost : 0 }));
}

// ddRows lays the double-dummy table out as rows of declarer, then tricks
// in NT, S, H, D, C.
export function ddRows(dd) {
  return SEATS.map((s) => [s, dd[s].NT, dd[s].S, dd[s].H, dd[s].D, dd[s].C]);
}

export function trumpOf(contract) {
  if (!contract || contract === "Pass") return "NT";
  const rest = contract.slice(1).replace(/X+$/, "");
  return rest;
}

export function renderViewer(root, st, act, ui) {
  const r = st.result;
  clear(root);
  if (!r) return;
  const trump = trumpOf(st.contract);
  const marks = lostMarks(st.played, r.analysis);
  // The replay starts before the opening lead, with all four hands shown.
  const n = Math.min(ui.replayAt ?? 0, st.played.length);
  const pos = positionAt(r.deal, st.played, n, trump);
  const places = compass(st.seat);
  const seatHand = (seat, where) => el("section", { class: `seat ${where}` },
    el("div", { class: "seatname" }, el("strong", { text: SEAT_NAMES[seat] }), seat === st.seat ? " You" : ""),
    handView(pos.hands[seat], { label: `${SEAT_NAMES[seat]}'s cards` }));
  const trick = el("div", { class: "trick" }, Object.entries(places).map(([where, seat]) => {
    const p = pos.trick.find((t) => t.seat === seat);
    return el("div", { class: `slot ${where}` }, p ? playedCard(p.card) : null);
  }));
  const go = (k) => () => { ui.replayAt = Math.max(0, Math.min(st.played.length, k)); ui.rerender(); };
  const controls = el("div", { class: "replay" },
    el("button", { id: "replay-start", onclick: go(0), "aria-label": "to the start", text: "\u00ab" }),
    el("button", { id: "replay-back", onclick: go(n - 1), "aria-label": "one card back", text: "\u25c0" }),
    el("span", { id: "replay-at", text: ` card ${n} of ${st.played.length} \u00b7 NS ${pos.tricks.NS} EW ${pos.tricks.EW} ` }),
    el("button", { id: "replay-fwd", onclick: go(n + 1), "aria-label": "one card on", text: "\u25b6" }),
    el("button", { id: "replay-end", onclick: go(st.played.length), "aria-label": "to the end", text: "\u00bb" }));
  const tricks = [];
  for (let i = 0; i < marks.length; i += 4) tricks.push(marks.slice(i, i + 4));
  const playList = el("ol", { class: "plays" }, tricks.map((t, ti) => el("li", {}, t.map((p, j) => el("button", {
    class: `step${p.lost ? " lost" : ""}${ti * 4 + j < n ? " done" : ""}`, dataset: { lost: String(p.lost) },
    title: p.lost ? `lost ${p.lost} trick${p.lost > 1 ? "s" : ""} against double dummy` : "",
    onclick: go(ti * 4 + j + 1),
  }, `${p.seat} `, playedCard(p.card), p.lost ? ` \u2212${p.lost}` : "")))));
  const a = r.analysis;
  const ddView = a ? el("div", { class: "dd" },
    el("table", {}, el("thead", {}, el("tr", {}, ["", "NT", "\u2660", "\u2665", "\u2666", "\u2663"].map((h) => el("th", { text: h })))),
      el("tbody", {}, ddRows(a.dd).map((row) => el("tr", {}, row.map((c, i) => el(i ? "td" : "th", { text: String(c) })))))),
    el("p", { id: "par", text: `Par ${a.par_score_ns >= 0 ? "+" : ""}${a.par_score_ns} to NS${a.par_contracts.length ? ": " + a.par_contracts.join(", ") : ""}` }),
    el("p", { text: `Tricks lost against double dummy: NS ${a.tricks_lost.NS}, EW ${a.tricks_lost.EW}; yours ${r.lost_you}` }))
    : el("p", { class: "dd pending", text: "Double-dummy analysis in progress\u2026" });
  if (ui.pbnURL) URL.revokeObjectURL(ui.pbnURL);
  const pbnURL = ui.pbnURL = URL.createObjectURL(new Blob([r.pbn], { type: "application/x-pbn" }));
  root.append(
    el("h2", { id: "result", text: `${r.text} \u2014 ${r.score_you >= 0 ? "+" : ""}${r.score_you} to you` }),
    el("div", { class: "actions" },
      el("button", { id: "next", class: "primary", onclick: () => act("next"), text: st.sheet ? "Next deal (n)" : "Next board (n)" }),
      // A rubber's deal is on its score sheet: it is not played again.
      st.sheet ? null : el("button", { id: "again", onclick: () => act("replay"), text: "Play it again (a)" })),
    el("div", { class: "board viewer" }, seatHand(places.top, "top"), seatHand(places.left, "left"), trick,
      seatHand(places.right, "right"), seatHand(places.bottom, "bottom")),
    controls, playList, ddView,
    el("div", { class: "files" },
      el("a", { href: pbnURL, download: `board-${st.board}.pbn`, id: "pbn-link", text: "Download PBN" }), " \u00b7 ",
      r.lin_url ? el("a", { href: r.lin_url, target: "_blank", rel: "noopener noreferrer", id: "lin-link", text: "Open in BBO's hand viewer" }) : null,
      el("details", {}, el("summary", { text: "PBN" }), el("pre", { id: "pbn", text: r.pbn }))),
    el("p", { class: "auctionline", text: st.auction.map((c) => callLabel(c.call)).join(" ") }));
}
