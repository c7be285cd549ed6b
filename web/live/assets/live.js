// live.js: the live page. It follows the event stream (server-sent events:
// a snapshot, then deltas; EventSource resumes with Last-Event-ID after a
// dropped connection) and draws the standings, the tables in play and the
// finished boards, each of which opens in the hand viewer.

import { el } from '../../shared/dom.js';
import { initial, apply, tableOrder } from './store.js';
import { tableView } from './tableview.js';
import { handViewer } from './handviewer.js';
import { resultText } from '../../shared/cards.js';

const MAX_IDLE = 24; // tables not in play listed by name
let state = initial();
let drawn = false; // the first draw is marked for the page-load figure
const $ = (id) => document.getElementById(id);

function fmt(x, digits = 2) {
  return x == null ? '\u2014' : (x > 0 ? '+' : '') + x.toFixed(digits);
}

function drawEvent() {
  const e = state.event;
  $('title').textContent = e.name ? `openroom live: ${e.name}` : 'openroom live';
  $('status').textContent = `${e.state}${e.note ? ': ' + e.note : ''}${e.total ? ` · ${e.public}/${e.total} board-rooms public` : ''}`;
  $('status').dataset.state = e.state;
}

function drawStandings() {
  const st = state.standings;
  const box = $('standings');
  if (!st) {
    box.replaceChildren(el('p', { class: 'muted' }, 'No standings for this event.'));
    return;
  }
  const matches = el('table', { class: 'grid' },
    el('tr', {}, ['Match', 'Boards', 'IMPs', 'IMPs/board (95% CI)', 'VPs'].map((h) => el('th', {}, h))),
    st.matches.map((m) => el('tr', { 'data-match': m.id },
      el('td', {}, `${m.home} v ${m.visit}`),
      el('td', {}, `${m.played}/${m.scheduled}`),
      el('td', {}, `${m.home_imps}\u2013${m.visit_imps}`),
      el('td', {}, m.per_board == null ? '\u2014'
        : `${fmt(m.per_board)}${m.ci_low == null ? '' : ` (${fmt(m.ci_low)} to ${fmt(m.ci_high)})`}`),
      el('td', {}, `${m.home_vp.toFixed(2)}\u2013${m.visit_vp.toFixed(2)}`))));
  const teams = el('table', { class: 'grid' },
    el('tr', {}, ['Team', 'Played', 'W-D-L', 'IMPs', 'VPs'].map((h) => el('th', {}, h))),
    st.teams.map((t) => el('tr', {},
      el('td', {}, t.team), el('td', {}, t.played), el('td', {}, `${t.won}-${t.drawn}-${t.lost}`),
      el('td', {}, `${t.imps_for}\u2013${t.imps_against}`), el('td', {}, t.vps.toFixed(2)))));
  box.replaceChildren(matches, st.teams.length > 2 ? teams : '');
}

function drawTables() {
  const ts = tableOrder(state.tables);
  const playing = ts.filter((t) => t.state === 'playing');
  $('tables').replaceChildren(...(playing.length ? playing.map(tableView) : [el('p', { class: 'muted' }, 'No table in play.')]));
  // The other tables, failed ones first; a long event lists only a few.
  const others = ts.filter((t) => t.state !== 'playing').sort((a, b) => (b.state === 'failed') - (a.state === 'failed'));
  const shown = others.slice(0, MAX_IDLE);
  const items = shown.map((t) => el('li', { class: t.state }, `${t.table}: ${t.state}, ${t.done}/${t.boards} boards${t.error ? ' \u2014 ' + t.error : ''}`));
  const more = others.length - shown.length + (state.otherTables || 0);
  if (more > 0) items.push(el('li', { class: 'muted' }, `and ${more} more tables`));
  $('idle').replaceChildren(...items);
}

function drawBoards() {
  const rows = state.boards.slice().reverse().map((b) => el('tr', {
    class: 'brow', 'data-match': b.match, 'data-board': b.board, tabindex: '0',
    onclick: () => openBoard(b.match, b.board),
    onkeydown: (e) => { if (e.key === 'Enter') openBoard(b.match, b.board); },
  },
  el('td', {}, b.match || ''), el('td', {}, b.board),
  b.rooms.map((r) => el('td', {}, `${r.room ? r.room + ': ' : ''}${resultText(r)}${r.score_ns != null ? ` ${r.score_ns}` : ''}`)),
  el('td', {}, b.home_imps != null ? `${b.home_imps > 0 ? '+' : ''}${b.home_imps}` : '')));
  $('boards').replaceChildren(
    el('tr', {}, ['Match', 'Board', 'Rooms', '', 'IMPs'].map((h) => el('th', {}, h))), ...rows);
  $('older').textContent = state.older ? `${state.older} earlier boards not listed.` : '';
}

async function openBoard(match, board) {
  const box = $('viewer');
  box.replaceChildren(el('p', { class: 'muted' }, `Board ${board}: analysing\u2026`));
  box.hidden = false;
  try {
    const r = await fetch(`api/board?match=${encodeURIComponent(match)}&board=${board}`);
    const d = await r.json();
    if (!r.ok) throw new Error(d.error || r.statusText);
    const v = handViewer(d);
    box.replaceChildren(el('button', { class: 'close', onclick: () => { box.hidden = true; } }, 'close'), v);
    v.focus();
  } catch (e) {
    box.replaceChildren(el('p', { class: 'error' }, `Board ${board}: ${e.message}`));
  }
}

let pending = false;
function draw() {
  if (pending) return;
  pending = true;
  requestAnimationFrame(() => {
    pending = false;
    drawEvent();
    drawStandings();
    drawTables();
    drawBoards();
    if (!drawn) performance.mark('first-snapshot');
    drawn = true;
    document.body.dataset.id = state.id;
  });
}

function connect() {
  const es = new EventSource('events');
  for (const name of ['snapshot', 'event', 'table', 'board', 'standings']) {
    es.addEventListener(name, (m) => {
      state = apply(state, name, JSON.parse(m.data), m.lastEventId);
      draw();
    });
  }
  es.onerror = () => {
    $('conn').textContent = 'reconnecting\u2026';
  };
  es.onopen = () => {
    $('conn').textContent = '';
  };
}

connect();
