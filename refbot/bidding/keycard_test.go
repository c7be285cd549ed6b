package bidding

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
)

// The key-card tests play SAYC-lite, whose file sets option aces =
// "rkc1430". Spades are agreed by opener's 4S over responder's Jacoby
// 2NT; responder asks, opener answers.
const kcAsk = "1S P 2N P 4S P 4N P"

func TestKeycardAnswers(t *testing.T) {
	t.Parallel()
	s := NewSystem()
	for _, tc := range []struct {
		name, hand, want, text string
	}{
		{"1 key card: the trump king", "KJ973.K32.Q5.QJ4", "5C", "1 or 4 key cards"},
		{"1 key card with the trump queen", "AQ973.K32.Q5.J94", "5C", "1 or 4 key cards"},
		{"4 key cards", "AK973.A32.A5.J94", "5C", "1 or 4 key cards"},
		{"4 key cards with the trump queen", "AKQ73.A32.A5.J94", "5C", "1 or 4 key cards"},
		{"0 key cards", "QJ973.K32.KQ5.Q4", "5D", "0 or 3 key cards"},
		{"0 key cards without the trump queen", "J9873.K32.KQ5.Q4", "5D", "0 or 3 key cards"},
		{"3 key cards", "AK973.A32.Q5.J94", "5D", "0 or 3 key cards"},
		{"3 key cards with the trump queen", "AKQ73.A32.J5.J94", "5D", "0 or 3 key cards"},
		{"2 key cards without the trump queen", "KJ973.A32.Q5.J94", "5H", "2 key cards without the trump queen"},
		{"2 aces without the trump queen", "J9873.A32.A5.KJ4", "5H", "2 key cards without the trump queen"},
		{"2 key cards with the trump queen", "KQ973.A32.J5.J94", "5S", "2 key cards with the trump queen"},
		{"2 aces with the trump queen", "Q9873.A32.A5.KJ4", "5S", "2 key cards with the trump queen"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := viewFor(t, tc.hand, kcAsk)
			call, alert, m := s.Choose(&v)
			require.Equal(t, tc.want, KeyCall(call), "chose %s", m)
			assert.NotEmpty(t, alert)
			assert.Contains(t, m.Text, tc.text)
			// Explain reads the answer back with the same count.
			a := auctionOf(t, kcAsk+" "+tc.want)
			em, err := s.Explain(&a, a.Len()-1)
			require.NoError(t, err)
			assert.Contains(t, em.Text, tc.text)
			assert.Equal(t, engine.Spades, em.Trump)
		})
	}
}

// TestKeycardAskerDecisions checks the asker's placement of the contract
// over each answer: sign-off with two key cards missing, the small slam
// with one missing, the king ask with all five and the queen, the queen
// ask when it is unknown, the grand slam only with every key card, the
// queen and the kings.
func TestKeycardAskerDecisions(t *testing.T) {
	t.Parallel()
	s := NewSystem()
	// Responder's hands: 3 key cards (SA, HA, CA) and the trump queen;
	// 4 key cards (every ace) without the queen; 4 with the three side
	// kings; 1 key card (SK) only.
	const (
		three     = "AQ84.A.KQJ7.AKQ4"
		fourNoQ   = "AJ84.A.AQJ7.AKQ4"
		fourKings = "AJ84.AK.AK7.AK54"
		kingOnly  = "KQ84.K.KQJ7.KQJ4"
	)
	for _, tc := range []struct {
		name, hand, auction, want string
	}{
		{"1 or 4 is 1 with three of one's own: one missing, small slam", three, kcAsk + " 5C P", "6S"},
		{"0 or 3 is 0 with three of one's own: two missing, sign-off", three, kcAsk + " 5D P", "5S"},
		{"2 without the queen, and one's own queen: kings ask", three, kcAsk + " 5H P", "5N"},
		{"2 with the queen: all five, kings ask", three, kcAsk + " 5S P", "5N"},
		{"all four kings between the hands: grand slam", three, kcAsk + " 5S P 5N P 6H P", "7S"},
		{"three kings between the hands and the values: grand slam", three, kcAsk + " 5S P 5N P 6D P", "7S"},
		{"two kings missing: small slam", three, kcAsk + " 5S P 5N P 6C P", "6S"},
		{"0 or 3 is 3 opposite the trump king alone: one missing, small slam", kingOnly, kcAsk + " 5D P", "6S"},
		{"2 without the queen opposite the trump king alone: two missing, sign-off", kingOnly, kcAsk + " 5H P", "5S"},
		{"1 or 4 is 1 when partner's range (12-14) has no room for 4: two missing, sign-off", kingOnly, kcAsk + " 5C P", "5S"},
		{"1 or 4 is 4 opposite 15-17 (1 would leave three missing): kings ask", kingOnly, "1S P 2N P 3N P 4N P 5C P", "5N"},
		{"all five, the queen unknown: queen ask", fourNoQ, kcAsk + " 5C P", "5D"},
		{"all five, the queen denied: small slam", fourNoQ, kcAsk + " 5C P 5D P 5S P", "6S"},
		{"all five and the queen, a side king missing: small slam", fourNoQ, kcAsk + " 5C P 5D P 5N P", "6S"},
		{"all five, the queen and the three side kings: grand slam", fourKings, kcAsk + " 5C P 5D P 5N P", "7S"},
		{"all five and the queen known missing (5H) in a nine-card fit: small slam", fourNoQ, kcAsk + " 5H P", "6S"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := viewFor(t, tc.hand, tc.auction)
			call, _, m := s.Choose(&v)
			assert.Equal(t, tc.want, KeyCall(call), "%s after %q: chose %s", tc.hand, tc.auction, m)
			assert.Equal(t, FromTable, m.Source, "%s", m)
		})
	}
}

