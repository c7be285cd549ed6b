// The session PBN the play page offers for download, read back by the npm
// `pbn` package (pinned here: package.json, package-lock.json; `make
// test-js` runs `npm ci` first). The boards are the real table's: the Go
// test TestSessionBoards (web/play/practice) plays them with the
// double-dummy analysis on and writes them as the page keeps them, and
// the page's own writer (web/shared/pbn.js) joins them into one file.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pbn from 'pbn';
import { sessionPBN, readDeals } from '../shared/pbn.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SEATS = 'NESW';

// tableBoards runs the Go test that plays the boards and returns them
// ({pbn, analysis} and the state's board, deal, auction, play, contract
// and tricks), or null when there is no go command.
function tableBoards(t) {
  if (spawnSync('go', ['version']).error) return null;
  const dir = mkdtempSync(join(tmpdir(), 'openroom-pbncheck-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'boards.json');
  const run = spawnSync('go', ['test', '-count=1', '-run', '^TestSessionBoards$', './web/play/practice/'], {
    cwd: ROOT, env: { ...process.env, OPENROOM_SESSION_BOARDS: file }, encoding: 'utf8',
  });
  assert.equal(run.status, 0, `go test TestSessionBoards: ${run.stdout}${run.stderr}`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

// parse reads a PBN text with the pbn package: its directives and its
// games, each a map of tag name to the package's tag object.
function parse(text) {
  return new Promise((done, fail) => {
    const directives = [];
    const games = [];
    Readable.from([text]).pipe(pbn())
      .on('data', (d) => {
        if (d.type === 'directive') directives.push(d.text);
        else if (d.type === 'game') games.push(new Map());
        else if (d.type === 'tag') {
          const g = games[games.length - 1];
          if (d.name === 'Note') (g.notes ??= []).push(d);
          else g.set(d.name, d);
        }
      })
      .on('error', fail)
      .on('end', () => done({ directives, games }));
  });
}

// auctionCalls expands an Auction section's tokens into calls ("AP" into
// the passes that end the auction) and the note number of each alerted
// call ("=1=" after it).
function auctionCalls(tokens) {
  const calls = [], notes = {};
  for (const tok of tokens) {
    const note = tok.match(/^=(\d+)=$/);
    if (note) { notes[calls.length - 1] = Number(note[1]); continue; }
    if (tok !== 'AP') { calls.push(tok); continue; }
    do calls.push('Pass');
    while (calls.length < 4 || calls.slice(-3).some((c) => c !== 'Pass'));
  }
  return { calls, notes };
}

// playColumns writes the cards played as the Play section has them: one
// row a trick, in columns by seat from the opening leader's.
function playColumns(played) {
  const leader = SEATS.indexOf(played[0].seat);
  const rows = [];
  played.forEach((p, i) => {
    const row = rows[Math.floor(i / 4)] ??= ['-', '-', '-', '-'];
    row[(SEATS.indexOf(p.seat) - leader + 4) % 4] = p.card;
  });
  return rows.map((r) => r.join(' '));
}

test('the session PBN of real boards reads back with the pbn package', async (t) => {
  const boards = tableBoards(t);
  if (!boards) { t.skip('the go command is not on PATH: no table to play the boards'); return; }
  assert.equal(boards.length, 3);
  const text = sessionPBN(boards.map((b) => ({ pbn: b.pbn, analysis: b.analysis })));
  const { directives, games } = await parse(text);
  assert.deepEqual(directives, ['PBN 2.1', 'EXPORT'], 'one header for the file');
  assert.equal(games.length, boards.length, 'a game for each board');
  assert.deepEqual(readDeals(text), boards.map((b) => ({ board: b.board, deal: b.deal_pbn })), 'the page reads its deals back');

  let played = 0, alerted = 0;
  boards.forEach((b, i) => {
    const g = games[i];
    const tag = (name) => { assert.ok(g.has(name), `board ${b.board}: no ${name} tag`); return g.get(name); };
    const where = `board ${b.board}`;
    assert.equal(tag('Board').value, String(b.board), where);
    assert.equal(tag('Dealer').value, b.dealer, where);
    assert.equal(tag('Vulnerable').value, b.vul, where);

    // The deal: every card once, in the hands the state dealt.
    const deal = tag('Deal');
    assert.equal(deal.value, b.deal_pbn, where);
    assert.equal(deal.cards.length, 52, where);
    assert.equal(new Set(deal.cards.map((c) => c.suit + c.rank)).size, 52, where);
    for (const p of b.played) {
      assert.ok(deal.cards.some((c) => c.seat === p.seat && c.suit + c.rank === p.card), `${where}: ${p.seat} held ${p.card}`);
    }

    // The auction, call by call from the dealer, each alert as a note.
    const auction = tag('Auction');
    assert.equal(auction.value, b.dealer, where);
    const { calls, notes } = auctionCalls(auction.tokens);
    assert.deepEqual(calls, b.auction.map((c) => c.call), `${where}: the auction`);
    b.auction.forEach((c, k) => {
      if (!c.alert) { assert.equal(notes[k], undefined, `${where}: call ${k} is not alerted`); return; }
      alerted++;
      const note = (g.notes ?? []).find((n) => n.number === notes[k]);
      assert.ok(note, `${where}: call ${k} (${c.call}) is alerted with a note`);
      assert.equal(note.text, c.alert, where);
    });

    // The contract and the result.
    const contract = tag('Contract');
    if (b.contract === 'Pass') {
      assert.equal(contract.level, 0, where);
      assert.equal(tag('Declarer').value, '', where);
      assert.equal(tag('Result').value, '', where);
    } else {
      const m = b.contract.match(/^(\d)(NT|[SHDC])(X{0,2})$/);
      assert.deepEqual([contract.level, contract.denomination, contract.risk], [Number(m[1]), m[2], m[3]], where);
      assert.equal(tag('Declarer').value, b.declarer, where);
      assert.equal(tag('Result').value, String(b.tricks), where);
    }

    // The play, trick by trick in the seats' columns.
    if (b.played.length > 0) {
      played++;
      const play = tag('Play');
      assert.equal(play.value, b.played[0].seat, `${where}: the opening leader`);
      assert.deepEqual(play.section.map((l) => l.trim().split(/\s+/).join(' ')), playColumns(b.played), `${where}: the play`);
    } else {
      assert.ok(!g.has('Play') || !(g.get('Play').tokens ?? []).length, `${where}: no card played`);
    }

    // The double-dummy table: 20 rows, declarer × strain → tricks.
    const table = tag('OptimumResultTable');
    assert.equal(table.value, 'Declarer;Denomination\\2R;Result\\2R', where);
    assert.equal(table.section.length, 20, where);
    const seen = new Set();
    for (const row of table.section) {
      const [decl, strain, tricks] = row.trim().split(/\s+/);
      seen.add(decl + strain);
      assert.equal(Number(tricks), b.analysis.dd[decl][strain], `${where}: ${decl} in ${strain}`);
    }
    assert.equal(seen.size, 20, `${where}: every declarer and strain`);

    // Par: the score and the first par contract, its side first.
    assert.equal(tag('OptimumScore').value, `NS ${b.analysis.par_score_ns}`, where);
    const par = b.analysis.par_contracts[0];
    if (par) {
      const [c, who] = par.split(' ');
      assert.equal(tag('ParContract').value, `${who} ${c.toUpperCase()}`, where);
    }
  });
  assert.ok(played > 0, 'a board with its play');
  assert.ok(alerted > 0, 'an alerted call');
});
