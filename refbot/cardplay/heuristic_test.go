package cardplay

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/internal/lab/boardtest"
)

// fixedBoard returns board 1 (dealer North) with the given deal, bid to
// the contract by declarer after passes, with the cards (suit-rank, space
// separated) already played.
func fixedBoard(t *testing.T, deal string, declarer engine.Seat, level int, strain engine.Strain, played string) *engine.Board {
	t.Helper()
	d, err := engine.ParseDeal(deal)
	require.NoError(t, err)
	b := engine.NewBoard(1, d) // dealer North
	for s := engine.North; s != declarer; s++ {
		require.NoError(t, b.Call(s, engine.Pass))
	}
	require.NoError(t, b.Call(declarer, engine.Bid(level, strain)))
	for i := 1; i <= 3; i++ {
		require.NoError(t, b.Call((declarer+engine.Seat(i))&3, engine.Pass))
	}
	playCards(t, b, played)
	return b
}

// playCards plays the cards (suit-rank, space separated) in turn.
func playCards(t testing.TB, b *engine.Board, played string) {
	t.Helper()
	for _, c := range cardsOf(t, played) {
		turn, _ := b.Turn()
		require.NoError(t, b.PlayCard(turn, c), c.String())
	}
}

// cardsOf parses cards (suit-rank, space separated).
func cardsOf(t testing.TB, s string) []engine.Card {
	t.Helper()
	var out []engine.Card
	for _, f := range strings.Fields(s) {
		c, err := engine.ParseCard(f)
		require.NoError(t, err)
		out = append(out, c)
	}
	return out
}

// deal1 has South declaring; West on lead.
const deal1 = "N:AKQ2.J32.K54.432 JT98.KQ4.QJ3.T98 7654.A65.A76.AKQ 3.T987.T982.J765"

func TestHeuristicCases(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		declarer engine.Seat
		strain   engine.Strain
		played   string
		want     string
	}{
		// West's four-card suits: hearts and diamonds are headed by T98, clubs by the jack only;
		// the first of the equal suits, top of its sequence.
		{"opening lead vs NT", engine.South, engine.NoTrump, "", "DT"},
		// East leads against North's contract: top of the spade sequence.
		{"top of sequence", engine.North, engine.NoTrump, "", "SJ"},
		// After West's club lead, dummy (North) plays low... declarer's view.
		{"second hand low", engine.South, engine.NoTrump, "C5", "C2"},
		// East, third hand, partner's C5 lost to nothing yet, dummy played C2: play high (bottom of sequence T98 -> 8).
		{"third hand high", engine.South, engine.NoTrump, "C5 C2", "C8"},
		// South, fourth hand, wins as cheaply as possible.
		{"fourth hand wins cheaply", engine.South, engine.NoTrump, "C5 C2 C8", "CQ"},
		// East covers dummy's honour: North leads HJ, East covers with the queen.
		{"cover an honour", engine.South, engine.NoTrump, "C5 C2 C8 CQ S4 S3 SA S8 HJ", "HQ"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := fixedBoard(t, deal1, tc.declarer, 3, tc.strain, tc.played)
			actor, _ := b.Actor()
			v := b.View(actor)
			c, err := Heuristic(&v)
			require.NoError(t, err)
			assert.Equal(t, tc.want, c.String())
		})
	}
}

func TestHeuristicThirdHand(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, deal, played string
		viewer             engine.Seat
		want               string
	}{
		// North declares 1NT. South (dummy) wins the heart lead and leads a
		// club toward North's AQ2; West plays low: North finesses the queen.
		{"finesse", "N:5432.5432.32.AQ2 AKQ.KQ9.AKQJ.876 JT9.AJT.T987.543 876.876.654.KJT9",
			"HK HA H6 H2 C3 C9", engine.North, "CQ"},
		// North declares 1NT; East leads the D4 and dummy plays the D7.
		// West's 863 are not touching while the seven is on the table: the
		// eight beats it, the six does not.
		{"a card on the table keeps two cards apart", "N:AK74.J2.KQT52.A7 Q985.K63.AJ94.92 T62.QT74.7.QT863 J3.A985.863.KJ54",
			"D4 D7", engine.West, "D8"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := fixedBoard(t, tc.deal, engine.North, 1, engine.NoTrump, tc.played)
			v := b.View(tc.viewer)
			c, err := Heuristic(&v)
			require.NoError(t, err)
			assert.Equal(t, tc.want, c.String())
		})
	}
}

func TestHeuristicRuffsAndDiscards(t *testing.T) {
	t.Parallel()
	// Hearts trumps, South declares. West leads a spade; East is void in
	// spades after trick one in this deal: check ruffing and discarding.
	deal := "N:AKQ2.J32.K54.432 .KQ4.QJ32.KT9865 765.A65.A76.AQJ7 JT9843.T987.T98."
	b := fixedBoard(t, deal, engine.South, 4, engine.StrainHearts, "SJ S2")
	v := b.View(engine.East)
	c, err := Heuristic(&v)
	require.NoError(t, err)
	assert.Equal(t, "H4", c.String(), "ruff with the lowest trump when the opponents are winning")

	// At no trump East cannot ruff: discard from the weakest suit (clubs have the K but are longest; diamonds QJ32).
	b = fixedBoard(t, deal, engine.South, 3, engine.NoTrump, "SJ S2")
	v = b.View(engine.East)
	c, err = Heuristic(&v)
	require.NoError(t, err)
	assert.Equal(t, "C5", c.String())
}

func TestHeuristicAlwaysLegal(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(4, 4))
	for board := 1; board <= 40; board++ {
		b := boardtest.OpenedBoard(t, "heur", board, 1+board%7, engine.Strain(board%5))
		for b.Phase() == engine.PhasePlay {
			actor, _ := b.Actor()
			turn, _ := b.Turn()
			v := b.View(actor)
			c, err := Heuristic(&v)
			require.NoError(t, err)
			require.True(t, b.LegalCards().Has(c), "board %d card %d: %s", board, b.Play().Len(), c)
			if rng.IntN(3) == 0 { // mix in random cards to reach odd positions
				c = b.LegalCards().Nth(rng.IntN(b.LegalCards().Len()))
			}
			require.NoError(t, b.PlayCard(turn, c))
		}
	}
}
