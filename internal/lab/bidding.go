package lab

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"
	"strings"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/refbot/bidding"
)

// BiddingConfig says what MeasureBidding measures.
type BiddingConfig struct {
	Boards   int    // bid this many seeded boards, 1 to Boards
	System   string // the bidding system: a built-in name or a system file's path (refbot.LoadSystem); "" for refbot.DefaultSystem
	Seed     string // the deal seed
	Tables   string // a file caching the double-dummy tables of the seeded deals (read when it holds them, else written); "" for none
	Auctions string // write every board's number, deal, dealer, vulnerability, auction, IMPs from par and par family to this file (tab-separated); "" for none
	Before   string // an Auctions file of another version of the system on the same boards: write the paired difference and every auction that changed; "" for none
	Worst    int    // list this many of the auctions furthest from par
	// Level, when set, bids with refbot at that level (its judgement by
	// simulation included, seeded as a run's teams NS and EW) instead of
	// the system's own calls.
	Level string
	// Oracle, when above 0, replaces the bidding by a partnership that
	// sees both its hands (not the opponents') and bids straight to the
	// contract with the best expected IMPs over this many random layouts
	// of the opponents' cards, solved double dummy; the opponents pass. It
	// bounds what any system's calls can reach.
	Oracle int
	// Against, when set, is a second system (a built-in name or a system
	// file): each board is bid in two rooms, the system against it each
	// way round, and scored as a team match at double dummy instead of
	// against par. It works with the systems' own calls or, with Level,
	// with refbot's at that level in both rooms (not with Oracle).
	Against string
	// Penalty and AgainstPenalty, with Level, replace the level's margin
	// for a penalty double by simulation (refbot.WithPenaltyMargin) of
	// the system's bots and of Against's: IMPs a layout, or "off" for
	// never; "" keeps the level's.
	Penalty, AgainstPenalty string
}

// MeasureBidding judges the system's bidding on its own: it bids seeded
// boards (one auction stands for every room: with no Level, the system's
// own calls, which every level but expert bids), scores each contract at its double-dummy result against
// par, and writes to w the mean distance from par in IMPs, by family, and
// the auctions furthest from it.
func MeasureBidding(w io.Writer, c BiddingConfig) error {
	if c.Boards <= 0 {
		return fmt.Errorf("measure bidding: %d boards", c.Boards)
	}
	name := c.System
	if name == "" {
		name = refbot.DefaultSystem
	}
	sys, err := refbot.LoadSystem(name)
	if err != nil {
		return fmt.Errorf("measure bidding: %w", err)
	}
	if (c.Penalty != "" || c.AgainstPenalty != "") && c.Level == "" {
		return errors.New("measure bidding: a penalty margin needs a level (the system's own calls never double by simulation)")
	}
	if c.AgainstPenalty != "" && c.Against == "" {
		return errors.New("measure bidding: a penalty margin for the second system needs a second system")
	}
	homeOpts, err := penaltyOptions(c.Penalty)
	if err != nil {
		return fmt.Errorf("measure bidding: penalty: %w", err)
	}
	awayOpts, err := penaltyOptions(c.AgainstPenalty)
	if err != nil {
		return fmt.Errorf("measure bidding: against penalty: %w", err)
	}
	var away *bidding.System
	if c.Against != "" {
		if c.Oracle > 0 {
			return fmt.Errorf("measure bidding: a match against %s is bid without the oracle", c.Against)
		}
		if away, err = refbot.LoadSystem(c.Against); err != nil {
			return fmt.Errorf("measure bidding: against: %w", err)
		}
	}
	deals, tables, err := seededTables(c.Seed, c.Boards, c.Tables)
	if err != nil {
		return err
	}
	if away != nil {
		teams := [2]matchTeam{{sys, homeOpts}, {away, awayOpts}}
		return measureBiddingMatch(w, c.Seed, c.Level, teams, deals, tables, c.Worst)
	}
	bid, times, err := newBidder(sys, c.Level, homeOpts...)
	if err != nil {
		return err
	}
	board := func(n int, d engine.Deal) (*engine.Board, error) { return bidBoard(bid, n, d) }
	if c.Oracle > 0 {
		board = func(n int, d engine.Deal) (*engine.Board, error) {
			return oracleBoard(context.Background(), c.Seed, n, d, c.Oracle)
		}
	}
	var r BiddingReport
	var all []judgedBoard
	var lines strings.Builder
	for i, d := range deals {
		bd, err := board(i+1, d)
		if err != nil {
			return err
		}
		x, line, err := judgeBoard(bd, i+1, d, &tables[i])
		if err != nil {
			return err
		}
		r.Add(x.j)
		lines.WriteString(line)
		all = append(all, x)
	}
	if c.Auctions != "" {
		if err := os.WriteFile(c.Auctions, []byte(lines.String()), 0o644); err != nil {
			return err
		}
	}
	if name != refbot.DefaultSystem {
		// The default system's report stays as it was, so that reports
		// made before systems could be chosen compare line for line.
		fmt.Fprintf(w, "system %q (%s)\n", sys.Name(), name)
	}
	fmt.Fprintf(w, "seed %q, boards 1-%d\n%s", c.Seed, len(deals), r.String())
	if times != nil {
		fmt.Fprintln(w, times.String())
	}
	if c.Before != "" {
		if err := writePairedBidding(w, c.Before, all); err != nil {
			return err
		}
	}
	sort.SliceStable(all, func(a, b int) bool { return all[a].j.IMPs > all[b].j.IMPs })
	for _, x := range all[:min(len(all), c.Worst)] {
		fmt.Fprintf(w, "board %3d: %2d IMPs from par (%s): %s\n", x.n, x.j.IMPs, x.j.ParFamily, x.a)
	}
	return nil
}

