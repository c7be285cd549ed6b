import { test } from "node:test";
import assert from "node:assert/strict";
import { parseCardKeys } from "./keys.js";

const legal = ["SQ", "S2", "HT", "D5"];

test("typed cards, suit then rank or rank then suit", () => {
  const cases = [
    ["sq", { card: "SQ" }], ["qs", { card: "SQ" }], ["h10", { card: "HT" }], ["ht", { card: "HT" }],
    ["th", { card: "HT" }], ["s", { pending: true }], ["1", { pending: true }], ["h1", { pending: true }],
  ];
  for (const [keys, want] of cases) assert.deepEqual(parseCardKeys(keys, legal), want, keys);
});

test("the rank alone plays a card when one suit is playable", () => {
  assert.deepEqual(parseCardKeys("q", ["SQ", "S2"]), { card: "SQ" });
  assert.match(parseCardKeys("k", ["SQ", "S2"]).error, /cannot be played/);
  assert.deepEqual(parseCardKeys("q", legal), { pending: true }, "two suits: the suit is needed");
});

test("cards that cannot be played, or are not cards, are refused", () => {
  assert.match(parseCardKeys("sa", legal).error, /\u2660A cannot be played now/);
  assert.match(parseCardKeys("zz", legal).error, /not a card/);
  assert.match(parseCardKeys("x", legal).error, /not a card/);
});
