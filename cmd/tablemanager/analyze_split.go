package main

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/tournaments"
	"github.com/openroom/openroom/tournaments/report"
)

// matchSplit is where a team match's IMPs came from: the contracts the
// two rooms reached, each scored at its double-dummy result, and the play,
// which is the rest. It also holds the tricks each team lost against
// double dummy, as declarer and as defenders.
type matchSplit struct {
	match      string
	home, away string // the teams, home first (North-South in the open room)
	// total, contracts and play hold the home team's IMPs a board, one
	// value per board scored at the table in both rooms.
	total, contracts, play []float64
	// left counts the boards not compared: a room missing, or not scored
	// at the table (a fault), or its play not analysed.
	left int
	// lost[t] is team t's (0 home, 1 away) tricks lost: as declarer and
	// as defenders, summed, and the rooms counted in each.
	lost [2]struct{ declarer, defence, declared, defended int }
	// boards are the boards compared, in the file's order, for --swings.
	boards []splitBoard
}

// splitBoard is one board of a match compared in both rooms: the home
// team's IMPs, in all and from the contracts, and the two rooms.
type splitBoard struct {
	board            int
	total, contracts int
	rooms            [2]*splitRoom // open, closed
}

// splitRoom is what the split needs of one room of a board.
type splitRoom struct {
	scoreNS   int // at the table
	ddScoreNS int // the contract scored at its double-dummy result
	declarer  engine.Side
	played    bool // a contract was played (not passed out)
	lost      [2]int
	auction   string // the calls, for --swings
	result    string // the contract, its declarer and tricks, or "passed out"
}

// splitMatches groups the analysed records of team matches (rooms "open"
// and "closed") by match and board and splits each match's IMPs. Records
// of other rooms are ignored. The matches come in the order of their
// names.
func splitMatches(boards []resultBoard, outs []analyzedResult, lost []error) []*matchSplit {
	type key struct {
		match string
		board int
	}
	rooms := map[key]*[2]*splitRoom{} // open, closed
	var order []key
	for i := range boards {
		rec := &boards[i].rec
		r := 0
		switch rec.Room {
		case tournaments.RoomOpen:
		case tournaments.RoomClosed:
			r = 1
		default:
			continue
		}
		k := key{rec.Match, rec.Board}
		if rooms[k] == nil {
			rooms[k] = &[2]*splitRoom{}
			order = append(order, k)
		}
		rooms[k][r] = roomOf(boards[i], outs[i], lost[i])
	}
	byMatch := map[string]*matchSplit{}
	var splits []*matchSplit
	for _, k := range order {
		s := byMatch[k.match]
		if s == nil {
			s = &matchSplit{match: k.match}
			s.home, s.away = teamsOf(k.match)
			byMatch[k.match] = s
			splits = append(splits, s)
		}
		s.add(k.board, rooms[k])
	}
	slices.SortFunc(splits, func(a, b *matchSplit) int { return cmp.Compare(a.match, b.match) })
	return splits
}

// roomOf reads one room from its replayed board and analysis; nil when the
// room cannot be compared (not scored at the table, or its play not
// analysed).
func roomOf(b resultBoard, a analyzedResult, playErr error) *splitRoom {
	score, ok := b.board.ScoreNS()
	if !ok {
		return nil
	}
	r := &splitRoom{scoreNS: score, auction: auctionText(b.board.Auction()), result: "passed out"}
	c, _ := b.board.Contract() // a board scored at the table has one
	if c.PassedOut() {
		return r // 0 both ways, no play
	}
	r.result = fmt.Sprintf("%s %s, %d tricks", c, c.Declarer, b.board.DeclarerTricks())
	if a.DDTricks == nil || a.TricksLost == nil || playErr != nil {
		return nil
	}
	r.played = true
	r.declarer = c.Declarer.Side()
	r.ddScoreNS = engine.ScoreNS(c, b.board.Vulnerability(), *a.DDTricks)
	r.lost = [2]int{a.TricksLost.NS, a.TricksLost.EW}
	return r
}

// add compares one board's two rooms. The home team sits North-South in
// the open room and East-West in the closed one.
func (s *matchSplit) add(board int, rooms *[2]*splitRoom) {
	open, closed := rooms[0], rooms[1]
	if open == nil || closed == nil {
		s.left++
		return
	}
	total := engine.IMPs(open.scoreNS - closed.scoreNS)
	contracts := engine.IMPs(open.ddScoreNS - closed.ddScoreNS)
	s.boards = append(s.boards, splitBoard{board: board, total: total, contracts: contracts, rooms: *rooms})
	s.total = append(s.total, float64(total))
	s.contracts = append(s.contracts, float64(contracts))
	s.play = append(s.play, float64(total-contracts))
	for r, room := range rooms {
		if !room.played {
			continue
		}
		// team t sits at side t in the open room (home NS) and at the
		// other side in the closed one.
		for t := range 2 {
			side := engine.Side(t ^ r)
			l := &s.lost[t]
			if side == room.declarer {
				l.declarer += room.lost[side]
				l.declared++
			} else {
				l.defence += room.lost[side]
				l.defended++
			}
		}
	}
}

