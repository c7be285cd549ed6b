package bidding

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

func TestCallModelReadsCallsBackThroughTheSystem(t *testing.T) {
	t.Parallel()
	s := NewSystem()
	hand := func(h string) engine.Hand {
		x, err := engine.ParseHand(h)
		require.NoError(t, err)
		return x
	}
	tests := []struct {
		name  string
		calls string
		seat  engine.Seat
		hand  string
		want  bool
	}{
		{"a 1NT opener holds 15-17 balanced", "1N P 3N P P P", engine.North, "KQ52.AJ3.K54.Q32", true},
		{"not a five-card major with 13", "1N P 3N P P P", engine.North, "KQJ52.AJ3.K54.32", false},
		{"the 4S raise was not made with a yarborough", "P P 1S P 4S P P P", engine.North, "9852.T73.954.J32", false},
		{"a pass over 1NT with a weak hand", "1N P 3N P P P", engine.East, "9852.T73.954.J32", true},
		{"the dealer's partner did not hold a weak notrump raise", "1N P 3N P P P", engine.South, "9852.T73.954.J32", false},
		{"a second-seat pass denies an opening", "P P 1S P 4S P P P", engine.East, "AKQ52.AJ3.K54.32", false},
		{"a second-seat pass with a weak hand", "P P 1S P 4S P P P", engine.East, "9852.T73.954.J32", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := auctionOf(t, tc.calls)
			m := s.callModel(&a, noReader)
			require.NotNil(t, m)
			assert.Equal(t, tc.want, m(tc.seat, hand(tc.hand)))
		})
	}
}

// TestCallModelAdmitsTheHandsThatBid checks, over seeded auctions the
// system bid itself, that every seat's real hand fits the model of the
// whole auction (one reading of each prefix serves every hand, so this
// fails if choosing a call after that reading ever differs from Choose),
// and that the model rejects some other hands (it says something).
func TestCallModelAdmitsTheHandsThatBid(t *testing.T) {
	t.Parallel()
	s := NewSystem()
	ds := engine.NewDealSource("call-model")
	rejected := 0
	for board := 1; board <= 150; board++ {
		d := ds.Deal(board)
		a, _ := bidDeal(t, s, d, board, nil, func(engine.Seat) bool { return false })
		m := s.callModel(&a, noReader)
		require.NotNil(t, m)
		for seat := engine.North; seat <= engine.West; seat++ {
			require.True(t, m(seat, d[seat]), "board %d: %s's own hand %v does not fit %v", board, seat.Name(), d[seat], a.Calls())
			if !m(seat, d[seat.Next()]) {
				rejected++
			}
		}
	}
	assert.Greater(t, rejected, 150, "the model rejects almost no hand")
}
