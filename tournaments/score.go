package tournaments

import (
	"math"
	"sort"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/tournaments/report"
)

// AdjustedIMPs returns the event's values of adjusted scores:
// Faults.IMPs, or the rule set's (engine.Law12CIMPs) when unset.
func (ev *Event) AdjustedIMPs() engine.AdjustedIMPs {
	if ev.Faults.IMPs == (engine.AdjustedIMPs{}) {
		return engine.Law12CIMPs
	}
	return ev.Faults.IMPs
}

// roomKey identifies a board-room of an event for scoring and resuming.
// The table is left out on purpose: the same board-room played under a
// different segment length is still the same board-room.
type roomKey struct {
	Match, Room string
	Board       int
}

func keyOf(r *results.Record) roomKey { return roomKey{r.Match, r.Room, r.Board} }

// reportInfo returns what a report shows of the event.
func (ev *Event) reportInfo() report.Info {
	info := report.Info{
		Name: ev.Name, Kind: string(ev.Kind), PerMatch: ev.PerMatch, Seed: ev.Seed, PBN: ev.PBN,
		SPRT: ev.SPRT, IMPs: ev.AdjustedIMPs(), Out: ev.Out,
	}
	for _, t := range ev.Teams {
		info.Teams = append(info.Teams, report.Team{Name: t.Name, Bots: [2]string{t.Bots[0].Name, t.Bots[1].Name}})
	}
	return info
}

// ScoreEvent scores an event from its results records (records of other
// events are ignored). It depends only on the records' content, never on
// their order, so an interrupted and resumed event scores exactly like an
// uninterrupted one. It scores as scoreFile does a results file: both
// feed the records, one at a time, to one scorer.
func ScoreEvent(ev *Event, recs []results.Record) *report.Report {
	s := NewScorer(ev)
	for i := range recs {
		s.add(&recs[i], results.Span{})
	}
	return s.Report()
}

// Scorer scores an event one record at a time: ScoreEvent and scoreFile (the
// end of Run) feed it a results file's records, and a live view those it
// may show as they come. Of each board-room it keeps what the report shows
// (a report.RoomResult, tens of bytes), not the record, so its memory is set by
// the event's schedule, whatever the number of records. It is not safe for
// concurrent use.
type Scorer struct {
	ev      *Event
	p       engine.AdjustedIMPs
	matches []*matchScore            // in the schedule's order
	byID    map[string][]*matchScore // more than one only for team names that make the same match ID
	sprt    *sprtTracker
	strs    interner
}

// NewScorer returns a Scorer of the event that has taken no record.
func NewScorer(ev *Event) *Scorer {
	s := &Scorer{ev: ev, p: ev.AdjustedIMPs(), byID: map[string][]*matchScore{}, strs: interner{}}
	// The matches without their boards, read one at a time: the event
	// holds them already.
	for _, m := range ev.matches(false) {
		nums := make([]int, ev.PerMatch)
		for i := range nums {
			nums[i] = ev.roundBoard(m.Round, i).Number
		}
		ms := newMatchScore(m, nums)
		s.matches = append(s.matches, ms)
		s.byID[m.ID] = append(s.byID[m.ID], ms)
	}
	// An event whose test cannot be set up reports none.
	if t, err := newSPRTTracker(ev); err == nil {
		s.sprt = t
	}
	return s
}

// Add takes one record, of any event (others are left out); the first
// record of a board-room counts, whatever their order. The record is not
// kept.
func (s *Scorer) Add(r *results.Record) { s.add(r, results.Span{}) }

// add is Add; at is where the record is in the results file, for a scorer
// that tracks it (scoreFile).
func (s *Scorer) add(r *results.Record, at results.Span) { s.addFrom(r, at, 0) }

// addFrom is add for a merge, whose records are in part files first: part
// is the record's (see matchScore.part).
func (s *Scorer) addFrom(r *results.Record, at results.Span, part int32) {
	s.sprt.add(r)
	if r.Event != s.ev.Name {
		return
	}
	for _, ms := range s.byID[r.Match] {
		if i, ok := ms.add(r, at, s.strs); ok && ms.part != nil {
			ms.part[i] = part
		}
	}
}

