package live

import (
	"math"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/tournaments"
)

// Observer returns the State's feed from tournaments.Run: set it as
// Options.Observer. The event's plan, standings and IMPs are taken from the
// event when it starts (after Run has settled its seed).
func (s *State) Observer() tournaments.Observer { return observer{s} }

type observer struct{ s *State }

func (o observer) EventStarted(ev *tournaments.Event, done []results.Record) {
	p := ev.AdjustedIMPs()
	_ = o.s.Begin(PlanOf(ev), done, EventScorer(ev), func(open, closed *results.Record) int {
		n, _ := tournaments.BoardIMPs(open, closed, p)
		return n
	})
}

func (o observer) TableStarted(j *tournaments.TableJob) { o.s.TableStarted(j.Table) }

func (o observer) Action(j *tournaments.TableJob, b *engine.Board) { o.s.Action(j.Table, b) }

func (o observer) BoardFinished(_ *tournaments.TableJob, r *results.Record) { o.s.BoardFinished(r) }

func (o observer) TableFinished(j *tournaments.TableJob, err error) { o.s.TableFinished(j.Table, err) }

// EventScorer scores public records with the event's own scoring
// (tournaments.ScoreEvent): matches, IMPs a board with their 95%
// confidence interval, VPs and standings.
func EventScorer(ev *tournaments.Event) Scorer {
	return func(public []results.Record) *Standings {
		rep := tournaments.ScoreEvent(ev, public)
		st := &Standings{Matches: []MatchView{}, Teams: []tournaments.Standing{}}
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
