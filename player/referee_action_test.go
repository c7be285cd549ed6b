package player_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player"
)

// TestRefereeShowsEveryAction: OnAction sees the board at its start and
// after each call and card, one step at a time.
func TestRefereeShowsEveryAction(t *testing.T) {
	for _, setup := range engine.SeededBoards("onaction", engine.BoardNumbers(1, 6)) {
		var ref player.Referee
		for s := range ref.Players {
			ref.Players[s] = player.Random{Seed: "a"}
		}
		var seen []int
		ref.OnAction = func(b *engine.Board) { seen = append(seen, b.Auction().Len()+b.Play().Len()) }
		var b engine.Board
		b.Reset(setup)
		_, err := ref.Play(context.Background(), &b)
		require.NoError(t, err)
		n := b.Auction().Len() + b.Play().Len()
		require.Len(t, seen, n+1, "board %d", setup.Number)
		for i, k := range seen {
			assert.Equal(t, i, k, "board %d step %d", setup.Number, i)
		}
	}
}
