// Package live is the live view of an event in the browser: a state model
// fed by the event as it is played (tournaments.Observer, or a single
// protocol table's hooks), a stream of public events as server-sent events
// with resume, and the page, embedded in the binary.
//
// The information boundary is kept here, in the model, never in the
// browser: everything the stream and the page carry is built from what is
// public. A deal's hands, contracts, results and analysis become public
// once every board-room of the event that plays that deal has finished
// (in a two-room match, both rooms; in a round robin whose rounds share
// deals, every match of every round that plays it). A table in play shows
// its auction and cards so far only when no other board-room still has
// its deal to play; otherwise only the board number, marked as hidden.
package live

import (
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/tournaments"
)

// Plan is what the live view knows of an event before it starts: its name
// and every table it will play, with the boards of each. It decides what
// may be shown: a deal is public once every board-room of the plan that
// plays it has finished.
type Plan struct {
	Event  string      `json:"event"`
	Kind   string      `json:"kind"` // "match", "round-robin", "gauntlet", "table"
	Tables []PlanTable `json:"tables"`
}

// PlanTable is one table of the plan: one room of one match (a segment).
type PlanTable struct {
	Table  string `json:"table"`
	Match  string `json:"match"`
	Room   string `json:"room"`
	Round  int    `json:"round,omitempty"`
	NSTeam string `json:"ns"`
	EWTeam string `json:"ew"`
	// Boards are the table's boards, hidden information (only their
	// numbers go out: BoardNumbers).
	Boards []engine.BoardSetup `json:"-"`
	// BoardNumbers lists the boards' numbers, what the page may know.
	BoardNumbers []int `json:"boards"`
}

// PlanOf makes the plan of an event: every table of its schedule, with
// all its boards (those already on disk too, so resumed records find
// their place).
func PlanOf(ev *tournaments.Event) Plan {
	p := Plan{Event: ev.Name, Kind: string(ev.Kind)}
	if p.Kind == "" {
		p.Kind = string(tournaments.ScheduleMatch)
	}
	for _, j := range ev.Jobs() {
		p.Tables = append(p.Tables, tableOfJob(&j))
	}
	return p
}

func tableOfJob(j *tournaments.TableJob) PlanTable {
	return PlanTable{
		Table: j.Table, Match: j.Match, Room: j.Room, Round: j.Round, NSTeam: j.NSTeam, EWTeam: j.EWTeam,
		Boards: j.Boards, BoardNumbers: boardNumbers(j.Boards),
	}
}

// TablePlan is the plan of a single table (tablemanager serve): the event
// and its one table, where every board is public once it is finished. The
// table's BoardNumbers are filled from its Boards.
func TablePlan(event string, t PlanTable) Plan {
	t.BoardNumbers = boardNumbers(t.Boards)
	return Plan{Event: event, Kind: "table", Tables: []PlanTable{t}}
}

// boardNumbers lists the boards' numbers, what the page may know of them.
func boardNumbers(boards []engine.BoardSetup) []int {
	var n []int
	for _, b := range boards {
		n = append(n, b.Number)
	}
	return n
}
