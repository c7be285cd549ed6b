// Package report holds the scored state of an event (its matches, boards
// and standings) and writes it for people (the summary and the board by
// board table) and for programs (summary.json). It knows nothing of how
// the event was run: the scoring hands it the figures and a few facts of
// the event (Info).
package report

import (
	"math"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/sprt"
)

// Info is what a report shows of its event.
type Info struct {
	Name     string
	Kind     string // the schedule: "match", "round-robin" or "gauntlet"
	PerMatch int    // boards a match; for a sequential test, the cap
	Seed     string // the seed the boards were dealt from, if any
	PBN      string // the PBN file the boards came from, if any
	// SPRT is the sequential test of the match, if the event has one.
	SPRT  *sprt.Params
	Teams []Team
	// IMPs is what adjusted scores are worth in the event.
	IMPs engine.AdjustedIMPs
	// Out is the event's folder, where its summary files go.
	Out string
}

// Team is a team as a report shows it: its name and its two bots' names
// (North/East, South/West).
type Team struct {
	Name string
	Bots [2]string
}

// BoardResult is one board of a team match compared across the rooms.
type BoardResult struct {
	Board    int
	Open     *RoomResult // nil until played
	Closed   *RoomResult
	Complete bool // both rooms are in
	Adjusted bool // a room was stopped by a fault and scored by Law 12C
	HomeIMPs int  // the board's IMPs to the home team (negative: to the visitors)
}

// RoomResult is what a report keeps of one room's record of a board: the
// contract, its result and the score, and how a room stopped by a fault
// ended; not the auction, play, players or times, so that the report of
// an event of a million board-rooms holds tens of bytes a board-room, not
// kilobytes.
type RoomResult struct {
	Contract  string // as recorded: "4SX", "Pass"
	Declarer  string
	Tricks    int // tricks won by declarer, when HasTricks
	ScoreNS   int // the N-S score, when HasScore
	HasTricks bool
	HasScore  bool
	// Fault is how the room ended when it has no score to compare: stopped
	// by a fault, or (in a damaged file) ended without a score. It is nil
	// for a room played to its end with a score.
	Fault *RoomFault
}

// RoomFault is how a room without a score ended.
type RoomFault struct {
	Kind     string            // the termination kind (results.Kind*)
	Seat     string            // the first seat at fault
	Adjusted *results.Adjusted // the adjusted scores, when recorded
	// Outcome is the room's outcome, without its detail, for the board's
	// adjusted scores (engine.BoardIMPs); a zero outcome when the record's
	// cannot be read, which counts as level.
	Outcome engine.Outcome
}

// Complete reports whether the room was played to its end (not stopped by
// a fault), as results.Record.Complete does for its record.
func (r *RoomResult) Complete() bool { return r.Fault == nil || r.Fault.Kind == results.KindNormal }

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
// Its JSON form is the standings line of summary.json and of the live
// page's stream.
type Standing struct {
	Team        string  `json:"team"`
	Played      int     `json:"played"`
	Won         int     `json:"won"`
	Drawn       int     `json:"drawn"`
	Lost        int     `json:"lost"`
	IMPsFor     int     `json:"imps_for"`
	IMPsAgainst int     `json:"imps_against"`
	VPs         float64 `json:"vps"`
}

// Report is the scored state of an event: every match and the standings.
type Report struct {
	Event     Info
	Matches   []MatchResult
	Standings []Standing   // by VPs, then IMP difference, then name
	Records   int          // board-rooms in the results for this event
	Expected  int          // board-rooms the schedule has
	SPRT      *sprt.Result // the sequential test, for an event with one
}

// Score returns what comparing the board needs of the room.
func (r *RoomResult) Score() engine.RoomScore {
	if r.Fault == nil {
		return engine.RoomScore{Scored: true, ScoreNS: r.ScoreNS}
	}
	return engine.RoomScore{Outcome: r.Fault.Outcome}
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
