// Package boardtest gives the reference bot's tests and measurements their
// seeded boards (bid by a simple contract, by the system, or replayed from
// a record) and tallies the tricks a played board lost against double
// dummy. Its helpers stop the test that calls them on an error.
package boardtest

import (
	"math/rand/v2"
	"testing"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot/bidding"
	"github.com/stretchr/testify/require"
)

// simpleContract picks a plausible contract for a deal, standing in for
// the auction in play measurements: the side with more points declares a
// major with an 8-card fit, else no trump, else a minor with a 9-card fit;
// game with 25 points or more (five of a minor with 28), else a partscore.
func simpleContract(d engine.Deal) (declarer engine.Seat, level int, strain engine.Strain) {
	ns := d[engine.North].HCP() + d[engine.South].HCP()
	a, b := engine.North, engine.South
	pts := ns
	if ns < 20 {
		a, b, pts = engine.East, engine.West, 40-ns
	}
	fit := func(s engine.Suit) int { return d[a].SuitLen(s) + d[b].SuitLen(s) }
	longer := func(s engine.Suit) engine.Seat {
		if d[b].SuitLen(s) > d[a].SuitLen(s) {
			return b
		}
		return a
	}
	stronger := a
	if d[b].HCP() > d[a].HCP() {
		stronger = b
	}
	switch {
	case fit(engine.Spades) >= 8 && fit(engine.Spades) >= fit(engine.Hearts):
		return longer(engine.Spades), pick(pts >= 25, 4, 2), engine.StrainSpades
	case fit(engine.Hearts) >= 8:
		return longer(engine.Hearts), pick(pts >= 25, 4, 2), engine.StrainHearts
	case fit(engine.Diamonds) >= 9 && pts >= 28:
		return longer(engine.Diamonds), 5, engine.StrainDiamonds
	case fit(engine.Clubs) >= 9 && pts >= 28:
		return longer(engine.Clubs), 5, engine.StrainClubs
	}
	return stronger, pick(pts >= 25, 3, 1), engine.NoTrump
}

func pick(c bool, a, b int) int {
	if c {
		return a
	}
	return b
}

// ContractBoard deals board n from seed and bids the simple contract.
func ContractBoard(t testing.TB, seed string, n int) *engine.Board {
	t.Helper()
	bd := engine.NewBoard(n, engine.NewDealSource(seed).Deal(n))
	decl, level, strain := simpleContract(bd.Deal())
	for s := bd.Dealer(); s != decl; s = s.Next() {
		require.NoError(t, bd.Call(s, engine.Pass))
	}
	require.NoError(t, bd.Call(decl, engine.Bid(level, strain)))
	for i := 1; i <= 3; i++ {
		require.NoError(t, bd.Call((decl+engine.Seat(i))&3, engine.Pass))
	}
	return bd
}

// AuctionBoard returns board n of the deal with the calls made: a recorded
// board at the start of its play, to replay the cards on.
func AuctionBoard(t testing.TB, n int, deal engine.Deal, calls []engine.Call) *engine.Board {
	t.Helper()
	bd := engine.NewBoard(n, deal)
	for _, call := range calls {
		turn, _ := bd.Turn()
		require.NoError(t, bd.Call(turn, call), "board %d", n)
	}
	return bd
}

// BidAuction bids a board with four copies of the system, each seeing
// only its own view, and returns the finished board.
func BidAuction(t testing.TB, sys *bidding.System, n int, deal engine.Deal) *engine.Board {
	t.Helper()
	bd := engine.NewBoard(n, deal)
	for bd.Phase() == engine.PhaseAuction {
		turn, _ := bd.Turn()
		v := bd.View(turn)
		c, _, _ := sys.Choose(&v)
		require.NoError(t, bd.Call(turn, c), "board %d", n)
	}
	return bd
}

// OpenedBoard deals a seeded board and bids it to the contract level/strain
// by the dealer, passed out by the others.
func OpenedBoard(t testing.TB, seed string, number, level int, strain engine.Strain) *engine.Board {
	t.Helper()
	b := engine.NewBoard(number, engine.NewDealSource(seed).Deal(number))
	d := b.Dealer()
	require.NoError(t, b.Call(d, engine.Bid(level, strain)))
	for i := 1; i <= 3; i++ {
		require.NoError(t, b.Call((d+engine.Seat(i))&3, engine.Pass))
	}
	return b
}

// PlayRandom plays n random legal cards.
func PlayRandom(t testing.TB, b *engine.Board, rng *rand.Rand, n int) {
	t.Helper()
	for i := 0; i < n; i++ {
		legal := b.LegalCards()
		c := legal.Nth(rng.IntN(legal.Len()))
		turn, _ := b.Turn()
		require.NoError(t, b.PlayCard(turn, c))
	}
}

// Remaining returns the real remaining hands (for checks only: a bot never sees them).
func Remaining(b *engine.Board) engine.Deal {
	var d engine.Deal
	for s := engine.North; s <= engine.West; s++ {
		d[s] = b.Remaining(s)
	}
	return d
}

// CardLosses analyses a played board on its real deal (post-game
// analysis, never available to a bot): for each card of the play, the
// tricks its side lost by it, the drop in that side's double-dummy total.
func CardLosses(t testing.TB, played *engine.Board, sv *dds.Solver) []int {
	t.Helper()
	c, _ := played.Contract()
	cards := played.Play().Cards()
	ns, err := sv.AnalysePlay(played.Deal(), c.Strain, c.Leader(), cards)
	require.NoError(t, err)
	require.Len(t, ns, len(cards)+1)
	bd := AuctionBoard(t, played.Number(), played.Deal(), played.Auction().Calls())
	losses := make([]int, len(cards))
	for i, card := range cards {
		turn, _ := bd.Turn()
		lost := ns[i] - ns[i+1] // North-South's drop
		if turn.Side() != engine.NS {
			lost = -lost
		}
		require.GreaterOrEqual(t, lost, 0, "board %d card %d", played.Number(), i+1)
		losses[i] = lost
		require.NoError(t, bd.PlayCard(turn, card), "board %d, card %d", bd.Number(), i+1)
	}
	return losses
}
