package bidding

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
)

// randomCall picks a random legal call: pass half the time, otherwise a
// double or redouble when legal or one of the next few bids, so random
// auctions run long and reach every level.
func randomCall(rng *rand.Rand, a *engine.Auction) engine.Call {
	var buf [engine.NumCalls]engine.Call
	legal := a.LegalCalls(buf[:0])
	if len(legal) == 1 || rng.IntN(2) == 0 {
		return engine.Pass
	}
	others := legal[1:]
	if len(others) > 6 {
		others = others[:6]
	}
	return others[rng.IntN(len(others))]
}

// bidDeal runs one auction on a deal: seats for which random(seat) is true
// call at random, the others use Choose on their own view. It returns the
// auction and the meaning Choose gave for each of its calls (Source is
// FromFallback for the random seats' calls, which carry no meaning).
func bidDeal(t testing.TB, s *System, d engine.Deal, board int, rng *rand.Rand, random func(engine.Seat) bool) (engine.Auction, []Meaning) {
	t.Helper()
	a := engine.NewAuction(engine.BoardDealer(board))
	var chosen []Meaning
	for !a.Done() {
		seat := a.Turn()
		var c engine.Call
		var m Meaning
		if random(seat) {
			c = randomCall(rng, &a)
			m = naturalMeaning(c)
		} else {
			v := engine.NewView(seat, board, a.Dealer(), engine.BoardVulnerability(board), d[seat])
			v.Auction = a
			var alert string
			c, alert, m = s.Choose(&v)
			require.Equal(t, c, m.Call)
			if m.Artificial {
				require.NotEmpty(t, alert, "artificial %s without an alert", m)
			}
		}
		require.NoError(t, a.Add(c), "%s chose an illegal call %s after %v", seat, c, a.Calls())
		chosen = append(chosen, m)
	}
	return a, chosen
}

func TestChooseAlwaysLegal(t *testing.T) {
	t.Parallel()
	s := NewSystem()
	rng := rand.New(rand.NewPCG(5, 17))
	ds := engine.NewDealSource("legal")
	const auctions = 3000
	for i := 0; i < auctions; i++ {
		board := i + 1
		d := ds.Deal(board)
		var random func(engine.Seat) bool
		switch i % 3 {
		case 0: // random opponents
			random = func(seat engine.Seat) bool { return seat.Side() == engine.EW }
		case 1: // one random seat anywhere
			r := engine.Seat(rng.IntN(4))
			random = func(seat engine.Seat) bool { return seat == r }
		default: // a random prefix, then everyone bids by the system
			n := rng.IntN(12)
			calls := 0
			random = func(engine.Seat) bool { calls++; return calls <= n }
		}
		a, _ := bidDeal(t, s, d, board, rng, random)
		require.True(t, a.Done())
	}
}

func TestChooseAfterEveryRandomPrefix(t *testing.T) {
	t.Parallel()
	s := NewSystem()
	rng := rand.New(rand.NewPCG(9, 3))
	ds := engine.NewDealSource("prefix")
	for i := 0; i < 2000; i++ {
		d := ds.Deal(i + 1)
		a := engine.NewAuction(engine.Seat(rng.IntN(4)))
		for !a.Done() {
			seat := a.Turn()
			v := engine.NewView(seat, i+1, a.Dealer(), engine.VulNone, d[seat])
			v.Auction = a
			c, _, _ := s.Choose(&v)
			require.True(t, a.Legal(c), "illegal %s after %v", c, a.Calls())
			require.NoError(t, a.Add(randomCall(rng, &a)))
		}
	}
}

