package cardplay

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/internal/lab/boardtest"
	"github.com/openroom/openroom/refbot/bidding"
)

func TestLeadByRollouts(t *testing.T) {
	t.Parallel()
	sys := bidding.NewSystem()
	for board := 1; board <= 12; board++ {
		b := boardtest.ContractBoard(t, "rollout-leads", board)
		c, _ := b.Contract()
		v := b.View(c.Leader())
		seed := DecisionSeed(3, board, v.Seat, 0)
		card, st, err := LeadByRollouts(&v, sys.Soft(&v), 16, seed)
		require.NoError(t, err)
		assert.True(t, v.Hand.Has(card), "board %d: lead %s from the leader's hand", board, card)
		assert.Equal(t, 16, st.Worlds)
		assert.GreaterOrEqual(t, st.Candidates, 2)
		again, _, err := LeadByRollouts(&v, sys.Soft(&v), 16, seed)
		require.NoError(t, err)
		assert.Equal(t, card, again, "deterministic")
	}
	// Not on lead: an error, not a card.
	b := boardtest.ContractBoard(t, "rollout-leads", 1)
	c, _ := b.Contract()
	v := b.View(c.Declarer)
	_, _, err := LeadByRollouts(&v, bidding.SoftFacts{}, 4, [32]byte{})
	assert.Error(t, err)
	assert.Equal(t, engine.PhasePlay, b.Phase())
}

func BenchmarkLeadByRollouts(b *testing.B) {
	bd := boardtest.ContractBoard(b, "rollout-bench", 5)
	c, _ := bd.Contract()
	v := bd.View(c.Leader())
	soft := bidding.NewSystem().Soft(&v)
	for b.Loop() {
		if _, _, err := LeadByRollouts(&v, soft, 64, DecisionSeed(1, 5, v.Seat, 0)); err != nil {
			b.Fatal(err)
		}
	}
}

func TestRolloutCardLegalAndDeterministic(t *testing.T) {
	t.Parallel()
	sys := bidding.NewSystem()
	for board := 1; board <= 8; board++ {
		b := boardtest.ContractBoard(t, "rollout-cards", board)
		boardtest.PlayRandom(t, b, rand.New(rand.NewPCG(uint64(board), 3)), 3+board)
		actor, _ := b.Actor()
		v := b.View(actor)
		seed := DecisionSeed(3, board, v.Play.Turn(), v.Play.Len())
		c, _, err := RolloutCard(&v, sys.Soft(&v), 8, seed)
		require.NoError(t, err)
		assert.True(t, b.LegalCards().Has(c), "board %d: %s", board, c)
		again, _, err := RolloutCard(&v, sys.Soft(&v), 8, seed)
		require.NoError(t, err)
		assert.Equal(t, c, again)
	}
}
