// viewer.js: the parts of the after-board hand viewer both pages show —
// the card-by-card replay's controls, the play with every card that lost
// tricks against double dummy marked, the double-dummy table and the
// tricks lost. Each page lays them out, with the options it needs; this
// module shows only what it is given (the server decides what that is).

import { el } from './dom.js';
import { DD_SEATS, DD_STRAINS, suitSymbol } from './cards.js';

/** clampStep keeps a replay step within a play of total cards: 0 (before the lead) to total. */
export function clampStep(step, total) {
  return Math.max(0, Math.min(total, step));
}

/**
 * lostMarks pairs each played card ("SA" or {seat, card}) with what it
 * cost against double dummy: {seat, card, lost}, lost 0 until the analysis
 * has come, and for a card the analysis does not name at that place.
 */
export function lostMarks(play, analysis) {
  const costs = analysis?.cards ?? [];
  return play.map((p, i) => {
    const card = typeof p === 'string' ? p : p.card;
    const seat = typeof p === 'string' ? undefined : p.seat;
    return { seat, card, lost: costs[i] && costs[i].card === card ? costs[i].lost : 0 };
  });
}

/** lostTitle says what a card cost: "lost 2 tricks against double dummy". */
export function lostTitle(lost) {
  return `lost ${lost} trick${lost > 1 ? 's' : ''} against double dummy`;
}

/** tricksLostText sums up an analysis: "Tricks lost against double dummy: NS 1, EW 0". */
export function tricksLostText(a) {
  return `Tricks lost against double dummy: NS ${a.tricks_lost.NS}, EW ${a.tricks_lost.EW}`;
}

export { DD_SEATS, DD_STRAINS };

/** ddRows lays the double-dummy table out as rows of declarer, then its tricks in each strain. */
export function ddRows(dd, seats = DD_SEATS, strains = DD_STRAINS) {
  return seats.map((s) => [s, ...strains.map((x) => dd[s][x])]);
}

/**
 * ddTable shows the double-dummy table: a head row of strains (each shown
 * by o.strainHead, its symbol unless given), then a row per declarer. o:
 * seats, strains, class, strainHead.
 */
export function ddTable(dd, o = {}) {
  const seats = o.seats ?? DD_SEATS;
  const strains = o.strains ?? DD_STRAINS;
  const head = o.strainHead ?? suitSymbol;
  return el('table', { class: o.class },
    el('thead', {}, el('tr', {}, el('th'), strains.map((s) => el('th', {}, head(s))))),
    el('tbody', {}, ddRows(dd, seats, strains).map((row) => el('tr', {}, row.map((c, i) => el(i ? 'td' : 'th', {}, String(c)))))));
}

const ARROWS = ['\u00ab', '\u25c0', '\u25b6', '\u00bb'];

/**
 * replayControls are the buttons to the start, one card back, one on and
 * to the end around a status text; go(step) is called with the step asked
 * for (to clamp). o: class, labels (four aria-labels), ids (four button
 * ids and the status's), statusClass, status (its text).
 */
export function replayControls(step, total, go, o = {}) {
  const labels = o.labels ?? ['to the start', 'one card back', 'one card on', 'to the end'];
  const ids = o.ids ?? [];
  const targets = [0, step - 1, step + 1, total];
  const button = (i) => el('button', { id: ids[i], onclick: () => go(targets[i]), 'aria-label': labels[i] }, ARROWS[i]);
  return el('div', { class: o.class },
    button(0), button(1), el('span', { id: ids[4], class: o.statusClass }, o.status ?? `card ${step} of ${total}`),
    button(2), button(3));
}

/**
 * playList shows the play trick by trick, each card a button that replays
 * up to it. marks come from lostMarks; cards before step are marked done,
 * cards that lost tricks lost, with a title saying how many. o: classes
 * {card, done, lost}; content(mark), what a button shows; gap, text after
 * each button.
 */
export function playList(marks, step, go, o = {}) {
  const cls = { card: 'pc', done: 'played', lost: 'lost', ...o.classes };
  const content = o.content ?? ((m) => m.card);
  const list = el('ol', { class: 'plays' });
  for (let t = 0; t * 4 < marks.length; t++) {
    const li = el('li');
    for (let i = t * 4; i < Math.min(marks.length, t * 4 + 4); i++) {
      const m = marks[i];
      li.append(el('button', {
        class: [cls.card, i < step ? cls.done : '', m.lost ? cls.lost : ''].filter(Boolean).join(' '),
        'data-lost': String(m.lost),
        title: m.lost ? lostTitle(m.lost) : null,
        onclick: () => go(i + 1),
      }, content(m)));
      if (o.gap) li.append(o.gap);
    }
    list.append(li);
  }
  return list;
}
