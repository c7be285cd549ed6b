package refbot

import (
	"context"
	"net"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/protocol"
	"github.com/openroom/openroom/results"
)

// openOneClub opens 1C with the first call of the board and passes after,
// so that every board is played.
func openOneClub(v *engine.View) (engine.Call, string) {
	if v.Auction.Len() == 0 {
		return engine.Bid(1, engine.StrainClubs), ""
	}
	return engine.Pass, ""
}

// TestBotThroughProtocolSeesNoHiddenCard seats four reference bots at a
// protocol table, each behind the seat-side client on a pipe, and checks
// every view the client gave a bot against the deals the table played:
// the seat's own cards, dummy's only after the opening lead and never as
// dummy, and nothing else.
func TestBotThroughProtocolSeesNoHiddenCard(t *testing.T) {
	t.Parallel()
	boards := engine.SeededBoards("refbot-protocol", []int{1, 2})
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()

	var recs [4]*recorder
	var local [4]protocol.LocalBot
	for s := range local {
		seat := engine.Seat(s)
		bot := New(Hard, uint64(s), withSolver(testSolver), WithParams(testParams()), withBidder(openOneClub))
		recs[s] = &recorder{Player: bot}
		local[s] = func(ctx context.Context, _ engine.Seat, conn net.Conn) error {
			team := "NS"
			if seat.Side() == engine.EW {
				team = "EW"
			}
			return protocol.NewClient(conn, protocol.ClientConfig{Team: team, Seat: seat}, recs[seat]).Run(ctx)
		}
	}
	var played []results.Record
	tbl, err := protocol.NewTable(protocol.Config{
		Boards: boards, Local: local, ActionTimeout: 10 * time.Second,
		OnBoard: func(r results.Record) error { played = append(played, r); return nil },
	})
	require.NoError(t, err)
	require.NoError(t, tbl.Run(ctx))
	require.Len(t, played, 2)

	byNumber := map[int]engine.Deal{}
	for _, b := range boards {
		byNumber[b.Number] = b.Deal
	}
	cards := 0
	for s, r := range recs {
		seat := engine.Seat(s)
		for _, v := range r.views {
			deal := byNumber[v.Number]
			require.Equal(t, seat, v.Seat)
			require.Equal(t, deal[seat], v.Hand, "board %d: own cards only", v.Number)
			if v.Phase() != engine.PhasePlay {
				require.False(t, v.DummyVisible)
				continue
			}
			cards++
			dummy := v.Contract.Dummy()
			require.NotEqual(t, dummy, seat, "dummy is never asked")
			if v.DummyVisible {
				require.Positive(t, v.Play.Len(), "dummy only after the opening lead")
				require.Equal(t, deal[dummy], v.Dummy)
			} else {
				require.Zero(t, v.Dummy)
				require.Zero(t, v.Play.Len())
			}
		}
	}
	assert.Equal(t, 2*52, cards, "every card of both boards was asked of the bot that chose it")
}
