// Rendering cards and hands.

import { el } from "../../../shared/dom.js";
import { bySuit, SUITS, suitSymbol, rankText, isRed, cardWords } from "../../../shared/cards.js";

// cardButton is one card of a hand: a button, enabled when it may be played.
export function cardButton(card, { playable = false, onplay } = {}) {
  const suit = card[0];
  return el("button", {
    class: `card ${isRed(suit) ? "red" : "black"}${playable ? " playable" : ""}`,
    dataset: { card },
    disabled: !playable,
    type: "button",
    "aria-label": cardWords(card),
    onclick: playable && onplay ? (e) => onplay(card, e.currentTarget) : undefined,
  }, el("span", { class: "rank", text: rankText(card[1]) }), el("span", { class: "suit", text: suitSymbol(suit) }));
}

// handView shows a hand by suits; legal (a Set) marks the playable cards.
export function handView(cards, { legal = new Set(), onplay, label } = {}) {
  const groups = bySuit(cards);
  return el("div", { class: "hand", role: "group", "aria-label": label },
    SUITS.map((s) => el("div", { class: `suitrow ${isRed(s) ? "red" : "black"}` },
      el("span", { class: "suitmark", text: suitSymbol(s) }),
      groups[s].length === 0 ? el("span", { class: "void", text: "\u2014" }) :
        groups[s].map((c) => cardButton(c, { playable: legal.has(c), onplay })))));
}

// hiddenHand shows how many cards a hidden hand still holds, and nothing
// else: the page never knows them.
export function hiddenHand(count) {
  return el("div", { class: "hand hidden", role: "img", "aria-label": `${count} hidden card${count === 1 ? "" : "s"}` },
    el("div", { class: "backs" }, Array.from({ length: count }, () => el("span", { class: "back" }))));
}

// playedCard is a card on the table (not a button).
export function playedCard(card) {
  const suit = card[0];
  return el("span", { class: `tcard ${isRed(suit) ? "red" : "black"}`, role: "img", "aria-label": cardWords(card), dataset: { played: card } },
    rankText(card[1]), suitSymbol(suit));
}
