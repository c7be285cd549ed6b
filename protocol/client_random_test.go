package protocol

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player"
)

// TestRandomBotThroughClient plays boards chosen by four Random bots on an
// engine.Board, then replays each through a Client seated at every seat
// against the scripted manager: the Client's view, built from lines only,
// must lead the bot to the very same actions.
func TestRandomBotThroughClient(t *testing.T) {
	src := engine.NewDealSource("through-client")
	var boards []scriptBoard
	for n := 1; n <= 4; n++ {
		b := engine.NewBoard(n, src.Deal(n))
		r := player.Random{Seed: "99"}
		require.NoError(t, player.PlayBoard(context.Background(), b, [engine.NumSeats]player.Player{r, r, r, r}))
		sb := scriptBoard{number: n, deal: src.Deal(n), calls: append([]engine.Call(nil), b.Auction().Calls()...)}
		sb.cards = append(sb.cards, b.Play().Cards()...)
		boards = append(boards, sb)
	}
	for seat := engine.North; seat < engine.NumSeats; seat++ {
		t.Run(seat.Name(), func(t *testing.T) {
			steps := handshakeScript(seat, "rnd", false)
			for _, b := range boards {
				steps = append(steps, boardScript(seat, b)...)
			}
			steps = append(steps, mgrSends("End of session"))
			cl, err, mgrErr := runPipe(t, ClientConfig{Team: "rnd", Seat: seat}, player.Random{Seed: "99"}, steps, nil)
			require.NoError(t, mgrErr)
			require.NoError(t, err)
			assert.Equal(t, len(boards), cl.Boards())
		})
	}
}
