import { test } from "node:test";
import assert from "node:assert/strict";
import { boxLayout, parseCallKeys } from "./bidding.js";

const opening = ["Pass", "1C", "1D", "1H", "1S", "1NT", "2C", "7NT"];

test("the bidding box offers every call, legal ones enabled", () => {
  const rows = boxLayout(["Pass", "X", "2H", "7NT"]);
  assert.equal(rows.length, 8);
  assert.deepEqual(rows[0].map((b) => b.call), ["1C", "1D", "1H", "1S", "1NT"]);
  assert.deepEqual(rows.flat().filter((b) => b.legal).map((b) => b.call).sort(), ["2H", "7NT", "Pass", "X"].sort());
  assert.equal(rows.flat().length, 38, "35 bids, Pass, X and XX");
});

test("typed calls", () => {
  const cases = [
    ["p", opening, { call: "Pass" }],
    ["1", opening, { pending: true }],
    ["1h", opening, { call: "1H" }],
    ["1N", opening, { call: "1NT" }],
    ["1nt", opening, { call: "1NT" }],
    ["7n", opening, { call: "7NT" }],
    ["x", ["Pass", "X", "2C"], { call: "X" }],
    ["x", ["Pass", "XX", "2C"], { call: "XX" }],
    ["r", ["Pass", "XX"], { call: "XX" }],
  ];
  for (const [keys, legal, want] of cases) assert.deepEqual(parseCallKeys(keys, legal), want, keys);
});

test("typed calls that are not legal or not calls are refused with a reason", () => {
  assert.match(parseCallKeys("x", opening).error, /X is not legal/);
  assert.match(parseCallKeys("3h", opening).error, /3\u2665 is not legal/);
  assert.match(parseCallKeys("8h", opening).error, /not a call/);
  assert.match(parseCallKeys("q", opening).error, /not a call/);
});
