//go:build libdds

package dds

import (
	"context"
	"flag"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/openroom/openroom/dds/internal/libdds"
	"github.com/openroom/openroom/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Differential tests against DDS itself (Debian libdds-dev), run with
// go test -tags libdds ./dds/... . The counts are flags so that a long
// run can check many more: -args -dds.tables=1000 -dds.positions=10000.
// They do not run in parallel: DDS keeps its search memory per thread
// index, which a table's threads and SolveAll's index 0 would share.
var (
	diffTables    = flag.Int("dds.tables", 40, "random deals whose tables and par are compared with libdds")
	diffPositions = flag.Int("dds.positions", 10000, "random mid-play positions compared with libdds")
)

func TestLibddsTables(t *testing.T) {
	deals := randomDeals(*diffTables, "openroom-dds-diff-tables")
	got, err := CalcTables(context.Background(), deals, 0, nil)
	require.NoError(t, err)
	for i, d := range deals {
		want, err := libdds.Table(ddsHands(d))
		require.NoError(t, err)
		require.Equal(t, TrickTable(want), got[i], "deal %s", d)
		for vul := 0; vul < 4; vul++ {
			for dealer := 0; dealer < 4; dealer++ {
				score, _, err := libdds.DealerPar(want, dealer, vul)
				require.NoError(t, err)
				p := ParOf(&got[i], engine.Seat(dealer), ddsVul[vul])
				assert.Equal(t, score, p.ScoreNS, "deal %s dealer %d vul %d", d, dealer, vul)
			}
		}
	}
}

func TestLibddsMidplay(t *testing.T) {
	n := *diffPositions
	deals := randomDeals(n, "openroom-dds-diff-midplay")
	rng := rand.New(rand.NewPCG(7, 11))
	ps := make([]Position, n)
	for i, d := range deals {
		// mostly later positions (cheap), some from the first tricks
		cards := 16 + rng.IntN(36)
		if i%25 == 0 {
			cards = rng.IntN(16)
		}
		ps[i] = randomPosition(d, rng, cards)
	}
	got, err := SolveAllBatch(context.Background(), ps, 0)
	require.NoError(t, err)
	for i := range ps {
		p := &ps[i]
		var played []int
		for j := 0; j < p.NPlayed; j++ {
			played = append(played, int(p.Played[j]))
		}
		want, err := libdds.SolveAll(p.Hands, int(ddsTrumpOf(p.Trump)), int(p.Leader), played, 0)
		require.NoError(t, err, handsString(p))
		gm := map[int]int{}
		for _, cv := range got[i] {
			gm[int(cv.Card)] = cv.Tricks
		}
		require.Equal(t, want.Cards, gm, "position %d: %s", i, handsString(p))
	}
}

func ddsTrumpOf(s engine.Strain) int { return int(s) }

// Side-by-side benchmarks on the same deals as the pure-Go benchmarks.

func BenchmarkLibddsTable(b *testing.B) {
	libdds.Init(1)
	deals := randomDeals(16, benchSeed)
	var hands [16][4][4]uint16
	for i, d := range deals {
		hands[i] = ddsHands(d)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := libdds.Table(hands[i%len(deals)]); err != nil {
			b.Fatal(err)
		}
	}
}

func benchLibddsSolveAll(b *testing.B, cards int) {
	libdds.Init(1)
	ps := benchPositions(32, cards)
	nodes := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := &ps[i%len(ps)]
		var played []int
		for j := 0; j < p.NPlayed; j++ {
			played = append(played, int(p.Played[j]))
		}
		r, err := libdds.SolveAll(p.Hands, int(p.Trump), int(p.Leader), played, 0)
		if err != nil {
			b.Fatal(err)
		}
		nodes += r.Nodes
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

func BenchmarkLibddsSolveAllTrick1(b *testing.B) { benchLibddsSolveAll(b, 0) }
func BenchmarkLibddsSolveAllTrick7(b *testing.B) { benchLibddsSolveAll(b, 24+1) }

// BenchmarkLibddsReferenceTables times the tables of every third deal of
// testdata/ddtable_300.txt (100 deals, hard ones included, unlike the
// random benchmark deals), ours and libdds's alternating deal by deal on
// one thread, and reports the total ratio and per-deal ratio quantiles:
// make bench-dds-ref.
func BenchmarkLibddsReferenceTables(b *testing.B) {
	libdds.Init(1)
	var deals []engine.Deal
	for i, c := range readTableCases(b) {
		if i%3 == 0 {
			deals = append(deals, c.deal)
		}
	}
	sv := NewSolver()
	for i := 0; i < b.N; i++ {
		var ours, theirs time.Duration
		ratios := make([]float64, 0, len(deals))
		for _, d := range deals {
			t0 := time.Now()
			if _, err := sv.Table(d); err != nil {
				b.Fatal(err)
			}
			o := time.Since(t0)
			t0 = time.Now()
			if _, err := libdds.Table(ddsHands(d)); err != nil {
				b.Fatal(err)
			}
			l := time.Since(t0)
			ours += o
			theirs += l
			ratios = append(ratios, float64(o)/float64(l))
		}
		slices.Sort(ratios)
		q := func(f float64) float64 { return ratios[int(f*float64(len(ratios)-1))] }
		b.ReportMetric(ours.Seconds(), "ours-s")
		b.ReportMetric(theirs.Seconds(), "libdds-s")
		b.ReportMetric(float64(ours)/float64(theirs), "ratio")
		b.ReportMetric(q(0.5), "median-ratio")
		b.ReportMetric(q(0.9), "p90-ratio")
		b.ReportMetric(ratios[len(ratios)-1], "max-ratio")
	}
}

// ddsHands converts a deal to libdds's holdings, [seat][suit].
func ddsHands(d engine.Deal) [4][4]uint16 {
	var hands [4][4]uint16
	for s := 0; s < 4; s++ {
		for su := 0; su < 4; su++ {
			hands[s][su] = d[s].Holding(engine.Suit(su))
		}
	}
	return hands
}
