package play

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot"
)

// alwaysNotrump is SAYC-lite except that every hand opens 1NT, which
// SAYC-lite does only with 15-17 balanced: an opening 1NT's meaning says
// which system explained it.
const alwaysNotrump = "system \"Always 1NT\"\nbase \"sayc-lite\"\nsituation \"\"\n1N \"any hand\"\n"

// openNotrump opens 1NT as the first to call, then passes.
func openNotrump(st *State, rng *rand.Rand) string {
	if len(st.Auction) == 0 {
		return "1NT"
	}
	return passer(st, rng)
}

// TestCallsExplainedByTheirSeatsSystem plays boards with one side on a
// system of its own and the other on the default, and requires every
// call's meaning on the page to be its bidder's system's reading: the
// person's calls by the person's seat's system, the bots' by theirs.
func TestCallsExplainedByTheirSeatsSystem(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "always.bid")
	require.NoError(t, os.WriteFile(file, []byte(alwaysNotrump), 0o644))
	always, err := refbot.LoadSystem(file)
	require.NoError(t, err)
	sayc := refbot.NewSystem()
	tests := []struct {
		name      string
		side      engine.Side // the side on the custom system
		board     int         // 2: East deals, 3: South (the person) deals
		call      strategy
		opener    engine.Seat
		want, not string // in the opening 1NT's meaning
	}{
		{"opponents' opening by their system", engine.EW, 2, passer, engine.East, "any hand", "15-17"},
		{"person's opening by the person's system", engine.EW, 3, openNotrump, engine.South, "15-17", "any hand"},
		{"person's opening by the person's side's system", engine.NS, 3, openNotrump, engine.South, "any hand", "15-17"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			cfg := Config{Seat: engine.South, Level: "easy", Seed: "systems", FirstBoard: tc.board}
			systems := [engine.NumSeats]*refbot.System{sayc, sayc, sayc, sayc}
			for s := engine.North; s <= engine.West; s++ {
				if s.Side() == tc.side {
					cfg.Systems[s], systems[s] = always, always
				}
			}
			ts := newTestServer(t, cfg)
			c := newClient(t, ts.URL, "tab-systems")
			c.open()
			defer c.close()
			_, final := playBoard(t, c, tc.call, rand.New(rand.NewPCG(3, 4)))

			require.NotEmpty(t, final.Auction)
			first := final.Auction[0]
			require.Equal(t, tc.opener.String(), first.Seat)
			require.Equal(t, "1NT", first.Call, "the opening")
			assert.Contains(t, first.Meaning, tc.want)
			assert.NotContains(t, first.Meaning, tc.not)

			a := engine.NewAuction(engine.BoardDealer(tc.board))
			for _, ci := range final.Auction {
				c, err := engine.ParseCall(ci.Call)
				require.NoError(t, err)
				require.NoError(t, a.Add(c))
			}
			for i, ci := range final.Auction {
				seat := a.SeatOf(i)
				require.Equal(t, seat.String(), ci.Seat)
				m, err := systems[seat].Explain(&a, i)
				require.NoError(t, err)
				assert.Equal(t, m.String(), ci.Meaning, "call %d, %s %s", i, ci.Seat, ci.Call)
			}
		})
	}
}
