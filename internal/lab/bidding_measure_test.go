package lab

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/internal/lab/boardtest"
	"github.com/openroom/openroom/refbot/bidding"
)

var (
	biddingBoards = flag.Int("bidding.boards", 0, "TestMeasureBidding: bid this many seeded boards and judge the contracts against par (0 skips the measurement)")
	biddingSeed   = flag.String("bidding.seed", "bidding", "TestMeasureBidding: the deal seed")
	biddingTables = flag.String("bidding.tables", "", "TestMeasureBidding: a file caching the double-dummy tables of the seeded deals (read when it holds them, else written)")
	biddingOut    = flag.String("bidding.auctions", "", "TestMeasureBidding: write every board's number, deal, dealer, vulnerability, auction, IMPs from par and par family to this file (tab-separated), to compare two versions of the system")
	biddingBefore = flag.String("bidding.before", "", "TestMeasureBidding: a -bidding.auctions file of another version of the system on the same boards: log the paired difference in IMPs from par and every auction that changed")
	biddingWorst  = flag.Int("bidding.worst", 15, "TestMeasureBidding: list this many of the auctions furthest from par")
)

// seededTables returns the double-dummy tables of boards 1..n of seed,
// from the cache file when it holds them for this seed, else computed
// (every core) and written to the cache.
func seededTables(t testing.TB, seed string, n int, cache string) ([]engine.Deal, []dds.TrickTable) {
	t.Helper()
	deals := make([]engine.Deal, n)
	ds := engine.NewDealSource(seed)
	for i := range deals {
		deals[i] = ds.Deal(i + 1)
	}
	type cached struct {
		Seed   string
		Tables []dds.TrickTable
	}
	if cache != "" {
		b, err := os.ReadFile(cache)
		if err == nil {
			var c cached
			require.NoError(t, json.Unmarshal(b, &c), "table cache %s", cache)
			if c.Seed == seed && len(c.Tables) >= n {
				return deals, c.Tables[:n]
			}
		} else {
			require.True(t, errors.Is(err, fs.ErrNotExist), "table cache: %v", err)
		}
	}
	tables, err := dds.CalcTables(context.Background(), deals, 0, nil)
	require.NoError(t, err)
	if cache != "" {
		b, err := json.Marshal(cached{Seed: seed, Tables: tables})
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(cache, b, 0o644))
	}
	return deals, tables
}

// TestMeasureBidding judges the system's bidding on its own: it bids
// seeded boards (the bidding is the same at every level, so one auction
// stands for every room), scores each contract at its double-dummy result
// against par, and logs the mean distance from par in IMPs, by family,
// and the auctions furthest from it. Run it with
// make measure-bidding BOARDS=500
// (go test -run '^TestMeasureBidding$' -v ./internal/lab/ -args -bidding.boards 500).
func TestMeasureBidding(t *testing.T) {
	if *biddingBoards <= 0 {
		t.Skip("a measurement: run with -args -bidding.boards N (make measure-bidding)")
	}
	sys := bidding.NewSystem()
	deals, tables := seededTables(t, *biddingSeed, *biddingBoards, *biddingTables)
	var r BiddingReport
	type judged struct {
		n     int
		j     AuctionJudgement
		calls string
		a     string
	}
	var all []judged
	var lines strings.Builder
	for i, d := range deals {
		n := i + 1
		bd := boardtest.BidAuction(t, sys, n, d)
		j, err := JudgeAuction(bd.Auction(), bd.Vulnerability(), &tables[i])
		require.NoError(t, err)
		r.Add(j)
		var calls []string
		for _, c := range bd.Auction().Calls() {
			calls = append(calls, bidding.KeyCall(c))
		}
		decl := ""
		if !j.Contract.PassedOut() {
			decl = " " + j.Contract.Declarer.String()
		}
		par := dds.ParOf(&tables[i], bd.Dealer(), bd.Vulnerability())
		fmt.Fprintf(&lines, "%d\t%s\t%s\t%s\t%s\t%d\t%s\n", n, d.Format(engine.North), bd.Dealer(), bd.Vulnerability(), strings.Join(calls, " "), j.IMPs, j.ParFamily)
		nsHCP := d[engine.North].HCP() + d[engine.South].HCP()
		all = append(all, judged{n, j, strings.Join(calls, " "), fmt.Sprintf("%s%s (%d tricks, %+d) par %+d %v; NS %d HCP, EW %d; dealer %s, %s: %s",
			j.Contract, decl, j.Tricks, j.ScoreNS, j.ParNS, par.ContractStrings(), nsHCP, 40-nsHCP, bd.Dealer(), bd.Vulnerability(), strings.Join(calls, " "))})
	}
	if *biddingOut != "" {
		require.NoError(t, os.WriteFile(*biddingOut, []byte(lines.String()), 0o644))
	}
	t.Logf("seed %q, boards 1-%d\n%s", *biddingSeed, len(deals), r.String())
	if *biddingBefore != "" {
		before, err := readAuctionsFile(*biddingBefore)
		require.NoError(t, err)
		var cmp pairedBidding
		for _, x := range all {
			b, ok := before[x.n]
			require.True(t, ok, "board %d is not in %s", x.n, *biddingBefore)
			cmp.add(b, x.j, x.calls)
			if b.calls != x.calls {
				t.Logf("board %3d changed: %2d -> %2d IMPs from par (par %s): before %s; after %s",
					x.n, b.imps, x.j.IMPs, x.j.ParFamily, b.calls, x.calls)
			}
		}
		t.Logf("paired against %s:\n%s", *biddingBefore, cmp.String())
	}
	sort.SliceStable(all, func(a, b int) bool { return all[a].j.IMPs > all[b].j.IMPs })
	for _, x := range all[:min(len(all), *biddingWorst)] {
		t.Logf("board %3d: %2d IMPs from par (%s): %s", x.n, x.j.IMPs, x.j.ParFamily, x.a)
	}
}

