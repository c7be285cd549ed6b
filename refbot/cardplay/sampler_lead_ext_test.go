package cardplay_test

import (
	"context"
	"testing"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/internal/lab/boardtest"
	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/refbot/bidding"
	"github.com/openroom/openroom/refbot/cardplay"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLeadModelReadsASearchedLeadWithinItsSuit checks the lead model of a
// leader that chooses the suit by search (SoftFacts.LeadSuits): the real
// hand always fits it, where the heuristic's whole model rejects the real
// hand whenever the search led another suit than the heuristic would.
func TestLeadModelReadsASearchedLeadWithinItsSuit(t *testing.T) {
	t.Parallel()
	p := refbot.Expert.Params()
	p.Worlds, p.Nodes, p.ClockCap, p.TargetCards, p.LeadSuits = 5, 0, time.Hour, 52, true
	sv := cardplay.NewDDSSolver()
	differ := 0
	for n := 1; n <= 8; n++ {
		b := boardtest.OpenedBoard(t, "suit-model", n, 2+n%3, engine.Strain(n%5))
		c, _ := b.Contract()
		leader := c.Leader()
		lv := b.View(leader)
		lead, _, err := cardplay.SearchCard(context.Background(), &lv, bidding.SoftFacts{}, p, sv, cardplay.DecisionSeed(3, n, leader, 0))
		require.NoError(t, err)
		heuristic, err := cardplay.Heuristic(&lv)
		require.NoError(t, err)
		require.NoError(t, b.PlayCard(leader, lead))
		v := b.View(c.Declarer)
		real := b.Deal()[leader]
		for _, suitOnly := range []bool{true, false} {
			f, err := cardplay.FactsOf(&v, bidding.SoftFacts{LeadSuits: suitOnly})
			require.NoError(t, err)
			fits := f.LeadModel(real)
			switch {
			case suitOnly:
				assert.True(t, fits, "board %d: the real hand %v does not fit its own lead %v", n, real, lead)
			case lead != heuristic:
				assert.False(t, fits, "board %d", n)
			}
		}
		if lead != heuristic {
			differ++
		}
	}
	assert.Positive(t, differ, "the search led as the heuristic on every board: nothing checked")
}
