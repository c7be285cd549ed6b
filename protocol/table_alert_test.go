package protocol

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
)

// TestBareAlertIsRecordedWithoutText: `North bids 1C Alert.` (an alert with
// no explanation) is recorded as alerted with no alert text, is relayed
// with its alert to the opponents only, and every board's record says so.
func TestBareAlertIsRecordedWithoutText(t *testing.T) {
	bots := newBots(7)
	for _, b := range bots {
		b.passer = true
	}
	bots[engine.North].bareAlert = true
	boards := engine.SeededBoards("bare-alert", numbers(4))
	s := playTCP(t, Config{Boards: boards, NSTeam: "Norse", EWTeam: "Westerlies"}, bots)
	require.NoError(t, s.runErr)
	for i, err := range s.botErr {
		require.NoError(t, err, "bot %d", i)
	}
	checkRecords(t, s.recs, boards)
	for _, r := range s.recs {
		i := slices.IndexFunc(r.Auction, func(c results.Call) bool { return c.Call == "1C" })
		require.GreaterOrEqual(t, i, 0, "board %d: North opens 1C: %v", r.Board, r.Auction)
		c := r.Auction[i]
		assert.Equal(t, results.Call{Seat: "N", Call: "1C", Alerted: true}, c, "board %d", r.Board)
		assert.True(t, c.IsAlerted())
		js, err := json.Marshal(c)
		require.NoError(t, err)
		assert.JSONEq(t, `{"seat": "N", "call": "1C", "alerted": true}`, string(js))
		for j, o := range r.Auction {
			if j != i {
				assert.False(t, o.IsAlerted(), "board %d call %d", r.Board, j)
			}
		}
	}
	count := func(b *testBot, line string) int {
		n := 0
		for _, l := range b.received() {
			if l == line {
				n++
			}
		}
		return n
	}
	for _, seat := range []engine.Seat{engine.East, engine.West} {
		assert.Equal(t, len(boards), count(bots[seat], "North bids 1C Alert."), "%s gets the alert", seat.Name())
		assert.Zero(t, count(bots[seat], "North bids 1C"), seat.Name())
	}
	assert.Equal(t, len(boards), count(bots[engine.South], "North bids 1C"), "partner gets the call")
	assert.Zero(t, count(bots[engine.South], "North bids 1C Alert."), "partner gets no alert")
	checkBoundary(t, bots, s.recs)
}
