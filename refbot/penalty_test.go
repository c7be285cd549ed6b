package refbot

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

// callAfter is the call of bot b, East, holding hand after the auction
// (North deals, nobody vulnerable).
func callAfter(t *testing.T, b *Bot, hand, auction string) engine.Call {
	t.Helper()
	h, err := engine.ParseHand(hand)
	require.NoError(t, err)
	a := engine.NewAuction(engine.North)
	for _, s := range strings.Fields(auction) {
		c, err := engine.ParseCall(s)
		require.NoError(t, err)
		require.NoError(t, a.Add(c))
	}
	require.Equal(t, engine.East, a.Turn(), "the auction leaves East on turn")
	v := engine.NewView(engine.East, 1, engine.North, engine.VulNone, h)
	v.Auction = a
	c, _, err := b.Call(context.Background(), &v)
	require.NoError(t, err)
	return c
}

func TestBotDoublesForPenalty(t *testing.T) {
	t.Parallel()
	// Five trumps over declarer's and three aces and kings beside them:
	// their game fails by three or more in every layout.
	const stack = "KQJT9.AK.A32.432"
	const weak = "32.5432.5432.432"
	expert := New(Expert, 1)
	tests := []struct {
		name    string
		bot     *Bot
		hand    string
		auction string
		want    engine.Call
	}{
		{"their game in the pass-out seat", expert, stack, "1S P 4S P P", engine.Double},
		{"their game in the direct seat", expert, stack, "1S P 2S P 4S", engine.Double},
		{"nothing to beat it with", expert, weak, "1S P 4S P P", engine.Pass},
		{"never at a margin out of reach", New(Expert, 1, WithPenaltyMargin(math.Inf(1))), stack, "1S P 4S P P", engine.Pass},
		{"not below expert", New(Hard, 1), stack, "1S P 4S P P", engine.Pass},
		{"not an artificial bid", expert, stack, "1S P 3S P 4NT", engine.Pass},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want.String(), callAfter(t, tt.bot, tt.hand, tt.auction).String())
		})
	}
}

func TestMayDoubleForPenalty(t *testing.T) {
	t.Parallel()
	b := New(Expert, 1)
	tests := []struct {
		auction string
		want    bool
	}{
		{"1S P 2S P P", true},              // the pass would end the auction
		{"1S P 4S", true},                  // their game, direct
		{"P 1NT P 3NT", true},              // their game in notrump
		{"1S P 2S", false},                 // a part score: partner may still speak
		{"1S P 2S P", false},               // North's turn over partner's bid
		{"P 1NT P 4NT", true},              // quantitative: natural, and a game
		{"1S P 4S X", false},               // already doubled
		{"1S 2H P P", true},                // their overcall, for North in the pass-out seat
		{"1S 2H P", false},                 // partner's bid: nothing of theirs to double
		{"1S P 4S P P X P", false},         // their turn, not ours
		{"1S P 4S P 6S", false},            // a slam
		{"1S P 3S P 4NT P 5D P 5S", false}, // past their ace-ask
		{"1S P 3S P 4NT P 5D P 5S P P", false},
		{"", false},
	}
	for _, tt := range tests {
		t.Run(tt.auction, func(t *testing.T) {
			a := engine.NewAuction(engine.North)
			for _, s := range strings.Fields(tt.auction) {
				c, err := engine.ParseCall(s)
				require.NoError(t, err)
				require.NoError(t, a.Add(c))
			}
			assert.Equal(t, tt.want, b.mayDoubleForPenalty(&a))
		})
	}
}