// teamsOf reads the teams from a match's name, "HOME-v-AWAY" as events
// name matches; a name that does not split in one way gives "home" and
// "away".
func teamsOf(match string) (home, away string) {
	if strings.Count(match, "-v-") == 1 {
		home, away, _ = strings.Cut(match, "-v-")
		if home != "" && away != "" {
			return home, away
		}
	}
	return "home", "away"
}

// writeSplit prints each match's split for people, and with swings above
// 0 that many of its boards with the largest swings.
func writeSplit(w io.Writer, splits []*matchSplit, swings int) error {
	if len(splits) == 0 {
		_, err := fmt.Fprintln(w, "no team match in the file: --split needs boards played in an open and a closed room")
		return err
	}
	for i, s := range splits {
		if i > 0 {
			fmt.Fprintln(w)
		}
		boards := "boards"
		if len(s.total) == 1 {
			boards = "board"
		}
		fmt.Fprintf(w, "%s: %d %s compared", s.match, len(s.total), boards)
		if s.left > 0 {
			fmt.Fprintf(w, " (%d left out: a room missing, not scored at the table, or its play not analysed)", s.left)
		}
		fmt.Fprintln(w)
		fmt.Fprintf(w, "  IMPs a board to %s, 95%% interval:\n", s.home)
		for _, row := range []struct {
			what string
			xs   []float64
		}{
			{"in all", s.total},
			{"from the contracts (each scored at its double-dummy result)", s.contracts},
			{"from the play (the rest)", s.play},
		} {
			fmt.Fprintf(w, "    %-60s %s\n", row.what, meanInterval(row.xs))
		}
		fmt.Fprintln(w, "  tricks lost against double dummy, a contract played:")
		for t, team := range []string{s.home, s.away} {
			l := s.lost[t]
			fmt.Fprintf(w, "    %-20s as declarer %s, as defenders %s\n", team,
				perRoom(l.declarer, l.declared), perRoom(l.defence, l.defended))
		}
		if swings > 0 {
			writeSwings(w, s, swings)
		}
	}
	return nil
}

// writeSwings lists the n boards of the match with the largest swings,
// the larger first (the earlier board on a tie): the home team's IMPs, in
// all, from the contracts and from the play, then each room's auction and
// result with the team sitting North-South.
func writeSwings(w io.Writer, s *matchSplit, n int) {
	bs := slices.Clone(s.boards)
	slices.SortStableFunc(bs, func(a, b splitBoard) int { return cmp.Compare(abs(b.total), abs(a.total)) })
	bs = bs[:min(n, len(bs))]
	fmt.Fprintf(w, "  the %d largest swings, IMPs to %s (from the contracts, from the play):\n", len(bs), s.home)
	for _, b := range bs {
		fmt.Fprintf(w, "    board %d: %+d (%+d, %+d)\n", b.board, b.total, b.contracts, b.total-b.contracts)
		for r, room := range b.rooms {
			name, ns := tournaments.RoomOpen, s.home
			if r == 1 {
				name, ns = tournaments.RoomClosed, s.away
			}
			fmt.Fprintf(w, "      %-6s %s NS: %s; %s, %+d\n", name, ns, room.auction, room.result, room.scoreNS)
		}
	}
}

// auctionText writes the calls of an auction, separated by spaces.
func auctionText(a *engine.Auction) string {
	calls := a.Calls()
	text := make([]string, len(calls))
	for i, c := range calls {
		text[i] = c.String()
	}
	return strings.Join(text, " ")
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// meanInterval writes a mean with its 95% interval ("+1.24 (−0.00 to
// +2.49)"), or the mean alone when there is no spread to estimate.
func meanInterval(xs []float64) string {
	m, lo, hi := report.MeanCI95(xs)
	if math.IsNaN(lo) {
		return fmt.Sprintf("%+.2f", m)
	}
	return fmt.Sprintf("%+.2f (%+.2f to %+.2f)", m, lo, hi)
}

// perRoom writes tricks lost over rooms as a rate with its count.
func perRoom(tricks, rooms int) string {
	if rooms == 0 {
		return "- (0)"
	}
	return fmt.Sprintf("%.3f (%d)", float64(tricks)/float64(rooms), rooms)
}
