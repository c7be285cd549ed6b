package cardplay

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/internal/lab/boardtest"
	"github.com/openroom/openroom/refbot/bidding"
)

// openingLeads returns the opening leader's facts on the first n boards of
// source bid by the system (passed-out boards skipped), with the auction
// model, and the number of calls of each auction.
func openingLeads(tb testing.TB, sys *bidding.System, source string, n int) (fs []Facts, calls []int) {
	for board := 1; len(fs) < n; board++ {
		bd := boardtest.BidAuction(tb, sys, board, engine.NewDealSource(source).Deal(board))
		c, _ := bd.Contract()
		if c.PassedOut() {
			continue
		}
		v := bd.View(c.Leader())
		soft := sys.Soft(&v)
		soft.LeadSuits = true
		f, err := FactsOf(&v, soft)
		require.NoError(tb, err)
		fs = append(fs, f)
		calls = append(calls, v.Auction.Len())
	}
	return fs, calls
}

// BenchmarkSampleAtTheOpeningLead measures the sampler where rejection
// fares worst: the opening leader's view, three hidden seats, after the
// system's own auctions, 48 worlds (expert's lead) at 50 draws a wanted
// world. It reports the share of the worlds that fit every model
// (step0-share), and that share after auctions of more than ten calls.
func BenchmarkSampleAtTheOpeningLead(b *testing.B) {
	fs, calls := openingLeads(b, bidding.NewSystem(), "sample-lead", 60)
	sampleShare(b, fs, 48, 50, func(k int) bool { return calls[k] > 10 })
}

// sampleShare is the loop of the sampler's benchmarks: n worlds at the
// given draws a wanted world, for each decision's facts in turn. It
// reports the share of the worlds that fit every model (step0-share)
// and, over the decisions long marks (nil: none), that share again
// (long-step0-share).
func sampleShare(b *testing.B, fs []Facts, n, attempts int, long func(k int) bool) {
	strict, all, longStrict, longAll := 0, 0, 0, 0
	for i := 0; b.Loop(); i++ {
		k := i % len(fs)
		s, err := NewSampler(&fs[k], DecisionSeed(uint64(i), k, fs[k].Seat, 0))
		require.NoError(b, err)
		ws, err := s.Sample(n, attempts)
		require.NoError(b, err)
		fit := 0
		for _, w := range ws {
			if w.Step == 0 {
				fit++
			}
		}
		strict, all = strict+fit, all+len(ws)
		if long != nil && long(k) {
			longStrict, longAll = longStrict+fit, longAll+len(ws)
		}
	}
	b.ReportMetric(float64(strict)/float64(all), "step0-share")
	if longAll > 0 {
		b.ReportMetric(float64(longStrict)/float64(longAll), "long-step0-share")
	}
}

// TestWalkSamplesLikeRejection checks that walked worlds follow the law
// rejection samples (every layout that fits, equally likely), on ranges
// tight enough to push a careless walk to their edges yet loose enough
// for rejection to be affordable: per hidden seat, the mean points and
// the mean length of every suit agree within four standard errors, and
// so does how often each seat holds each ace.
func TestWalkSamplesLikeRejection(t *testing.T) {
	t.Parallel()
	south := engine.NewDealSource("walk-law").Deal(1)[engine.South]
	v := engine.NewView(engine.South, 1, engine.North, engine.VulNone, south)
	f, err := AuctionFacts(&v, bidding.SoftFacts{})
	require.NoError(t, err)
	balanced := bidding.HandRange{MinHCP: 15, MaxHCP: 17, MinLen: [4]int{2, 2, 2, 2}, MaxLen: [4]int{5, 5, 5, 5}}
	weak := bidding.HandRange{MinHCP: 0, MaxHCP: 6, MaxLen: [4]int{13, 13, 13, 13}}
	hearts := bidding.HandRange{MinHCP: 8, MaxHCP: 11, MinLen: [4]int{0, 0, 5, 0}, MaxLen: [4]int{13, 13, 13, 13}}
	f.Soft[engine.West], f.Soft[engine.East], f.Soft[engine.North] = balanced, weak, hearts
	f.HasSoft[engine.West], f.HasSoft[engine.East], f.HasSoft[engine.North] = true, true, true

	const n = 1500
	s, err := NewSampler(&f, DecisionSeed(7, 1, engine.South, 0))
	require.NoError(t, err)
	var drawn, walked []engine.Deal
	for len(drawn) < n {
		w, err := s.deal()
		require.NoError(t, err)
		if f.softOK(&w, 0) {
			drawn = append(drawn, w)
		}
	}
	for len(walked) < n {
		w, err := s.deal()
		require.NoError(t, err)
		if got, ok := s.walk(w); ok {
			walked = append(walked, got)
		}
	}
	type stat struct {
		name string
		of   func(engine.Hand) float64
	}
	stats := []stat{{"points", func(h engine.Hand) float64 { return float64(h.HCP()) }}}
	for su := engine.Clubs; su <= engine.Spades; su++ {
		stats = append(stats,
			stat{su.String() + " length", func(h engine.Hand) float64 { return float64(h.SuitLen(su)) }},
			stat{su.String() + " ace", func(h engine.Hand) float64 {
				if h.Has(engine.NewCard(su, engine.Ace)) {
					return 1
				}
				return 0
			}})
	}
	meanVar := func(ws []engine.Deal, seat engine.Seat, of func(engine.Hand) float64) (float64, float64) {
		var sum, sq float64
		for _, w := range ws {
			x := of(w[seat])
			sum += x
			sq += x * x
		}
		m := sum / float64(len(ws))
		return m, sq/float64(len(ws)) - m*m
	}
	for _, seat := range f.Hidden {
		for _, st := range stats {
			m1, v1 := meanVar(drawn, seat, st.of)
			m2, v2 := meanVar(walked, seat, st.of)
			se := math.Sqrt((v1 + v2) / n)
			assert.LessOrEqual(t, math.Abs(m1-m2), 4*se+1e-9, "%s %s: rejection %.3f, walk %.3f", seat.Name(), st.name, m1, m2)
		}
	}
}

