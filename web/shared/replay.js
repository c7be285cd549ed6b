// replay.js: a played board card by card, for the hand viewers. Pure.

import { SEATS, parseDeal, nextSeat, sideOf, strainOf, trickWinner } from './cards.js';

/**
 * replay plays the first `step` cards of a board and returns where it
 * stands: `hands`, the cards each seat still holds (null for a hand not
 * known); `trick`, the trick in progress (or the last one, once complete)
 * as {seat, card}; `tricks`, those won by each side; `next`, the seat to
 * play next (null once the play is over or when there is none); and
 * `seats`, the seat of each card played.
 *
 * deal is a PBN deal string or hands by seat (lists of cards); play is the
 * cards in order, each "SA" or {seat, card}. The seats follow from the
 * declarer and the trick winners; a card given with another seat, or one
 * its seat does not hold, is an error naming it.
 */
export function replay(deal, contract, declarer, play, step) {
  const hands = {};
  const given = typeof deal === 'string' ? parseDeal(deal) : deal;
  for (const s of SEATS) hands[s] = given[s] ? [...given[s]] : null;
  const trump = strainOf(contract);
  const out = { hands, trick: [], tricks: { NS: 0, EW: 0 }, next: null, seats: [] };
  if (!trump || !declarer) return out;
  let seat = nextSeat(declarer);
  let cur = [];
  const n = Math.max(0, Math.min(step, play.length));
  for (let i = 0; i < n; i++) {
    const p = play[i];
    const c = typeof p === 'string' ? p : p.card;
    if (typeof p !== 'string' && p.seat && p.seat !== seat) {
      throw new Error(`card ${i + 1} ${c}: played by ${p.seat}, but ${seat} is to play`);
    }
    const h = hands[seat];
    if (h) {
      if (!h.includes(c)) throw new Error(`card ${i + 1} ${c}: ${seat} does not hold it`);
      hands[seat] = h.filter((x) => x !== c);
    }
    out.seats.push(seat);
    cur.push({ seat, card: c });
    if (cur.length === 4) {
      const w = cur[trickWinner(cur.map((x) => x.card), trump)].seat;
      out.tricks[sideOf(w)]++;
      out.trick = cur;
      cur = [];
      seat = w;
    } else {
      seat = nextSeat(seat);
    }
  }
  if (cur.length > 0) out.trick = cur;
  out.next = n < 52 ? seat : null;
  return out;
}
