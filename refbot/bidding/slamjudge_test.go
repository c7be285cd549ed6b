package bidding

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

func TestSlamJudgeCandidates(t *testing.T) {
	t.Parallel()
	sys := NewSystem()
	tests := []struct {
		name, hand, calls string
		want              []string
	}{
		// 13 HCP and six hearts opposite 15-17: game by the system's
		// count (Blackwood wants 32), slam in reach by the judgement's.
		{"game or the ace ask opposite a notrump opening", "52.AQJ954.K53.K2", "1N P 2D P 2H P", []string{"4H", "4N"}},
		{"too weak for slam: the game alone", "52.QJ9854.K53.32", "1N P 2D P 2H P", nil},
		// Partner's cue bid showed slam values: the sign-off without a
		// club control is weighed against the ask.
		{"the sign-off over partner's cue bid or the ask", "K753.AK4.K632.32", "1S P 3S P 4D P", []string{"4S", "4N"}},
		// Partner's 1S shows 6 HCP up: too wide a range to judge.
		{"no judgement opposite a wide range", "AK4.A2.KQ5.AJ863", "1C P 1S P", nil},
		// A 2C opener's own values carry the slam: its game in the fit is
		// weighed against the ask opposite the waiting 2D and a raise.
		{"a strong opener judges opposite any range", "AKQJ54.AK4.A5.K2", "2C P 2D P 2S P 3S P", []string{"4S", "4N"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := viewFor(t, tc.hand, tc.calls)
			var names []string
			for _, c := range sys.JudgeCandidates(&v) {
				names = append(names, KeyCall(c))
			}
			assert.Equal(t, tc.want, names)
		})
	}
}

func TestSlamJudgeCallModel(t *testing.T) {
	t.Parallel()
	sys := NewSystem()
	a := auctionOf(t, "1N P 2D P 2H P 4N")
	// The judged ask reads as Blackwood for hearts.
	m, err := sys.Explain(&a, 6)
	require.NoError(t, err)
	assert.Equal(t, convBlackwood, m.conv)
	assert.Equal(t, engine.Hearts, m.Trump)
	// The call model accepts a hand that judged the ask better than its
	// game, and still refuses one that would not have weighed slam.
	model := sys.callModel(&a, noReader)
	require.NotNil(t, model)
	judged, _ := engine.ParseHand("52.AQJ954.K53.K2")
	assert.True(t, model(a.SeatOf(6), judged), "a hand in the slam zone may have asked")
	weak, _ := engine.ParseHand("52.QJ9854.K53.32")
	assert.False(t, model(a.SeatOf(6), weak), "a hand far from slam would have bid game")
}
