// Cards typed on the keyboard.

import { suitOf, cardText } from "../../../shared/cards.js";

const RANK_KEYS = { a: "A", k: "K", q: "Q", j: "J", t: "T", 0: "T", 9: "9", 8: "8", 7: "7", 6: "6", 5: "5", 4: "4", 3: "3", 2: "2" };
const SUIT_KEYS = { s: "S", h: "H", d: "D", c: "C" };

// parseCardKeys reads a card typed as suit then rank ("sq", "h10") or rank
// then suit ("qs"); when only one suit can be played, the rank alone is
// enough. It returns {card}, {pending: true} or {error}.
export function parseCardKeys(keys, legal) {
  let k = keys.toLowerCase().replace("10", "t");
  if (k === "" || k === "1") return { pending: true };
  const suits = new Set(legal.map(suitOf));
  const pick = (card) => (legal.includes(card) ? { card } : { error: `${cardText(card)} cannot be played now` });
  if (k.length === 1) {
    if (SUIT_KEYS[k]) return { pending: true };
    if (RANK_KEYS[k]) {
      if (suits.size === 1) return pick([...suits][0] + RANK_KEYS[k]);
      return { pending: true };
    }
    return { error: `"${keys}" is not a card (type a suit and a rank: sq, h10)` };
  }
  if (/^[shdc]1$/.test(k)) return { pending: true }; // "h1" on the way to "h10"
  if (k.length === 2) {
    const [a, b] = k;
    if (SUIT_KEYS[a] && RANK_KEYS[b]) return pick(SUIT_KEYS[a] + RANK_KEYS[b]);
    if (RANK_KEYS[a] && SUIT_KEYS[b]) return pick(SUIT_KEYS[b] + RANK_KEYS[a]);
  }
  return { error: `"${keys}" is not a card (type a suit and a rank: sq, h10)` };
}
