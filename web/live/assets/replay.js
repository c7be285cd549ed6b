// replay.js: a played board step by step, for the hand viewer. Pure.

import { parseDeal, nextSeat, sideOf, strainOf, trickWinner, SUITS } from './cards.js';

/**
 * replay plays the first `step` cards of a board and returns where it
 * stands: the cards each seat still holds, the trick in progress (or the
 * last one, once complete) as {seat, card}, the tricks won by each side,
 * the seat to play next, and the played cards by index with their seats.
 * It throws on a card the seat does not hold, naming it.
 */
export function replay(dealPBN, contract, declarer, play, step) {
  const hands = parseDeal(dealPBN);
  const left = {};
  for (const s of Object.keys(hands)) {
    left[s] = hands[s] ? { ...hands[s] } : null;
  }
  const trump = strainOf(contract);
  const out = { left, trick: [], tricks: { NS: 0, EW: 0 }, next: null, seats: [] };
  if (!trump || !declarer) return out;
  let leader = nextSeat(declarer);
  let seat = leader;
  let cur = [];
  const n = Math.max(0, Math.min(step, play.length));
  for (let i = 0; i < n; i++) {
    const c = play[i];
    const h = left[seat];
    if (h) {
      if (!h[c[0]] || !h[c[0]].includes(c[1])) {
        throw new Error(`card ${i + 1} ${c}: ${seat} does not hold it`);
      }
      h[c[0]] = h[c[0]].replace(c[1], '');
    }
    out.seats.push(seat);
    cur.push({ seat, card: c });
    if (cur.length === 4) {
      const w = cur[trickWinner(cur.map((x) => x.card), trump)].seat;
      out.tricks[sideOf(w)]++;
      out.trick = cur;
      cur = [];
      leader = w;
      seat = w;
    } else {
      seat = nextSeat(seat);
    }
  }
  if (cur.length > 0) out.trick = cur;
  out.next = n < 52 ? seat : null;
  return out;
}

/** handCount returns how many cards a hand (suit -> ranks) holds. */
export function handCount(h) {
  return h ? SUITS.reduce((n, s) => n + h[s].length, 0) : 0;
}
