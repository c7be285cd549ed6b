import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  sortCards, bySuit, compass, isVulnerable, cardText, rankText, callText, suitSymbol, partnerOf, nextSeat, sideOf,
  parseDeal, resultText, cardWords, callWords, contractText, sheetLabelText, parText, pointsText, overText, isRed, sortRanks, auctionRows,
} from './cards.js';

test('sortCards orders spades to clubs, ace down', () => {
  assert.deepEqual(sortCards(['C2', 'SA', 'HT', 'S2', 'DK', 'HA']), ['SA', 'S2', 'HA', 'HT', 'DK', 'C2']);
  assert.equal(sortRanks('29TA'), 'AT92');
});

test('bySuit groups a hand and keeps voids empty', () => {
  const g = bySuit(['H2', 'SK', 'HA']);
  assert.deepEqual(g, { S: ['SK'], H: ['HA', 'H2'], D: [], C: [] });
});

test('compass puts the person at the bottom, partner on top', () => {
  assert.deepEqual(compass('S'), { bottom: 'S', left: 'W', top: 'N', right: 'E' });
  assert.deepEqual(compass('E'), { bottom: 'E', left: 'S', top: 'W', right: 'N' });
});

test('vulnerability by side', () => {
  const cases = [['None', 'N', false], ['All', 'W', true], ['NS', 'S', true], ['NS', 'E', false], ['EW', 'W', true]];
  for (const [vul, seat, want] of cases) assert.equal(isVulnerable(vul, seat), want, `${vul} ${seat}`);
});

test('seats', () => {
  assert.equal(partnerOf('E'), 'W');
  assert.equal(nextSeat('W'), 'N');
  assert.equal(sideOf('S'), 'NS');
  assert.equal(sideOf('W'), 'EW');
});

test('parseDeal reads a deal from any seat into cards in display order', () => {
  const d = parseDeal('E:AK7.K832.Q752.98 QJT.AQ.KJ3.AKQJ2 9865.JT9.AT9.T76 432.7654.864.543');
  assert.deepEqual(d.E, ['SA', 'SK', 'S7', 'HK', 'H8', 'H3', 'H2', 'DQ', 'D7', 'D5', 'D2', 'C9', 'C8']);
  assert.deepEqual(bySuit(d.S), { S: ['SQ', 'SJ', 'ST'], H: ['HA', 'HQ'], D: ['DK', 'DJ', 'D3'], C: ['CA', 'CK', 'CQ', 'CJ', 'C2'] });
  assert.equal(d.N.length, 13);
});

