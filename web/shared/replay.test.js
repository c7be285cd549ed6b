import { test } from 'node:test';
import assert from 'node:assert/strict';
import { replay } from './replay.js';

// North holds every spade, East every heart, South every diamond, West every club.
const DEAL = 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432';
const t = (...xs) => xs.map(([seat, card]) => ({ seat, card }));

// 1S by North as the engine plays it: East leads a heart, South and West
// discard, North ruffs and leads again.
const PLAYED = t(['E', 'HA'], ['S', 'D2'], ['W', 'C2'], ['N', 'S2'], ['N', 'SA'], ['E', 'H2'], ['S', 'D3'], ['W', 'C3']);
const WINNERS = ['N', 'N'];

test('replay before any card leaves the hands whole', () => {
  const r = replay(DEAL, PLAYED, WINNERS, 0);
  for (const s of ['N', 'E', 'S', 'W']) assert.equal(r.hands[s].length, 13, s);
  assert.equal(r.next, 'E', 'the seat of the first card');
  assert.deepEqual(r.tricks, { NS: 0, EW: 0 });
  assert.deepEqual(r.trick, []);
});

test('replay steps through the play it is given', () => {
  const r4 = replay(DEAL, PLAYED, WINNERS, 4);
  assert.deepEqual(r4.tricks, { NS: 1, EW: 0 });
  assert.equal(r4.next, 'N');
  assert.equal(r4.trick.length, 4, 'a complete trick stays on show');
  assert.equal(r4.hands.N.length, 12);
  assert.ok(!r4.hands.N.includes('S2'));
  const r6 = replay(DEAL, PLAYED, WINNERS, 6);
  assert.deepEqual(r6.trick, t(['N', 'SA'], ['E', 'H2']));
  assert.equal(r6.next, 'S');
  const r8 = replay(DEAL, PLAYED, WINNERS, 8);
  assert.deepEqual(r8.tricks, { NS: 2, EW: 0 });
  assert.equal(r8.next, null, 'nothing after the last card given');
  assert.deepEqual(replay(DEAL, PLAYED, WINNERS, 99), r8, 'a step past the end is the end');
});

test('the tricks and the next seat are the server\'s, not worked out in the browser', () => {
  // Data no trick rule gives: West "wins" North's ruff, and South plays
  // next. The replay shows what it is told.
  const played = t(['E', 'HA'], ['S', 'D2'], ['W', 'C2'], ['N', 'S2'], ['S', 'D3']);
  const r = replay(DEAL, played, ['W'], 4);
  assert.deepEqual(r.tricks, { NS: 0, EW: 1 });
  assert.equal(r.next, 'S');
  const r5 = replay(DEAL, played, ['W'], 5);
  assert.deepEqual(r5.trick, t(['S', 'D3']));
  // The same cards with the other winner count for the other side.
  assert.deepEqual(replay(DEAL, played, ['S'], 4).tricks, { NS: 1, EW: 0 });
});

test('replay takes hands by seat', () => {
  const deal = { N: ['SA', 'HK'], E: ['S2', 'H3'], S: ['S3', 'H4'], W: ['S4', 'H5'] };
  const played = t(['E', 'S2'], ['S', 'S3'], ['W', 'S4'], ['N', 'SA'], ['N', 'HK']);
  let p = replay(deal, played, ['N'], 0);
  assert.deepEqual(p.hands, deal);
  assert.deepEqual(p.trick, []);
  p = replay(deal, played, ['N'], 4);
  assert.deepEqual(p.hands, { N: ['HK'], E: ['H3'], S: ['H4'], W: ['H5'] });
  assert.equal(p.trick.length, 4, 'a finished trick stays on the table');
  assert.deepEqual(p.tricks, { NS: 1, EW: 0 });
  p = replay(deal, played, ['N'], 5);
  assert.deepEqual(p.trick, t(['N', 'HK']));
  assert.deepEqual(deal.N, ['SA', 'HK'], 'the deal given is not changed');
});

test('inconsistent data is refused, naming what is wrong', () => {
  assert.throws(() => replay(DEAL, t(['E', 'SA']), [], 1), /card 1 SA: E does not hold it/);
  assert.throws(() => replay(DEAL, ['HA'], [], 1), /card 1 : no seat given/);
  assert.throws(() => replay(DEAL, t(['X', 'HA']), [], 1), /card 1 HA: no seat given \("X"\)/);
  assert.throws(() => replay(DEAL, PLAYED, [], 4), /trick 1: no winner given/);
  assert.throws(() => replay(DEAL, PLAYED, ['N'], 8), /trick 2: no winner given/);
  assert.throws(() => replay(DEAL, PLAYED, undefined, 4), /trick 1: no winner given/);
  assert.doesNotThrow(() => replay(DEAL, PLAYED, [], 3), 'a trick in progress needs no winner');
});

test('unknown hands are replayed without their cards', () => {
  const r = replay('N:AKQJT98765432... - - -', PLAYED, WINNERS, 4);
  assert.equal(r.hands.E, null);
  assert.equal(r.hands.N.length, 12);
  assert.equal(r.next, 'N');
});

test('a passed-out board has no play', () => {
  const r = replay(DEAL, [], [], 0);
  assert.equal(r.next, null);
  assert.equal(r.hands.W.length, 13);
  assert.deepEqual(r.tricks, { NS: 0, EW: 0 });
});