// recordedAuction is one line of a -bidding.auctions file: the auction
// another version of the system bid and its distance from par.
type recordedAuction struct {
	calls     string
	imps      int
	parFamily string
}

// readAuctionsFile reads a -bidding.auctions file, by board number.
func readAuctionsFile(path string) (map[int]recordedAuction, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read auctions: %w", err)
	}
	out := make(map[int]recordedAuction)
	for i, line := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
		f := strings.Split(line, "\t")
		if len(f) < 7 {
			return nil, fmt.Errorf("read auctions %s line %d: %d fields, want 7 (an older file without IMPs?)", path, i+1, len(f))
		}
		var n, imps int
		if _, err := fmt.Sscan(f[0], &n); err != nil {
			return nil, fmt.Errorf("read auctions %s line %d: board: %w", path, i+1, err)
		}
		if _, err := fmt.Sscan(f[5], &imps); err != nil {
			return nil, fmt.Errorf("read auctions %s line %d: IMPs: %w", path, i+1, err)
		}
		out[n] = recordedAuction{calls: f[4], imps: imps, parFamily: f[6]}
	}
	return out, nil
}

// pairedBidding compares two versions of the system board by board: the
// difference in IMPs from par (after minus before, so negative is better),
// over all boards and by the family of par, which does not depend on the
// version.
type pairedBidding struct {
	all      []float64
	byPar    map[string][]float64
	changed  int
	better   int
	worse    int
	parOrder []string
}

func (p *pairedBidding) add(before recordedAuction, after AuctionJudgement, calls string) {
	if p.byPar == nil {
		p.byPar = make(map[string][]float64)
	}
	d := float64(after.IMPs - before.imps)
	p.all = append(p.all, d)
	k := after.ParFamily.String()
	if _, ok := p.byPar[k]; !ok {
		p.parOrder = append(p.parOrder, k)
	}
	p.byPar[k] = append(p.byPar[k], d)
	if calls != before.calls {
		p.changed++
	}
	switch {
	case d < 0:
		p.better++
	case d > 0:
		p.worse++
	}
}

func (p *pairedBidding) String() string {
	var b strings.Builder
	m, h := meanInterval(p.all)
	fmt.Fprintf(&b, "%d boards, %d auctions changed (%d closer to par, %d further): %+.3f ± %.3f IMPs from par a board (after minus before, 95%% CI)\n",
		len(p.all), p.changed, p.better, p.worse, m, h)
	sort.Strings(p.parOrder)
	for _, k := range p.parOrder {
		m, h := meanInterval(p.byPar[k])
		fmt.Fprintf(&b, "  par: %-12s %4d boards  %+.3f ± %.3f\n", k, len(p.byPar[k]), m, h)
	}
	return b.String()
}
