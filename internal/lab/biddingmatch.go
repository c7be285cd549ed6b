package lab

import (
	"fmt"
	"io"
	"sort"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/refbot/bidding"
)

// matchBoard is one board of a two-system match at double dummy: the
// auction of each room and the home system's IMPs.
type matchBoard struct {
	n     int
	imps  int       // the home system's IMPs on the board
	calls [2]string // the auctions: home NS (open room), home EW (closed room)
	j     [2]AuctionJudgement
}

// matchTeam is one side of a two-system match: its system, and the
// options of its bots when the match is bid at a level.
type matchTeam struct {
	sys  *bidding.System
	opts []refbot.Option
}

// measureBiddingMatch bids each seeded deal in two rooms, the home system
// NS against the away system EW in one and the other way round in the
// other, scores both contracts at their double-dummy result and writes the
// home system's IMPs a board as a team match's. The play cannot move the
// result, so a board's IMPs are what the two systems' auctions were worth;
// over an opponent that bids differently it measures what the par
// measure, where all four seats bid one system, cannot see: how a system
// fares when the other side competes as another system does. Each side
// reads the other's calls by the other's system.
func measureBiddingMatch(w io.Writer, seed, level string, teams [2]matchTeam, deals []engine.Deal, tables []dds.TrickTable, worst int) error {
	home, away := teams[0].sys, teams[1].sys
	var bidders [2]bidder
	var times [2]*callTimes
	for i, t := range teams {
		b, ct, err := newBidder(t.sys.ReadingOpponents(teams[1-i].sys), level, t.opts...)
		if err != nil {
			return err
		}
		bidders[i], times[i] = b, ct
	}
	bid := [2][2]bidder{ // [room][side]
		{bidders[0], bidders[1]},
		{bidders[1], bidders[0]},
	}
	var boards []matchBoard
	var imps []float64
	changed, won, lost := 0, 0, 0
	for i, d := range deals {
		mb := matchBoard{n: i + 1}
		var score [2]int
		for room := range 2 {
			b := bid[room]
			bd, err := bidBoard(func(v *engine.View) (engine.Call, error) { return b[v.Seat.Side()](v) }, i+1, d)
			if err != nil {
				return err
			}
			j, err := JudgeAuction(bd.Auction(), bd.Vulnerability(), &tables[i])
			if err != nil {
				return fmt.Errorf("board %d: %w", i+1, err)
			}
			mb.calls[room], mb.j[room], score[room] = keyCalls(bd.Auction()), j, j.ScoreNS
		}
		mb.imps = engine.IMPs(score[0] - score[1])
		if mb.calls[0] != mb.calls[1] {
			changed++
		}
		if mb.imps > 0 {
			won += mb.imps
		} else {
			lost -= mb.imps
		}
		boards = append(boards, mb)
		imps = append(imps, float64(mb.imps))
	}
	m, h := meanInterval(imps)
	fmt.Fprintf(w, "seed %q, boards 1-%d: %q against %q at double dummy, two rooms a board\n", seed, len(deals), home.Name(), away.Name())
	fmt.Fprintf(w, "%d boards, %d bid differently in the two rooms: %+.3f ± %.3f IMPs a board to the first system (95%% CI), %d to %d IMPs\n",
		len(boards), changed, m, h, won, lost)
	for i, t := range times {
		if t != nil {
			fmt.Fprintf(w, "system %d's %s\n", i+1, t.String())
		}
	}
	sort.SliceStable(boards, func(a, b int) bool { return abs(boards[a].imps) > abs(boards[b].imps) })
	for _, b := range boards[:min(len(boards), worst)] {
		if b.imps == 0 {
			break
		}
		fmt.Fprintf(w, "board %3d: %+3d IMPs: first NS %s (%+d); first EW %s (%+d)\n",
			b.n, b.imps, b.calls[0], b.j[0].ScoreNS, b.calls[1], b.j[1].ScoreNS)
	}
	return nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
