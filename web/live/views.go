package live

import (
	"github.com/openroom/openroom/analysis"
	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/tournaments/report"
	"github.com/openroom/openroom/web"
)

// The public messages of the stream. Each is built by the State from what
// the boundary allows; none holds a card of a hand that is not public.

// TableView is a table as a spectator may see it.
type TableView struct {
	Table  string `json:"table"`
	Match  string `json:"match"`
	Room   string `json:"room"`
	NSTeam string `json:"ns"`
	EWTeam string `json:"ew"`
	// State is "waiting" (not started), "playing", "finished" or "failed".
	State string `json:"state"`
	Error string `json:"error,omitempty"`
	// WaitingSeat says a playing table waits for a seat: started and its
	// bots not all seated yet, or a seat's connection lost (LostSeats
	// names those seats) and not back before the next board.
	WaitingSeat bool     `json:"waiting_seat,omitempty"`
	LostSeats   []string `json:"lost_seats,omitempty"`
	// Done and Boards count the table's boards finished and scheduled.
	Done   int `json:"done"`
	Boards int `json:"boards"`
	// Board is the number of the board in play (0 between boards).
	Board int `json:"board,omitempty"`
	// Hidden says the board in play is still to be played elsewhere, so
	// nothing of it is shown; Waiting names those tables.
	Hidden  bool     `json:"hidden,omitempty"`
	Waiting []string `json:"waiting_for,omitempty"`
	// The board in play, only when it is not hidden: dealer,
	// vulnerability, calls ("1C", "Pass", "X") and cards ("SA") so far.
	Dealer  string   `json:"dealer,omitempty"`
	Vul     string   `json:"vul,omitempty"`
	Auction []string `json:"auction,omitempty"`
	// Calls is the same auction with each call's seat, which the page lays
	// out by (it never works out whose turn it was). No alert is set: an
	// explanation comes only with the finished board.
	Calls    []results.Call `json:"calls,omitempty"`
	Play     []string       `json:"play,omitempty"`
	Contract string         `json:"contract,omitempty"`
	Declarer string         `json:"declarer,omitempty"`
	TricksNS int            `json:"tricks_ns,omitempty"`
	TricksEW int            `json:"tricks_ew,omitempty"`
	// Trick is the trick on the table, each card with its seat (the
	// engine's): the one in progress, or the last complete one until the
	// next lead, for the page's trick diagram.
	Trick []TrickCard `json:"trick,omitempty"`
}

// TrickCard is one card of the trick on the table and the seat that
// played it.
type TrickCard struct {
	Seat string `json:"seat"`
	Card string `json:"card"`
}

// BoardView is a public board: one board of one match with every room's
// result, once every board-room with its deal has finished.
type BoardView struct {
	Match  string     `json:"match"`
	Board  int        `json:"board"`
	Dealer string     `json:"dealer"`
	Vul    string     `json:"vul"`
	Deal   string     `json:"deal"` // PBN deal string, from the dealer
	Rooms  []RoomView `json:"rooms"`
	// HomeIMPs is the board's IMPs to the match's home team, when both
	// rooms of a team match are in.
	HomeIMPs *int `json:"home_imps,omitempty"`
}

// RoomView is one room's result of a public board.
type RoomView struct {
	Room     string        `json:"room"`
	Table    string        `json:"table"`
	Players  results.Seats `json:"players"`
	Contract string        `json:"contract"`
	Declarer string        `json:"declarer,omitempty"`
	Tricks   *int          `json:"tricks,omitempty"`
	// Result is the contract's result against its level, by the engine:
	// "=", "+1", "-2"; empty for a passed-out board or one not played out.
	Result      string            `json:"result,omitempty"`
	ScoreNS     *int              `json:"score_ns,omitempty"`
	Termination string            `json:"termination"` // "normal" or the fault's kind
	Detail      string            `json:"detail,omitempty"`
	Adjusted    *results.Adjusted `json:"adjusted,omitempty"`
}

// BoardDetail is the hand viewer's board: the public board, every room's
// auction and play, and the double-dummy analysis.
type BoardDetail struct {
	BoardView
	Auctions [][]results.Call `json:"auctions"` // by room, as Rooms
	Plays    [][]string       `json:"plays"`    // by room: the cards as the results file has them
	// Played and Winners are each room's play as the hand viewer replays
	// it: every card with its seat, and the winner of each complete trick,
	// as the engine decided them (the page applies no rule of its own).
	// Both are empty for a room whose record cannot be replayed (Error).
	Played  [][]web.PlayedCard `json:"played"`
	Winners [][]string         `json:"winners"`
	// BBO is each room's board as a link to BBO's hand viewer ("" if it
	// cannot be written as LIN).
	BBO []string `json:"bbo"`
	// Analysis is by room: the table and par (the same in every room) and
	// each card's cost in that room's play. Nil entries failed (Error).
	Analysis []*analysis.Board `json:"analysis"`
	Error    string            `json:"analysis_error,omitempty"`
}

// MatchView is the score of one match so far, from public boards only.
type MatchView struct {
	ID        string   `json:"id"`
	Round     int      `json:"round"`
	Home      string   `json:"home"`
	Visit     string   `json:"visit"`
	Scheduled int      `json:"scheduled"`
	Played    int      `json:"played"`
	HomeIMPs  int      `json:"home_imps"`
	VisitIMPs int      `json:"visit_imps"`
	PerBoard  *float64 `json:"per_board,omitempty"` // the home team's mean IMPs a board
	CILow     *float64 `json:"ci_low,omitempty"`    // its 95% confidence interval
	CIHigh    *float64 `json:"ci_high,omitempty"`
	HomeVP    float64  `json:"home_vp"`
	VisitVP   float64  `json:"visit_vp"`
}

// Standings are the matches and the teams' standings over public boards.
type Standings struct {
	Matches []MatchView       `json:"matches"`
	Teams   []report.Standing `json:"teams"`
}

// EventView is the event's own state.
type EventView struct {
	Name  string `json:"name"`
	Kind  string `json:"kind"`
	State string `json:"state"` // "waiting", "running", "finished", "stopped"
	Note  string `json:"note,omitempty"`
	// Public and Total count public board-rooms and scheduled ones.
	Public int `json:"public"`
	Total  int `json:"total"`
}

// Snapshot is the whole public state at one event id: what a page opened
// late, or one too far behind, starts from.
type Snapshot struct {
	ID     string      `json:"id"`
	Event  EventView   `json:"event"`
	Tables []TableView `json:"tables"`
	// OtherTables counts the tables of a large event left out of Tables
	// (waiting or finished).
	OtherTables int         `json:"other_tables,omitempty"`
	Boards      []BoardView `json:"boards"`       // the most recent public boards, oldest first
	Older       int         `json:"older_boards"` // public boards left out of Boards
	Standings   *Standings  `json:"standings,omitempty"`
}
