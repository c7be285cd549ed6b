// handviewer.js: a finished, public board: the four hands, each room's
// auction and play with a card-by-card replay, the double-dummy table, par
// and the tricks each card lost against double dummy.

import { el, colored } from '../../shared/dom.js';
import { SUITS, suitSymbol, bySuit, cardText, isRed, rankText, resultText, parText, contractText } from '../../shared/cards.js';
import { replay } from '../../shared/replay.js';
import { clampStep, lostMarks, ddTable, replayControls, playList, tricksLostText } from '../../shared/viewer.js';
import { auctionTable } from './tableview.js';

/**
 * handViewer renders a board detail (GET api/board) into a new element.
 * The returned element handles its own replay buttons and arrow keys.
 */
export function handViewer(d) {
  const root = el('div', { class: 'viewer', 'data-match': d.match, 'data-board': d.board, tabindex: '0' });
  let room = 0;
  let step = 0;
  // Each room's cards with their seats (and, in content, each trick's
  // winner), as the server's engine decided them.
  const played = (i) => (d.played || [])[i] || [];
  // playing: the replay steps on by itself, a card every 0.8 s, until
  // the end or until the person steps, jumps or changes room.
  let timer = null;
  const stop = () => { clearInterval(timer); timer = null; };
  const draw = () => {
    root.replaceChildren(...content(d, room, step, {
      room: (i) => { stop(); room = i; step = 0; draw(); },
      step: (n) => { stop(); step = clampStep(n, played(room).length); draw(); },
      playing: () => timer !== null,
      play: () => {
        if (timer) { stop(); draw(); return; }
        if (step >= played(room).length) step = 0;
        timer = setInterval(() => {
          step = Math.min(played(room).length, step + 1);
          if (step >= played(room).length) stop();
          draw();
        }, 800);
        draw();
      },
    }));
  };
  root.addEventListener('keydown', (e) => {
    const n = played(room).length;
    if (e.key === 'ArrowRight') { step = Math.min(n, step + 1); draw(); e.preventDefault(); }
    if (e.key === 'ArrowLeft') { step = Math.max(0, step - 1); draw(); e.preventDefault(); }
    if (e.key === 'Home') { step = 0; draw(); e.preventDefault(); }
    if (e.key === 'End') { step = n; draw(); e.preventDefault(); }
  });
  // The viewer opens before the opening lead, all four hands full.
  step = 0;
  draw();
  return root;
}

function content(d, room, step, on) {
  const r = d.rooms[room];
  const play = (d.played || [])[room] || [];
  const winners = (d.winners || [])[room] || [];
  const an = (d.analysis || [])[room];
  let pos;
  let err = '';
  try {
    pos = replay(d.deal, play, winners, step);
  } catch (e) {
    err = e.message;
    pos = replay(d.deal, play, winners, 0);
  }
  const tabs = el('div', { class: 'rooms' }, d.rooms.map((x, i) => el('button', {
    class: i === room ? 'on' : null, onclick: () => on.room(i), 'data-room': x.room,
  }, `${x.room || 'table'}: ${resultText(x)}${x.score_ns != null ? ` (${x.score_ns})` : ''}`)));
  const out = [
    el('h3', {}, `${d.match ? d.match + ' · ' : ''}Board ${d.board} · dealer ${d.dealer} · vul ${d.vul}`,
      d.home_imps != null ? ` · ${d.home_imps > 0 ? '+' : ''}${d.home_imps} IMPs to the home team` : ''),
    tabs,
    el('div', { class: 'players' }, ['N', 'E', 'S', 'W'].map((s) => `${s}: ${r.players[s] || '?'}`).join(' · '),
      d.bbo && d.bbo[room] ? [' · ', el('a', { href: d.bbo[room], target: '_blank', rel: 'noopener noreferrer' }, 'BBO hand viewer')] : null),
    compass(pos, play.length, step),
    replayControls(step, play.length, on.step, {
      class: 'controls', labels: ['start', 'back', 'forward', 'end'], statusClass: 'stepno', status: `card ${step}/${play.length}`,
    }),
    el('div', { class: 'controls' },
      el('button', { class: 'playbtn', onclick: on.play, 'aria-pressed': on.playing() ? 'true' : 'false' }, on.playing() ? 'pause' : 'play'),
      play.length ? el('label', {}, ' jump to trick ', el('select', {
        class: 'jump', 'aria-label': 'jump to trick', onchange: (e) => on.step(Number(e.target.value) * 4),
      }, el('option', { value: String(Math.ceil(step / 4)) }, '\u2026'),
      Array.from({ length: Math.ceil(play.length / 4) }, (_, i) => el('option', { value: String(i + 1) }, `${i + 1}`)))) : null),
    el('div', { class: 'vcols' },
      el('div', {}, el('h4', {}, 'Auction'), auctionTable(d.auctions[room] || [])),
      el('div', {}, el('h4', {}, 'Play'), playList(lostMarks(play, an), step, on.step, {
        content: (m) => [colored(cardText(m.card), isRed(m.card)), m.lost ? el('sup', {}, `-${m.lost}`) : null],
        gap: ' ',
      }))),
  ];
  if (err) out.push(el('div', { class: 'error' }, err));
  if (an) out.push(ddBlock(an));
  else if (d.analysis_error) out.push(el('div', { class: 'error' }, `analysis: ${d.analysis_error}`));
  return out;
}

function handBox(seat, cards) {
  const h = cards ? bySuit(cards) : null;
  const rows = SUITS.map((s) => el('div', { class: 'suit' },
    colored(suitSymbol(s), isRed(s)), ' ', h ? h[s].map((c) => rankText(c[1])).join(' ') || '\u2014' : '?'));
  return el('div', { class: `hand h${seat}`, 'data-seat': seat }, el('div', { class: 'seat' }, seat), rows);
}

function compass(pos, n, step) {
  const trick = el('div', { class: 'trick' }, pos.trick.map((x) =>
    el('div', { class: `tc t${x.seat}` }, colored(cardText(x.card), isRed(x.card)))));
  return el('div', { class: 'compass' },
    handBox('N', pos.hands.N), handBox('W', pos.hands.W), trick, handBox('E', pos.hands.E), handBox('S', pos.hands.S),
    el('div', { class: 'score' }, `NS ${pos.tricks.NS} · EW ${pos.tricks.EW}`, step < n && pos.next ? ` · ${pos.next} to play` : ''));
}

function ddBlock(a) {
  return el('div', { class: 'dd' },
    el('h4', {}, 'Double dummy'),
    ddTable(a.dd, {
      class: 'ddt',
      strainHead: (s) => (s === 'NT' ? 'NT' : colored(suitSymbol(s), isRed(s))),
    }),
    el('div', {}, parText(a.par_score_ns, a.par_contracts)),
    a.dd_tricks != null ? el('div', {}, `${contractText(a.contract, a.declarer)}: ${a.dd_tricks} tricks double dummy`) : null,
    el('div', {}, tricksLostText(a)));
}
