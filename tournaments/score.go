package tournaments

import (
	"math"
	"sort"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/sprt"
)

// AdjustedIMPs returns the event's values of adjusted scores:
// Faults.IMPs, or the rule set's (engine.Law12CIMPs) when unset.
func (ev *Event) AdjustedIMPs() engine.AdjustedIMPs {
	if ev.Faults.IMPs == (engine.AdjustedIMPs{}) {
		return engine.Law12CIMPs
	}
	return ev.Faults.IMPs
}

// BoardResult is one board of a team match compared across the rooms.
type BoardResult struct {
	Board    int
	Open     *results.Record // nil until played
	Closed   *results.Record
	Complete bool // both rooms are in
	Adjusted bool // a room was stopped by a fault and scored by Law 12C
	HomeIMPs int  // the board's IMPs to the home team (negative: to the visitors)
}

// MatchResult is the score of one team match.
type MatchResult struct {
	ID           string
	Round        int
	Home, Visit  string
	Scheduled    int // boards in the match
	Played       int // boards in with both rooms
	Adjusted     int // boards scored with an adjusted score
	HomeIMPs     int // IMPs won by the home team (sum of its winning boards)
	VisitIMPs    int
	Margin       int     // HomeIMPs - VisitIMPs
	PerBoard     float64 // the home team's mean IMPs a board
	CILow        float64 // 95% confidence interval of PerBoard (NaN below 2 boards)
	CIHigh       float64
	HomeVP       float64 // WBF 20-VP scale over the boards played
	VisitVP      float64
	Boards       []BoardResult
	FaultRecords int // board-rooms stopped by a fault
}

// Standing is one team's line in the standings.
type Standing struct {
	Team                     string
	Played, Won, Drawn, Lost int
	IMPsFor, IMPsAgainst     int
	VPs                      float64
}

// Report is the scored state of an event: every match and the standings.
type Report struct {
	Event     *Event
	Matches   []MatchResult
	Standings []Standing   // by VPs, then IMP difference, then name
	Records   int          // board-rooms in the results for this event
	Expected  int          // board-rooms the schedule has
	SPRT      *sprt.Result // the sequential test (DecideSPRT), for an event with one
}

// roomKey identifies a board-room of an event for scoring and resuming.
// The table is left out on purpose: the same board-room played under a
// different segment length is still the same board-room.
type roomKey struct {
	Match, Room string
	Board       int
}

func keyOf(r *results.Record) roomKey { return roomKey{r.Match, r.Room, r.Board} }

// index maps the event's records by board-room; the first record of a
// board-room wins, so a duplicate line never changes a score.
func index(ev *Event, recs []results.Record) map[roomKey]*results.Record {
	m := make(map[roomKey]*results.Record, len(recs))
	for i := range recs {
		r := &recs[i]
		if r.Event != ev.Name {
			continue
		}
		k := keyOf(r)
		if _, ok := m[k]; !ok {
			m[k] = r
		}
	}
	return m
}

// ScoreEvent scores an event from its results records (records of other
// events are ignored). It depends only on the records' content, never on
// their order, so an interrupted and resumed event scores exactly like an
// uninterrupted one.
func ScoreEvent(ev *Event, recs []results.Record) *Report {
	idx := index(ev, recs)
	p := ev.AdjustedIMPs()
	rep := &Report{Event: ev}
	stand := map[string]*Standing{}
	for _, t := range ev.Teams {
		stand[t.Name] = &Standing{Team: t.Name}
	}
	for _, m := range ev.Matches() {
		mr := scoreMatch(m, idx, p)
		rep.Matches = append(rep.Matches, mr)
		rep.Expected += 2 * len(m.Boards)
		rep.Records += countIn(m, idx)
		if mr.Played == 0 {
			continue
		}
		h, v := stand[mr.Home], stand[mr.Visit]
		h.Played++
		v.Played++
		h.IMPsFor += mr.HomeIMPs
		h.IMPsAgainst += mr.VisitIMPs
		v.IMPsFor += mr.VisitIMPs
		v.IMPsAgainst += mr.HomeIMPs
		h.VPs += mr.HomeVP
		v.VPs += mr.VisitVP
		switch {
		case mr.Margin > 0:
			h.Won++
			v.Lost++
		case mr.Margin < 0:
			v.Won++
			h.Lost++
		default:
			h.Drawn++
			v.Drawn++
		}
	}
	for _, t := range ev.Teams {
		s := stand[t.Name]
		s.VPs = math.Round(s.VPs*100) / 100
		rep.Standings = append(rep.Standings, *s)
	}
	sort.SliceStable(rep.Standings, func(i, j int) bool {
		a, b := rep.Standings[i], rep.Standings[j]
		if a.VPs != b.VPs {
			return a.VPs > b.VPs
		}
		if da, db := a.IMPsFor-a.IMPsAgainst, b.IMPsFor-b.IMPsAgainst; da != db {
			return da > db
		}
		return a.Team < b.Team
	})
	rep.SPRT = DecideSPRT(ev, recs)
	return rep
}

