package lab

import (
	"crypto/sha256"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot/bidding"
	"github.com/openroom/openroom/refbot/simulate"
	"github.com/openroom/openroom/results"
)

func withTricks(r results.Record, tricks int) results.Record {
	r.Tricks = &tricks
	return r
}

func TestPenaltyDoubles(t *testing.T) {
	t.Parallel()
	sys, err := bidding.Builtin("sayc-lite")
	require.NoError(t, err)
	// East holds KQJT of North's trumps and three aces.
	const trumpStack = "N:A8765.KQ2.KQ3.K2 KQJT.A43.A54.A43 432.J765.J76.Q65 9.T98.T982.JT987"
	// North and South hold every top card but the clubs.
	const cold = "N:AKQJ2.AK2.AK2.32 5.JT98.JT98.AKQJ T9876.Q43.Q43.54 43.765.765.T9876"
	recs := []results.Record{
		// BEN's 4S went three down undoubled (-150); refbot's pair made
		// 2S in the other room (+110).
		withTricks(room(1, "open", false, trumpStack, "1S Pass 4S Pass Pass Pass", nil, -150), 7),
		withTricks(room(1, "closed", true, trumpStack, "1S Pass 2S Pass Pass Pass", nil, 110), 8),
		// BEN's 4S made with an overtrick.
		withTricks(room(2, "open", false, cold, "1S Pass 4S Pass Pass Pass", nil, 450), 11),
	}
	seed := func(r *results.Record, seat engine.Seat) [32]byte {
		return sha256.Sum256([]byte(fmt.Sprintf("%d/%s/%s", r.Board, r.Room, seat.Name())))
	}
	cfg := simulate.Config{Worlds: 16, Attempts: 200}
	got, err := PenaltyDoubles(sys, recs, IsRefbot, cfg, 1, dds.NewSolver().Solve, seed)
	require.NoError(t, err)
	require.Len(t, got, 2, "refbot's own contract is not weighed")

	stack := got[0]
	assert.Equal(t, engine.Contract{Level: 4, Strain: engine.StrainSpades, Declarer: engine.North}, stack.Contract)
	assert.True(t, stack.Doubles)
	assert.Equal(t, engine.East, stack.Seat, "West, with one HCP, leaves it to East")
	assert.GreaterOrEqual(t, stack.Gain, 1.0)
	assert.Equal(t, 16, stack.Layouts)
	assert.Equal(t, 16, stack.Beaten, "KQJT of trumps and three aces beat 4S in every layout")
	assert.Equal(t, 3, stack.Down)
	assert.Equal(t, 3, stack.DDDown, "the defence took its six tricks")
	// The team's 150 + 110 = 260 (6 IMPs) becomes 500 + 110 = 610 (12).
	assert.Equal(t, 6, stack.IMPs)

	made := got[1]
	assert.False(t, made.Doubles)
	assert.Zero(t, made.Down)
	assert.Zero(t, made.DDDown)
	assert.Less(t, made.Gain, 1.0)
	assert.Zero(t, made.IMPs)

	again, err := PenaltyDoubles(sys, recs, IsRefbot, cfg, 1, dds.NewSolver().Solve, seed)
	require.NoError(t, err)
	assert.Equal(t, got, again, "the same seeds give the same decisions")
}

func TestPenaltyDoublesSkipsWhatItCannotScore(t *testing.T) {
	t.Parallel()
	sys, err := bidding.Builtin("sayc-lite")
	require.NoError(t, err)
	const deal = "N:A8765.KQ2.KQ3.K2 KQJT.A43.A54.A43 432.J765.J76.Q65 9.T98.T982.JT987"
	unscored := room(1, "open", false, deal, "1S Pass 4S Pass Pass Pass", nil, -150)
	unscored.ScoreNS = nil
	doubled := withTricks(room(2, "open", false, deal, "1S Pass 4S X Pass Pass Pass", nil, -500), 7)
	passed := withTricks(room(3, "open", false, deal, "Pass Pass Pass Pass", nil, 0), 0)
	seed := func(*results.Record, engine.Seat) [32]byte { return [32]byte{} }
	got, err := PenaltyDoubles(sys, []results.Record{unscored, doubled, passed}, IsRefbot,
		simulate.Config{Worlds: 4, Attempts: 50}, 1, dds.NewSolver().Solve, seed)
	require.NoError(t, err)
	assert.Empty(t, got)

	bad := withTricks(room(4, "open", false, deal, "1S 1S", nil, 0), 0)
	_, err = PenaltyDoubles(sys, []results.Record{bad}, IsRefbot, simulate.Config{}, 1, dds.NewSolver().Solve, seed)
	assert.ErrorContains(t, err, "board 4")
}
