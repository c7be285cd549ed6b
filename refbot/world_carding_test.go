package refbot

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

// TestLowestCardsDeny reads South's and East's cards from West's seat
// (South declares 1NT, West leads) with both taken to follow with their
// lowest card unless it beats the trick, and to discard a suit's lowest.
func TestLowestCardsDeny(t *testing.T) {
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
			var soft SoftFacts
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
func readingOthers(v *engine.View) (soft SoftFacts) {
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
	denied := 0
	for n := 1; n <= 40; n++ {
		bd := contractBoard(t, "lowest-follows", n)
		for bd.Play().Len() < 44 {
			actor, _ := bd.Actor()
			v := bd.View(actor)
			f, err := FactsOf(&v, readingOthers(&v))
			require.NoError(t, err)
			real := remaining(bd)
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

// TestUndenyWhenNoWorldHonoursTheReading plays a board in which every
// seat follows with its highest card that does not beat the trick, the
// opposite of the carding read, until the cards it denies leave no world:
// the sampler then refuses the facts, Undeny gives the cards back, and
// the search still chooses a legal card.
func TestUndenyWhenNoWorldHonoursTheReading(t *testing.T) {
	bd := contractBoard(t, "undeny", 3)
	playCards(t, bd, "S4 S2 SA SJ SQ S9 S7 ST S8 H3 S6 S5 C5 CQ CJ C4 DA D9 DK D4 DQ D6 D7 C6 DJ D5 C2 C7 DT D3 C3 C9 D8 C8 H4 H5 HK H2 HQ HJ CA")
	actor, _ := bd.Actor()
	v := bd.View(actor)
	soft := readingOthers(&v)
	f, err := FactsOf(&v, soft)
	require.NoError(t, err)
	_, err = NewSampler(&f, [32]byte{})
	require.Error(t, err, "the reading should leave no world")
	require.True(t, f.Undeny())
	_, err = NewSampler(&f, [32]byte{})
	require.NoError(t, err)
	plain, err := FactsOf(&v, SoftFacts{})
	require.NoError(t, err)
	require.Equal(t, plain.Allowed, f.Allowed)

	p := Expert.Params()
	c, _, err := SearchCard(context.Background(), &v, soft, p, &BruteSolver{}, [32]byte{})
	require.NoError(t, err)
	legal, _ := v.LegalCards()
	require.True(t, legal.Has(c))
}
