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

const RANK_WORDS = { A: 'ace', K: 'king', Q: 'queen', J: 'jack', T: 'ten', 9: 'nine', 8: 'eight', 7: 'seven', 6: 'six', 5: 'five', 4: 'four', 3: 'three', 2: 'two' };
const SUIT_WORDS = { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' };
const STRAIN_WORDS = { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs', NT: 'no trump', N: 'no trump' };

/** cardWords names a card for a screen reader: "SA" is "ace of spades". */
export function cardWords(c) { return `${RANK_WORDS[c[1]] ?? c[1]} of ${SUIT_WORDS[c[0]] ?? c[0]}`; }

/** callWords names a call for a screen reader: "1 heart"... "3 no trump", "pass", "double", "redouble". */
export function callWords(c) {
  if (c === 'Pass') return 'pass';
  if (c === 'X') return 'double';
  if (c === 'XX') return 'redouble';
  const level = c[0];
  const strain = STRAIN_WORDS[c.slice(1)] ?? c.slice(1);
  return `${level} ${level === '1' && strain !== 'no trump' ? strain.replace(/s$/, '') : strain}`;
}

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

const MINUS = '\u2212';

/**
 * contractText shows a contract as players write it: "4♠ by N", "3NTX by E",
 * "Passed out". contract is "4S", "3NTX", "5HXX" or "Pass"; declarer a seat
 * letter (left out when not given).
 */
export function contractText(contract, declarer) {
  if (!contract || contract === 'Pass') return 'Passed out';
  const m = /^([1-7])(NT|N|[SHDC])(X{0,2})$/i.exec(contract);
  if (!m) return contract;
  const bid = callText(m[1] + m[2].toUpperCase()) + m[3].toUpperCase();
  return declarer ? `${bid} by ${declarer}` : bid;
}

/**
 * sheetLabelText writes a score sheet item's label (the engine's words:
 * "2 overtricks, 4S by N", "3NTX by E") with each contract in the same
 * notation as contractText: "2 overtricks, 4♠ by N".
 */
export function sheetLabelText(label) {
  return String(label ?? '').replace(/\b([1-7](?:NT|[SHDC])X{0,2}) by ([NESW])\b/g, (_, c, seat) => contractText(c, seat));
}

/** overText shows a result against the contract: "=", "+1", "−2" (a true minus sign). */
export function overText(result) {
  const r = String(result ?? '').trim();
  if (r === '=' || r === '0' || r === '+0') return '=';
  return r.replace(/^-/, MINUS);
}

/**
 * resultText shows a room's result: "4♠ +1 by N", "3NT −2 by E", "2♥ = by S",
 * "Passed out". The result against the contract ("+1") is the server's
 * (room.result, by the engine); without one only the contract and declarer
 * are shown.
 */
export function resultText(room) {
  if (room.termination && room.termination !== 'normal') {
    return room.adjusted ? `${room.termination} (${room.adjusted.ns}/${room.adjusted.ew})` : room.termination;
  }
  if (!room.contract || room.contract === 'Pass') return 'Passed out';
  const bid = contractText(room.contract);
  const by = room.declarer ? ` by ${room.declarer}` : '';
  if (room.result == null || room.result === '') return bid + by;
  return `${bid} ${overText(room.result)}${by}`;
}

/** pointsText shows a score with its sign: "+420", "−50", "0". */
export function pointsText(n) {
  return n > 0 ? `+${n}` : n < 0 ? `${MINUS}${-n}` : '0';
}

/**
 * parText shows par: "Par +420 to NS: 4♠ by N" (or "…: 4♥ by NS, 4♠ by EW"),
 * from the analysis's par score to North-South and its par contracts as the
 * solver writes them ("4S N", "5Hx EW"); "Par 0: passed out" without any.
 */
export function parText(score, contracts) {
  const list = (contracts ?? []).map((c) => {
    const [bid, who] = String(c).trim().split(/\s+/);
    return contractText(bid.toUpperCase(), who);
  });
  return `Par ${pointsText(score)} to NS: ${list.length ? list.join(', ') : 'passed out'}`;
}

/** The double-dummy table's order on every page: declarers North, South, East, West in rows, strains from clubs up to no trump in columns (as DDS's tools print it). */
export const DD_SEATS = ['N', 'S', 'E', 'W'];
export const DD_STRAINS = ['C', 'D', 'H', 'S', 'NT'];
