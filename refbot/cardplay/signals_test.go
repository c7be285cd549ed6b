package cardplay

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot/bidding"
)

// signalDeal has South declaring, West on lead. East holds the queen of
// spades under West's ace-king, four hearts without an honour and three
// clubs; West four clubs and two diamonds.
const signalDeal = "N:432.432.AKQJ.432 Q85.8765.432.765 J76.AKQ.8765.AKQ AKT9.JT9.T9.JT98"

// signalDealSwapped is signalDeal with East's queen and South's seven of
// spades exchanged: the same cards seen by West after the first trick
// when East plays the eight and South the six.
const signalDealSwapped = "N:432.432.AKQJ.432 875.8765.432.765 QJ6.AKQ.8765.AKQ AKT9.JT9.T9.JT98"

// TestSignalCard checks the card a defender signals with among cards of
// equal value, and where it does not signal.
func TestSignalCard(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		strain engine.Strain
		play   string
		seat   engine.Seat
		equal  string // the cards the search rates equal ("": every legal card)
		want   string // "": no signal
	}{
		{"attitude with an honour encourages", engine.NoTrump, "SA S2", engine.East, "", "S8"},
		{"attitude without an honour discourages", engine.NoTrump, "HJ H2", engine.East, "", "H5"},
		{"count with four cards plays high", engine.NoTrump, "HJ H2 H5 HA CA", engine.West, "", "CT"},
		{"count with two cards plays high", engine.NoTrump, "HJ H2 H5 HA D5", engine.West, "", "DT"},
		{"count with three cards plays low", engine.NoTrump, "HJ H2 H5 HA CA C8 C2", engine.East, "", "C5"},
		{"a card that beats the trick is no signal", engine.NoTrump, "S9 S2", engine.East, "", "S8"},
		{"only cards of equal value signal", engine.NoTrump, "SA S2", engine.East, "SQ S5", ""},
		{"one card of equal value is no choice", engine.NoTrump, "SA S2", engine.East, "S8", ""},
		{"encouraging among equal cards only", engine.NoTrump, "HJ H2 H5 HA CA", engine.West, "CJ C9 C8", "C9"},
		{"the leader does not signal", engine.NoTrump, "", engine.West, "", ""},
		{"declarer does not signal", engine.NoTrump, "SA S2 S8", engine.South, "", ""},
		{"trumps carry no signal", engine.StrainSpades, "SA S2", engine.East, "", ""},
		{"the second card of a suit is no signal", engine.NoTrump, "HJ H2 H5 HA HK", engine.West, "", ""},
		{"a discard is no signal", engine.NoTrump, "HJ H2 H5 HA D8 D9 DA D2 DK D3 D5 DT DQ D4 D6", engine.West, "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			bd := fixedBoard(t, signalDeal, engine.South, 1, tc.strain, tc.play)
			v := bd.View(tc.seat)
			legal, ok := v.LegalCards()
			require.True(t, ok)
			equal := legal
			if tc.equal != "" {
				equal = engine.HandOf(cardsOf(t, tc.equal)...)
			}
			c, ok := signalCard(&v, equal)
			if tc.want == "" {
				assert.False(t, ok, "signalled %s", c)
				return
			}
			require.True(t, ok)
			assert.Equal(t, tc.want, c.String())
			assert.True(t, equal.Has(c), "a card of lower value")
		})
	}
}

// TestSignalReaderWeights weights two worlds that differ only in whether
// East holds the queen under West's ace, after East's eight (high:
// encouraging) or five (low): the world the card fits weighs 1, the other
// the miss weight, a quarter for a defender reading partner and a half
// for declarer reading a defender.
func TestSignalReaderWeights(t *testing.T) {
	t.Parallel()
	real, swapped := dealOf(t, signalDeal), dealOf(t, signalDealSwapped)
	cases := []struct {
		name           string
		deal           string
		play           string
		seat           engine.Seat
		queen, noQueen float64
	}{
		{"partner's encouraging card", signalDeal, "SA S2 S8 S6", engine.West, 1, partnerSignalMiss},
		{"partner's discouraging card", signalDeal, "SA S2 S5 S6", engine.West, partnerSignalMiss, 1},
		{"declarer reads a defender's card", signalDeal, "SA S2 S8 S6", engine.South, 1, defenderSignalMiss},
		{"the swapped deal reads the same", signalDealSwapped, "SA S2 S8 S6", engine.West, 1, partnerSignalMiss},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			bd := fixedBoard(t, tc.deal, engine.South, 1, engine.NoTrump, tc.play)
			v := bd.View(tc.seat)
			f, err := factsOf(&v, bidding.SoftFacts{}, true)
			require.NoError(t, err)
			r := newSignalReader(&v, &f)
			require.NotNil(t, r)
			played := v.Play.Played()
			withQ, withoutQ := remaining(real, played), remaining(swapped, played)
			if tc.seat == engine.South {
				// Declarer's own hand is the real one in every world.
				withoutQ = remaining(real, played)
				withoutQ[engine.East] = withoutQ[engine.East].Without(card(t, "SQ")).With(card(t, "S3"))
				withoutQ[engine.North] = withoutQ[engine.North].Without(card(t, "S3")).With(card(t, "SQ"))
			}
			assert.Equal(t, tc.queen, r.weight(&withQ), "East with the queen")
			assert.Equal(t, tc.noQueen, r.weight(&withoutQ), "East without it")
		})
	}
}

