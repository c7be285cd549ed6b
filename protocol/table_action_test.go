package protocol

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/results"
)

// TestTableShowsEveryAction: Config.OnAction sees each board at its start
// and after each call and card, one step at a time, before its record.
func TestTableShowsEveryAction(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), testDeadline)
	defer cancel()
	boards := engine.SeededBoards("onaction", numbers(4))
	var local [4]LocalBot
	for s := range local {
		local[s] = ClientBot("Home", player.Random{Seed: "a"})
	}
	type step struct{ board, actions int }
	var seen []step
	var recs []results.Record
	tbl, err := NewTable(Config{
		Boards: boards, Local: local,
		OnAction: func(b *engine.Board) {
			seen = append(seen, step{b.Number(), b.Auction().Len() + b.Play().Len()})
		},
		OnBoard: func(r results.Record) error {
			recs = append(recs, r)
			return nil
		},
	})
	require.NoError(t, err)
	require.NoError(t, tbl.Run(ctx))
	require.Len(t, recs, len(boards))
	i := 0
	for _, r := range recs {
		n := len(r.Auction) + len(r.Play)
		for k := 0; k <= n; k++ {
			require.Less(t, i, len(seen))
			assert.Equal(t, step{r.Board, k}, seen[i])
			i++
		}
	}
	assert.Equal(t, len(seen), i, "nothing after the last card")
}
