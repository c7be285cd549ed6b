package cardplay_test

import (
	"context"
	"testing"

	"github.com/openroom/openroom/internal/lab/boardtest"
	"github.com/openroom/openroom/internal/lab/brute"
	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/refbot/bidding"
	"github.com/openroom/openroom/refbot/cardplay"
	"github.com/stretchr/testify/require"
)

// TestUndenyWhenNoWorldHonoursTheReading plays a board in which every
// seat follows with its highest card that does not beat the trick, the
// opposite of the carding read, until the cards it denies leave no world:
// the sampler then refuses the facts, Undeny gives the cards back, and
// the search still chooses a legal card.
func TestUndenyWhenNoWorldHonoursTheReading(t *testing.T) {
	t.Parallel()
	bd := boardtest.ContractBoard(t, "undeny", 3)
	playCards(t, bd, "S4 S2 SA SJ SQ S9 S7 ST S8 H3 S6 S5 C5 CQ CJ C4 DA D9 DK D4 DQ D6 D7 C6 DJ D5 C2 C7 DT D3 C3 C9 D8 C8 H4 H5 HK H2 HQ HJ CA")
	actor, _ := bd.Actor()
	v := bd.View(actor)
	soft := readingOthers(&v)
	f, err := cardplay.FactsOf(&v, soft)
	require.NoError(t, err)
	_, err = cardplay.NewSampler(&f, [32]byte{})
	require.Error(t, err, "the reading should leave no world")
	require.True(t, f.Undeny())
	_, err = cardplay.NewSampler(&f, [32]byte{})
	require.NoError(t, err)
	plain, err := cardplay.FactsOf(&v, bidding.SoftFacts{})
	require.NoError(t, err)
	require.Equal(t, plain.Allowed, f.Allowed)

	p := refbot.Expert.Params()
	c, _, err := cardplay.SearchCard(context.Background(), &v, soft, p, &brute.Solver{}, [32]byte{})
	require.NoError(t, err)
	legal, _ := v.LegalCards()
	require.True(t, legal.Has(c))
}
