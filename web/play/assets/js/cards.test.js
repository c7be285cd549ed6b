import { test } from "node:test";
import assert from "node:assert/strict";
import { sortCards, bySuit, compass, isVulnerable, cardLabel, partnerOf, nextSeat } from "./cards.js";

test("sortCards orders spades to clubs, ace down", () => {
  assert.deepEqual(sortCards(["C2", "SA", "HT", "S2", "DK", "HA"]), ["SA", "S2", "HA", "HT", "DK", "C2"]);
});

test("bySuit groups a hand and keeps voids empty", () => {
  const g = bySuit(["H2", "SK", "HA"]);
  assert.deepEqual(g, { S: ["SK"], H: ["HA", "H2"], D: [], C: [] });
});

test("compass puts the person at the bottom, partner on top", () => {
  assert.deepEqual(compass("S"), { bottom: "S", left: "W", top: "N", right: "E" });
  assert.deepEqual(compass("E"), { bottom: "E", left: "S", top: "W", right: "N" });
});

test("vulnerability by side", () => {
  const cases = [["None", "N", false], ["All", "W", true], ["NS", "S", true], ["NS", "E", false], ["EW", "W", true]];
  for (const [vul, seat, want] of cases) assert.equal(isVulnerable(vul, seat), want, `${vul} ${seat}`);
});

test("labels and seats", () => {
  assert.equal(cardLabel("HT"), "\u266510");
  assert.equal(cardLabel("SA"), "\u2660A");
  assert.equal(partnerOf("E"), "W");
  assert.equal(nextSeat("W"), "N");
});