// TestSignalReadingSeesOnlyThePlay reads the same cards played on two
// deals that differ only in cards West cannot see: the signals read, and
// every world's weight, are the same.
func TestSignalReadingSeesOnlyThePlay(t *testing.T) {
	t.Parallel()
	const play = "SA S2 S8 S6 HJ H2 H5 HA CA C8 C2 C5"
	var readers [2]*signalReader
	var facts [2]Facts
	for i, deal := range []string{signalDeal, signalDealSwapped} {
		bd := fixedBoard(t, deal, engine.South, 1, engine.NoTrump, play)
		v := bd.View(engine.West)
		var err error
		facts[i], err = factsOf(&v, bidding.SoftFacts{}, true)
		require.NoError(t, err)
		readers[i] = newSignalReader(&v, &facts[i])
		require.NotNil(t, readers[i])
	}
	require.Equal(t, readers[0].obs, readers[1].obs)
	smp, err := NewSampler(&facts[0], DecisionSeed(1, 1, engine.West, 12))
	require.NoError(t, err)
	worlds, err := smp.Sample(64, 10)
	require.NoError(t, err)
	for i := range worlds {
		assert.Equal(t, readers[0].weight(&worlds[i].Hands), readers[1].weight(&worlds[i].Hands))
	}
}

// TestSignalsMoveTheSampledWorlds weights the worlds West samples after
// East's card under the ace: the weighted share of worlds in which East
// holds the queen rises above the drawn share after the eight
// (encouraging) and falls below it after the five.
func TestSignalsMoveTheSampledWorlds(t *testing.T) {
	t.Parallel()
	queen := card(t, "SQ")
	cases := []struct {
		name string
		play string
		up   bool
	}{
		{"an encouraging card", "SA S2 S8 S6", true},
		{"a discouraging card", "SA S2 S5 S6", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			bd := fixedBoard(t, signalDeal, engine.South, 1, engine.NoTrump, tc.play)
			v := bd.View(engine.West)
			f, err := factsOf(&v, bidding.SoftFacts{}, true)
			require.NoError(t, err)
			r := newSignalReader(&v, &f)
			require.NotNil(t, r)
			smp, err := NewSampler(&f, DecisionSeed(7, 1, engine.West, 4))
			require.NoError(t, err)
			worlds, err := smp.Sample(400, 10)
			require.NoError(t, err)
			var drawn, weighted, total float64
			for i := range worlds {
				wt := r.weight(&worlds[i].Hands)
				total += wt
				if worlds[i].Hands[engine.East].Has(queen) {
					drawn++
					weighted += wt
				}
			}
			drawn /= float64(len(worlds))
			weighted /= total
			require.Greater(t, drawn, 0.2)
			require.Less(t, drawn, 0.8)
			if tc.up {
				assert.Greater(t, weighted, drawn+0.1)
			} else {
				assert.Less(t, weighted, drawn-0.1)
			}
		})
	}
}

// TestSignalsAreNotReadAsLowestCards: a defender's first card of a suit,
// which may be a signal, denies it no lower card when signals are read,
// and does otherwise.
func TestSignalsAreNotReadAsLowestCards(t *testing.T) {
	t.Parallel()
	bd := fixedBoard(t, signalDeal, engine.South, 1, engine.NoTrump, "SA S2 S8 S6")
	v := bd.View(engine.South)
	var soft bidding.SoftFacts
	soft.LowestCards[engine.East], soft.LowestCards[engine.West] = true, true
	plain, err := factsOf(&v, soft, false)
	require.NoError(t, err)
	assert.Equal(t, engine.HandOf(card(t, "S5")), plain.Denied[engine.East])
	signals, err := factsOf(&v, soft, true)
	require.NoError(t, err)
	assert.Equal(t, engine.Hand(0), signals.Denied[engine.East])
}

// dealOf parses a deal.
func dealOf(t *testing.T, s string) engine.Deal {
	t.Helper()
	d, err := engine.ParseDeal(s)
	require.NoError(t, err)
	return d
}

// remaining returns the deal's hands less the cards played.
func remaining(d engine.Deal, played engine.Hand) engine.Deal {
	for s := range d {
		d[s] &^= played
	}
	return d
}

// card parses one card.
func card(t *testing.T, s string) engine.Card {
	t.Helper()
	return cardsOf(t, s)[0]
}
