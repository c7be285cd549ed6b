// tableview.js: a table as the stream shows it: in play (its auction and
// cards so far, when the server allows), hidden, or between boards.

import { el, colored } from '../../shared/dom.js';
import { AUCTION_COLUMNS, auctionRows, callText, cardText, isRed, contractText } from '../../shared/cards.js';

/** tableView renders one table of the stream. */
export function tableView(t) {
  const head = el('div', { class: 'thead' },
    el('span', { class: 'tname' }, t.table),
    el('span', { class: 'teams' }, `${t.ns || '?'} (NS) v ${t.ew || '?'} (EW)`),
    el('span', { class: 'tstate' }, stateText(t)),
    el('span', { class: `phase ${phaseOf(t)}`, 'data-phase': phaseOf(t) }, PHASE_LABELS[phaseOf(t)] ?? phaseOf(t)));
  const box = el('div', {
    class: `table ${t.state}${t.hidden ? ' hidden' : ''}`, 'data-table': t.table, 'data-room': t.room, 'data-board': t.board || null,
  }, head);
  if (t.error) box.append(el('div', { class: 'error' }, t.error));
  const seat = seatNote(t);
  if (seat) box.append(el('div', { class: 'seatnote' }, seat));
  if (!t.board) return box;
  if (t.hidden) {
    box.append(el('div', { class: 'hiddennote' },
      `Board ${t.board} in play: hidden until ${(t.waiting_for || []).join(', ')} ${
        (t.waiting_for || []).length === 1 ? 'has' : 'have'} played it.`));
    return box;
  }
  box.append(el('div', { class: 'bhead' }, `Board ${t.board} · dealer ${t.dealer} · vul ${t.vul}`,
    t.contract ? ` · ${contractText(t.contract, t.declarer)}` : '',
    t.play && t.play.length ? ` · tricks NS ${t.tricks_ns || 0} EW ${t.tricks_ew || 0}` : ''));
  box.append(auctionTable(t.calls || []));
  if (t.trick && t.trick.length) box.append(trickDiagram(t.trick));
  if (t.play && t.play.length) {
    const cards = t.play.map((c) => colored(cardText(c), isRed(c)));
    const tricks = el('div', { class: 'playline' });
    cards.forEach((c, i) => {
      tricks.append(c, i % 4 === 3 ? el('span', { class: 'sep' }, ' | ') : ' ');
    });
    box.append(tricks);
  }
  return box;
}

/**
 * trickDiagram draws the trick on the table as players see it: each card
 * at its seat's side (N at the top, W at the left), the seat's letter by it.
 */
export function trickDiagram(trick) {
  return el('div', { class: 'minitrick', 'aria-label': 'the trick on the table', role: 'group' },
    ['N', 'W', 'E', 'S'].map((s) => {
      const c = trick.find((x) => x.seat === s);
      return el('div', { class: `mt${s}`, 'data-seat': s }, el('span', { class: 'mtseat' }, s), ' ',
        c ? el('span', { 'data-card': c.card }, colored(cardText(c.card), isRed(c.card))) : '\u00b7');
    }));
}

/**
 * phaseOf is a table's state at a glance: "auction", "play", "finished",
 * "faulted", "waiting-seat" (waiting for a seat: its bots not all seated yet, or
 * one lost and not back), "waiting" (not started, or between boards) or
 * "hidden" (its board is still to be played in the other room).
 */
export function phaseOf(t) {
  if (t.state === 'failed') return 'faulted';
  if (t.state === 'waiting') return 'waiting';
  if (t.state !== 'playing') return 'finished';
  if (t.waiting_seat) return 'waiting-seat';
  if (t.hidden) return 'hidden';
  if (!t.board) return 'waiting';
  if (!t.contract) return 'auction';
  return 'play';
}

/** PHASE_LABELS are the phases' words where they differ from the names. */
export const PHASE_LABELS = { 'waiting-seat': 'waiting for a seat' };

const SEAT_WORDS = { N: 'North', E: 'East', S: 'South', W: 'West' };

/**
 * seatNote says which seat a table waits for, in words: those whose
 * connection was lost, or, before its first board, its bots to be seated;
 * "" when it waits for none.
 */
export function seatNote(t) {
  if (t.state !== 'playing' || !t.waiting_seat) return '';
  const lost = (t.lost_seats || []).map((s) => SEAT_WORDS[s] ?? s);
  if (lost.length === 0) return 'Waiting for its bots to take their seats.';
  return `Waiting for ${lost.join(' and ')} to come back (${lost.length === 1 ? 'its connection was' : 'their connections were'} lost).`;
}

function stateText(t) {
  switch (t.state) {
    case 'playing': return `playing · ${t.done}/${t.boards} boards done`;
    case 'waiting': return `waiting · ${t.boards} boards`;
    case 'failed': return `failed · ${t.done}/${t.boards}`;
    default: return `finished · ${t.done}/${t.boards}`;
  }
}

/**
 * auctionTable renders calls ({seat, call, alert}) in four columns from
 * West, each under the seat the server says made it.
 */
export function auctionTable(calls) {
  const head = el('tr', {}, AUCTION_COLUMNS.map((s) => el('th', {}, s)));
  const rows = auctionRows(calls).map((row) => el('tr', {}, row.map((c) => {
    if (!c) return el('td');
    const td = el('td', { title: c.alert || null, class: c.alerted || c.alert ? 'alerted' : null },
      colored(callText(c.call), isRed(c.call)));
    if (c.alert) td.append(el('sup', {}, '!'));
    return td;
  })));
  return el('table', { class: 'auction' }, head, rows);
}
