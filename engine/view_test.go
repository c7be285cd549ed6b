package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sameView compares the parts of two views that a seat may know.
func sameView(t testing.TB, want, got View) {
	t.Helper()
	require.Equal(t, want.Seat, got.Seat)
	require.Equal(t, want.Hand, got.Hand)
	require.Equal(t, want.DummyVisible, got.DummyVisible)
	require.Equal(t, want.Dummy, got.Dummy)
	require.Equal(t, want.Auction.Calls(), got.Auction.Calls())
	require.Equal(t, want.Phase(), got.Phase())
	require.Equal(t, want.HasContract(), got.HasContract())
	if want.HasContract() {
		require.Equal(t, want.Contract, got.Contract)
		require.Equal(t, want.Play.Cards(), got.Play.Cards())
		require.Equal(t, want.Play.Tricks(NS), got.Play.Tricks(NS))
	}
}

// TestViewsKeepHiddenCardsHidden plays random boards and checks, after every
// action, that each seat's view holds its own hand and dummy's only after
// the opening lead, and that a view built from the public stream (as a bot
// builds it from protocol lines) equals the table manager's.
func TestViewsKeepHiddenCardsHidden(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 6))
	src := NewDealSource("views")
	for n := 1; n <= 300; n++ {
		deal := src.Deal(n)
		b := NewBoard(n, deal)
		var bots [NumSeats]View
		for s := North; s < NumSeats; s++ {
			bots[s] = NewView(s, n, b.Dealer(), b.Vulnerability(), deal[s])
		}
		check := func() {
			for s := North; s < NumSeats; s++ {
				v := b.View(s)
				require.Equal(t, deal[s], v.Hand)
				c, hasContract := b.Contract()
				exposed := hasContract && !c.PassedOut() && b.Play().Len() > 0
				require.Equal(t, exposed, v.DummyVisible, "board %d seat %s", n, s)
				if exposed {
					require.Equal(t, deal[c.Dummy()], v.Dummy)
				} else {
					require.Zero(t, v.Dummy)
				}
				// Nothing of a hidden hand can be read from the view.
				for o := North; o < NumSeats; o++ {
					if h, ok := v.Known(o); ok {
						require.True(t, o == s || (exposed && o == c.Dummy()))
						require.Equal(t, b.Remaining(o), h)
					}
				}
				sameView(t, v, bots[s])
			}
		}
		check()
		var calls []Call
		for b.Phase() == PhaseAuction {
			calls = b.Auction().LegalCalls(calls[:0])
			c := Pass
			if rng.IntN(3) == 0 {
				c = calls[rng.IntN(len(calls))]
			}
			s, _ := b.Turn()
			require.NoError(t, b.Call(s, c))
			for i := range bots {
				require.NoError(t, bots[i].AddCall(c))
			}
			check()
		}
		for b.Phase() == PhasePlay {
			legal := b.LegalCards()
			s, _ := b.Turn()
			actor, _ := b.Actor()
			// The actor's own view offers exactly the legal cards.
			got, ok := bots[actor].LegalCards()
			require.True(t, ok || b.Play().Len() == 0 && s != actor, "actor %s cannot see the hand on turn", actor)
			if ok {
				require.Equal(t, legal, got)
			}
			c := legal.Nth(rng.IntN(legal.Len()))
			first := b.Play().Len() == 0
			require.NoError(t, b.PlayCard(s, c))
			for i := range bots {
				require.NoError(t, bots[i].AddCard(c))
			}
			if first {
				con, _ := b.Contract()
				for i := range bots {
					if Seat(i) != con.Dummy() {
						require.NoError(t, bots[i].SetDummy(deal[con.Dummy()]))
					} else {
						require.Error(t, bots[i].SetDummy(deal[con.Dummy()]), "dummy is never sent its own cards")
						bots[i].Dummy, bots[i].DummyVisible = deal[i], true
					}
				}
			}
			check()
		}
	}
}

func TestViewRejectsImpossibleCards(t *testing.T) {
	t.Parallel()
	d, err := ParseDeal(specDeal)
	require.NoError(t, err)
	v := NewView(North, 1, North, VulNone, d[North])
	assert.ErrorIs(t, v.AddCard(NewCard(Spades, Ace)), ErrWrongPhase)
	assert.Error(t, v.SetDummy(d[South]), "no dummy during the auction")
	for _, c := range []Call{Bid(1, StrainSpades), Pass, Pass, Pass} {
		require.NoError(t, v.AddCall(c))
	}
	// North declares; East leads. North's own card cannot be East's.
	assert.ErrorIs(t, v.AddCard(NewCard(Spades, Queen)), ErrNotHeld)
	assert.Error(t, v.SetDummy(d[South]), "no dummy before the opening lead")
	require.NoError(t, v.AddCard(NewCard(Spades, Ace)))
	assert.ErrorIs(t, v.AddCard(NewCard(Spades, Ace)), ErrNotHeld, "a card cannot be played twice")
	require.NoError(t, v.SetDummy(d[South]))
	// South (dummy) must follow with a spade.
	assert.ErrorIs(t, v.AddCard(NewCard(Hearts, Ace)), ErrMustFollow)
}

// BenchmarkPlayBoard plays a whole random legal board through the state
// machine: deal reuse, auction and 52 cards. It must not allocate.
func BenchmarkPlayBoard(b *testing.B) {
	src := NewDealSource("bench")
	deals := make([]Deal, 64)
	for i := range deals {
		deals[i] = src.Deal(i + 1)
	}
	rng := rand.New(rand.NewPCG(7, 8))
	var board Board
	var calls [NumCalls]Call
	cards := 0
	for i := 0; b.Loop(); i++ {
		n := i%64 + 1
		board.Reset(NewBoardSetup(n, deals[n-1]))
		// A short auction: one bid then passes, so every board is played.
		for board.Phase() == PhaseAuction {
			s, _ := board.Turn()
			c := Pass
			if board.Auction().Len() == 0 {
				legal := board.Auction().LegalCalls(calls[:0])
				c = legal[3+rng.IntN(len(legal)-3)]
			}
			if err := board.Call(s, c); err != nil {
				b.Fatal(err)
			}
		}
		for board.Phase() == PhasePlay {
			legal := board.LegalCards()
			s, _ := board.Turn()
			if err := board.PlayCard(s, legal.Nth(rng.IntN(legal.Len()))); err != nil {
				b.Fatal(err)
			}
			cards++
		}
		if _, ok := board.ScoreNS(); !ok {
			b.Fatal("board not done")
		}
	}
	b.ReportMetric(float64(cards)/float64(b.N), "cards/op")
}
