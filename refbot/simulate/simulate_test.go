package simulate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot/bidding"
)

// A system whose only judgement is opener's over the single raise, with
// three candidates: pass, game and a grand slam.
const testSystem = `system "simulate test"
situation ""
1S "spades" hcp 12..37 len S 5..
P  "pass"
situation "1S"
P "pass"
situation "1S P"
2S "raise" hcp 6..9 len S 3..
P "pass"
situation "1S P 2S P"
P  "stop"  len S 5.. judge
4S "game"  when hcp >= 38  judge
7S "grand" when hcp >= 38  judge
`

func viewAfter(t *testing.T, hand string, calls ...string) engine.View {
	t.Helper()
	h, err := engine.ParseHand(hand)
	require.NoError(t, err)
	a := engine.NewAuction(engine.North)
	for _, s := range calls {
		c, err := engine.ParseCall(s)
		require.NoError(t, err)
		require.NoError(t, a.Add(c))
	}
	v := engine.NewView(a.Turn(), 1, engine.North, engine.VulNone, h)
	v.Auction = a
	return v
}

func TestChoose(t *testing.T) {
	sys, err := bidding.Load("test.bid", []byte(testSystem))
	require.NoError(t, err)
	solver := dds.NewSolver()
	cfg := Config{Worlds: 12, Attempts: 100, Margin: 0.5}
	seed := [32]byte{7}
	pass, game, grand := engine.Pass, engine.Bid(4, engine.StrainSpades), engine.Bid(7, engine.StrainSpades)

	t.Run("a strong hand bids the game that makes, not the grand slam", func(t *testing.T) {
		// 23 HCP and six spades opposite a single raise: ten tricks in
		// every layout, thirteen in few.
		v := viewAfter(t, "AKQJ73.AK4.A5.63", "1S", "P", "2S", "P")
		cands := sys.JudgeCandidates(&v)
		require.Equal(t, []engine.Call{pass, game, grand}, cands)
		res, err := Choose(&v, sys, cands, cfg, solver.Reaches, seed)
		require.NoError(t, err)
		assert.Equal(t, game, res.Call)
		assert.Equal(t, 12, res.Worlds)
		assert.Greater(t, res.Gain[1], 5.0, "game gains a game bonus's IMPs over stopping")
		assert.Less(t, res.Gain[2], res.Gain[1])
		assert.Positive(t, res.Solves)
		assert.LessOrEqual(t, res.Solves, 3*12, "at most a search a candidate a layout")

		again, err := Choose(&v, sys, cands, cfg, solver.Reaches, seed)
		require.NoError(t, err)
		assert.Equal(t, res, again, "the same seed gives the same decision")
	})
	t.Run("a minimum stops", func(t *testing.T) {
		v := viewAfter(t, "KJ9732.Q54.K5.63", "1S", "P", "2S", "P")
		cands := sys.JudgeCandidates(&v)
		res, err := Choose(&v, sys, cands, cfg, solver.Reaches, seed)
		require.NoError(t, err)
		assert.Equal(t, pass, res.Call)
		assert.Negative(t, res.Gain[2])
	})
	t.Run("no layouts: the system's own call", func(t *testing.T) {
		v := viewAfter(t, "AKQJ73.AK4.A5.63", "1S", "P", "2S", "P")
		res, err := Choose(&v, sys, []engine.Call{pass, game}, Config{}, solver.Reaches, seed)
		require.NoError(t, err)
		assert.Equal(t, pass, res.Call)
		assert.Zero(t, res.Solves)
	})
	t.Run("no candidates is an error", func(t *testing.T) {
		v := viewAfter(t, "AKQJ73.AK4.A5.63", "1S", "P", "2S", "P")
		_, err := Choose(&v, sys, nil, cfg, solver.Reaches, seed)
		assert.Error(t, err)
	})
}