// BenchmarkSampleInTheAuction measures the sampler as a bidder that
// simulates uses it: the view of the seat to call after the system's
// own auctions of at least six calls, before its last call, 32 layouts
// (expert's penalty double) at 200 draws a wanted layout. It reports
// the share of the layouts that fit every model (step0-share).
func BenchmarkSampleInTheAuction(b *testing.B) {
	sys := bidding.NewSystem()
	var fs []Facts
	src := engine.NewDealSource("sample-auction")
	for board := 1; len(fs) < 40; board++ {
		deal := src.Deal(board)
		bd := boardtest.BidAuction(b, sys, board, deal)
		calls := bd.Auction().Calls()
		if len(calls) < 6 {
			continue
		}
		k := len(calls) - 3 // the last call but the final passes
		a := engine.NewAuction(bd.Dealer())
		for _, c := range calls[:k] {
			require.NoError(b, a.Add(c))
		}
		seat := a.Turn()
		v := engine.NewView(seat, board, bd.Dealer(), bd.Vulnerability(), deal[seat])
		v.Auction = a
		f, err := AuctionFacts(&v, sys.Soft(&v))
		require.NoError(b, err)
		fs = append(fs, f)
	}
	sampleShare(b, fs, 32, 200, nil)
}

// TestWalkedWorldsFitTheirStep checks the worlds the sampler returns at
// the opening lead, where most are walked: each honours the hard facts
// and fits the constraints of the step it claims, and after the system's
// own auctions most fit every model (rejection alone fits fewer than a
// fifth there, BenchmarkSampleAtTheOpeningLead).
func TestWalkedWorldsFitTheirStep(t *testing.T) {
	t.Parallel()
	fs, _ := openingLeads(t, bidding.NewSystem(), "walk-fit", 12)
	strict, all := 0, 0
	for k := range fs {
		f := &fs[k]
		s, err := NewSampler(f, DecisionSeed(1, k, f.Seat, 0))
		require.NoError(t, err)
		ws, err := s.Sample(24, 50)
		require.NoError(t, err)
		require.Len(t, ws, 24)
		for _, w := range ws {
			var held engine.Hand
			for _, seat := range f.Hidden {
				h := w.Hands[seat]
				assert.Equal(t, f.Count[seat], h.Len(), "%s's cards", seat.Name())
				assert.Zero(t, h&^f.Allowed[seat], "%s holds cards it may not", seat.Name())
				assert.Zero(t, h&held, "a card held twice")
				held |= h
			}
			assert.Equal(t, f.Pool, held, "the hidden cards")
			assert.True(t, f.softOK(&w.Hands, w.Step), "a world of step %d that does not fit it", w.Step)
			if w.Step == 0 {
				strict++
			}
			all++
		}
	}
	assert.Greater(t, float64(strict)/float64(all), 0.75, "%d worlds of %d fit every model", strict, all)
}