func TestFourBiddersEndTheAuction(t *testing.T) {
	t.Parallel()
	s := NewSystem()
	ds := engine.NewDealSource("four")
	longest, total := 0, 0
	levels := map[int]int{}
	for board := 1; board <= 2000; board++ {
		a, _ := bidDeal(t, s, ds.Deal(board), board, nil, func(engine.Seat) bool { return false })
		require.True(t, a.Done())
		require.LessOrEqual(t, a.Len(), 40, "board %d: auction too long: %v", board, a.Calls())
		longest = max(longest, a.Len())
		total += a.Len()
		c, ok := a.Contract()
		require.True(t, ok)
		levels[c.Level]++
	}
	t.Logf("2000 auctions: mean length %.1f calls, longest %d; contracts by level %v", float64(total)/2000, longest, levels)
	assert.Less(t, levels[7], 40, "grand slams should be rare")
	assert.Less(t, levels[0], 600, "passed-out boards should be a minority")
}

func TestChooseIsDeterministic(t *testing.T) {
	t.Parallel()
	s1, s2 := NewSystem(), NewSystem()
	ds := engine.NewDealSource("det")
	for board := 1; board <= 200; board++ {
		d := ds.Deal(board)
		a1, _ := bidDeal(t, s1, d, board, nil, func(engine.Seat) bool { return false })
		a2, _ := bidDeal(t, s2, d, board, nil, func(engine.Seat) bool { return false })
		require.Equal(t, a1.Calls(), a2.Calls(), "board %d", board)
	}
}

// TestChooseAgreesWithInference checks the one-source-of-truth promise:
// every call the bidder makes from its table satisfies the meaning Explain
// (and so the inference) gives it, over many deals, with and without random
// opponents. Calls the fallback made are counted: when the table has a row
// for the same call in the same situation, Explain reads that row, which
// the hand may not meet (the fraction is logged).
func TestChooseAgreesWithInference(t *testing.T) {
	t.Parallel()
	checkAgreesWithInference(t, NewSystem())
}

