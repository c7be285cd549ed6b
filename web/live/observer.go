package live

import (
	"math"
	"sync"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/tournaments"
	"github.com/openroom/openroom/tournaments/report"
)

// Observer returns the State's feed from tournaments.Run: set it as
// Options.Observer. The event's plan, standings and IMPs are taken from the
// event when it starts (after Run has settled its seed).
func (s *State) Observer() tournaments.Observer { return observer{s} }

type observer struct{ s *State }

// The observer is told of lost seats too.
var _ tournaments.SeatObserver = observer{}

func (o observer) EventStarted(ev *tournaments.Event) {
	p := ev.AdjustedIMPs()
	_ = o.s.Begin(PlanOf(ev), nil, EventScorer(ev), func(open, closed *results.Record) int {
		n, _ := tournaments.BoardIMPs(open, closed, p)
		return n
	})
}

// BoardOnDisk takes a record of an earlier run as the State takes a
// finished board: public at once where the boundary allows. No table is in
// play yet.
func (o observer) BoardOnDisk(r *results.Record) { o.s.BoardFinished(r) }

func (o observer) TableStarted(j *tournaments.TableJob) { o.s.TableStarted(j.Table) }

func (o observer) Action(j *tournaments.TableJob, b *engine.Board) { o.s.Action(j.Table, b) }

func (o observer) BoardFinished(_ *tournaments.TableJob, r *results.Record) { o.s.BoardFinished(r) }

// SeatLost makes the observer a tournaments.SeatObserver: the table waits
// for the seat.
func (o observer) SeatLost(j *tournaments.TableJob, seat engine.Seat) { o.s.SeatLost(j.Table, seat) }

func (o observer) TableFinished(j *tournaments.TableJob, err error) { o.s.TableFinished(j.Table, err) }

// EventScorer scores public records with the event's own scoring
// (tournaments.Scorer, as ScoreEvent): matches, IMPs a board with their
// 95% confidence interval, VPs and standings. It takes the records made
// public since its last call and keeps of each board-room what the
// scoring needs (tens of bytes, set by the schedule), not the records, so
// the standings cost no memory a board played. Its calls are serialised.
func EventScorer(ev *tournaments.Event) Scorer {
	var mu sync.Mutex
	sc := tournaments.NewScorer(ev)
	return func(public []results.Record) *Standings {
		mu.Lock()
		defer mu.Unlock()
		for i := range public {
			sc.Add(&public[i])
		}
		rep := sc.Report()
		st := &Standings{Matches: []MatchView{}, Teams: []report.Standing{}}
		for _, m := range rep.Matches {
			mv := MatchView{
				ID: m.ID, Round: m.Round, Home: m.Home, Visit: m.Visit, Scheduled: m.Scheduled, Played: m.Played,
				HomeIMPs: m.HomeIMPs, VisitIMPs: m.VisitIMPs, HomeVP: m.HomeVP, VisitVP: m.VisitVP,
			}
			if m.Played > 0 {
				mv.PerBoard = finite(m.PerBoard)
				mv.CILow, mv.CIHigh = finite(m.CILow), finite(m.CIHigh)
			}
			st.Matches = append(st.Matches, mv)
		}
		st.Teams = append(st.Teams, rep.Standings...)
		return st
	}
}

// finite is x, or nil for NaN and infinities (which JSON cannot carry).
func finite(x float64) *float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return &x
}
