// Cards and seats as the server writes them: a card is suit then rank
// ("SA", "HT", "C2"), a seat one letter (N E S W).

export const SUITS = ["S", "H", "D", "C"];
export const RANKS = "AKQJT98765432";
export const SEATS = ["N", "E", "S", "W"];
export const SEAT_NAMES = { N: "North", E: "East", S: "South", W: "West" };
const SYMBOLS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663", NT: "NT", N: "NT" };

export function suitOf(card) { return card[0]; }
export function rankOf(card) { return card[1]; }
export function suitSymbol(s) { return SYMBOLS[s] ?? s; }
export function isRed(s) { return s === "H" || s === "D"; }

// rankLabel shows a ten as "10", as players read it.
export function rankLabel(r) { return r === "T" ? "10" : r; }

export function cardLabel(card) { return suitSymbol(suitOf(card)) + rankLabel(rankOf(card)); }

// sortCards orders cards spades first, then hearts, diamonds, clubs, each
// from the ace down.
export function sortCards(cards) {
  return [...cards].sort((a, b) =>
    SUITS.indexOf(a[0]) - SUITS.indexOf(b[0]) || RANKS.indexOf(a[1]) - RANKS.indexOf(b[1]));
}

// bySuit groups cards into suits in display order: {S: [...], H: [...], ...}.
export function bySuit(cards) {
  const out = { S: [], H: [], D: [], C: [] };
  for (const c of sortCards(cards)) out[c[0]].push(c);
  return out;
}

export function nextSeat(s) { return SEATS[(SEATS.indexOf(s) + 1) % 4]; }
export function partnerOf(s) { return SEATS[(SEATS.indexOf(s) + 2) % 4]; }
export function sideOf(s) { return s === "N" || s === "S" ? "NS" : "EW"; }

// compass places the seats so that the person sits at the bottom.
export function compass(you) {
  const i = SEATS.indexOf(you);
  return { bottom: you, left: SEATS[(i + 1) % 4], top: SEATS[(i + 2) % 4], right: SEATS[(i + 3) % 4] };
}

// isVulnerable tells whether a seat's side is vulnerable.
export function isVulnerable(vul, seat) {
  return vul === "All" || vul === sideOf(seat);
}
