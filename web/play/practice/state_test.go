package practice

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

// TestViewStateAlertsGoToOpponents: every call of the auction is shown
// with its alert text except the person's partner's, whose explanation is
// for the opponents only; the meanings (the system's reading, public) are
// shown for every call.
func TestViewStateAlertsGoToOpponents(t *testing.T) {
	t.Parallel()
	setup := engine.SeededBoards("alerts", []int{1})[0] // North deals
	b := engine.NewBoard(setup.Number, setup.Deal)
	b.Reset(setup)
	var alerts, meanings []string
	for _, call := range []string{"1C", "1H", "2C", "Pass"} {
		seat, _ := b.Turn()
		c, err := engine.ParseCall(call)
		require.NoError(t, err)
		require.NoError(t, b.Call(seat, c))
		alerts = append(alerts, "alert by "+seat.String())
		meanings = append(meanings, "meaning of "+call)
	}
	v := b.View(engine.South)
	st := viewState(&v, alerts, meanings, [engine.NumSeats]bool{true, true, false, true})
	require.Len(t, st.Auction, 4)
	want := []string{"", "alert by E", "alert by S", "alert by W"} // North is South's partner
	for i, ci := range st.Auction {
		assert.Equal(t, want[i], ci.Alert, "call %d by %s", i, ci.Seat)
		assert.Equal(t, meanings[i], ci.Meaning)
	}
}

// TestViewStateCarriesTheEnginesTrickWinners: a state in the play gives
// every card with its seat and the winner of each complete trick, by the
// engine; the trick in progress has no winner until its fourth card.
func TestViewStateCarriesTheEnginesTrickWinners(t *testing.T) {
	t.Parallel()
	// North holds every spade, East every heart, South every diamond, West every club.
	d, err := engine.ParseDeal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
	require.NoError(t, err)
	setup := engine.NewBoardSetup(1, d) // North deals
	b := engine.NewBoard(setup.Number, setup.Deal)
	b.Reset(setup)
	for _, call := range []string{"1S", "Pass", "Pass", "Pass"} {
		seat, _ := b.Turn()
		c, err := engine.ParseCall(call)
		require.NoError(t, err)
		require.NoError(t, b.Call(seat, c))
	}
	// East leads a heart, South and West discard, North ruffs; North leads
	// a spade and East plays a heart.
	cards := []string{"HA", "D2", "C2", "S2", "SA", "H2"}
	seats := []string{"E", "S", "W", "N", "N", "E"}
	// The winners wanted after so many cards.
	wantWinners := map[int][]string{0: {}, 3: {}, 4: {"N"}, 6: {"N"}}
	for i := 0; i <= len(cards); i++ {
		if want, ok := wantWinners[i]; ok {
			v := b.View(engine.South) // dummy: sees declarer's hand too
			st := viewState(&v, nil, nil, [engine.NumSeats]bool{true, true, false, true})
			require.Len(t, st.Played, i)
			for j, p := range st.Played {
				assert.Equal(t, PlayedCard{Seat: seats[j], Card: cards[j]}, p, "card %d", j+1)
			}
			assert.Equal(t, want, st.Winners, "after %d cards", i)
			raw, err := json.Marshal(st)
			require.NoError(t, err)
			assert.Contains(t, string(raw), `"winners":[`, "always a list, empty before the first trick is complete")
		}
		if i == len(cards) {
			break
		}
		seat, _ := b.Turn()
		c, err := engine.ParseCard(cards[i])
		require.NoError(t, err)
		require.NoError(t, b.PlayCard(seat, c))
	}
}
