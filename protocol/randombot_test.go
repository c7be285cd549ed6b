package protocol

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

// playRandom plays a whole board with four Random bots on an engine.Board,
// each deciding from its own seat's view, and returns the board.
func playRandom(t testing.TB, seed uint64, number int, deal engine.Deal) *engine.Board {
	t.Helper()
	ctx := context.Background()
	bot := Random{Seed: seed}
	b := engine.NewBoard(number, deal)
	for b.Phase() == engine.PhaseAuction {
		s, _ := b.Turn()
		v := b.View(s)
		c, alert, err := bot.Call(ctx, &v)
		require.NoError(t, err)
		assert.Empty(t, alert)
		require.NoError(t, b.Call(s, c), "board %d", number)
	}
	for b.Phase() == engine.PhasePlay {
		turn, _ := b.Turn()
		actor, _ := b.Actor()
		v := b.View(actor)
		c, err := bot.Card(ctx, &v)
		require.NoError(t, err)
		require.NoError(t, b.PlayCard(turn, c), "board %d", number)
	}
	return b
}

func TestRandomBotLegalAndRealistic(t *testing.T) {
	src := engine.NewDealSource("random-bot-test")
	const boards = 300
	calls, passedOut, bidsSeen := 0, 0, 0
	levels := 0
	for n := 1; n <= boards; n++ {
		b := playRandom(t, 42, n, src.Deal(n))
		a := b.Auction()
		calls += a.Len()
		if a.PassedOut() {
			passedOut++
			continue
		}
		c, _ := b.Contract()
		levels += c.Level
		bidsSeen++
		_, ok := b.ScoreNS()
		assert.True(t, ok)
	}
	mean := float64(calls) / boards
	assert.Greater(t, mean, 5.0, "auctions too short")
	assert.Less(t, mean, 20.0, "auctions too long")
	assert.Less(t, passedOut, boards/4, "too many boards passed out")
	assert.Greater(t, passedOut, 0, "some boards should pass out")
	meanLevel := float64(levels) / float64(bidsSeen)
	assert.Greater(t, meanLevel, 1.0)
	assert.Less(t, meanLevel, 4.5, "contracts too high")
	t.Logf("mean auction %.1f calls, %d/%d passed out, mean level %.2f", mean, passedOut, boards, meanLevel)
}

func TestRandomBotDeterministic(t *testing.T) {
	src := engine.NewDealSource("det")
	for n := 1; n <= 20; n++ {
		a := playRandom(t, 7, n, src.Deal(n))
		b := playRandom(t, 7, n, src.Deal(n))
		assert.Equal(t, a.Auction().Calls(), b.Auction().Calls())
		assert.Equal(t, a.Play().Cards(), b.Play().Cards())
	}
	// Another seed gives other actions on at least some boards.
	differ := 0
	for n := 1; n <= 20; n++ {
		a := playRandom(t, 7, n, src.Deal(n))
		b := playRandom(t, 8, n, src.Deal(n))
		if !assert.ObjectsAreEqual(a.Auction().Calls(), b.Auction().Calls()) {
			differ++
		}
	}
	assert.Greater(t, differ, 10)
}

func TestRandomBotCardsUniform(t *testing.T) {
	// On the opening lead every card of the leader's hand is legal; over
	// many seeds each of the 13 should be led about equally often.
	deal := engine.NewDealSource("uniform").Deal(1)
	b := engine.NewBoard(1, deal)
	for _, c := range []engine.Call{engine.Bid(1, engine.NoTrump), engine.Pass, engine.Pass, engine.Pass} {
		s, _ := b.Turn()
		require.NoError(t, b.Call(s, c))
	}
	leader, _ := b.Turn()
	v := b.View(leader)
	counts := map[engine.Card]int{}
	const trials = 13 * 400
	for seed := range uint64(trials) {
		c, err := Random{Seed: seed}.Card(context.Background(), &v)
		require.NoError(t, err)
		require.True(t, deal[leader].Has(c))
		counts[c]++
	}
	require.Len(t, counts, 13)
	for c, n := range counts {
		assert.InDelta(t, 400, n, 100, "card %s", c)
	}
}

func TestRandomBotRefusesOutsideItsPhase(t *testing.T) {
	v := engine.NewView(engine.North, 1, engine.North, engine.VulNone, 0)
	_, err := Random{}.Card(context.Background(), &v)
	assert.Error(t, err)
	for _, c := range []engine.Call{engine.Pass, engine.Pass, engine.Pass, engine.Pass} {
		require.NoError(t, v.AddCall(c))
	}
	_, _, err = Random{}.Call(context.Background(), &v)
	assert.Error(t, err)
}

// TestRandomBotThroughClient plays boards chosen by four Random bots on an
// engine.Board, then replays each through a Client seated at every seat
// against the scripted manager: the Client's view, built from lines only,
// must lead the bot to the very same actions.
func TestRandomBotThroughClient(t *testing.T) {
	src := engine.NewDealSource("through-client")
	var boards []scriptBoard
	for n := 1; n <= 4; n++ {
		b := playRandom(t, 99, n, src.Deal(n))
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
			cl, err, mgrErr := runPipe(t, ClientConfig{Team: "rnd", Seat: seat}, Random{Seed: 99}, steps, nil)
			require.NoError(t, mgrErr)
			require.NoError(t, err)
			assert.Equal(t, len(boards), cl.Boards())
		})
	}
}