// board returns the event's board of a record's board-room, when the
// record is of the event and its board-room is scheduled.
func (s *Scorer) board(r *results.Record) (engine.BoardSetup, bool) {
	if r.Event != s.ev.Name {
		return engine.BoardSetup{}, false
	}
	if _, ok := roomIndex(r.Room); !ok {
		return engine.BoardSetup{}, false
	}
	for _, ms := range s.byID[r.Match] {
		if slot, ok := ms.slotOf(r.Board); ok {
			return s.ev.roundBoard(ms.m.Round, ms.position(slot)), true
		}
	}
	return engine.BoardSetup{}, false
}

// track has the scorer keep where each record is (its span, and for a
// merge its part), for the match writers to read them back.
func (s *Scorer) track(parts bool) {
	for _, ms := range s.matches {
		ms.at = make([]results.Span, len(ms.rooms))
		if parts {
			ms.part = make([]int32, len(ms.rooms))
		}
	}
}

// Report scores the records taken so far; the Scorer may go on taking
// records after it.
func (s *Scorer) Report() *report.Report {
	rep := &report.Report{Event: s.ev.reportInfo()}
	stand := map[string]*report.Standing{}
	for _, t := range s.ev.Teams {
		stand[t.Name] = &report.Standing{Team: t.Name}
	}
	for _, ms := range s.matches {
		mr, n := ms.result(s.p)
		rep.Matches = append(rep.Matches, mr)
		rep.Expected += 2 * len(ms.nums)
		rep.Records += n
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
	for _, t := range s.ev.Teams {
		st := stand[t.Name]
		st.VPs = math.Round(st.VPs*100) / 100
		rep.Standings = append(rep.Standings, *st)
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
	rep.SPRT = s.sprt.result()
	return rep
}

// matchScore gathers one match's board-rooms. A board number is a slot
// with two rooms (open, closed); a number that comes twice in a match (a
// board set shorter than a match) is one slot, as it is one board-room of
// the results.
type matchScore struct {
	m     Match       // without its boards
	nums  []int       // the board number at each position of the match
	first int         // the number at position 0, when the numbers run on
	slot  map[int]int // board number -> slot, when they do not
	pos   []int       // slot -> the position of its first board, when they do not
	rooms []report.RoomResult
	in    []bool         // rooms taken
	at    []results.Span // where each room's record is, when scoreFile tracks it
	part  []int32        // which part file the record is in, when a merge tracks it
}

func newMatchScore(m Match, nums []int) *matchScore {
	m.Boards = nil
	ms := &matchScore{m: m, nums: nums}
	slots := len(nums)
	if slots > 0 {
		ms.first = nums[0]
	}
	for i, b := range nums {
		if b != ms.first+i {
			ms.slot = make(map[int]int, len(nums))
			for p, b := range nums {
				if _, ok := ms.slot[b]; !ok {
					ms.slot[b] = len(ms.slot)
					ms.pos = append(ms.pos, p)
				}
			}
			slots = len(ms.slot)
			break
		}
	}
	ms.rooms = make([]report.RoomResult, 2*slots)
	ms.in = make([]bool, 2*slots)
	return ms
}

// slotOf returns a board number's slot.
func (ms *matchScore) slotOf(board int) (int, bool) {
	if ms.slot != nil {
		s, ok := ms.slot[board]
		return s, ok
	}
	s := board - ms.first
	return s, s >= 0 && s < len(ms.nums)
}

// position returns the position in the match of a slot's board.
func (ms *matchScore) position(slot int) int {
	if ms.pos != nil {
		return ms.pos[slot]
	}
	return slot
}

// add takes a record of the match's event and ID; the first record of a
// board-room counts, so a duplicate line never changes a score. A record
// that is no board-room of the match is left out, as it is of the report.
// It returns the room's index and whether the record was taken.
func (ms *matchScore) add(r *results.Record, at results.Span, strs interner) (int, bool) {
	room, ok := roomIndex(r.Room)
	if !ok {
		return 0, false
	}
	slot, ok := ms.slotOf(r.Board)
	if !ok {
		return 0, false
	}
	i := 2*slot + room
	if ms.in[i] {
		return 0, false
	}
	ms.in[i] = true
	ms.rooms[i] = compactRoom(r, strs)
	if ms.at != nil {
		ms.at[i] = at
	}
	return i, true
}

// compactRoom keeps of a record what the report needs.
func compactRoom(r *results.Record, strs interner) report.RoomResult {
	rr := report.RoomResult{Contract: strs.get(r.Contract), Declarer: strs.get(r.Declarer)}
	if r.Tricks != nil {
		rr.Tricks, rr.HasTricks = *r.Tricks, true
	}
	if r.ScoreNS != nil {
		rr.ScoreNS, rr.HasScore = *r.ScoreNS, true
	}
	if !r.Complete() || r.ScoreNS == nil {
		f := &report.RoomFault{Kind: strs.get(r.Termination.Kind), Seat: strs.get(r.Termination.Seat), Outcome: recordScore(r).Outcome}
		if r.Adjusted != nil {
			a := results.Adjusted{NS: strs.get(r.Adjusted.NS), EW: strs.get(r.Adjusted.EW)}
			f.Adjusted = &a
		}
		rr.Fault = f
	}
	return rr
}

// result scores the match from the rooms taken, and counts them.
func (ms *matchScore) result(p engine.AdjustedIMPs) (mr report.MatchResult, records int) {
	m := ms.m
	mr = report.MatchResult{ID: m.ID, Round: m.Round, Home: m.Home.Name, Visit: m.Visit.Name, Scheduled: len(ms.nums)}
	if len(ms.nums) > 0 {
		mr.Boards = make([]report.BoardResult, 0, len(ms.nums))
	}
	var imps []float64
	for _, b := range ms.nums {
		slot, _ := ms.slotOf(b)
		br := report.BoardResult{Board: b}
		if ms.in[2*slot] {
			br.Open = &ms.rooms[2*slot]
			records++
		}
		if ms.in[2*slot+1] {
			br.Closed = &ms.rooms[2*slot+1]
			records++
		}
		for _, r := range []*report.RoomResult{br.Open, br.Closed} {
			if r != nil && !r.Complete() {
				mr.FaultRecords++
			}
		}
		if br.Open != nil && br.Closed != nil {
			br.Complete = true
			br.HomeIMPs, br.Adjusted = roomsIMPs(br.Open, br.Closed, p)
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
	mr.PerBoard, mr.CILow, mr.CIHigh = report.MeanCI95(imps)
	if mr.Played > 0 {
		mr.HomeVP, mr.VisitVP = engine.VPs(float64(mr.Margin), mr.Played)
	}
	return mr, records
}

// roomsIMPs is BoardIMPs on the rooms a report keeps: a room has a Fault
// exactly when the room was not scored at the table, and the fault keeps
// the room's outcome.
func roomsIMPs(open, closed *report.RoomResult, p engine.AdjustedIMPs) (homeIMPs int, adjusted bool) {
	return engine.BoardIMPs(open.Score(), closed.Score(), p)
}

// interner holds each of the few distinct short strings a report keeps
// (contracts, seats, termination kinds) once, rather than once a
// board-room. It stops taking new ones past a bound, so a file of odd
// values costs no more than keeping them.
type interner map[string]string

const maxInterned = 4096

func (t interner) get(s string) string {
	if v, ok := t[s]; ok {
		return v
	}
	if t != nil && len(t) < maxInterned {
		t[s] = s
	}
	return s
}

// BoardIMPs compares the two rooms of a board by engine.BoardIMPs: the
// home team sits N-S in the open room and E-W in the closed room; a room
// stopped by a fault gives the artificial adjusted scores of its outcome,
// valued by policy p (Law 12C). A record whose outcome cannot be read
// counts as level.
func BoardIMPs(open, closed *results.Record, p engine.AdjustedIMPs) (homeIMPs int, adjusted bool) {
	return engine.BoardIMPs(recordScore(open), recordScore(closed), p)
}

// recordScore returns what comparing a board needs of a room's record: its
// N-S score when it was played to its end with one, or else its outcome
// (a zero outcome, which counts as level, when it cannot be read).
func recordScore(r *results.Record) engine.RoomScore {
	if r.Complete() && r.ScoreNS != nil {
		return engine.RoomScore{Scored: true, ScoreNS: *r.ScoreNS}
	}
	o, err := r.Outcome()
	if err != nil {
		return engine.RoomScore{}
	}
	o.Detail = "" // a report keeps no details
	return engine.RoomScore{Outcome: o}
}
