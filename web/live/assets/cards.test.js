import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDeal, callText, cardText, trickWinner, strainOf, resultText, nextSeat, isRed } from './cards.js';

test('parseDeal reads a deal from any seat', () => {
  const d = parseDeal('E:AK7.K832.Q752.98 QJT.AQ.KJ3.AKQJ2 9865.JT9.AT9.T76 432.7654.864.543');
  assert.deepEqual(d.E, { S: 'AK7', H: 'K832', D: 'Q752', C: '98' });
  assert.deepEqual(d.S, { S: 'QJT', H: 'AQ', D: 'KJ3', C: 'AKQJ2' });
  assert.deepEqual(d.N, { S: '432', H: '7654', D: '864', C: '543' });
});

test('parseDeal sorts ranks and reads voids and unknown hands', () => {
  const d = parseDeal('N:7KA..2QT5JA4983K6. - - -');
  assert.deepEqual(d.N, { S: 'AK7', H: '', D: 'AKQJT9865432', C: '' });
  assert.equal(d.E, null);
});

test('parseDeal refuses malformed deals, saying what is wrong', () => {
  for (const [deal, msg] of [
    ['AK7.K832.Q752.98', /want "N:"/],
    ['N:AK7.K832.Q752.98', /1 hands, want 4/],
    ['N:AK7.K832.Q752 - - -', /want four suits/],
    ['N:AK1.K832.Q752.98 - - -', /no rank "1"/],
  ]) {
    assert.throws(() => parseDeal(deal), msg, deal);
  }
});

test('calls and cards are shown with suit symbols', () => {
  const cases = [['1C', '1\u2663'], ['3NT', '3NT'], ['3N', '3NT'], ['Pass', 'Pass'], ['X', 'X'], ['XX', 'XX'], ['7S', '7\u2660']];
  for (const [c, want] of cases) assert.equal(callText(c), want, c);
  assert.equal(cardText('HT'), '\u266510');
  assert.equal(cardText('SA'), '\u2660A');
  assert.ok(isRed('HT') && isRed('1D') && !isRed('SA') && !isRed('3C'));
});

test('trickWinner follows suit and trumps', () => {
  const cases = [
    [['SA', 'SK', 'SQ', 'SJ'], 'NT', 0],
    [['S2', 'SK', 'H2', 'SJ'], 'NT', 1],
    [['S2', 'SK', 'H2', 'SJ'], 'H', 2],
    [['S2', 'H3', 'H9', 'SA'], 'H', 2],
    [['D5', 'C2', 'DT', 'D4'], 'S', 2],
  ];
  for (const [cards, trump, want] of cases) assert.equal(trickWinner(cards, trump), want, cards.join(' '));
});

test('strains, seats and results', () => {
  assert.equal(strainOf('4SX'), 'S');
  assert.equal(strainOf('3NT'), 'NT');
  assert.equal(strainOf('Pass'), '');
  assert.equal(nextSeat('W'), 'N');
  assert.equal(resultText({ contract: '4S', declarer: 'N', tricks: 11, termination: 'normal' }), '4S N +1');
  assert.equal(resultText({ contract: '3NT', declarer: 'E', tricks: 7, termination: 'normal' }), '3NT E -2');
  assert.equal(resultText({ contract: '2H', declarer: 'S', tricks: 8, termination: 'normal' }), '2H S =');
  assert.equal(resultText({ contract: 'Pass', termination: 'normal' }), 'Pass');
  assert.equal(resultText({ termination: 'timeout', adjusted: { ns: 'A+', ew: 'A-' } }), 'timeout (A+/A-)');
});
