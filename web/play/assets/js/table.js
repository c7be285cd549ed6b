// The table in play: four hands around the trick, the auction, the bidding
// box and what is happening now. It renders a state message of the server
// and nothing else.

import { el, clear } from "../../../shared/dom.js";
import { SEAT_NAMES, AUCTION_COLUMNS, compass, isVulnerable, sideOf, callText, auctionRows, contractText, callWords, sheetLabelText } from "../../../shared/cards.js";
import { boxLayout } from "./bidding.js";
import { handView, hiddenHand, playedCard } from "./hand.js";
import { loadButton } from "./viewer.js";

// cardsLeft counts the cards a seat still holds, from the cards played.
export function cardsLeft(played, seat) {
  return 13 - played.filter((p) => p.seat === seat).length;
}

function seatTitle(st, seat) {
  const who = seat === st.seat ? "You" : `refbot ${st.level}`;
  const tags = [];
  if (seat === st.declarer) tags.push("declarer");
  if (seat === st.dummy) tags.push("dummy");
  if (seat === st.dealer) tags.push("dealer");
  if (seat === st.plays_for) tags.push("you play its cards");
  return el("div", { class: `seatname${isVulnerable(st.vul, seat) ? " vul" : ""}${st.turn === seat && st.phase !== "done" ? " onturn" : ""}` },
    el("strong", { text: `${SEAT_NAMES[seat]}` }), ` ${who}`, tags.length ? el("span", { class: "tags", text: ` \u00b7 ${tags.join(", ")}` }) : null,
    st.thinking === seat ? el("span", { class: "thinking", text: " thinking\u2026" }) : null);
}

function seatBox(st, seat, pos, onplay) {
  const cards = st.hands[seat];
  const legal = new Set(st.your === "card" && st.turn === seat ? st.legal_cards ?? [] : []);
  const body = cards ? handView(cards, { legal, onplay, label: `${SEAT_NAMES[seat]}'s cards` }) : hiddenHand(cardsLeft(st.played, seat));
  return el("section", { class: `seat ${pos}`, dataset: { seat } }, seatTitle(st, seat), body);
}

function trickArea(st, places) {
  const area = el("div", { class: "trick", role: "group", "aria-label": "cards on the table" });
  const shown = st.trick.length > 0 ? st.trick : st.phase === "done" ? [] : (st.last_trick ?? []);
  const isLast = st.trick.length === 0 && shown.length > 0;
  for (const [pos, seat] of Object.entries(places)) {
    const p = shown.find((t) => t.seat === seat);
    area.append(el("div", { class: `slot ${pos}` }, p ? playedCard(p.card) : null));
  }
  if (isLast) area.append(el("div", { class: "lastnote", text: `won by ${SEAT_NAMES[st.last_won]}` }));
  return area;
}

function contractLine(st) {
  if (!st.contract) return "Auction in progress";
  return contractText(st.contract, st.declarer);
}

// statusText says what is happening, in one line.
export function statusText(st) {
  if (st.thinking) return `${SEAT_NAMES[st.thinking]} is thinking\u2026`;
  switch (st.your) {
    case "call": return "Your call";
    case "card":
      // Playing the side's contract from dummy's seat: the person's own
      // hand is dummy's, and partner's is declarer's.
      if (st.plays_for) return st.turn === st.plays_for ? `Your card from declarer's hand (${SEAT_NAMES[st.turn]})` : `Your card from dummy (${SEAT_NAMES[st.turn]})`;
      return st.turn === st.seat ? "Your card" : `Your card from dummy (${SEAT_NAMES[st.turn]})`;
    case "next": return st.sheet ? "Deal over" : "Board over";
  }
  return st.phase === "done" ? (st.sheet ? "Deal over" : "Board over") : `${SEAT_NAMES[st.turn] ?? ""} to act`;
}

