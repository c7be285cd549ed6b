// The heuristic of the page without a server's fallback chain: when the
// WebAssembly searches of a bot's decision both fail, the worker's Go code
// asks openroomHeuristic for the action. It is given the seat's view only
// (its own cards, dummy's once exposed, every call and card, its legal
// calls or cards: practice.SeatView) and returns a call or a card as text.
// A classic script: it is joined to the worker's script, and node's test
// runs it in a context of its own.

(function (g) {
  const RANKS = "23456789TJQKA";
  const rank = (c) => RANKS.indexOf(c[1]);

  // trumpOf is the contract's trump suit letter, or "" at no trump.
  function trumpOf(contract) {
    const m = /^[1-7]([CDHS])/.exec(contract || "");
    return m ? m[1] : "";
  }

  // winning returns the card of the trick that wins it so far.
  function winning(trick, trump) {
    let best = trick[0].card;
    for (const { card } of trick.slice(1)) {
      if (card[0] === best[0] ? rank(card) > rank(best) : card[0] === trump) best = card;
    }
    return best;
  }

  const lowest = (cards) => cards.reduce((a, c) => (rank(c) < rank(a) ? c : a));
  const beats = (c, best, trump, led) =>
    c[0] === best[0] ? rank(c) > rank(best) : c[0] === trump && best[0] !== trump || (c[0] === led && best[0] !== trump && best[0] !== led);

  // card: lead the lowest card of the longest suit; second hand low; else
  // win as cheaply as possible when partner is not winning, or play low.
  function card(v) {
    const legal = v.legal_cards;
    const trump = trumpOf(v.contract);
    const trick = v.trick || [];
    if (trick.length === 0) {
      const bySuit = {};
      for (const c of legal) (bySuit[c[0]] ??= []).push(c);
      const longest = Object.values(bySuit).reduce((a, s) => (s.length > a.length ? s : a));
      return lowest(longest);
    }
    if (trick.length === 1) return lowest(legal);
    const best = winning(trick, trump);
    const winner = trick.find((t) => t.card === best).seat;
    const partner = { N: "S", S: "N", E: "W", W: "E" }[v.turn];
    if (winner === partner) return lowest(legal);
    const winners = legal.filter((c) => beats(c, best, trump, trick[0].card[0]));
    return winners.length ? lowest(winners) : lowest(legal);
  }

  // call: a pass whenever it is legal (the rules' safest call).
  function call(v) {
    return v.legal_calls.includes("Pass") ? "Pass" : v.legal_calls[0];
  }

  g.openroomHeuristic = function (json) {
    if (g.openroomFault === "throw-js") throw new Error("fault: the heuristic threw");
    const v = JSON.parse(json);
    return v.your === "call" ? call(v) : card(v);
  };
})(typeof self !== "undefined" ? self : globalThis);
