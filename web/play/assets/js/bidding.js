// The bidding box: which calls to offer, how they read, and calls typed on
// the keyboard.

import { callText } from "../../../shared/cards.js";

export const STRAINS = ["C", "D", "H", "S", "NT"];

// boxLayout lays out the whole bidding box, each call marked legal or not:
// seven rows of bids (clubs to no trump) and a row of Pass, X, XX.
export function boxLayout(legal) {
  const ok = new Set(legal);
  const rows = [];
  for (let level = 1; level <= 7; level++) {
    rows.push(STRAINS.map((s) => ({ call: level + s, legal: ok.has(level + s) })));
  }
  rows.push(["Pass", "X", "XX"].map((c) => ({ call: c, legal: ok.has(c) })));
  return rows;
}

const STRAIN_KEYS = { c: "C", d: "D", h: "H", s: "S", n: "NT" };

// parseCallKeys reads what the person typed: "p" Pass, "x" double (or
// redouble when that is the legal one), "r" redouble, a level then a strain
// letter ("1h", "3n"). It returns {call} once the keys name a legal call,
// {pending: true} while they may still, and {error} when they cannot.
export function parseCallKeys(keys, legal) {
  const k = keys.toLowerCase();
  const ok = new Set(legal);
  const pick = (call) => (ok.has(call) ? { call } : { error: `${callText(call)} is not legal now` });
  if (k === "") return { pending: true };
  if (k === "p") return pick("Pass");
  if (k === "r" || k === "xx") return pick("XX");
  if (k === "x") return ok.has("XX") ? { call: "XX" } : pick("X");
  if (/^[1-7]$/.test(k)) return { pending: true };
  const m = /^([1-7])([cdhsn])t?$/.exec(k);
  if (m) return pick(m[1] + STRAIN_KEYS[m[2]]);
  return { error: `"${keys}" is not a call (type 1h, 3n, p, x, r)` };
}
