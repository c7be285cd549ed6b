import { test } from "node:test";
import assert from "node:assert/strict";
import { sessionOf, linkText } from "./transport.js";

test("a reload with the same query resumes the stored session", () => {
  const stored = { query: { level: "medium", seat: "S" }, config: { level: "medium", seat: "S", seed: "abc", board: 0 }, record: { board: 2 }, boards: [1] };
  assert.equal(sessionOf(new URLSearchParams("level=medium&seat=S"), stored), stored);
});

test("another query starts a new session, with a random seed when none is given", () => {
  const stored = { query: { level: "medium" }, config: { level: "medium", seed: "abc" }, record: { board: 2 }, boards: [1] };
  const s = sessionOf(new URLSearchParams("level=hard"), stored);
  assert.notEqual(s, stored);
  assert.equal(s.record, null);
  assert.deepEqual(s.boards, []);
  assert.match(s.config.seed, /^[0-9a-f]{32}$/);
  assert.equal(sessionOf(new URLSearchParams("level=hard&seed=S&board=3"), null).config.board, 3);
  assert.equal(sessionOf(new URLSearchParams("seed=S"), null).config.seed, "S");
});

test("the page says which link of the chain is acting", () => {
  assert.match(linkText(""), /WebAssembly/);
  assert.match(linkText("JavaScript heuristic"), /JavaScript heuristic/);
  assert.match(linkText("", true), /restarted/);
});