func countIn(m Match, idx map[roomKey]*results.Record) int {
	n := 0
	for _, b := range m.Boards {
		for _, room := range []string{RoomOpen, RoomClosed} {
			if idx[roomKey{m.ID, room, b.Number}] != nil {
				n++
			}
		}
	}
	return n
}

// scoreMatch scores one match from the event's records by board-room.
func scoreMatch(m Match, idx map[roomKey]*results.Record, p engine.AdjustedIMPs) MatchResult {
	mr := MatchResult{ID: m.ID, Round: m.Round, Home: m.Home.Name, Visit: m.Visit.Name, Scheduled: len(m.Boards)}
	var imps []float64
	for _, b := range m.Boards {
		br := BoardResult{Board: b.Number, Open: idx[roomKey{m.ID, RoomOpen, b.Number}], Closed: idx[roomKey{m.ID, RoomClosed, b.Number}]}
		for _, r := range []*results.Record{br.Open, br.Closed} {
			if r != nil && !r.Complete() {
				mr.FaultRecords++
			}
		}
		if br.Open != nil && br.Closed != nil {
			br.Complete = true
			br.HomeIMPs, br.Adjusted = BoardIMPs(br.Open, br.Closed, p)
			mr.Played++
			if br.Adjusted {
				mr.Adjusted++
			}
			if br.HomeIMPs > 0 {
				mr.HomeIMPs += br.HomeIMPs
			} else {
				mr.VisitIMPs -= br.HomeIMPs
			}
			imps = append(imps, float64(br.HomeIMPs))
		}
		mr.Boards = append(mr.Boards, br)
	}
	mr.Margin = mr.HomeIMPs - mr.VisitIMPs
	mr.PerBoard, mr.CILow, mr.CIHigh = MeanCI95(imps)
	if mr.Played > 0 {
		mr.HomeVP, mr.VisitVP = engine.VPs(float64(mr.Margin), mr.Played)
	}
	return mr
}

// BoardIMPs compares the two rooms of a board: the home team sits N-S in
// the open room and E-W in the closed room, so its result is
// IMP(open N-S score - closed N-S score). When a room was stopped by a
// fault the board gets the artificial adjusted scores of the rooms' outcomes
// instead, valued by policy p (Law 12C: +3 IMPs to a side not at
// fault, -3 to a side at fault): each stopped room counts the home side's
// value against the visitors' (so A-/A- is level), the rooms are added and
// the sum is kept within the policy's bounds. A record whose outcome cannot
// be read counts as level.
func BoardIMPs(open, closed *results.Record, p engine.AdjustedIMPs) (homeIMPs int, adjusted bool) {
	if open.Complete() && closed.Complete() && open.ScoreNS != nil && closed.ScoreNS != nil {
		return engine.IMPs(*open.ScoreNS - *closed.ScoreNS), false
	}
	sum := 0
	if !open.Complete() || open.ScoreNS == nil {
		sum += roomAdjustment(open, engine.NS, p) // home is N-S in the open room
	}
	if !closed.Complete() || closed.ScoreNS == nil {
		sum += roomAdjustment(closed, engine.EW, p) // and E-W in the closed room
	}
	return p.Clamp(sum), true
}

// roomAdjustment returns the IMPs a stopped room gives the home team, which
// sat on side home there: its adjusted score against the visitors', halved
// so that A+/A- is worth the policy's full value.
func roomAdjustment(r *results.Record, home engine.Side, p engine.AdjustedIMPs) int {
	o, err := r.Outcome()
	if err != nil || !o.IsFault() {
		return 0
	}
	return (o.IMPs(home, p) - o.IMPs(home.Other(), p)) / 2
}

// MeanCI95 returns the mean of xs and its two-sided 95% confidence interval
// by Student's t with n-1 degrees of freedom. With fewer than two values
// the interval is NaN (no spread to estimate); with none the mean is 0.
func MeanCI95(xs []float64) (mean, lo, hi float64) {
	n := len(xs)
	if n == 0 {
		return 0, math.NaN(), math.NaN()
	}
	for _, x := range xs {
		mean += x
	}
	mean /= float64(n)
	if n < 2 {
		return mean, math.NaN(), math.NaN()
	}
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	sd := math.Sqrt(ss / float64(n-1))
	h := tQuantile975(n-1) * sd / math.Sqrt(float64(n))
	return mean, mean - h, mean + h
}

// t975 holds Student's t 0.975 quantiles for 1..30 degrees of freedom.
var t975 = [...]float64{
	12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
	2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
	2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
}

// tQuantile975 returns Student's t 0.975 quantile for df degrees of
// freedom: from the table up to 30, then by the Cornish-Fisher expansion
// around the normal 1.96, which is within 0.001 from there on.
func tQuantile975(df int) float64 {
	if df <= len(t975) {
		return t975[df-1]
	}
	const z = 1.959964
	d := float64(df)
	return z + (z*z*z+z)/(4*d) + (5*math.Pow(z, 5)+16*z*z*z+3*z)/(96*d*d)
}
