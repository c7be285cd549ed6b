// replay.js: a played board card by card, for the hand viewers. Pure.
//
// It applies no rule of bridge: the server sends each card with the seat
// that played it and each complete trick's winner, as the engine decided
// them; replay only takes the cards out of the hands and counts the
// tricks it is told each side won.

import { SEATS, parseDeal, sideOf } from './cards.js';

/**
 * replay plays the first `step` cards of a board and returns where it
 * stands: `hands`, the cards each seat still holds (null for a hand not
 * known); `trick`, the trick in progress (or the last one, once complete)
 * as {seat, card}; `tricks`, those won by each side; and `next`, the seat
 * of the next card played (null at the end of the play).
 *
 * deal is a PBN deal string or hands by seat (lists of cards); played is
 * every card in order as {seat, card}; winners is the seat that won each
 * complete trick, in order (the server's). A card without a seat, one its
 * seat does not hold, or a complete trick without a winner is an error
 * naming it.
 */
export function replay(deal, played, winners, step) {
  const hands = {};
  const given = typeof deal === 'string' ? parseDeal(deal) : deal;
  for (const s of SEATS) hands[s] = given[s] ? [...given[s]] : null;
  const won = winners ?? [];
  const out = { hands, trick: [], tricks: { NS: 0, EW: 0 }, next: null };
  let cur = [];
  const n = Math.max(0, Math.min(step, played.length));
  for (let i = 0; i < n; i++) {
    const { seat, card } = played[i] ?? {};
    if (!SEATS.includes(seat)) throw new Error(`card ${i + 1} ${card ?? ''}: no seat given (${JSON.stringify(seat ?? null)})`);
    const h = hands[seat];
    if (h) {
      if (!h.includes(card)) throw new Error(`card ${i + 1} ${card}: ${seat} does not hold it`);
      hands[seat] = h.filter((x) => x !== card);
    }
    cur.push({ seat, card });
    if (cur.length === 4) {
      const t = (i + 1) / 4;
      const w = won[t - 1];
      if (!SEATS.includes(w)) throw new Error(`trick ${t}: no winner given (${JSON.stringify(w ?? null)})`);
      out.tricks[sideOf(w)]++;
      out.trick = cur;
      cur = [];
    }
  }
  if (cur.length > 0) out.trick = cur;
  out.next = n < played.length ? played[n].seat ?? null : null;
  return out;
}