// checkAgreesWithInference is TestChooseAgreesWithInference for the
// system s.
func checkAgreesWithInference(t *testing.T, s *System) {
	t.Helper()
	ds := engine.NewDealSource("agree")
	rng := rand.New(rand.NewPCG(1, 2))
	var calls, fallback, fallbackBids, disagree, seats, admitted, cleanSeats int
	for board := 1; board <= 2000; board++ {
		d := ds.Deal(board)
		random := func(engine.Seat) bool { return false }
		if board%4 == 0 {
			random = func(seat engine.Seat) bool { return seat.Side() == engine.EW }
		}
		a, chosen := bidDeal(t, s, d, board, rng, random)
		explained := s.explainAll(&a)
		bad := [4]bool{}
		for i, m := range chosen {
			seat := a.SeatOf(i)
			if random(seat) {
				continue
			}
			calls++
			e := explained[i]
			require.Equal(t, a.Calls()[i], e.Call)
			if m.Source == FromFallback {
				fallback++
				if m.Call != engine.Pass {
					fallbackBids++
				}
				if e.Source == FromTable && !e.satisfies(d[seat]) {
					disagree++
					bad[seat] = true
				}
				continue
			}
			require.Equal(t, FromTable, e.Source, "board %d call %d %s", board, i, m)
			require.True(t, e.satisfies(d[seat]), "board %d: %s's %s (%s) is explained as %s, which the hand %s does not meet; auction %v",
				board, seat, m.Call, m.Text, e, d[seat], a.Calls())
		}
		inf := s.infer(&a, noReader)
		for seat := engine.North; seat < engine.NumSeats; seat++ {
			if random(seat) {
				continue
			}
			seats++
			if inf[seat].Admits(d[seat]) {
				admitted++
			}
			if !bad[seat] {
				cleanSeats++
				require.True(t, inf[seat].Admits(d[seat]), "board %d: inference %s excludes %s's hand %s; auction %v",
					board, inf[seat], seat, d[seat], a.Calls())
			}
		}
	}
	t.Logf("%d calls by the bidder: %.1f%% from the fallback (%.1f%% of all calls are fallback passes, %.1f%% fallback bids or doubles), %.2f%% fallback calls the table explains more narrowly than the hand; "+
		"inference admits the real hand for %.2f%% of %d seats (100%% of the %d seats without such calls)",
		calls, pct(fallback, calls), pct(fallback-fallbackBids, calls), pct(fallbackBids, calls), pct(disagree, calls), pct(admitted, seats), seats, cleanSeats)
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

func TestInferNarrowsByCalls(t *testing.T) {
	t.Parallel()
	s := NewSystem()
	a := auctionOf(t, "P 1N P 2D P 2H P P P")
	inf := s.infer(&a, noReader)
	// North passed in first seat: at most 12 HCP.
	assert.Equal(t, 12, inf[engine.North].MaxHCP)
	// East opened 1NT: 15-17 balanced, 2-5 in every suit.
	e := inf[engine.East]
	assert.Equal(t, 15, e.MinHCP)
	assert.Equal(t, 17, e.MaxHCP)
	assert.True(t, e.Balanced)
	for su := range e.MinLen {
		assert.Equal(t, 2, e.MinLen[su])
		assert.Equal(t, 5, e.MaxLen[su])
	}
	// West transferred and passed: 5+ hearts, 0-7 HCP.
	w := inf[engine.West]
	assert.Equal(t, 5, w.MinLen[engine.Hearts])
	assert.Equal(t, 7, w.MaxHCP)
	assert.Equal(t, 8, w.MaxLen[engine.Spades], "13 minus 5 hearts")
	assert.Contains(t, w.String(), "H 5-13")

	// Contradictory calls (a random bidder's) are ignored, never emptying the range.
	b := auctionOf(t, "1N P 2C P 2D P 2N P 3S")
	inf = s.infer(&b, noReader)
	n := inf[engine.North]
	assert.LessOrEqual(t, n.MinHCP, n.MaxHCP)
	assert.Equal(t, 3, n.MaxLen[engine.Spades])
}

func BenchmarkChoose(b *testing.B) {
	s := NewSystem()
	ds := engine.NewDealSource("bench")
	var views []engine.View
	for board := 1; len(views) < 4096; board++ {
		d := ds.Deal(board)
		a, _ := bidDeal(b, s, d, board, nil, func(engine.Seat) bool { return false })
		p := engine.NewAuction(a.Dealer())
		for _, c := range a.Calls() {
			seat := p.Turn()
			v := engine.NewView(seat, board, p.Dealer(), engine.VulNone, d[seat])
			v.Auction = p
			views = append(views, v)
			if err := p.Add(c); err != nil {
				b.Fatal(fmt.Errorf("replay: %w", err))
			}
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v := &views[i%len(views)]
		s.Choose(v)
	}
}

func BenchmarkInfer(b *testing.B) {
	s := NewSystem()
	ds := engine.NewDealSource("bench")
	var auctions []engine.Auction
	for board := 1; board <= 512; board++ {
		a, _ := bidDeal(b, s, ds.Deal(board), board, nil, func(engine.Seat) bool { return false })
		auctions = append(auctions, a)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.infer(&auctions[i%len(auctions)], noReader)
	}
}

func BenchmarkNewSystem(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		NewSystem()
	}
}

func TestSoftAndBidAdapters(t *testing.T) {
	t.Parallel()
	s := NewSystem()
	v := viewFor(t, "KJ84.Q32.K75.J64", "1N P")
	c, alert, meaning := s.Bid(&v)
	assert.Equal(t, "2C", c.String())
	assert.Contains(t, alert, "Stayman")
	assert.Contains(t, meaning, "Stayman")

	f := s.Soft(&v)
	assert.False(t, f.Has[v.Seat], "no soft facts about the viewer's own hand")
	inf := s.infer(&v.Auction, noReader)
	for seat := engine.North; seat < engine.NumSeats; seat++ {
		if seat == v.Seat {
			continue
		}
		require.True(t, f.Has[seat])
		assert.Equal(t, inf[seat].MinHCP, f.Seats[seat].MinHCP)
		assert.Equal(t, inf[seat].MaxHCP, f.Seats[seat].MaxHCP)
		assert.Equal(t, inf[seat].MinLen, f.Seats[seat].MinLen)
		assert.Equal(t, inf[seat].MaxLen, f.Seats[seat].MaxLen)
	}
	assert.Equal(t, 15, f.Seats[engine.North].MinHCP)
}
