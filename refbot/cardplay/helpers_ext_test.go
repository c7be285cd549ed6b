package cardplay_test

import (
	"strings"
	"testing"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/refbot/bidding"
	"github.com/openroom/openroom/refbot/cardplay"
	"github.com/stretchr/testify/require"
)

func testParams() cardplay.Params {
	p := refbot.Hard.Params()
	p.Worlds, p.Nodes, p.SearchCards = 6, 200_000, 0
	p.ClockCap = 10 * time.Second // only the deterministic limits bind, even under -race
	return p
}

// playHeuristic plays the board by the heuristic until n cards are played.
func playHeuristic(t testing.TB, bd *engine.Board, n int) {
	t.Helper()
	for bd.Play().Len() < n {
		actor, _ := bd.Actor()
		turn, _ := bd.Turn()
		v := bd.View(actor)
		c, err := cardplay.Heuristic(&v)
		require.NoError(t, err)
		require.NoError(t, bd.PlayCard(turn, c))
	}
}

// auctionOf replays space-separated calls ("1N P 2C P") from dealer North.
func auctionOf(t testing.TB, calls string) engine.Auction {
	t.Helper()
	a := engine.NewAuction(engine.North)
	for _, f := range strings.Fields(calls) {
		c, err := engine.ParseCall(f)
		require.NoError(t, err, "call %q", f)
		require.NoError(t, a.Add(c), "call %q in %q", f, calls)
	}
	return a
}

// readingOthers returns soft facts that read every seat's carding but
// the viewer's.
func readingOthers(v *engine.View) (soft bidding.SoftFacts) {
	for s := range soft.LowestCards {
		soft.LowestCards[s] = engine.Seat(s) != v.Seat
	}
	return soft
}

// playCards plays the cards (suit-rank, space separated) in turn.
func playCards(t testing.TB, b *engine.Board, played string) {
	t.Helper()
	for _, c := range cardsOf(t, played) {
		turn, _ := b.Turn()
		require.NoError(t, b.PlayCard(turn, c), c.String())
	}
}

// cardsOf parses cards (suit-rank, space separated).
func cardsOf(t testing.TB, s string) []engine.Card {
	t.Helper()
	var out []engine.Card
	for _, f := range strings.Fields(s) {
		c, err := engine.ParseCard(f)
		require.NoError(t, err)
		out = append(out, c)
	}
	return out
}

// heartBoard is board 55 of the play measurements: 4S by North after
// 1C-1S-1NT-4S, East to lead. North holds the AQ of hearts.
func heartBoard(t *testing.T, cards ...string) *engine.Board {
	t.Helper()
	d, err := engine.ParseDeal("N:KQT976.AQ.Q74.Q3 8.JT4.AJ53.T7642 AJ.9762.T96.AKJ5 5432.K853.K82.98")
	require.NoError(t, err)
	b := engine.NewBoard(55, d)
	a := auctionOf(t, "1C P 1S P 1N P 4S P P P")
	for _, c := range a.Calls() {
		turn, _ := b.Turn()
		require.NoError(t, b.Call(turn, c))
	}
	for _, s := range cards {
		c, err := engine.ParseCard(s)
		require.NoError(t, err)
		turn, _ := b.Turn()
		require.NoError(t, b.PlayCard(turn, c))
	}
	return b
}
