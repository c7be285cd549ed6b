import { test } from 'node:test';
import assert from 'node:assert/strict';
import { replay, handCount } from './replay.js';

// North holds every spade, East every heart, South every diamond, West every club.
const DEAL = 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432';

test('replay before any card leaves the hands whole', () => {
  const r = replay(DEAL, '1S', 'N', [], 0);
  for (const s of ['N', 'E', 'S', 'W']) assert.equal(handCount(r.left[s]), 13, s);
  assert.equal(r.next, 'E');
  assert.deepEqual(r.tricks, { NS: 0, EW: 0 });
});

test('replay wins tricks by the trump and leads from the winner', () => {
  // 1S by North: East leads a heart, South discards, West discards, North trumps.
  const play = ['HA', 'D2', 'C2', 'S2', 'SA', 'H2', 'D3', 'C3'];
  const r4 = replay(DEAL, '1S', 'N', play, 4);
  assert.deepEqual(r4.tricks, { NS: 1, EW: 0 });
  assert.equal(r4.next, 'N', 'the trick winner leads');
  assert.equal(r4.trick.length, 4, 'a complete trick stays on show');
  assert.equal(r4.left.N.S, 'AKQJT9876543');
  const r6 = replay(DEAL, '1S', 'N', play, 6);
  assert.deepEqual(r6.trick.map((x) => x.seat), ['N', 'E']);
  assert.equal(r6.next, 'S');
  const r8 = replay(DEAL, '1S', 'N', play, 8);
  assert.deepEqual(r8.tricks, { NS: 2, EW: 0 });
  assert.deepEqual(r8.seats, ['E', 'S', 'W', 'N', 'N', 'E', 'S', 'W']);
});

test('in notrump the suit led wins', () => {
  const r = replay(DEAL, '1NT', 'N', ['HA', 'D2', 'C2', 'S2'], 4);
  assert.deepEqual(r.tricks, { NS: 0, EW: 1 });
  assert.equal(r.next, 'E');
});

test('replay refuses a card the seat does not hold', () => {
  assert.throws(() => replay(DEAL, '1S', 'N', ['SA'], 1), /card 1 SA: E does not hold it/);
});

test('a passed-out board has no play', () => {
  const r = replay(DEAL, 'Pass', '', [], 0);
  assert.equal(r.next, null);
  assert.equal(handCount(r.left.W), 13);
});
