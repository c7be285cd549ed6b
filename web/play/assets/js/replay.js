// Replaying a finished board card by card: where every card is after the
// first n cards of the play.

import { SEATS, nextSeat } from "./cards.js";

const RANK_ORDER = "23456789TJQKA";

// trickWinner returns the seat that wins a trick of four {seat, card},
// given the trump ("NT" for none).
export function trickWinner(trick, trump) {
  let best = trick[0];
  for (const t of trick.slice(1)) {
    const b = best.card, c = t.card;
    if (c[0] === b[0]) {
      if (RANK_ORDER.indexOf(c[1]) > RANK_ORDER.indexOf(b[1])) best = t;
    } else if (c[0] === trump && b[0] !== trump) {
      best = t;
    }
  }
  return best.seat;
}

// positionAt returns the board after n cards: each seat's remaining cards,
// the trick on the table (the current one, or the last complete one when
// n ends a trick), and the tricks won by each side.
export function positionAt(deal, played, n, trump) {
  const hands = {};
  for (const s of SEATS) hands[s] = [...deal[s]];
  const tricks = { NS: 0, EW: 0 };
  let trick = [];
  for (let i = 0; i < n && i < played.length; i++) {
    if (trick.length === 4) trick = [];
    const p = played[i];
    hands[p.seat] = hands[p.seat].filter((c) => c !== p.card);
    trick.push(p);
    if (trick.length === 4) {
      const w = trickWinner(trick, trump);
      tricks[w === "N" || w === "S" ? "NS" : "EW"]++;
    }
  }
  return { hands, trick, tricks };
}

// leaderAfter returns who plays next after n cards (n < played.length
// gives the seat of card n), for the replay's "to play" mark.
export function leaderAfter(played, n, opener) {
  if (n < played.length) return played[n].seat;
  if (played.length === 0) return opener;
  return nextSeat(played[played.length - 1].seat);
}
