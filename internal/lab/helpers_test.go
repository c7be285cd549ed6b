package lab

import (
	"fmt"
	"testing"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot/cardplay"
	"github.com/stretchr/testify/require"
)

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

// ddLosses analyses a played board on its real deal (post-game analysis,
// never available to a bot): the double-dummy value after every card of
// the whole play, and for each card the tricks its side lost by it (the
// drop in that side's double-dummy total).
func ddLosses(played *engine.Board, sv *dds.Solver) (losses, error) {
	c, _ := played.Contract()
	cards := played.Play().Cards()
	ns, err := sv.AnalysePlay(played.Deal(), c.Strain, c.Leader(), cards)
	if err != nil {
		return losses{}, err
	}
	if len(ns) != len(cards)+1 {
		return losses{}, fmt.Errorf("board %d: %d values for %d cards", played.Number(), len(ns), len(cards))
	}
	bd, err := auctionBoard(played.Number(), played.Deal(), played.Auction().Calls())
	if err != nil {
		return losses{}, err
	}
	var gained error // a card that gained a trick: the analysis is wrong
	l, err := tallyLosses(bd, cards, func(i int, side engine.Side) int {
		lost := ns[i] - ns[i+1] // North-South's drop
		if side != engine.NS {
			lost = -lost
		}
		if lost < 0 && gained == nil {
			gained = fmt.Errorf("board %d card %d gained %d tricks double dummy", played.Number(), i+1, -lost)
		}
		return lost
	})
	if err != nil {
		return l, err
	}
	return l, gained
}
