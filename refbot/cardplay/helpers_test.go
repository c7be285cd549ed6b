package cardplay

import (
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
