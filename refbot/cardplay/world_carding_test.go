package cardplay

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/internal/lab/boardtest"
	"github.com/openroom/openroom/refbot/bidding"
)

// TestLowestCardsDeny reads South's and East's cards from West's seat
// (South declares 1NT, West leads) with both taken to follow with their
// lowest card unless it beats the trick, and to discard a suit's lowest.
func TestLowestCardsDeny(t *testing.T) {
	t.Parallel()
	const deal = "N:743.K32.K432.432 KT9.AQ87.765.765 AQJ.J654.AQJ.AKQ 8652.T9.T98.JT98"
	cases := []struct {
		name        string
		play        string
		east, south string // the cards denied them, as seen by West
	}{
		{"a card under partner's denies the lower ones", "HT H2 H7 H4", "H6 H5", ""},
		{"a card that beats the trick denies nothing", "S2 S3 S9 SJ", "", ""},
		{"a card under dummy's winner", "D8 DK D5 DA", "", ""},
		{"the lower card played later undoes the reading", "HT H2 H8 H4 S2 S3 S9 SJ H5 H9 H3 H7", "", ""},
		{"declarer's card under partner's winner", "HT H2 HA H6", "", "H5 H4"},
		{"a discard denies its suit's lower cards", "S2 S3 S9 SJ DA D8 D2 D5 DQ D9 D3 D6 DJ DT DK D7 D4 C6 H5 S5", "C5", "H4"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			bd := fixedBoard(t, deal, engine.South, 1, engine.NoTrump, tc.play)
			v := bd.View(engine.West)
			var soft bidding.SoftFacts
			soft.LowestCards[engine.East], soft.LowestCards[engine.South] = true, true
			f, err := FactsOf(&v, soft)
			require.NoError(t, err)
			require.Equal(t, engine.HandOf(cardsOf(t, tc.east)...), f.Denied[engine.East], "East")
			require.Equal(t, engine.HandOf(cardsOf(t, tc.south)...), f.Denied[engine.South], "South")
		})
	}
}

// readingOthers returns soft facts that read every seat's carding but
// the viewer's.
func readingOthers(v *engine.View) (soft bidding.SoftFacts) {
	for s := range soft.LowestCards {
		soft.LowestCards[s] = engine.Seat(s) != v.Seat
	}
	return soft
}

// TestLowestCardsNeverDenyAHeldCard reads every seat's follows and
// discards on boards played out by the heuristic (whose cards the
// searching levels play when cards tie): the real hands are never denied
// a card they hold, and the reading does deny cards.
func TestLowestCardsNeverDenyAHeldCard(t *testing.T) {
	t.Parallel()
	denied := 0
	for n := 1; n <= 40; n++ {
		bd := boardtest.ContractBoard(t, "lowest-follows", n)
		for bd.Play().Len() < 44 {
			actor, _ := bd.Actor()
			v := bd.View(actor)
			f, err := FactsOf(&v, readingOthers(&v))
			require.NoError(t, err)
			real := boardtest.Remaining(bd)
			for s := engine.North; s <= engine.West; s++ {
				require.Zero(t, f.Denied[s]&real[s], "board %d, card %d: %s denied a card it holds", n, bd.Play().Len()+1, s.Name())
				denied += f.Denied[s].Len()
			}
			c, err := Heuristic(&v)
			require.NoError(t, err)
			turn, _ := bd.Turn()
			require.NoError(t, bd.PlayCard(turn, c))
		}
	}
	require.Greater(t, denied, 100, "the reading should deny cards")
}

func TestLowCard(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		before string
		card   string
		trump  engine.Strain
		want   bool
	}{
		{"under the led card", "S9", "S7", engine.NoTrump, true},
		{"over the led card", "S9", "ST", engine.NoTrump, false},
		{"over the led card, under the best", "S9 SK", "SQ", engine.NoTrump, true},
		{"a suit card after a ruff", "S9 H2", "SA", engine.StrainHearts, true},
		{"a discard at notrump", "S9", "H7", engine.NoTrump, true},
		{"a discard of a side suit", "S9", "D7", engine.StrainHearts, true},
		{"a ruff", "S9", "H7", engine.StrainHearts, false},
		{"an overruff", "S9 H7", "H8", engine.StrainHearts, false},
		{"an underruff", "S9 H7", "H2", engine.StrainHearts, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, lowCard(cardsOf(t, tc.before), cardsOf(t, tc.card)[0], tc.trump))
		})
	}
}