test('parseDeal sorts ranks and reads voids and unknown hands', () => {
  const d = parseDeal('N:7KA..2QT5JA4983K6. - - -');
  assert.deepEqual(bySuit(d.N), {
    S: ['SA', 'SK', 'S7'], H: [], D: ['DA', 'DK', 'DQ', 'DJ', 'DT', 'D9', 'D8', 'D6', 'D5', 'D4', 'D3', 'D2'], C: [],
  });
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

test('calls, cards and suits are shown with suit symbols', () => {
  const cases = [['1C', '1\u2663'], ['2H', '2\u2665'], ['3NT', '3NT'], ['3N', '3NT'], ['Pass', 'Pass'], ['X', 'X'], ['XX', 'XX'], ['7S', '7\u2660']];
  for (const [c, want] of cases) assert.equal(callText(c), want, c);
  assert.equal(cardText('HT'), '\u266510');
  assert.equal(cardText('SA'), '\u2660A');
  assert.equal(rankText('T'), '10');
  assert.equal(rankText('9'), '9');
  assert.equal(suitSymbol('D'), '\u2666');
  assert.equal(suitSymbol('NT'), 'NT');
  assert.ok(isRed('HT') && isRed('1D') && isRed('H') && isRed('D'));
  assert.ok(!isRed('SA') && !isRed('3C') && !isRed('S') && !isRed('3NT') && !isRed('Pass'));
});

test('results', () => {
  assert.equal(resultText({ contract: '4S', declarer: 'N', tricks: 11, result: '+1', termination: 'normal' }), '4\u2660 +1 by N');
  assert.equal(resultText({ contract: '3NT', declarer: 'E', tricks: 7, result: '-2', termination: 'normal' }), '3NT \u22122 by E');
  assert.equal(resultText({ contract: '2H', declarer: 'S', tricks: 8, result: '=', termination: 'normal' }), '2\u2665 = by S');
  // The result is the server's word, not worked out from the tricks here.
  assert.equal(resultText({ contract: '4S', declarer: 'N', tricks: 11, result: '-3', termination: 'normal' }), '4\u2660 \u22123 by N');
  assert.equal(resultText({ contract: '4S', declarer: 'N', tricks: 11, termination: 'normal' }), '4\u2660 by N');
  assert.equal(resultText({ contract: 'Pass', termination: 'normal' }), 'Passed out');
  assert.equal(resultText({ termination: 'timeout', adjusted: { ns: 'A+', ew: 'A-' } }), 'timeout (A+/A-)');
});

test('auctionRows puts each call under its seat, West first', () => {
  const c = (seat, call) => ({ seat, call });
  assert.deepEqual(auctionRows([c('W', '1C'), c('N', 'P'), c('E', 'P'), c('S', 'P'), c('W', 'X')]),
    [[c('W', '1C'), c('N', 'P'), c('E', 'P'), c('S', 'P')], [c('W', 'X'), null, null, null]]);
  assert.deepEqual(auctionRows([c('S', '1C'), c('W', 'P'), c('N', '1H')]),
    [[null, null, null, c('S', '1C')], [c('W', 'P'), c('N', '1H'), null, null]]);
  assert.deepEqual(auctionRows([]), []);
  // The seats are the server's: a column is never worked out from the
  // dealer and the calls before (East twice runs on to a new row).
  assert.deepEqual(auctionRows([c('E', '1C'), c('E', '1D')]), [[null, null, c('E', '1C'), null], [null, null, c('E', '1D'), null]]);
  assert.throws(() => auctionRows([c('N', '1C'), { call: '1D' }]), /call 2 1D: no seat given/);
});

test('one notation: contracts, results against them, points and par', () => {
  assert.equal(contractText('3H', 'N'), '3\u2665 by N');
  assert.equal(contractText('3NTX', 'E'), '3NTX by E');
  assert.equal(contractText('5Dxx', 'W'), '5\u2666XX by W');
  assert.equal(contractText('Pass'), 'Passed out');
  assert.equal(overText('-2'), '\u22122');
  assert.equal(overText('0'), '=');
  assert.equal(pointsText(420), '+420');
  assert.equal(pointsText(-50), '\u221250');
  assert.equal(pointsText(0), '0');
  assert.equal(parText(140, ['3H N', '3H S']), 'Par +140 to NS: 3\u2665 by N, 3\u2665 by S');
  assert.equal(parText(-500, ['4Sx NS']), 'Par \u2212500 to NS: 4\u2660X by NS');
  assert.equal(parText(0, []), 'Par 0 to NS: passed out');
});

test('cards and calls in words, for screen readers', () => {
  assert.equal(cardWords('SA'), 'ace of spades');
  assert.equal(cardWords('HT'), 'ten of hearts');
  assert.equal(cardWords('C2'), 'two of clubs');
  assert.equal(callWords('1H'), '1 heart');
  assert.equal(callWords('2S'), '2 spades');
  assert.equal(callWords('3NT'), '3 no trump');
  assert.equal(callWords('1NT'), '1 no trump');
  assert.equal(callWords('Pass'), 'pass');
  assert.equal(callWords('X'), 'double');
  assert.equal(callWords('XX'), 'redouble');
});

test('a score sheet label in the one notation', () => {
  assert.equal(sheetLabelText('4S by N'), '4\u2660 by N');
  assert.equal(sheetLabelText('2 overtricks, 3NTX by E'), '2 overtricks, 3NTX by E');
  assert.equal(sheetLabelText('1 undertrick, 2HXX by W'), '1 undertrick, 2\u2665XX by W');
  assert.equal(sheetLabelText('small slam, 6D by S'), 'small slam, 6\u2666 by S');
  assert.equal(sheetLabelText('honours: 4 trump honours (N)'), 'honours: 4 trump honours (N)');
  assert.equal(sheetLabelText('rubber, 2 games to 1'), 'rubber, 2 games to 1');
  assert.equal(sheetLabelText(undefined), '');
});
