// pbn.js: the boards of a session as one PBN file. Each board's own PBN
// (the server's, with auction, play and result) is kept as it came, and
// the double-dummy analysis, which comes later, is added as PBN's own
// tags: OptimumResultTable (the table), OptimumScore and ParContract
// (par). Pure: it only writes text.

const PBN_SEATS = ['N', 'S', 'E', 'W'];
const PBN_STRAINS = ['NT', 'S', 'H', 'D', 'C'];

/**
 * analysisTags writes a board's double-dummy analysis ({dd, par_score_ns,
 * par_contracts}) as PBN tags, one a line: the table (declarers N, S, E, W,
 * strains NT to clubs, as PBN orders it), the par score and the first par
 * contract ("NS 4S" for "4S NS"). Empty without an analysis.
 */
export function analysisTags(a) {
  if (!a?.dd) return [];
  const out = ['[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]'];
  for (const s of PBN_SEATS) for (const x of PBN_STRAINS) out.push(`${s} ${x} ${a.dd[s][x]}`);
  out.push(`[OptimumScore "NS ${a.par_score_ns}"]`);
  const par = (a.par_contracts ?? [])[0];
  if (par) {
    const [contract, who] = String(par).trim().split(/\s+/);
    out.push(`[ParContract "${who} ${contract.toUpperCase()}"]`);
  }
  return out;
}

/**
 * sessionPBN writes the boards ({pbn, analysis}, in the order played) as
 * one file: the first board's export header, then each game, each with
 * its analysis tags, games separated by an empty line as PBN wants.
 */
export function sessionPBN(boards) {
  let header = [];
  const games = boards.map((b, i) => {
    const lines = String(b.pbn).replace(/\r\n/g, '\n').split('\n');
    const head = [];
    while (lines.length && (lines[0].startsWith('%') || lines[0].trim() === '')) head.push(lines.shift());
    if (i === 0) header = head.filter((l) => l.startsWith('%'));
    while (lines.length && lines[lines.length - 1].trim() === '') lines.pop();
    // The analysis's tags go after the game's own, where a program
    // reading the game expects tags, not in the middle of a section.
    return [...lines.filter((l) => !/^\[(OptimumResultTable|OptimumScore|ParContract) /.test(l)), ...analysisTags(b.analysis)].join('\n');
  });
  return [...header, ...(header.length ? [''] : []), games.join('\n\n'), ''].join('\n');
}

/**
 * readDeals finds the deals of a PBN file: each game's Deal tag with the
 * Board tag before it ({board, deal}; board 0 when none is given), in
 * file order. It checks nothing more: the table judges each deal.
 */
export function readDeals(text) {
  const out = [];
  let board = 0;
  for (const m of String(text).matchAll(/^\s*\[(Board|Deal)\s+"([^"]*)"\s*\]/gm)) {
    if (m[1] === 'Board') board = parseInt(m[2], 10) || 0;
    else out.push({ board, deal: m[2] });
  }
  return out;
}
