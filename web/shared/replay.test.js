import { test } from 'node:test';
import assert from 'node:assert/strict';
import { replay } from './replay.js';

// North holds every spade, East every heart, South every diamond, West every club.
const DEAL = 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432';
const t = (...xs) => xs.map(([seat, card]) => ({ seat, card }));

test('replay before any card leaves the hands whole', () => {
  const r = replay(DEAL, '1S', 'N', [], 0);
  for (const s of ['N', 'E', 'S', 'W']) assert.equal(r.hands[s].length, 13, s);
  assert.equal(r.next, 'E');
  assert.deepEqual(r.tricks, { NS: 0, EW: 0 });
  assert.deepEqual(r.trick, []);
});

test('replay wins tricks by the trump and leads from the winner', () => {
  // 1S by North: East leads a heart, South discards, West discards, North trumps.
  const play = ['HA', 'D2', 'C2', 'S2', 'SA', 'H2', 'D3', 'C3'];
  const r4 = replay(DEAL, '1S', 'N', play, 4);
  assert.deepEqual(r4.tricks, { NS: 1, EW: 0 });
  assert.equal(r4.next, 'N', 'the trick winner leads');
  assert.equal(r4.trick.length, 4, 'a complete trick stays on show');
  assert.equal(r4.hands.N.length, 12);
  assert.ok(!r4.hands.N.includes('S2'));
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

test('replay takes hands by seat and cards with their seats', () => {
  const deal = { N: ['SA', 'HK'], E: ['S2', 'H3'], S: ['S3', 'H4'], W: ['S4', 'H5'] };
  const played = t(['E', 'S2'], ['S', 'S3'], ['W', 'S4'], ['N', 'SA'], ['N', 'HK']);
  let p = replay(deal, '3NT', 'N', played, 0);
  assert.deepEqual(p.hands, deal);
  assert.deepEqual(p.trick, []);
  p = replay(deal, '3NT', 'N', played, 4);
  assert.deepEqual(p.hands, { N: ['HK'], E: ['H3'], S: ['H4'], W: ['H5'] });
  assert.equal(p.trick.length, 4, 'a finished trick stays on the table');
  assert.deepEqual(p.tricks, { NS: 1, EW: 0 });
  p = replay(deal, '3NT', 'N', played, 5);
  assert.deepEqual(p.trick, t(['N', 'HK']));
  assert.deepEqual(deal.N, ['SA', 'HK'], 'the deal given is not changed');
});

test('replay refuses a card the seat does not hold, or from the wrong seat', () => {
  assert.throws(() => replay(DEAL, '1S', 'N', ['SA'], 1), /card 1 SA: E does not hold it/);
  assert.throws(() => replay(DEAL, '1S', 'N', t(['S', 'D2']), 1), /card 1 D2: played by S, but E is to play/);
});

test('unknown hands are replayed without their cards', () => {
  const r = replay('N:AKQJT98765432... - - -', '1S', 'N', ['HA', 'D2', 'C2', 'S2'], 4);
  assert.equal(r.hands.E, null);
  assert.equal(r.hands.N.length, 12);
  assert.equal(r.next, 'N');
});

test('a passed-out board has no play', () => {
  const r = replay(DEAL, 'Pass', '', [], 0);
  assert.equal(r.next, null);
  assert.equal(r.hands.W.length, 13);
});
