import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phaseOf, seatNote, PHASE_LABELS } from './tableview.js';

test("a table's state at a glance", () => {
  assert.equal(phaseOf({ state: 'waiting' }), 'waiting', 'not started');
  assert.equal(phaseOf({ state: 'failed' }), 'faulted');
  assert.equal(phaseOf({ state: 'finished' }), 'finished');
  assert.equal(phaseOf({ state: 'playing', waiting_seat: true }), 'waiting-seat', 'started, its bots not all seated');
  assert.equal(phaseOf({ state: 'playing', waiting_seat: true, lost_seats: ['S'], board: 3, hidden: true }), 'waiting-seat', 'a seat lost comes first');
  assert.equal(phaseOf({ state: 'playing', board: 3, hidden: true }), 'hidden');
  assert.equal(phaseOf({ state: 'playing' }), 'waiting', 'between boards');
  assert.equal(phaseOf({ state: 'playing', board: 3 }), 'auction');
  assert.equal(phaseOf({ state: 'playing', board: 3, contract: '4S' }), 'play');
  assert.equal(PHASE_LABELS['waiting-seat'], 'waiting for a seat');
});

test('which seat a table waits for, in words', () => {
  assert.equal(seatNote({ state: 'playing', waiting_seat: true }), 'Waiting for its bots to take their seats.');
  assert.equal(seatNote({ state: 'playing', waiting_seat: true, lost_seats: ['S'] }), 'Waiting for South to come back (its connection was lost).');
  assert.equal(seatNote({ state: 'playing', waiting_seat: true, lost_seats: ['N', 'E'] }), 'Waiting for North and East to come back (their connections were lost).');
  assert.equal(seatNote({ state: 'playing', board: 2 }), '');
  assert.equal(seatNote({ state: 'failed', waiting_seat: true }), '', 'a table that stopped waits for nobody');
});
