package cardplay

import (
	"fmt"
	"strings"
	"testing"

	"github.com/openroom/openroom/engine"
	"github.com/stretchr/testify/require"
)

// auctionOf replays space-separated calls ("1N P 2C P") from dealer North.
func auctionOf(t testing.TB, calls string) engine.Auction {
	t.Helper()
	a := engine.NewAuction(engine.North)
	for _, f := range strings.Fields(calls) {
		c, err := engine.ParseCall(f)
		require.NoError(t, err, "call %q", f)
		require.NoError(t, a.Add(c), "call %q in %q", f, calls)
	}
	return a
}

// Consistent reports whether a world (remaining hands of all four seats,
// current trick's cards excluded) honours every hard fact. It is the check
// the property tests run on every sampled world.
func (f *Facts) Consistent(w engine.Deal) error {
	var all engine.Hand
	for s := engine.North; s <= engine.West; s++ {
		h := w[s]
		if h&all != 0 {
			return fmt.Errorf("%s shares cards with another hand", s.Name())
		}
		all |= h
		if h.Len() != f.Count[s] {
			return fmt.Errorf("%s holds %d cards, want %d", s.Name(), h.Len(), f.Count[s])
		}
		if f.Visible[s] && h != f.Known[s] {
			return fmt.Errorf("%s's visible cards changed", s.Name())
		}
		if h&(f.Played[0]|f.Played[1]|f.Played[2]|f.Played[3]) != 0 {
			return fmt.Errorf("%s holds a played card", s.Name())
		}
		for su := engine.Clubs; su <= engine.Spades; su++ {
			if f.Void[s][su] && h.SuitCards(su) != 0 {
				return fmt.Errorf("%s holds a %s after showing out", s.Name(), su)
			}
		}
	}
	return nil
}
