package cardplay

import (
	"testing"

	"github.com/openroom/openroom/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTrivialChoiceCountsTheCurrentTrick(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		cards   []string
		trivial bool
	}{
		// The king on this trick lies between the ace and the queen: the
		// queen loses to it, the ace wins.
		{"AQ over the king played to this trick", []string{"HJ", "H2", "HK"}, false},
		// Cards gone in earlier tricks do separate nothing: with the jack
		// and the eight played, North's KQT97 of spades are all equals,
		// and the ace and three on this trick are not between them.
		{"KQT97 with the jack and eight gone", []string{"HJ", "H2", "HK", "HA", "S6", "S8", "SJ", "S2", "SA", "S3"}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := heartBoard(t, tc.cards...)
			turn, _ := b.Actor()
			v := b.View(turn)
			legal, _ := v.LegalCards()
			_, ok := TrivialChoice(&v, legal)
			assert.Equal(t, tc.trivial, ok)
		})
	}
}

// heartBoard is board 55 of the play measurements: 4S by North after
// 1C-1S-1NT-4S, East to lead. North holds the AQ of hearts.
func heartBoard(t *testing.T, cards ...string) *engine.Board {
	t.Helper()
	d, err := engine.ParseDeal("N:KQT976.AQ.Q74.Q3 8.JT4.AJ53.T7642 AJ.9762.T96.AKJ5 5432.K853.K82.98")
	require.NoError(t, err)
	b := engine.NewBoard(55, d)
	a := auctionOf(t, "1C P 1S P 1N P 4S P P P")
	for _, c := range a.Calls() {
		turn, _ := b.Turn()
		require.NoError(t, b.Call(turn, c))
	}
	for _, s := range cards {
		c, err := engine.ParseCard(s)
		require.NoError(t, err)
		turn, _ := b.Turn()
		require.NoError(t, b.PlayCard(turn, c))
	}
	return b
}
