import { test } from "node:test";
import assert from "node:assert/strict";
import { trickWinner, positionAt, leaderAfter } from "./replay.js";

const t = (...xs) => xs.map(([seat, card]) => ({ seat, card }));

test("the trick goes to the highest card of the led suit, or the highest trump", () => {
  const cases = [
    [t(["N", "SK"], ["E", "SA"], ["S", "S2"], ["W", "H2"]), "NT", "E"],
    [t(["N", "SK"], ["E", "SA"], ["S", "S2"], ["W", "H2"]), "H", "W"],
    [t(["N", "DK"], ["E", "C3"], ["S", "C9"], ["W", "D2"]), "C", "S"],
    [t(["W", "D3"], ["N", "HA"], ["E", "D4"], ["S", "SA"]), "NT", "E"],
  ];
  for (const [trick, trump, want] of cases) assert.equal(trickWinner(trick, trump), want, JSON.stringify(trick));
});

test("positionAt takes the played cards out of the hands and counts tricks", () => {
  const deal = { N: ["SA", "HK"], E: ["S2", "H3"], S: ["S3", "H4"], W: ["S4", "H5"] };
  const played = t(["E", "S2"], ["S", "S3"], ["W", "S4"], ["N", "SA"], ["N", "HK"]);
  let p = positionAt(deal, played, 0, "NT");
  assert.deepEqual(p.hands, deal);
  assert.deepEqual(p.trick, []);
  p = positionAt(deal, played, 4, "NT");
  assert.deepEqual(p.hands, { N: ["HK"], E: ["H3"], S: ["H4"], W: ["H5"] });
  assert.equal(p.trick.length, 4, "a finished trick stays on the table");
  assert.deepEqual(p.tricks, { NS: 1, EW: 0 });
  p = positionAt(deal, played, 5, "NT");
  assert.deepEqual(p.trick, t(["N", "HK"]));
  assert.equal(leaderAfter(played, 2, "E"), "W");
  assert.equal(leaderAfter([], 0, "E"), "E");
});
