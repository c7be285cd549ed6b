// cards.js: cards, hands, calls, seats and results as both pages show
// them. A card is suit then rank ("SA", "HT", "C2"), a seat one letter
// (N E S W), a call "1H", "3NT" (or "3N"), "Pass", "X", "XX". Pure, and
// no rule of bridge: who wins a trick, a contract's result and the like are
// the server's (the engine's), sent with the data.

export const SEATS = ['N', 'E', 'S', 'W'];
export const SUITS = ['S', 'H', 'D', 'C'];
export const RANKS = 'AKQJT98765432';
export const SEAT_NAMES = { N: 'North', E: 'East', S: 'South', W: 'West' };
const SYMBOLS = { S: '\u2660', H: '\u2665', D: '\u2666', C: '\u2663', NT: 'NT', N: 'NT' };

/** suitOf is a card's suit ("S"). */
export function suitOf(card) { return card[0]; }

/** rankOf is a card's rank ("A", "T"). */
export function rankOf(card) { return card[1]; }

/** suitSymbol shows a suit (or strain) as players read it: "♠", "NT". */
export function suitSymbol(s) { return SYMBOLS[s] ?? s; }

/** isRed says whether a suit, a card or a bid is shown in red. */
export function isRed(x) {
  const s = x.length === 2 && SUITS.includes(x[0]) ? x[0] : x.slice(-1);
  return s === 'H' || s === 'D';
}

/** rankText shows a rank, a ten as "10". */
export function rankText(r) { return r === 'T' ? '10' : r; }

/** cardText shows a card "SA" as "♠A". */
export function cardText(c) { return suitSymbol(c[0]) + rankText(c[1]); }

/** callText shows a call: bids with suit symbols, "NT", Pass, X, XX. */
export function callText(c) {
  if (c === 'Pass' || c === 'X' || c === 'XX') return c;
  return c[0] + suitSymbol(c.slice(1));
}

/** sortCards orders cards spades first, then hearts, diamonds, clubs, each from the ace down. */
export function sortCards(cards) {
  return [...cards].sort((a, b) =>
    SUITS.indexOf(a[0]) - SUITS.indexOf(b[0]) || RANKS.indexOf(a[1]) - RANKS.indexOf(b[1]));
}

/** bySuit groups cards into suits in display order: {S: [...], H: [...], ...}. */
export function bySuit(cards) {
  const out = { S: [], H: [], D: [], C: [] };
  for (const c of sortCards(cards)) out[c[0]].push(c);
  return out;
}

/** sortRanks puts ranks in order, ace first. */
export function sortRanks(ranks) {
  return [...ranks].sort((a, b) => RANKS.indexOf(a) - RANKS.indexOf(b)).join('');
}

/** nextSeat is the seat after s, clockwise. */
export function nextSeat(s) { return SEATS[(SEATS.indexOf(s) + 1) % 4]; }

/** partnerOf is the seat across the table. */
export function partnerOf(s) { return SEATS[(SEATS.indexOf(s) + 2) % 4]; }

/** sideOf is the side ("NS" or "EW") of a seat. */
export function sideOf(s) { return s === 'N' || s === 'S' ? 'NS' : 'EW'; }

/** AUCTION_COLUMNS are the auction's columns as players write it down, West first. */
export const AUCTION_COLUMNS = ['W', 'N', 'E', 'S'];

/**
 * auctionRows lays calls ({seat, call, ...}, in the order made) out in
 * rows of four, each call in its seat's column (AUCTION_COLUMNS), null for
 * an empty cell; a call in a column at or left of the one before starts a
 * new row. The seats are the server's: nothing here works out whose turn
 * it was. A call without a seat is an error naming it.
 */
export function auctionRows(calls) {
  const rows = [];
  let row = null;
  let last = 4;
  calls.forEach((c, i) => {
    const col = AUCTION_COLUMNS.indexOf(c?.seat);
    if (col < 0) throw new Error(`call ${i + 1} ${c?.call ?? ''}: no seat given (${JSON.stringify(c?.seat ?? null)})`);
    if (col <= last) {
      row = [null, null, null, null];
      rows.push(row);
    }
    row[col] = c;
    last = col;
  });
  return rows;
}

/** compass places the seats so that `you` sit at the bottom. */
export function compass(you) {
  const i = SEATS.indexOf(you);
  return { bottom: you, left: SEATS[(i + 1) % 4], top: SEATS[(i + 2) % 4], right: SEATS[(i + 3) % 4] };
}

/** isVulnerable tells whether a seat's side is vulnerable ("None", "NS", "EW", "All"). */
export function isVulnerable(vul, seat) {
  return vul === 'All' || vul === sideOf(seat);
}

/**
 * parseDeal reads a PBN deal string ("N:AK7.K832.Q752.98 ...", from any
 * seat; "-" for an unknown hand) into hands by seat, each a list of cards
 * in display order ("SA", "SK", ...), or null for an unknown hand. It
 * throws on a malformed string, naming what is wrong.
 */
export function parseDeal(pbn) {
  const m = /^([NESW]):(.*)$/.exec(String(pbn).trim());
  if (!m) throw new Error(`deal ${JSON.stringify(pbn)}: want "N:" (or E, S, W) and four hands`);
  const hands = m[2].trim().split(/\s+/);
  if (hands.length !== 4) throw new Error(`deal ${JSON.stringify(pbn)}: ${hands.length} hands, want 4`);
  const out = {};
  let seat = m[1];
  for (const h of hands) {
    out[seat] = h === '-' ? null : parseHand(h, seat);
    seat = nextSeat(seat);
  }
  return out;
}

function parseHand(h, seat) {
  const suits = h.split('.');
  if (suits.length !== 4) throw new Error(`hand of ${seat} ${JSON.stringify(h)}: want four suits`);
  const cards = [];
  SUITS.forEach((s, i) => {
    for (const r of suits[i].toUpperCase()) {
      if (!RANKS.includes(r)) throw new Error(`hand of ${seat}: no rank ${JSON.stringify(r)}`);
      cards.push(s + r);
    }
  });
  return sortCards(cards);
}

/**
 * resultText shows a room's result: "4S N +1", "3NT E -2", "Pass". The
 * result against the contract ("+1") is the server's (room.result, by the
 * engine); without one only the contract and declarer are shown.
 */
export function resultText(room) {
  if (room.termination && room.termination !== 'normal') {
    return room.adjusted ? `${room.termination} (${room.adjusted.ns}/${room.adjusted.ew})` : room.termination;
  }
  if (!room.contract || room.contract === 'Pass') return 'Pass';
  if (!room.result) return `${room.contract} ${room.declarer}`;
  return `${room.contract} ${room.declarer} ${room.result}`;
}
