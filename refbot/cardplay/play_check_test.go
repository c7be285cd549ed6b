package cardplay

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/internal/lab/boardtest"
)

// TestPlayCheckFindsTheOpponentsUnsoundCards checks playCheck on the real
// deal against the double-dummy analysis of the whole play
// (dds.AnalysePlay, an independent computation): at decisions of boards
// played by the heuristic, which gives tricks away often, the real world
// weighs unsoundWeight exactly when an opponent's card among those checked
// gave up a trick. Decisions at which a card of the decider's own side in
// that window gave up a trick are left out, as the check takes those cards
// as sound by design.
func TestPlayCheckFindsTheOpponentsUnsoundCards(t *testing.T) {
	t.Parallel()
	const window = 8
	sv := dds.NewSolver()
	solver := NewDDSSolver().(TargetSolver)
	checked, unsound := 0, 0
	for n := 1; n <= 12; n++ {
		bd := boardtest.ContractBoard(t, "play-check", n)
		playHeuristic(t, bd, 52)
		losses := boardtest.CardLosses(t, bd, sv) // the tricks each card gave up
		var side [52]engine.Side                  // the side of each card played so far
		replay := boardtest.AuctionBoard(t, n, bd.Deal(), bd.Auction().Calls())
		for i, card := range bd.Play().Cards() {
			if i >= 12 && i%3 == 0 && i < 44 {
				// A decision at card i, valued on the real deal.
				actor, _ := replay.Actor()
				v := replay.View(actor)
				us := v.Play.Turn().Side()
				first := max(1, i-window)
				ownLost, oppLost := false, false
				for j := first; j < i; j++ {
					if losses[j] > 0 && side[j] == us {
						ownLost = true
					}
					if losses[j] > 0 && side[j] != us {
						oppLost = true
					}
				}
				if !ownLost {
					var hands engine.Deal
					for s := range hands {
						hands[s] = bd.Deal()[s] &^ v.Play.Played()
					}
					pos := Position{Hands: hands, Trump: v.Play.Trump(), Leader: v.Play.Leader()}
					pos.NTrick = copy(pos.Trick[:], v.Play.CurrentTrick())
					now, err := solver.CardValues(&pos, nil)
					require.NoError(t, err)
					w, err := newPlayCheck(&v, window, solver).weight(&hands, now)
					require.NoError(t, err)
					want := 1.0
					if oppLost {
						want, unsound = unsoundWeight, unsound+1
					}
					require.Equal(t, want, w, "board %d, decision at card %d", n, i+1)
					checked++
				}
			}
			turn, _ := replay.Turn()
			side[i] = turn.Side()
			require.NoError(t, replay.PlayCard(turn, card))
		}
	}
	t.Logf("%d decisions checked, %d with an unsound opponent's card", checked, unsound)
	require.Greater(t, unsound, 3, "the boards should hold unsound cards to find")
	require.Greater(t, checked-unsound, 3, "and decisions without them")
}
