package played

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

// replayed plays a board from its setup by the engine's rules: the calls,
// then the cards, all given as text.
func replayed(t *testing.T, s engine.BoardSetup, calls, cards string) *engine.Board {
	t.Helper()
	var cs []engine.Call
	for _, f := range strings.Fields(calls) {
		c, err := engine.ParseCall(f)
		require.NoError(t, err)
		cs = append(cs, c)
	}
	var ks []engine.Card
	for _, f := range strings.Fields(cards) {
		k, err := engine.ParseCard(f)
		require.NoError(t, err)
		ks = append(ks, k)
	}
	b, err := engine.Replay(s, cs, ks)
	require.NoError(t, err)
	return b
}

// TestPlayedGivesSeatsAndTheEnginesWinners: each card comes with the seat
// that played it and each complete trick with its winner, by the trump
// (North ruffs the heart lead in spades, East's ace wins it in notrump);
// a trick in progress has no winner yet.
func TestPlayedGivesSeatsAndTheEnginesWinners(t *testing.T) {
	t.Parallel()
	// North holds every spade, East every heart, South every diamond, West every club.
	d, err := engine.ParseDeal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
	require.NoError(t, err)
	setup := engine.NewBoardSetup(1, d) // North deals
	for _, tc := range []struct {
		name, calls, cards string
		seats              string
		winners            []string
	}{
		{"before the lead", "1S Pass Pass Pass", "", "", []string{}},
		{"a trick in progress", "1S Pass Pass Pass", "HA D2", "E S", []string{}},
		{"the ruff wins and leads", "1S Pass Pass Pass", "HA D2 C2 S2 SA H2 D3 C3 SK H3", "E S W N N E S W N E", []string{"N", "N"}},
		{"in notrump the suit led wins", "1NT Pass Pass Pass", "HA D2 C2 S2 HK", "E S W N E", []string{"E"}},
		{"passed out", "Pass Pass Pass Pass", "", "", []string{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := replayed(t, setup, tc.calls, tc.cards)
			cards, winners := Cards(b.Play())
			require.NotNil(t, cards)
			var seats, played []string
			for _, c := range cards {
				seats = append(seats, c.Seat)
				played = append(played, c.Card)
			}
			assert.Equal(t, strings.Fields(tc.seats), nilIfEmpty(seats))
			assert.Equal(t, strings.Fields(tc.cards), nilIfEmpty(played))
			assert.Equal(t, tc.winners, winners)
		})
	}
}

func nilIfEmpty(s []string) []string {
	if len(s) == 0 {
		return []string{}
	}
	return s
}

// TestPlayedFollowsAWholeBoard plays seeded boards to the end, the
// lowest legal card each time, and checks Played after every card against
// the engine: the cards in order, every trick's winner, and that each
// trick after the first is led by the winner of the one before.
func TestPlayedFollowsAWholeBoard(t *testing.T) {
	t.Parallel()
	for _, setup := range engine.SeededBoards("played", []int{1, 2, 3, 4}) {
		b := replayed(t, setup, "1NT Pass Pass Pass", "")
		p := b.Play()
		for b.Phase() == engine.PhasePlay {
			seat, ok := b.Turn()
			require.True(t, ok)
			c, ok := b.LegalCards().Lowest()
			require.True(t, ok)
			require.NoError(t, b.PlayCard(seat, c))
			cards, winners := Cards(p)
			require.Len(t, cards, p.Len())
			require.Len(t, winners, p.Len()/4)
			for i, k := range p.Cards() {
				require.Equal(t, k.String(), cards[i].Card)
			}
			require.Equal(t, p.Declarer().LHO().String(), cards[0].Seat, "the opening leader")
			for i, w := range winners {
				require.Equal(t, p.Winner(i).String(), w)
				if 4*i+4 < len(cards) {
					require.Equal(t, w, cards[4*i+4].Seat, "trick %d is led by the winner of trick %d", i+2, i+1)
				}
			}
		}
		cards, winners := Cards(p)
		assert.Len(t, cards, 52)
		assert.Len(t, winners, 13)
	}
}
