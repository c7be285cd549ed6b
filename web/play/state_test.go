package play

import (
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
