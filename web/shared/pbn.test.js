import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analysisTags, sessionPBN, readDeals } from './pbn.js';

const row = { C: 1, D: 2, H: 3, S: 4, NT: 5 };
const analysis = { dd: { N: row, S: row, E: row, W: { ...row, NT: 6 } }, par_score_ns: -100, par_contracts: ['3NTx W'] };

test('the analysis as PBN tags, in PBN order', () => {
  const tags = analysisTags(analysis);
  assert.equal(tags[0], '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]');
  assert.deepEqual(tags.slice(1, 6), ['N NT 5', 'N S 4', 'N H 3', 'N D 2', 'N C 1']);
  assert.equal(tags[16], 'W NT 6');
  assert.equal(tags.length, 23);
  assert.equal(tags[21], '[OptimumScore "NS -100"]');
  assert.equal(tags[22], '[ParContract "W 3NTX"]');
  assert.deepEqual(analysisTags(null), []);
});

test('a session: one header, each game with its analysis', () => {
  const one = '% PBN 2.1\n% EXPORT\n\n[Event "x"]\n[Board "1"]\n[Auction "N"]\nPass Pass Pass Pass\n\n';
  const two = '% PBN 2.1\n% EXPORT\n\n[Event "x"]\n[Board "2"]\n';
  const text = sessionPBN([{ pbn: one, analysis }, { pbn: two }]);
  assert.equal(text.match(/% PBN 2.1/g).length, 1);
  assert.match(text, /^% PBN 2\.1\n% EXPORT\n\n\[Event "x"\]\n\[Board "1"\]\n\[Auction "N"\]\nPass Pass Pass Pass\n\[OptimumResultTable /);
  assert.match(text, /\[ParContract "W 3NTX"\]\n\n\[Event "x"\]\n\[Board "2"\]\n$/);
});

test('the deals of a PBN file, with their board numbers', () => {
  const text = '% PBN 2.1\n[Event "x"]\n[Board "7"]\n[Deal "N:AKQJ.T98.765.432 - - -"]\n\n[Board "8"]\n[Dealer "W"]\n[Deal "E:- - - -"]\n\n[Deal "S:- - - -"]\n';
  assert.deepEqual(readDeals(text), [
    { board: 7, deal: 'N:AKQJ.T98.765.432 - - -' }, { board: 8, deal: 'E:- - - -' }, { board: 8, deal: 'S:- - - -' }]);
  assert.deepEqual(readDeals('nothing'), []);
});
