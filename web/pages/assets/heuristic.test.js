import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import vm from "node:vm";

// The heuristic is a classic script for the worker: run it in a context of
// its own and take the function it defines.
function load() {
  const ctx = { JSON };
  ctx.self = ctx;
  vm.runInNewContext(readFileSync(new URL("./heuristic.js", import.meta.url), "utf8"), ctx);
  return ctx;
}

const view = (over) => JSON.stringify({ your: "card", turn: "E", contract: "4S", trick: [], legal_cards: [], ...over });

test("a call is a pass when a pass is legal", () => {
  const { openroomHeuristic } = load();
  assert.equal(openroomHeuristic(JSON.stringify({ your: "call", legal_calls: ["Pass", "1C", "X"] })), "Pass");
  assert.equal(openroomHeuristic(JSON.stringify({ your: "call", legal_calls: ["1C"] })), "1C");
});

test("a lead is the lowest card of the longest suit", () => {
  const { openroomHeuristic } = load();
  assert.equal(openroomHeuristic(view({ legal_cards: ["SA", "HK", "H9", "H4", "D2"] })), "H4");
});

test("second hand plays low", () => {
  const { openroomHeuristic } = load();
  assert.equal(openroomHeuristic(view({ trick: [{ seat: "N", card: "H5" }], legal_cards: ["HA", "H9", "H3"] })), "H3");
});

test("third and fourth hand win as cheaply as they can, unless partner wins", () => {
  const { openroomHeuristic } = load();
  const trick = [{ seat: "S", card: "H5" }, { seat: "W", card: "HT" }];
  assert.equal(openroomHeuristic(view({ turn: "N", trick, legal_cards: ["HA", "HQ", "H3"] })), "HQ");
  assert.equal(openroomHeuristic(view({ turn: "N", trick, legal_cards: ["H9", "H3"] })), "H3", "nothing wins: the lowest");
  const partnerWins = [{ seat: "W", card: "H5" }, { seat: "N", card: "HK" }, { seat: "E", card: "H2" }];
  assert.equal(openroomHeuristic(view({ turn: "S", trick: partnerWins, legal_cards: ["HA", "H3"] })), "H3");
  // Void in the suit led: a trump wins, the lowest that does.
  assert.equal(openroomHeuristic(view({ turn: "N", trick, legal_cards: ["SK", "S2", "D3"] })), "S2");
  // A trump already in: only a higher trump wins.
  const ruffed = [{ seat: "S", card: "H5" }, { seat: "W", card: "S9" }];
  assert.equal(openroomHeuristic(view({ turn: "N", trick: ruffed, legal_cards: ["S8", "ST", "D3"] })), "ST");
});

test("the throw-js fault makes it throw", () => {
  const ctx = load();
  ctx.openroomFault = "throw-js";
  assert.throws(() => ctx.openroomHeuristic(JSON.stringify({ your: "call", legal_calls: ["Pass"] })));
});
