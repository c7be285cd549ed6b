import { test } from "node:test";
import assert from "node:assert/strict";
import { cardsLeft, statusText, sheetColumns, boardKeys } from "./table.js";

test("cards left of a hidden hand come from the cards played", () => {
  const played = [{ seat: "E", card: "S2" }, { seat: "S", card: "S3" }, { seat: "E", card: "H2" }];
  assert.equal(cardsLeft(played, "E"), 11);
  assert.equal(cardsLeft(played, "W"), 13);
});

test("the status line", () => {
  assert.equal(statusText({ thinking: "W", your: "" }), "West is thinking\u2026");
  assert.equal(statusText({ your: "call" }), "Your call");
  assert.equal(statusText({ your: "card", turn: "N", seat: "S" }), "Your card from dummy (North)");
  assert.equal(statusText({ your: "card", turn: "S", seat: "S" }), "Your card");
  // The person plays partner North's contract from South, dummy.
  assert.equal(statusText({ your: "card", turn: "N", seat: "S", plays_for: "N", dummy: "S" }), "Your card from declarer's hand (North)");
  assert.equal(statusText({ your: "card", turn: "S", seat: "S", plays_for: "N", dummy: "S" }), "Your card from dummy (South)");
});

test("the score sheet puts the person's side first", () => {
  const sheet = {
    ns: { above: [{ points: 30, label: "1 overtrick" }], total: 150, games: 1, vulnerable: true },
    ew: { above: [], total: 0, games: 0, vulnerable: false },
    games: [{ number: 1, ns: [{ points: 120, label: "4S" }], ew: [], winner: "NS" }],
    over: false,
  };
  const c = sheetColumns(sheet, "E");
  assert.equal(c.we.side, "EW");
  assert.equal(c.they.side, "NS");
  assert.equal(c.they.total, 150);
  assert.deepEqual(c.games[0].they, [{ points: 120, label: "4S" }]);
  assert.equal(c.games[0].winner, "NS");
});

test("the keys after a board, in a rubber's words", () => {
  assert.deepEqual(boardKeys(null), [["n", "next board"], ["a", "play it again"]]);
  assert.deepEqual(boardKeys({ ns: {}, ew: {} }), [["n", "next deal"]], "a rubber's deal is not played again");
});
