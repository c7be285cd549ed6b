package play

import (
	"math/rand/v2"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

// TestRubberModes plays deals in rubber bridge and Chicago as the person
// and checks each against a score sheet kept independently with the
// engine's Rubber from the deals as they were played: the dealer and
// vulnerability the table used, what each deal wrote, the sheet the page
// shows. A finished Chicago gives way to a new one; a deal on the sheet
// cannot be played again.
func TestRubberModes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		mode  Mode
		kind  engine.RubberKind
		deals int // play this many deals at most
	}{
		{Rubber, engine.RubberBridge, 14},
		{Chicago, engine.Chicago, 8},
	} {
		t.Run(string(tc.mode), func(t *testing.T) {
			const seed = "rubber"
			ts := newTestServer(t, Config{Seat: engine.East, Level: "easy", Mode: tc.mode, Seed: seed, Analyse: noAnalysis})
			c := newClient(t, ts.URL, "tab-rubber-"+string(tc.mode))
			c.open()
			defer c.close()
			rng := rand.New(rand.NewPCG(5, 5))
			mirror := engine.NewRubber(tc.kind, engine.North)
			net, rubbers := 0, 0
			for deal := 1; deal <= tc.deals; deal++ {
				msgs, final := playBoard(t, c, wild, rng)
				require.NotEmpty(t, msgs)
				first := firstState(t, msgs)
				setup := engine.SeededBoards(seed, []int{deal})[0]
				assert.Equal(t, deal, final.Board)
				assert.Equal(t, mirror.NextDealer().String(), first.Dealer, "deal %d: the rubber's dealer", deal)
				assert.Equal(t, mirror.NextVulnerability().String(), first.Vul, "deal %d: the rubber's vulnerability", deal)
				assert.Equal(t, cardStrings(setup.Deal[engine.East]), first.Hands["E"])

				contract, err := engine.ParseContract(final.Contract)
				require.NoError(t, err)
				if !contract.PassedOut() {
					contract.Declarer, err = engine.ParseSeat(final.Declarer)
					require.NoError(t, err)
				}
				want, err := mirror.Add(setup.Deal, contract, final.Result.Tricks)
				require.NoError(t, err)
				require.NotNil(t, final.Result.Entry)
				assert.Equal(t, want, *final.Result.Entry)
				// Each contract on the sheet is written as the pages'
				// notation reads it (sheetLabelText in web/shared/cards.js
				// writes "4S by N" as "4♠ by N").
				for _, side := range []engine.SideEntry{want.NS, want.EW} {
					for _, it := range append(append([]engine.ScoreItem{}, side.Above...), side.Below...) {
						if strings.Contains(it.Label, " by ") {
							assert.Regexp(t, sheetContract, it.Label, "deal %d", deal)
						}
					}
				}
				sheet := mirror.Sheet()
				require.NotNil(t, final.Sheet)
				assert.Equal(t, sheet, *final.Sheet)
				assert.Equal(t, tc.kind.Ruleset(), final.Result.Scoring)
				assert.Equal(t, want.EW.Points()-want.NS.Points(), final.Result.ScoreYou, "East's side's points less the other side's")
				net += final.Result.ScoreYou
				assert.Equal(t, net, final.Session.Score)
				assert.Contains(t, final.Result.PBN, `[Scoring "`)

				status, msg := c.act(`{"kind":"replay"}`)
				assert.Equal(t, http.StatusConflict, status)
				assert.Contains(t, msg, "cannot be played again")
				if mirror.Over() {
					rubbers++
					assert.Equal(t, rubbers, final.Session.Rubbers)
					mirror = engine.NewRubber(tc.kind, mirror.FirstDealer().Next())
				}
				t.Logf("deal %d: %s by %s, %d tricks: NS %d, EW %d; games NS %d EW %d", deal, final.Contract, final.Declarer,
					final.Result.Tricks, sheet.NS.Total, sheet.EW.Total, sheet.NS.Games, sheet.EW.Games)
				c.mustAct("next")
			}
			if tc.mode == Chicago {
				assert.GreaterOrEqual(t, rubbers, 1, "a Chicago is over after four deals")
			}
		})
	}
}

// sheetContract is a score sheet label naming a contract, as the pages'
// notation rewrites it: "4S by N", "2 overtricks, 3NTX by E".
var sheetContract = regexp.MustCompile(`^([a-z0-9 ]+, )?[1-7](NT|[SHDC])X{0,2} by [NESW]$`)

// firstState returns the first state of a board's messages (its dealer
// and vulnerability).
func firstState(t *testing.T, msgs []string) *State {
	t.Helper()
	return lastState(t, msgs[:1])
}
