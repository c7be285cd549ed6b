package report

import (
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"github.com/openroom/openroom/engine"
)

// WriteSummary writes the readable summary of a report: each match's IMPs,
// IMPs a board with its 95% confidence interval and VPs, and, for more
// than one match, the standings. It depends only on the report, so an
// interrupted and resumed event prints exactly what an uninterrupted one
// does.
func (r *Report) WriteSummary(w io.Writer) error {
	ev := &r.Event
	var b strings.Builder
	src := fmt.Sprintf("seed %s", ev.Seed)
	if ev.PBN != "" {
		src = "boards from " + ev.PBN
	}
	if ev.SPRT != nil {
		fmt.Fprintf(&b, "Event %s: %s, a sequential test (%s) of at most %d boards, %s\n", ev.Name, KindName(ev.Kind), ev.SPRT, ev.PerMatch, src)
	} else {
		fmt.Fprintf(&b, "Event %s: %s, %d boards a match, %s\n", ev.Name, KindName(ev.Kind), ev.PerMatch, src)
	}
	for _, t := range ev.Teams {
		bots := t.Bots[0]
		if t.Bots[1] != t.Bots[0] {
			bots += " / " + t.Bots[1]
		}
		fmt.Fprintf(&b, "  team %s: %s\n", t.Name, bots)
	}
	switch {
	case r.Records < r.Expected && r.SPRT != nil && r.SPRT.Verdict.Decided():
		fmt.Fprintf(&b, "  ended by the sequential test: %d of at most %d board-rooms played\n", r.Records, r.Expected)
	case r.Records < r.Expected:
		fmt.Fprintf(&b, "  incomplete: %d of %d board-rooms played\n", r.Records, r.Expected)
	}
	for _, m := range r.Matches {
		b.WriteString("\n")
		writeMatch(&b, ev, m)
	}
	if len(r.Matches) > 1 {
		b.WriteString("\nStandings\n")
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "  #\tteam\tplayed\twon\tdrawn\tlost\tIMPs +\tIMPs -\tVPs\t")
		for i, s := range r.Standings {
			fmt.Fprintf(tw, "  %d\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%.2f\t\n", i+1, s.Team, s.Played, s.Won, s.Drawn, s.Lost, s.IMPsFor, s.IMPsAgainst, s.VPs)
		}
		tw.Flush()
	}
	if r.SPRT != nil {
		// Last, so that the summary ends with the verdict.
		b.WriteString("\n")
		if err := r.SPRT.WriteSummary(&b); err != nil {
			return err
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// KindName names a schedule kind (Info.Kind) in a sentence: "team match",
// "round robin" or "gauntlet".
func KindName(k string) string {
	switch k {
	case "round-robin":
		return "round robin"
	case "gauntlet":
		return "gauntlet"
	}
	return "team match"
}

// writeMatch writes one match's summary lines.
func writeMatch(b *strings.Builder, ev *Info, m MatchResult) {
	round := ""
	if ev.Kind != "match" {
		round = fmt.Sprintf(" (round %d)", m.Round)
	}
	fmt.Fprintf(b, "Match %s%s: %s %d - %s %d IMPs", m.ID, round, m.Home, m.HomeIMPs, m.Visit, m.VisitIMPs)
	if m.Played < m.Scheduled {
		fmt.Fprintf(b, " after %d of %d boards\n", m.Played, m.Scheduled)
	} else {
		fmt.Fprintf(b, " over %d boards\n", m.Played)
	}
	if m.Played == 0 {
		return
	}
	fmt.Fprintf(b, "  %s %+.2f IMPs a board", m.Home, m.PerBoard)
	if !math.IsNaN(m.CILow) {
		fmt.Fprintf(b, " (95%% CI %+.2f to %+.2f)", m.CILow, m.CIHigh)
	}
	fmt.Fprintf(b, "; VPs %s %.2f - %s %.2f\n", m.Home, m.HomeVP, m.Visit, m.VisitVP)
	if m.FaultRecords > 0 {
		fmt.Fprintf(b, "  %d board-rooms stopped by a fault, %d boards scored with an adjusted score (±%d IMPs)\n", m.FaultRecords, m.Adjusted, ev.IMPs.Plus)
	}
}

// WriteBoards writes every board of every match: both rooms' contracts and
// scores and the IMPs to the home team.
func (r *Report) WriteBoards(w io.Writer) error {
	var b strings.Builder
	for _, m := range r.Matches {
		fmt.Fprintf(&b, "Match %s: open room %s N-S, closed room %s N-S\n", m.ID, m.Home, m.Visit)
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		fmt.Fprintf(tw, "  board\topen\t\tclosed\t\tIMPs %s\n", m.Home)
		for _, br := range m.Boards {
			imps := ""
			if br.Complete {
				imps = fmt.Sprintf("%+d", br.HomeIMPs)
				if br.Adjusted {
					imps += " adj"
				}
			}
			oc, os := br.Open.Cells()
			cc, cs := br.Closed.Cells()
			fmt.Fprintf(tw, "  %d\t%s\t%s\t%s\t%s\t%s\n", br.Board, oc, os, cc, cs, imps)
		}
		tw.Flush()
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Cells formats one room of a board as the board by board table shows
// it: the contract with declarer and tricks, and the N-S score (or the
// fault); "-" for a room not in (a nil RoomResult).
func (r *RoomResult) Cells() (contract, score string) {
	switch {
	case r == nil:
		return "-", ""
	case r.Fault != nil:
		adj := ""
		if a := r.Fault.Adjusted; a != nil {
			adj = fmt.Sprintf(" %s/%s", a.NS, a.EW)
		}
		return fmt.Sprintf("%s %s", r.Fault.Kind, r.Fault.Seat), "adj" + adj
	case !r.HasTricks:
		return r.Contract, fmt.Sprintf("%+d", r.ScoreNS)
	}
	// 4S= N, 4S+1 N, 4S-2 N: the result against the contract.
	res := "="
	if c, err := engine.ParseContract(r.Contract); err == nil && !c.PassedOut() {
		if d := c.Over(r.Tricks); d != 0 {
			res = fmt.Sprintf("%+d", d)
		}
	}
	return fmt.Sprintf("%s%s %s", r.Contract, res, r.Declarer), fmt.Sprintf("%+d", r.ScoreNS)
}