// renderTable draws the table into root. act(kind, fields) sends an intent.
export function renderTable(root, st, act, ui) {
  const places = compass(st.seat);
  const onplay = (card, button) => confirmTap(ui, `card ${card}`, button, () => act("card", { card }));
  clear(root);
  const info = el("div", { class: "info" },
    el("div", {}, el("strong", { text: `${st.sheet ? "Deal" : "Board"} ${st.board}` }), ` \u00b7 dealer ${SEAT_NAMES[st.dealer]} \u00b7 vulnerable: ${st.vul === "None" ? "none" : st.vul === "All" ? "both" : st.vul}`),
    el("div", { id: "contract", text: contractLine(st) }),
    el("div", { id: "tricks", text: `Tricks NS ${st.tricks.NS} \u00b7 EW ${st.tricks.EW}` }),
    el("div", { id: "status", class: st.thinking ? "busy" : st.your ? "yours" : "", text: statusText(st) }));
  const board = el("div", { class: "board" },
    seatBox(st, places.top, "top", onplay),
    seatBox(st, places.left, "left", onplay),
    trickArea(st, places),
    seatBox(st, places.right, "right", onplay),
    seatBox(st, places.bottom, "bottom", onplay));
  // After the board the hand viewer below shows the table; here stay the
  // facts and the auction.
  const live = !st.result;
  // Before the session's first board is played, a PBN file's deals may
  // take its place (the table says when: st.load); later boards offer
  // it after each board, in the viewer.
  const loadFirst = live && st.load && st.session.boards === 0 ? el("div", { class: "actions loadfirst" }, loadButton(act)) : null;
  root.append(...[info, live ? board : null, auctionView(st, ui), st.your === "call" ? biddingBox(st, act, ui) : null,
    live ? lastTrickView(st) : null, st.sheet ? sheetView(st) : null, totalsView(st), loadFirst].filter(Boolean));
}

// callExplanation says what a call means and whether it was alerted, in
// words: what a tap, a click or keyboard focus on the call shows.
export function callExplanation(c) {
  const alerted = c.alert ? `alerted: ${c.alert}` : "not alerted";
  const meaning = c.meaning ? `; refbot reads: ${c.meaning}` : "";
  return `${SEAT_NAMES[c.seat]} ${callText(c.call)}${c.alert ? "!" : ""}: ${alerted}${meaning}`;
}

function auctionView(st, ui) {
  const head = AUCTION_COLUMNS.map((s) => el("th", { class: isVulnerable(st.vul, s) ? "vul" : "", scope: "col", text: SEAT_NAMES[s] }));
  const rows = auctionRows(st.auction).map((row) => el("tr", {}, row.map((c) => {
    if (!c) return el("td", {});
    const mark = c.alert ? "!" : "";
    const text = callExplanation(c);
    const show = () => ui.explain(text);
    return el("td", {}, el("button", {
      type: "button", class: `call${c.alert ? " alerted" : ""}`, title: text, "aria-describedby": "explain",
      "aria-label": `${SEAT_NAMES[c.seat]}: ${callWords(c.call)}${c.alert ? ", alerted" : ""}`,
      dataset: { call: c.call, seat: c.seat }, onclick: show, onfocus: show,
    }, callText(c.call), mark));
  })));
  return el("div", { class: "auction" }, el("table", {}, el("thead", {}, el("tr", {}, head)), el("tbody", {}, rows)),
    el("div", { id: "explain", class: "explain", "aria-live": "polite", text: ui.explanation ?? "Tap a call to read what it means and whether it was alerted." }));
}

function biddingBox(st, act, ui) {
  const alert = el("input", { id: "alert", type: "text", maxlength: "200", placeholder: "alert text (optional)", "aria-label": "alert your call", value: ui.alertText ?? "",
    oninput: (e) => { ui.alertText = e.target.value; } });
  const send = (call) => { const text = ui.alertText ?? ""; ui.alertText = ""; act("call", text ? { call, alert: text } : { call }); };
  const rows = boxLayout(st.legal_calls ?? []).map((row) => el("div", { class: "boxrow" }, row.map((b) =>
    el("button", { type: "button", class: `bid${b.call.length > 2 || b.call === "X" ? " wide" : ""}`, dataset: { bid: b.call }, disabled: !b.legal, "aria-label": callWords(b.call),
      onclick: b.legal ? (e) => confirmTap(ui, `call ${b.call}`, e.currentTarget, () => send(b.call)) : undefined }, callText(b.call)))));
  return el("div", { class: "box", role: "group", "aria-label": "bidding box" }, rows, alert);
}

