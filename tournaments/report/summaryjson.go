package report

import (
	"encoding/json"
	"io"
	"math"

	"github.com/openroom/openroom/sprt"
)

// SummaryJSONFile is the machine-readable summary in an event's folder,
// written beside summary.txt.
const SummaryJSONFile = "summary.json"

// summaryJSON is the schema of summary.json (see WriteJSON).
type summaryJSON struct {
	Event          string       `json:"event"`
	Kind           string       `json:"kind"`
	BoardsPerMatch int          `json:"boards_per_match"` // for a sequential test, the cap
	Seed           string       `json:"seed,omitempty"`
	PBN            string       `json:"pbn,omitempty"`
	Teams          []teamJSON   `json:"teams"`
	BoardRooms     int          `json:"board_rooms"`           // in the results
	Scheduled      int          `json:"board_rooms_scheduled"` // in the schedule
	Matches        []matchJSON  `json:"matches"`
	Standings      []Standing   `json:"standings"`
	SPRT           *sprt.Result `json:"sprt,omitempty"`
}

type teamJSON struct {
	Name string    `json:"name"`
	Bots [2]string `json:"bots"` // North/East, South/West
}

type matchJSON struct {
	ID           string      `json:"id"`
	Round        int         `json:"round"`
	Home         string      `json:"home"`
	Visit        string      `json:"visit"`
	Scheduled    int         `json:"boards_scheduled"`
	Played       int         `json:"boards_played"` // both rooms in
	Adjusted     int         `json:"boards_adjusted"`
	FaultRecords int         `json:"fault_board_rooms"`
	HomeIMPs     int         `json:"home_imps"`
	VisitIMPs    int         `json:"visit_imps"`
	Margin       int         `json:"margin"`
	PerBoard     float64     `json:"imps_per_board"` // the home team's
	CI95         *[2]float64 `json:"ci95"`           // null below two boards
	HomeVP       float64     `json:"home_vp"`
	VisitVP      float64     `json:"visit_vp"`
}

// WriteJSON writes the report's figures as one indented JSON object:
// the event (name, kind, boards a match, seed or PBN file, teams), the
// board-rooms in and scheduled, every match (IMPs, IMPs a board with its
// 95% interval, VPs), the standings, and the sequential test when there
// is one (package sprt's Result). Like WriteSummary it depends only on
// the report.
func (r *Report) WriteJSON(w io.Writer) error {
	ev := &r.Event
	s := summaryJSON{
		Event: ev.Name, Kind: ev.Kind, BoardsPerMatch: ev.PerMatch, Seed: ev.Seed, PBN: ev.PBN,
		BoardRooms: r.Records, Scheduled: r.Expected, SPRT: r.SPRT,
		Teams: []teamJSON{}, Matches: []matchJSON{}, Standings: []Standing{},
	}
	for _, t := range ev.Teams {
		s.Teams = append(s.Teams, teamJSON(t))
	}
	for _, m := range r.Matches {
		mj := matchJSON{
			ID: m.ID, Round: m.Round, Home: m.Home, Visit: m.Visit, Scheduled: m.Scheduled, Played: m.Played,
			Adjusted: m.Adjusted, FaultRecords: m.FaultRecords, HomeIMPs: m.HomeIMPs, VisitIMPs: m.VisitIMPs,
			Margin: m.Margin, PerBoard: m.PerBoard, HomeVP: m.HomeVP, VisitVP: m.VisitVP,
		}
		if !math.IsNaN(m.CILow) && !math.IsNaN(m.CIHigh) {
			mj.CI95 = &[2]float64{m.CILow, m.CIHigh}
		}
		s.Matches = append(s.Matches, mj)
	}
	s.Standings = append(s.Standings, r.Standings...)
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