// TestKeycardQueenAsk checks the answers to the queen ask and their
// reading.
func TestKeycardQueenAsk(t *testing.T) {
	t.Parallel()
	s := NewSystem()
	q := kcAsk + " 5C P 5D P"
	a := auctionOf(t, kcAsk+" 5C P 5D")
	m, err := s.Explain(&a, a.Len()-1)
	require.NoError(t, err)
	assert.Contains(t, m.Text, "asks for the queen of S")
	assert.NotEmpty(t, m.Alert)
	for _, tc := range []struct{ name, hand, want, text string }{
		{"with the queen: 5NT", "KQ973.K32.Q5.J94", "5N", "the queen of S"},
		{"without the queen: the cheapest spade bid", "KJ973.K32.Q5.J94", "5S", "no queen of S"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := viewFor(t, tc.hand, q)
			call, alert, m := s.Choose(&v)
			require.Equal(t, tc.want, KeyCall(call), "chose %s", m)
			assert.NotEmpty(t, alert)
			a := auctionOf(t, q+" "+tc.want)
			em, err := s.Explain(&a, a.Len()-1)
			require.NoError(t, err)
			assert.Contains(t, em.Text, tc.text)
		})
	}
	// Over 5D with hearts agreed the next step, 5H, is the agreed suit:
	// the queen ask skips to 5S and the denial is 6H.
	assert.Equal(t, engine.Bid(5, engine.StrainSpades), queenAsk(H, engine.Bid(5, engine.StrainDiamonds)))
	rows := queenAnswerRows(H, engine.Bid(5, engine.StrainSpades))
	require.Len(t, rows, 2)
	assert.Equal(t, engine.Bid(6, engine.StrainHearts), rows[1].Meaning.Call)
}

// TestKeycardSoftFacts checks that the call model reads the answer as a
// key-card count: a hand that would have answered otherwise does not fit.
func TestKeycardSoftFacts(t *testing.T) {
	t.Parallel()
	s := NewSystem()
	one, err := engine.ParseHand("KJ973.K32.Q5.QJ4") // 1 key card: 5C
	require.NoError(t, err)
	none, err := engine.ParseHand("QJ973.K32.KQ5.Q4") // 0 key cards: 5D
	require.NoError(t, err)
	for _, tc := range []struct {
		answer    string
		fits, not engine.Hand
	}{
		{"5C", one, none},
		{"5D", none, one},
	} {
		t.Run(tc.answer, func(t *testing.T) {
			a := auctionOf(t, kcAsk+" "+tc.answer)
			v := engine.NewView(engine.South, 1, engine.North, engine.VulNone, 0)
			v.Auction = a
			f := s.Soft(&v)
			require.NotNil(t, f.Calls)
			assert.True(t, f.Calls(engine.North, tc.fits), "the hand that answers %s", tc.answer)
			assert.False(t, f.Calls(engine.North, tc.not), "a hand with another key-card count")
		})
	}
}