// confirmTap acts at once, or, when the person asked to confirm each call
// and card, marks the first tap and acts on a second tap of the same
// button: a mistap on a phone is then not final.
export function confirmTap(ui, key, button, go) {
  if (!ui.confirm || ui.armed === key) {
    ui.armed = null;
    go();
    return;
  }
  ui.armed = key;
  for (const b of document.querySelectorAll(".armed")) b.classList.remove("armed");
  button?.classList.add("armed");
  const hint = document.getElementById("keys");
  if (hint) hint.textContent = `Tap ${key.replace(/^call |^card /, "")} again to confirm, or choose another.`;
}

function lastTrickView(st) {
  if (!st.last_trick || st.last_trick.length === 0) return null;
  return el("div", { class: "last" }, "Last trick: ", st.last_trick.map((p) => el("span", {}, `${p.seat} `, playedCard(p.card), " ")),
    `won by ${SEAT_NAMES[st.last_won]}`);
}

// sheetColumns arranges a rubber's score sheet for the person: their side
// ("We") first, each column's items above the line, then below the line
// game by game.
export function sheetColumns(sheet, you) {
  const we = sideOf(you), they = we === "NS" ? "EW" : "NS";
  const col = (side) => ({
    side,
    above: sheet[side.toLowerCase()].above ?? [],
    total: sheet[side.toLowerCase()].total,
    games: sheet[side.toLowerCase()].games,
    vulnerable: sheet[side.toLowerCase()].vulnerable,
  });
  const games = (sheet.games ?? []).map((g) => ({
    number: g.number, winner: g.winner ?? "",
    we: g[we.toLowerCase()] ?? [], they: g[they.toLowerCase()] ?? [],
  }));
  return { we: col(we), they: col(they), games, over: sheet.over, winner: sheet.winner ?? "" };
}

function sheetView(st) {
  const c = sheetColumns(st.sheet, st.seat);
  const items = (list) => el("ul", {}, list.map((it) => el("li", { title: sheetLabelText(it.label) }, `${it.points}`, el("small", { text: ` ${sheetLabelText(it.label)}` }))));
  const head = (col, name) => el("th", {}, `${name} (${col.side})`, col.vulnerable ? el("span", { class: "vulmark", text: " vul" }) : null);
  return el("div", { class: "sheet", id: "sheet" },
    el("table", {},
      el("thead", {}, el("tr", {}, head(c.we, "We"), head(c.they, "They"))),
      el("tbody", {},
        el("tr", { class: "above" }, el("td", {}, items(c.we.above)), el("td", {}, items(c.they.above))),
        c.games.map((g) => el("tr", { class: `below${g.winner ? " won" : ""}` },
          el("td", {}, items(g.we)), el("td", {}, items(g.they))))),
      el("tfoot", {}, el("tr", {}, el("td", { text: `${c.we.total} (${c.we.games} game${c.we.games === 1 ? "" : "s"})` }),
        el("td", { text: `${c.they.total} (${c.they.games} game${c.they.games === 1 ? "" : "s"})` })))),
    el("p", { class: "sheetnote", text: "Below the line: trick points toward game. Above the line: overtricks, bonuses, penalties, honours and the rubber bonus." }),
    c.over ? el("p", { class: "sheetover", text: c.winner ? `Rubber over: ${c.winner === c.we.side ? "you win" : "they win"}` : "Rubber over: a draw" } ) : null);
}

// boardKeys are the keys after a board, as the footer lists them: a
// rubber's deal is on its score sheet, so it is the next deal and is not
// played again.
export function boardKeys(sheet) {
  return sheet ? [["n", "next deal"]] : [["n", "next board"], ["a", "play it again"]];
}

function totalsView(st) {
  const s = st.session;
  const what = st.sheet ? `${s.rubbers ?? 0} rubber${s.rubbers === 1 ? "" : "s"} finished, net points ` : "raw score ";
  const unit = st.sheet ? "deal" : "board";
  return el("div", { class: "totals", id: "totals" },
    `Session: ${s.boards} ${unit}${s.boards === 1 ? "" : "s"}, ${what}${s.score >= 0 ? "+" : ""}${s.score}`,
    s.analysed ? `, ${s.lost} trick${s.lost === 1 ? "" : "s"} lost against double dummy (${s.analysed} analysed)` : "");
}
