package simulate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot/bidding"
)

func TestPenaltyGain(t *testing.T) {
	sys, err := bidding.Load("test.bid", []byte(testSystem))
	require.NoError(t, err)
	solver := dds.NewSolver()
	cfg := Config{Worlds: 12, Attempts: 100}
	seed := [32]byte{9}
	// North opened 1S and South raised; East, in the pass-out seat, weighs
	// doubling North's 2S.
	twoSpades := engine.Contract{Level: 2, Strain: engine.StrainSpades, Declarer: engine.North}

	t.Run("their trumps and the side's aces: the double gains", func(t *testing.T) {
		v := viewAfter(t, "AKQJT.A2.A32.432", "1S", "P", "2S", "P", "P")
		res, err := PenaltyGain(&v, sys, twoSpades, cfg, solver.Solve, seed)
		require.NoError(t, err)
		assert.Equal(t, 12, res.Worlds)
		assert.Equal(t, 12, res.Defeated, "five trump tricks and two aces beat 2S in every layout")
		assert.Greater(t, res.Gain, 4.0)

		again, err := PenaltyGain(&v, sys, twoSpades, cfg, solver.Solve, seed)
		require.NoError(t, err)
		assert.Equal(t, res, again, "the same seed gives the same answer")
	})
	t.Run("no high card: the double loses", func(t *testing.T) {
		v := viewAfter(t, "32.5432.5432.432", "1S", "P", "2S", "P", "P")
		res, err := PenaltyGain(&v, sys, twoSpades, cfg, solver.Solve, seed)
		require.NoError(t, err)
		assert.Negative(t, res.Gain)
		assert.Less(t, res.Defeated, res.Worlds)
	})
	t.Run("no layouts, no gain", func(t *testing.T) {
		v := viewAfter(t, "AKQJT.A2.A32.432", "1S", "P", "2S", "P", "P")
		res, err := PenaltyGain(&v, sys, twoSpades, Config{}, solver.Solve, seed)
		require.NoError(t, err)
		assert.Zero(t, res)
	})
	t.Run("a contract that cannot be doubled for penalty is an error", func(t *testing.T) {
		v := viewAfter(t, "AKQJT.A2.A32.432", "1S", "P", "2S", "P", "P")
		doubled := twoSpades
		doubled.Penalty = engine.Doubled
		_, err := PenaltyGain(&v, sys, doubled, cfg, solver.Solve, seed)
		assert.Error(t, err)
		ours := twoSpades
		ours.Declarer = engine.West
		_, err = PenaltyGain(&v, sys, ours, cfg, solver.Solve, seed)
		assert.Error(t, err)
		_, err = PenaltyGain(&v, sys, engine.Contract{}, cfg, solver.Solve, seed)
		assert.Error(t, err)
	})
}

// penaltySystem is testSystem with a double of the raise in the pass-out
// seat left in.
const penaltySystem = testSystem + `situation "1S P 2S P P X"
P "pass"
situation "1S P 2S P P X P"
P "pass: the double is for penalty"
situation "1S P 2S P P X P P"
P "pass"
`

func TestChooseDouble(t *testing.T) {
	sys, err := bidding.Load("test.bid", []byte(penaltySystem))
	require.NoError(t, err)
	solver := dds.NewSolver()
	cfg := Config{Worlds: 12, Attempts: 100, Margin: 2}
	seed := [32]byte{9}

	t.Run("their trumps and the side's aces: it doubles", func(t *testing.T) {
		v := viewAfter(t, "AKQJT.A2.A32.432", "1S", "P", "2S", "P", "P")
		res, err := ChooseDouble(&v, sys, cfg, 4, solver.Reaches, solver.Solve, seed)
		require.NoError(t, err)
		assert.Equal(t, engine.Double, res.Call)
		assert.Equal(t, 12, res.Worlds, "past the screen, every layout is weighed")
		assert.GreaterOrEqual(t, res.Gain[1], cfg.Margin)
		assert.Zero(t, res.Gain[0], "the pass is the measure")

		again, err := ChooseDouble(&v, sys, cfg, 4, solver.Reaches, solver.Solve, seed)
		require.NoError(t, err)
		assert.Equal(t, res, again, "the same seed gives the same call")

		wide := cfg
		wide.Margin = res.Gain[1] + 0.5
		res, err = ChooseDouble(&v, sys, wide, 4, solver.Reaches, solver.Solve, seed)
		require.NoError(t, err)
		assert.Equal(t, engine.Pass, res.Call, "a gain short of the margin passes")
	})
	t.Run("no high card: the screen passes without weighing", func(t *testing.T) {
		v := viewAfter(t, "32.5432.5432.432", "1S", "P", "2S", "P", "P")
		res, err := ChooseDouble(&v, sys, cfg, 4, solver.Reaches, solver.Solve, seed)
		require.NoError(t, err)
		assert.Equal(t, engine.Pass, res.Call)
		assert.Equal(t, 4, res.Worlds, "only the screen's layouts")
		assert.Equal(t, 4, res.Solves, "one search a screened layout")
	})
	t.Run("nothing of theirs to double is an error", func(t *testing.T) {
		v := viewAfter(t, "AKQJT.A2.A32.432", "1S", "X")
		_, err := ChooseDouble(&v, sys, cfg, 4, solver.Reaches, solver.Solve, seed)
		assert.Error(t, err)
	})
}