// judgedBoard is a board MeasureBidding bid and judged against par.
type judgedBoard struct {
	n     int
	j     AuctionJudgement
	calls string // the auction, in bidding.KeyCall's notation
	a     string // the board described for the list of the auctions furthest from par
}

// judgeBoard judges the auction of board n, bid on deal d whose
// double-dummy table is t, against par. It returns the judgement and the
// board's line of the auctions file (BiddingConfig.Auctions).
func judgeBoard(bd *engine.Board, n int, d engine.Deal, t *dds.TrickTable) (judgedBoard, string, error) {
	j, err := JudgeAuction(bd.Auction(), bd.Vulnerability(), t)
	if err != nil {
		return judgedBoard{}, "", fmt.Errorf("board %d: %w", n, err)
	}
	calls := keyCalls(bd.Auction())
	decl := ""
	if !j.Contract.PassedOut() {
		decl = " " + j.Contract.Declarer.String()
	}
	par := dds.ParOf(t, bd.Dealer(), bd.Vulnerability())
	line := fmt.Sprintf("%d\t%s\t%s\t%s\t%s\t%d\t%s\n", n, d.Format(engine.North), bd.Dealer(), bd.Vulnerability(), calls, j.IMPs, j.ParFamily)
	nsHCP := d[engine.North].HCP() + d[engine.South].HCP()
	return judgedBoard{n, j, calls, fmt.Sprintf("%s%s (%d tricks, %+d) par %+d %v; NS %d HCP, EW %d; dealer %s, %s: %s",
		j.Contract, decl, j.Tricks, j.ScoreNS, j.ParNS, par.ContractStrings(), nsHCP, 40-nsHCP, bd.Dealer(), bd.Vulnerability(), calls)}, line, nil
}

// keyCalls writes an auction's calls in bidding.KeyCall's notation,
// separated by spaces, as the auctions files hold them.
func keyCalls(a *engine.Auction) string {
	calls := a.Calls()
	text := make([]string, len(calls))
	for i, c := range calls {
		text[i] = bidding.KeyCall(c)
	}
	return strings.Join(text, " ")
}

// writePairedBidding compares the boards judged with the auctions file
// before of another version of the system: it writes every auction that
// changed, then the paired difference.
func writePairedBidding(w io.Writer, before string, all []judgedBoard) error {
	recorded, err := readAuctionsFile(before)
	if err != nil {
		return err
	}
	var cmp pairedBidding
	for _, x := range all {
		b, ok := recorded[x.n]
		if !ok {
			return fmt.Errorf("board %d is not in %s", x.n, before)
		}
		cmp.add(b, x.j, x.calls)
		if b.calls != x.calls {
			fmt.Fprintf(w, "board %3d changed: %2d -> %2d IMPs from par (par %s): before %s; after %s\n",
				x.n, b.imps, x.j.IMPs, x.j.ParFamily, b.calls, x.calls)
		}
	}
	fmt.Fprintf(w, "paired against %s:\n%s", before, cmp.String())
	return nil
}

// bidBoard bids board n of the deal with four bidders, each seeing only
// its own view, and returns the finished board.
func bidBoard(bid bidder, n int, deal engine.Deal) (*engine.Board, error) {
	bd := engine.NewBoard(n, deal)
	for bd.Phase() == engine.PhaseAuction {
		turn, _ := bd.Turn()
		v := bd.View(turn)
		c, err := bid(&v)
		if err != nil {
			return nil, fmt.Errorf("board %d: %w", n, err)
		}
		if err := bd.Call(turn, c); err != nil {
			return nil, fmt.Errorf("board %d: %w", n, err)
		}
	}
	return bd, nil
}

// seededTables returns the double-dummy tables of boards 1..n of seed,
// from the cache file when it holds them for this seed, else computed
// (every core) and written to the cache.
func seededTables(seed string, n int, cache string) ([]engine.Deal, []dds.TrickTable, error) {
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
		switch {
		case err == nil:
			var c cached
			if err := json.Unmarshal(b, &c); err != nil {
				return nil, nil, fmt.Errorf("table cache %s: %w", cache, err)
			}
			if c.Seed == seed && len(c.Tables) >= n {
				return deals, c.Tables[:n], nil
			}
		case !errors.Is(err, fs.ErrNotExist):
			return nil, nil, fmt.Errorf("table cache: %w", err)
		}
	}
	tables, err := dds.CalcTables(context.Background(), deals, 0, nil)
	if err != nil {
		return nil, nil, err
	}
	if cache != "" {
		b, err := json.Marshal(cached{Seed: seed, Tables: tables})
		if err != nil {
			return nil, nil, err
		}
		if err := os.WriteFile(cache, b, 0o644); err != nil {
			return nil, nil, err
		}
	}
	return deals, tables, nil
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

// add counts one board: the auction before and its judgement after.
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

// String writes the paired difference, over all boards and by the family
// of par.
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
