import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lostMarks, ddRows, clampStep, lostTitle, tricksLostText } from './viewer.js';

test('lost tricks are paired with the cards played, given with or without seats', () => {
  const played = [{ seat: 'W', card: 'SA' }, { seat: 'N', card: 'S2' }];
  assert.deepEqual(lostMarks(played, null).map((p) => p.lost), [0, 0]);
  const a = { cards: [{ seat: 'W', card: 'SA', lost: 0 }, { seat: 'N', card: 'S2', lost: 2 }] };
  assert.deepEqual(lostMarks(played, a), [{ seat: 'W', card: 'SA', lost: 0 }, { seat: 'N', card: 'S2', lost: 2 }]);
  assert.deepEqual(lostMarks(['SA', 'S2'], a).map((p) => [p.card, p.lost]), [['SA', 0], ['S2', 2]]);
  assert.deepEqual(lostMarks(['SA', 'S3'], a).map((p) => p.lost), [0, 0], 'another card at that place lost nothing');
  assert.deepEqual(lostMarks(['SA', 'S2', 'S3'], a).map((p) => p.lost), [0, 2, 0], 'cards beyond the analysis');
});

test('the double-dummy rows, in the one order of both pages (and another when asked)', () => {
  const row = { C: 1, D: 2, H: 3, S: 4, NT: 5 };
  const dd = { N: row, E: { ...row, NT: 6 }, S: row, W: row };
  assert.deepEqual(ddRows(dd, ['N', 'E', 'S', 'W'], ['NT', 'S', 'H', 'D', 'C'])[0], ['N', 5, 4, 3, 2, 1]);
  assert.deepEqual(ddRows(dd, ['N', 'E', 'S', 'W']).map((r) => r[0]), ['N', 'E', 'S', 'W']);
  const live = ddRows(dd);
  assert.deepEqual(live.map((r) => r[0]), ['N', 'S', 'E', 'W']);
  assert.deepEqual(live[2], ['E', 1, 2, 3, 4, 6]);
});

test('steps, titles and totals', () => {
  for (const [step, total, want] of [[-1, 8, 0], [0, 8, 0], [5, 8, 5], [9, 8, 8], [3, 0, 0]]) {
    assert.equal(clampStep(step, total), want, `${step} of ${total}`);
  }
  assert.equal(lostTitle(1), 'lost 1 trick against double dummy');
  assert.equal(lostTitle(3), 'lost 3 tricks against double dummy');
  assert.equal(tricksLostText({ tricks_lost: { NS: 2, EW: 0 } }), 'Tricks lost against double dummy: NS 2, EW 0');
});
