package player

import (
	"context"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

// playRandom plays a whole board with four Random bots through the
// referee, each deciding from its own seat's view, and returns the board.
func playRandom(t testing.TB, seed string, number int, deal engine.Deal) *engine.Board {
	t.Helper()
	b := engine.NewBoard(number, deal)
	r := Random{Seed: seed}
	require.NoError(t, PlayBoard(context.Background(), b, [engine.NumSeats]Player{r, r, r, r}), "board %d", number)
	return b
}

func TestRandomBotLegalAndRealistic(t *testing.T) {
	src := engine.NewDealSource("random-bot-test")
	const boards = 300
	calls, passedOut, bidsSeen := 0, 0, 0
	levels := 0
	for n := 1; n <= boards; n++ {
		b := playRandom(t, "42", n, src.Deal(n))
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
		a := playRandom(t, "7", n, src.Deal(n))
		b := playRandom(t, "7", n, src.Deal(n))
		assert.Equal(t, a.Auction().Calls(), b.Auction().Calls())
		assert.Equal(t, a.Play().Cards(), b.Play().Cards())
	}
	// Another seed gives other actions on at least some boards.
	differ := 0
	for n := 1; n <= 20; n++ {
		a := playRandom(t, "7", n, src.Deal(n))
		b := playRandom(t, "8", n, src.Deal(n))
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
	for seed := range trials {
		c, err := Random{Seed: strconv.Itoa(seed)}.Card(context.Background(), &v)
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
