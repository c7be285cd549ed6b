import { test } from 'node:test';
import assert from 'node:assert/strict';
import { initial, apply, tableOrder, MAX_BOARDS } from './store.js';

const snap = {
  id: 'e-5',
  event: { name: 'ev', state: 'running' },
  tables: [{ table: 'A-v-B/open/1', state: 'playing' }],
  boards: [{ match: 'A-v-B', board: 1 }],
  older_boards: 3,
  standings: { matches: [], teams: [] },
};

test('a snapshot replaces the state', () => {
  const s = apply(initial(), 'snapshot', snap);
  assert.equal(s.id, 'e-5');
  assert.equal(s.older, 3);
  assert.equal(s.otherTables, 0);
  assert.equal(apply(s, 'snapshot', { ...snap, other_tables: 7 }).otherTables, 7);
  assert.equal(s.tables.length, 1);
  assert.equal(s.boards[0].board, 1);
});

test('table events replace their table or add it', () => {
  let s = apply(initial(), 'snapshot', snap);
  s = apply(s, 'table', { table: 'A-v-B/open/1', state: 'finished' }, 'e-6');
  s = apply(s, 'table', { table: 'A-v-B/closed/1', state: 'playing' }, 'e-7');
  assert.deepEqual(s.tables.map((t) => t.state), ['finished', 'playing']);
  assert.equal(s.id, 'e-7');
});

test('board events are kept once each, and at most MAX_BOARDS', () => {
  let s = apply(initial(), 'snapshot', { ...snap, boards: [], older_boards: 0 });
  s = apply(s, 'board', { match: 'M', board: 1, rooms: [1] });
  s = apply(s, 'board', { match: 'M', board: 1, rooms: [1, 2] });
  assert.equal(s.boards.length, 1);
  assert.equal(s.boards[0].rooms.length, 2);
  for (let i = 2; i <= MAX_BOARDS + 10; i++) s = apply(s, 'board', { match: 'M', board: i });
  assert.equal(s.boards.length, MAX_BOARDS);
  assert.equal(s.older, 10);
  assert.equal(s.boards[0].board, 11);
});

test('unknown events change nothing; standings and event replace', () => {
  const s0 = apply(initial(), 'snapshot', snap);
  assert.equal(apply(s0, 'nonsense', {}), s0);
  const s1 = apply(s0, 'standings', { matches: [{ id: 'x' }], teams: [] });
  assert.equal(s1.standings.matches[0].id, 'x');
  const s2 = apply(s1, 'event', { name: 'ev', state: 'finished' });
  assert.equal(s2.event.state, 'finished');
});

test('tables in play come first', () => {
  const order = tableOrder([
    { table: 'b', state: 'finished' },
    { table: 'c', state: 'playing' },
    { table: 'a', state: 'waiting' },
    { table: 'a2', state: 'playing' },
  ]);
  assert.deepEqual(order.map((t) => t.table), ['a2', 'c', 'a', 'b']);
});