// TestKeycardNeverGrandWithAKeyCardMissing bids many random deals and
// checks that every grand slam in a suit reached after a key-card ask has
// all five key cards and the trump queen between the two hands.
func TestKeycardNeverGrandWithAKeyCardMissing(t *testing.T) {
	t.Parallel()
	s := NewSystem()
	rng := rand.New(rand.NewPCG(7, 11))
	ds := engine.NewDealSource("keycard")
	n := 3000
	if testing.Short() {
		n = 800
	}
	asks, grands := 0, 0
	for board := 1; board <= n; board++ {
		d := ds.Deal(board)
		a, chosen := bidDeal(t, s, d, board, rng, func(engine.Seat) bool { return false })
		calls := a.Calls()
		for i, c := range calls {
			if chosen[i].conv == convBlackwood {
				asks++
			}
			if !c.IsBid() || c.Level() != 7 || c.Strain() == engine.NoTrump || chosen[i].Source != FromTable {
				continue
			}
			seat := a.SeatOf(i)
			tr := engine.Suit(c.Strain())
			h1, h2 := newHandInfo(d[seat]), newHandInfo(d[seat.Partner()])
			grands++
			assert.Equal(t, 5, h1.keycards(tr)+h2.keycards(tr), "board %d: %v", board, calls)
			assert.True(t, h1.has(tr, engine.Queen) || h2.has(tr, engine.Queen), "board %d: %v", board, calls)
		}
	}
	assert.Positive(t, asks, "the deals should include key-card asks")
	t.Logf("%d key-card asks, %d grand slams in a suit", asks, grands)
}

// TestSeededSlamsReached bids seeded boards on which the partnership
// holds a slam that makes double dummy and checks that the system's own
// auction reaches it by way of the key-card ask: a heart fit agreed by
// Jacoby's 2NT, where 4NT over opener's 3NT asks for key cards; a diamond
// fit where the king ask finds three kings and the values for the grand
// slam; a heart fit where responder counts askSlamMin over opener's jump
// raise.
func TestSeededSlamsReached(t *testing.T) {
	t.Parallel()
	s := NewSystem()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		seed         string
		board, level int
	}{
		{"fresh-s7", 264, 6},
		{"judge-s8", 316, 7},
		{"fresh-s7", 220, 6},
	} {
		t.Run(tc.seed, func(t *testing.T) {
			d := engine.NewDealSource(tc.seed).Deal(tc.board)
			a, chosen := bidDeal(t, s, d, tc.board, rng, func(engine.Seat) bool { return false })
			calls := a.Calls()
			last := -1
			asked := false
			for i, c := range calls {
				if c.IsBid() {
					last = i
				}
				asked = asked || chosen[i].conv == convBlackwood
			}
			require.GreaterOrEqual(t, last, 0, "%v", calls)
			contract := calls[last]
			assert.True(t, asked, "the key-card ask: %v", calls)
			require.Equal(t, tc.level, contract.Level(), "the slam: %v", calls)
			require.NotEqual(t, engine.NoTrump, contract.Strain(), "%v", calls)
			// Declarer: the first of the side to bid the strain.
			side := a.SeatOf(last).Side()
			declarer := a.SeatOf(last)
			for i, c := range calls {
				if a.SeatOf(i).Side() == side && c.IsBid() && c.Strain() == contract.Strain() {
					declarer = a.SeatOf(i)
					break
				}
			}
			// One solve, the opening leader's: a whole table is twenty.
			p, err := dds.NewPosition(d, contract.Strain(), declarer.LHO())
			require.NoError(t, err)
			defence, err := dds.NewSolver().Solve(&p)
			require.NoError(t, err)
			assert.GreaterOrEqual(t, 13-defence, 6+tc.level, "%s by %s makes: %v", contract, declarer, calls)
		})
	}
}

// TestKeycardOverThreeNotrump checks that over partner's 3NT in a
// game-forcing auction with a suit agreed (opener's 3NT over Jacoby's
// 2NT) 4NT asks for key cards, while over a natural notrump without an
// agreed suit it stays quantitative.
func TestKeycardOverThreeNotrump(t *testing.T) {
	t.Parallel()
	s := NewSystem()
	a := auctionOf(t, "1H P 2N P 3N P 4N")
	m, err := s.Explain(&a, a.Len()-1)
	require.NoError(t, err)
	assert.Contains(t, m.Alert, "Key Card")
	assert.Equal(t, engine.Hearts, m.Trump)
	q := auctionOf(t, "1C P 1H P 2N P 4N")
	m, err = s.Explain(&q, q.Len()-1)
	require.NoError(t, err)
	assert.Contains(t, m.Text, "quantitative")
}

// TestSlamZoneAsk checks the ask in place of four of an agreed major with
// askSlamMin counted, and the cue bid below it.
func TestSlamZoneAsk(t *testing.T) {
	t.Parallel()
	s := NewSystem()
	for _, tc := range []struct{ name, hand, auction, want string }{
		{"14 HCP, a singleton and 18 credited: the ask", "A943.K832.KT73.A", "1C P 1H P 3H P", "4N"},
		{"the cue bid's answer decides over partner's cue bid", "K753.AK4.K632.32", "1S P 3S P 4D P", "4S"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := viewFor(t, tc.hand, tc.auction)
			call, _, m := s.Choose(&v)
			assert.Equal(t, tc.want, KeyCall(call), "%s after %q: chose %s", tc.hand, tc.auction, m)
		})
	}
}
